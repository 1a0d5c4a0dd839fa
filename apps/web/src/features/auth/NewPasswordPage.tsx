import { forgotPasswordBodySchema, resetPasswordBodySchema } from '@colophon/contract';
import { Alert, Anchor, Button, PasswordInput, TextInput } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { ChangePasswordForm } from '../../components/form/ChangePasswordForm';
import { withPasswordConfirmation } from '../../components/form/passwordConfirmation';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { landingPath } from '../../lib/auth-session';
import { hasValidSession, useSession } from '../../lib/session';
import { AuthCard, AuthForm } from './AuthCard';
import { authApi } from './api';

const route = getRouteApi('/new-password');

/**
 * /new-password: set a new password from an e-mailed link (`?token=`), the forced change of a
 * signed-in user who must change theirs, or ask for a link.
 */
export function NewPasswordPage(): JSX.Element {
  const { token } = route.useSearch();
  const session = useSession();
  if (token) return <ResetPasswordForm token={token} />;
  if (hasValidSession(session) && session.user.mustChangePassword) return <ForcedChangeForm />;
  return <RequestLinkForm />;
}

const resetFormSchema = withPasswordConfirmation(resetPasswordBodySchema, 'password');

function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const schemaForm = useSchemaForm({
    schema: resetFormSchema,
    initialValues: { token, password: '', confirmPassword: '' },
    submit: authApi.resetPassword,
    successMessage: 'Your password is set. Sign in with it now.',
    onSuccess: () => setDone(true),
  });
  const { form } = schemaForm;
  const tokenError = form.errors.token ? 'This link is not valid. Ask for a new one below.' : null;
  if (done) {
    return (
      <AuthCard title="Password set">
        <Alert color="green" role="status">
          Your new password is set.
        </Alert>
        <Button component={Link} to="/login">
          Sign in
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set a new password" description="Use at least 10 characters.">
      <AuthForm
        schemaForm={{ ...schemaForm, formError: schemaForm.formError ?? tokenError }}
        submitLabel="Set password"
        after={
          <Anchor component={Link} to="/new-password" size="sm" ta="center">
            Ask for a new link
          </Anchor>
        }
      >
        <PasswordInput label="New password" autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
      </AuthForm>
    </AuthCard>
  );
}

function ForcedChangeForm() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Choose a new password" description="Before you go on, replace the password you were given.">
      <ChangePasswordForm
        submitLabel="Set password"
        successMessage="Your new password is set."
        onChanged={(session) => void navigate({ href: landingPath(session) })}
        fullWidth
      />
    </AuthCard>
  );
}

function RequestLinkForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const schemaForm = useSchemaForm({
    schema: forgotPasswordBodySchema,
    initialValues: { email: '' },
    submit: authApi.forgotPassword,
    successMessage: null,
    onSuccess: (_result, body) => setSentTo(body.email),
  });
  const { form } = schemaForm;
  return (
    <AuthCard title="Reset your password" description="We will e-mail you a link to set a new password.">
      {sentTo ? (
        <Alert color="green" role="status">
          If an account exists for {sentTo}, a link to set a new password is on its way.
        </Alert>
      ) : (
        <AuthForm schemaForm={schemaForm} submitLabel="Send link">
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
        </AuthForm>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
