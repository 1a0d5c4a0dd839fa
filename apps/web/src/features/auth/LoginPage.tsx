import { loginBodySchema } from '@colophon/contract';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { JSX } from 'react';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { landingPath, signIn } from '../../lib/auth-session';
import { AuthCard } from './AuthCard';

const route = getRouteApi('/login');

/** Sign-in. Afterwards: the second factor, a forced new password, or the page asked for (`?redirect=`). */
export function LoginPage(): JSX.Element {
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: loginBodySchema,
    initialValues: { email: '', password: '' },
    submit: signIn,
    successMessage: null,
    onSuccess: (session) => void navigate({ href: landingPath(session, redirect) }),
  });

  return (
    <AuthCard title="Sign in" description="Use the e-mail address and password of your Colophon account.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Sign in
          </Button>
          <Anchor component={Link} to="/new-password" size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
