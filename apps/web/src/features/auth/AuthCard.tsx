import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '../../components/form/FormError';
import type { SchemaForm } from '../../components/form/useSchemaForm';
import { PublicCard } from '../../components/layout/PublicCard';
import type { TitledProps } from '../../components/layout/Section';

/** The frame of the public sign-in pages: the product name, a heading and the form. */
export function AuthCard(props: TitledProps) {
  return <PublicCard {...props} />;
}

/**
 * A sign-in page's form: the refusal that names no field above its fields, then the full-width
 * submit and what follows it (a link to another of these pages).
 */
export function AuthForm({
  schemaForm,
  submitLabel,
  disabled,
  after,
  children,
}: {
  schemaForm: Pick<SchemaForm<Record<string, unknown>>, 'onSubmit' | 'submitting' | 'formError'>;
  submitLabel: string;
  disabled?: boolean;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate>
      <Stack gap="md">
        <FormError message={schemaForm.formError} />
        {children}
        <Button type="submit" loading={schemaForm.submitting} disabled={disabled} fullWidth>
          {submitLabel}
        </Button>
        {after}
      </Stack>
    </form>
  );
}
