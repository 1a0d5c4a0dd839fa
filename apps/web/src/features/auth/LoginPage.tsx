import { loginBodySchema } from '@colophon/contract';
import { Anchor, PasswordInput, Text, TextInput } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { JSX } from 'react';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { landingPath, signIn } from '../../lib/auth-session';
import { AuthCard, AuthForm } from './AuthCard';

const route = getRouteApi('/login');

/** Sign-in. Afterwards: the second factor, a forced new password, or the page asked for (`?redirect=`). */
export function LoginPage(): JSX.Element {
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const schemaForm = useSchemaForm({
    schema: loginBodySchema,
    initialValues: { email: '', password: '' },
    submit: signIn,
    successMessage: null,
    onSuccess: (session) => void navigate({ href: landingPath(session, redirect) }),
  });
  const { form } = schemaForm;

  return (
    <AuthCard title="Sign in" description="Use the e-mail address and password of your Colophon account.">
      <AuthForm
        schemaForm={schemaForm}
        submitLabel="Sign in"
        after={
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/new-password" inherit>
              Forgot your password?
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/expedited-shipping" inherit>
              Shipping calculator
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/mobile-yearbooks" inherit>
              Digital yearbooks
            </Anchor>
          </Text>
        }
      >
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
      </AuthForm>
    </AuthCard>
  );
}
