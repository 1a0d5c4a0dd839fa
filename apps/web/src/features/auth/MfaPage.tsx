import { mfaValidateCodeBodySchema } from '@colophon/contract';
import { Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ApiError, errorMessage } from '../../lib/api-client';
import { landingPath, refreshSession, signOut } from '../../lib/auth-session';
import { useSession } from '../../lib/session';
import { AuthCard, AuthForm } from './AuthCard';
import { authApi, type MfaMethod } from './api';

const route = getRouteApi('/mfa');
const codeSchema = mfaValidateCodeBodySchema.pick({ code: true });
const methodOptions = [
  { value: 'email', label: 'E-mail' },
  { value: 'totp', label: 'Authenticator app' },
];

/** The second factor: choose e-mail or an authenticator app, get a code, enter it. */
export function MfaPage(): JSX.Element {
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const session = useSession();
  const [method, setMethod] = useState<MfaMethod>(session?.user.mfaMethod ?? 'email');
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null | undefined>(undefined);
  const [sendError, setSendError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);

  const schemaForm = useSchemaForm({
    schema: codeSchema,
    initialValues: { code: '' },
    submit: async ({ code }) => {
      if (!session) throw new Error('Your sign-in has ended. Sign in again.');
      try {
        await authApi.validateMfaCode({ user_id: session.user.id, token: session.token, code });
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) setLocked(true);
        if (error instanceof ApiError && error.status === 410) setSentTo(undefined);
        throw error;
      }
      return refreshSession();
    },
    successMessage: null,
    onSuccess: (next) => void navigate({ href: landingPath(next, redirect) }),
  });
  const { form, setFormError } = schemaForm;

  const sendCode = async () => {
    if (!session) return;
    setSending(true);
    setSendError(null);
    setFormError(null);
    try {
      const response = await authApi.sendMfaCode({ user_id: session.user.id, token: session.token, method });
      setSentTo(response.sentTo);
    } catch (error) {
      setSendError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const backToSignIn = async () => {
    await signOut(() => navigate({ to: '/login', search: { redirect } }));
  };

  return (
    <AuthCard title="Verify it is you" description="Your account asks for a second step when you sign in.">
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500} mb={4} id="mfa-method-label">
            Get your code by
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="mfa-method-label"
            data={methodOptions}
            value={method}
            onChange={(value) => {
              setMethod(value === 'totp' ? 'totp' : 'email');
              setSentTo(undefined);
            }}
          />
        </div>
        {method === 'email' ? (
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {sentTo !== undefined
                ? `We sent a 6-digit code to ${sentTo ?? 'your e-mail address'}. It expires in a few minutes.`
                : 'We will e-mail you a 6-digit code.'}
            </Text>
            <Button variant="light" loading={sending} onClick={() => void sendCode()} disabled={locked}>
              {sentTo !== undefined ? 'Send a new code' : 'Send code'}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Open your authenticator app and enter the 6-digit code it shows for Colophon.
          </Text>
        )}
        <FormError message={sendError} />
        <AuthForm schemaForm={schemaForm} submitLabel="Verify" disabled={locked}>
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            disabled={locked}
            {...form.getInputProps('code')}
          />
        </AuthForm>
        {locked ? (
          <Text size="sm" role="status">
            Too many tries. Sign in again to get a new code.
          </Text>
        ) : null}
        <Anchor component="button" type="button" size="sm" onClick={() => void backToSignIn()} ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
