import { changePasswordBodySchema, userCreateSchema } from '@colophon/contract';
import { Button, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { FormError } from './FormError';
import { withPasswordConfirmation } from './passwordConfirmation';
import { useSchemaForm } from './useSchemaForm';

const schema = userCreateSchema.pick({ email: true, firstName: true });

function NameForm({ submit }: { submit: (body: { email: string; firstName: string }) => Promise<unknown> }) {
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema,
    initialValues: { email: '', firstName: '' },
    submit,
    successMessage: 'The user is saved.',
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError message={formError} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <TextInput label="First name" {...form.getInputProps('firstName')} />
      <Button type="submit" loading={submitting}>
        Save
      </Button>
    </form>
  );
}

async function fillAndSave(email: string, firstName: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('First name'), firstName);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the form pattern', () => {
  it("validates with the contract's schema before sending anything", async () => {
    const submit = vi.fn(async () => ({}));
    renderWithProviders(<NameForm submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the parsed body (the schema trims and lower-cases the e-mail)', async () => {
    const submit = vi.fn(async () => ({}));
    renderWithProviders(<NameForm submit={submit} />);
    await fillAndSave('Ann@School.TEST', 'Ann');
    expect(submit).toHaveBeenCalledWith({ email: 'ann@school.test', firstName: 'Ann' });
    expect(await screen.findByText('The user is saved.')).toBeTruthy();
  });

  it("puts the server's field errors on their fields", async () => {
    const submit = vi.fn(async () => {
      throw new ApiError({
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        detail: 'email: Another user has this e-mail.',
        errors: [{ path: 'email', message: 'Another user has this e-mail.' }],
      });
    });
    renderWithProviders(<NameForm submit={submit} />);
    await fillAndSave('ann@school.test', 'Ann');
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Another user has this e-mail.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal that names no field above the form', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError({
        type: 'about:blank',
        title: 'Too Many Requests',
        status: 429,
        detail: 'Try again in 5 minutes.',
      });
    });
    renderWithProviders(<NameForm submit={submit} />);
    await fillAndSave('ann@school.test', 'Ann');
    expect((await screen.findByRole('alert')).textContent).toContain('Try again in 5 minutes.');
  });
});

describe('a password with its confirmation', () => {
  const schema = withPasswordConfirmation(changePasswordBodySchema, 'newPassword');

  it('says when the two passwords differ', () => {
    const result = schema.safeParse({
      currentPassword: 'old-password',
      newPassword: 'a-long-new-password',
      confirmPassword: 'a-long-new-passw0rd',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['confirmPassword', 'The passwords do not match'],
    ]);
  });

  it('sends the body without the confirmation', () => {
    const body = schema.parse({
      currentPassword: 'old-password',
      newPassword: 'a-long-new-password',
      confirmPassword: 'a-long-new-password',
    });
    expect(body).toEqual({ currentPassword: 'old-password', newPassword: 'a-long-new-password' });
  });
});
