import { ChangePasswordForm } from '../../components/form/ChangePasswordForm';
import { Section } from '../../components/layout/Section';

export function PasswordSection() {
  return (
    <Section title="Password" description="Use at least 10 characters.">
      <ChangePasswordForm submitLabel="Change password" successMessage="Your password is changed." />
    </Section>
  );
}
