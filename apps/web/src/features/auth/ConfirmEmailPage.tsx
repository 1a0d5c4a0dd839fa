import { confirmEmailBodySchema } from '@colophon/contract';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { isApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../lib/session';
import { AuthCard } from './AuthCard';
import { authApi } from './api';

const route = getRouteApi('/confirm-email');

/**
 * /confirm-email?token=: the link e-mailed to a new address. The address changes only when its owner
 * presses Confirm here (a mail scanner that opens the link changes nothing); every session of the
 * account then ends, so the page sends them to sign in with the new address.
 */
export function ConfirmEmailPage(): JSX.Element {
  const { token } = route.useSearch();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  if (confirmed) {
    return (
      <AuthCard title="E-mail address confirmed">
        <Alert color="green" role="status">
          Your e-mail address is now {confirmed}. You were signed out everywhere: sign in with it.
        </Alert>
        <Button component={Link} to="/login">
          Sign in
        </Button>
      </AuthCard>
    );
  }
  if (!token) {
    return (
      <AuthCard title="Confirm your new e-mail address">
        <Alert color="red" role="alert">
          This link is not complete. Open the link from the e-mail again, or change the address again to get a new one.
        </Alert>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </AuthCard>
    );
  }
  return <ConfirmForm token={token} onConfirmed={setConfirmed} />;
}

function ConfirmForm({ token, onConfirmed }: { token: string; onConfirmed: (email: string) => void }) {
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: confirmEmailBodySchema,
    initialValues: { token },
    submit: async (body) => {
      try {
        return await authApi.confirmEmail(body);
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          throw new Error('Another account signs in with this address now. Change the e-mail again, to another one.');
        }
        throw error;
      }
    },
    successMessage: (result) => `Your e-mail address is now ${result.email}.`,
    onSuccess: (result) => {
      // The account's sessions ended on the server; a session of it in this browser goes too.
      if (sessionStore.get()?.user.pendingEmail === result.email) {
        sessionStore.clear();
        queryClient.clear();
      }
      onConfirmed(result.email);
    },
  });
  const tokenError = form.errors.token ? 'This link has expired or was already used. Change the e-mail again.' : null;
  return (
    <AuthCard
      title="Confirm your new e-mail address"
      description="Your Colophon account will sign in with the address this link was sent to."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={formError ?? tokenError} />
          <Text size="sm">Until you confirm, nothing changes.</Text>
          <Button type="submit" loading={submitting} fullWidth>
            Confirm new address
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
