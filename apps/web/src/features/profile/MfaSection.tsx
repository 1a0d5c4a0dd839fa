import { type SessionUser, totpEnableBodySchema } from '@colophon/contract';
import { Badge, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormActions } from '../../components/form/FormActions';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { Section } from '../../components/layout/Section';
import { errorMessage } from '../../lib/api-client';
import { refreshSession } from '../../lib/auth-session';
import { profileApi, type TotpSetup } from './api';

const methodLabel = { email: 'E-mail codes', totp: 'Authenticator app' } as const;

/** Two-step verification: e-mailed codes, or an authenticator app set up from its secret. */
export function MfaSection({ user }: { user: SessionUser }) {
  const [busy, setBusy] = useState<'email' | 'off' | 'setup' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);

  const run = async (kind: 'email' | 'off' | 'setup', action: () => Promise<void>, success?: string) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
      if (success) notifications.show({ color: 'green', title: 'Saved', message: success });
    } catch (actionError) {
      setError(errorMessage(actionError));
    } finally {
      setBusy(null);
    }
  };

  const chooseEmail = () =>
    run(
      'email',
      async () => {
        await profileApi.setMfaMethod('email');
        setSetup(null);
        await refreshSession();
      },
      'Sign-in codes will come by e-mail.',
    );
  const turnOff = () =>
    run(
      'off',
      async () => {
        await profileApi.setMfaMethod(null);
        setSetup(null);
        await refreshSession();
      },
      'Two-step verification is off.',
    );
  const startAppSetup = () => run('setup', async () => setSetup(await profileApi.setupTotp()));

  return (
    <Section
      title="Two-step verification"
      description="After your password, sign-in asks for a 6-digit code from your e-mail or an authenticator app."
    >
      <Group gap="xs">
        <Text size="sm">Current method:</Text>
        <Badge variant="light" color={user.mfaMethod ? 'green' : 'gray'}>
          {user.mfaMethod ? methodLabel[user.mfaMethod] : 'Off'}
        </Badge>
      </Group>
      <FormError message={error} />
      <Group gap="sm">
        <Button
          variant={user.mfaMethod === 'email' ? 'filled' : 'default'}
          loading={busy === 'email'}
          disabled={user.mfaMethod === 'email'}
          onClick={() => void chooseEmail()}
        >
          Use e-mail codes
        </Button>
        <Button variant="default" loading={busy === 'setup'} onClick={() => void startAppSetup()}>
          {user.mfaMethod === 'totp' ? 'Set up a new authenticator app' : 'Use an authenticator app'}
        </Button>
        {user.mfaMethod ? (
          <Button variant="subtle" color="red" loading={busy === 'off'} onClick={() => void turnOff()}>
            Turn off
          </Button>
        ) : null}
      </Group>
      {setup ? <TotpSetupForm setup={setup} onDone={() => setSetup(null)} /> : null}
    </Section>
  );
}

function TotpSetupForm({ setup, onDone }: { setup: TotpSetup; onDone: () => void }) {
  const schemaForm = useSchemaForm({
    schema: totpEnableBodySchema,
    initialValues: { code: '' },
    submit: async ({ code }) => {
      await profileApi.enableTotp(code);
      await refreshSession();
    },
    successMessage: 'Your authenticator app is set up.',
    onSuccess: onDone,
  });
  const { form, onSubmit } = schemaForm;
  return (
    <Stack gap="sm" p="md" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }}>
      <Text size="sm">
        In your authenticator app, add an account with this set-up link, or type the secret key by hand. Then enter the
        6-digit code the app shows.
      </Text>
      <div>
        <Text size="xs" fw={600} id="totp-url-label">
          Set-up link
        </Text>
        <Code block aria-labelledby="totp-url-label" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {setup.otpauthUrl}
        </Code>
      </div>
      <div>
        <Text size="xs" fw={600} id="totp-secret-label">
          Secret key
        </Text>
        <Code block aria-labelledby="totp-secret-label" data-testid="totp-secret">
          {setup.secret}
        </Code>
      </div>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...form.getInputProps('code')}
          />
        </Stack>
        {/* A short form inside the profile: its bar does not stick over the other sections. */}
        <FormActions schemaForm={schemaForm} submitLabel="Turn on" onCancel={onDone} sticky={false} />
      </form>
    </Stack>
  );
}
