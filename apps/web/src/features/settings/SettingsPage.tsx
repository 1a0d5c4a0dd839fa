import type { AccountSettings } from '@colophon/contract';
import { formatDateTime, isParentAccountType, isSuperAdmin } from '@colophon/domain';
import { Alert, Stack, Switch, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { ErrorState, LoadingState, QueryState } from '../../components/feedback/QueryState';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { Section } from '../../components/layout/Section';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { accountsResource } from '../accounts';
import { BookSpecFields, useProjectOptions } from '../projects';
import { accountSettingsOptions, useSaveAccountSettings } from './api';
import { formPathOf, settingsFormSchema, settingsFormValues } from './settingsFormSchema';

const route = getRouteApi('/admin/settings');

/** /admin/settings: an account's defaults for new projects, internal review, adviser review notes and MFA. */
export function SettingsPage(): JSX.Element {
  const { accountId: chosenId } = route.useSearch();
  const navigate = route.useNavigate();
  const session = useSession();
  const first = session?.immediateAccounts[0];
  // Studio staff and anyone linked to several accounts (or holding accounts below theirs) pick whose settings.
  const managesSeveral = Boolean(
    isSuperAdmin(session?.user) ||
      session?.isStudioUser ||
      (session?.immediateAccounts.length ?? 0) > 1 ||
      (first && isParentAccountType(first.type)),
  );
  const accountId = chosenId ?? first?.id ?? null;

  return (
    <Stack gap="lg" maw={960}>
      {managesSeveral ? (
        <AccountPicker
          label="Account"
          description="Whose settings to show. A studio’s settings apply to the accounts below it unless they set their own."
          value={accountId}
          onChange={(next) => void navigate({ search: { accountId: next ?? undefined } })}
          clearable={false}
          // Full width on a phone, where 420 px would be wider than the screen.
          w={{ base: '100%', sm: 420 }}
        />
      ) : null}
      {accountId === null ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="No account">
          You are not linked to an account, so there are no settings to show.
        </Alert>
      ) : (
        <AccountSettingsForm accountId={accountId} />
      )}
    </Stack>
  );
}

function AccountSettingsForm({ accountId }: { accountId: number }) {
  const query = useQuery(accountSettingsOptions(accountId));
  return (
    <QueryState query={query} loadingLabel="Loading the settings…">
      {(settings) => <SettingsForm key={`${accountId}-${settings.updatedAt ?? 'never'}`} settings={settings} />}
    </QueryState>
  );
}

function SettingsForm({ settings }: { settings: AccountSettings }) {
  const zone = useSession()?.user.timezone;
  const account = accountsResource.useDetail(settings.accountId);
  const options = useProjectOptions();
  const save = useSaveAccountSettings(settings.accountId);
  const name = account.data?.name ?? 'this account';
  const schemaForm = useSchemaForm({
    schema: settingsFormSchema,
    method: 'PUT',
    initialValues: settingsFormValues(settings),
    submit: async (body) => {
      try {
        return await save.mutateAsync(body);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // The defaults' field errors go back to the book fields that hold them.
        throw new ApiError({
          type: 'about:blank',
          title: error.title,
          status: error.status,
          ...(error.detail === undefined ? {} : { detail: error.detail }),
          errors: error.errors.map((fieldError) => ({ ...fieldError, path: formPathOf(fieldError.path) })),
        });
      }
    },
    successMessage: () => `The settings of ${name} are saved.`,
  });
  const { form, onSubmit } = schemaForm;

  if (options.isPending) return <LoadingState label="Loading the option lists…" />;
  if (options.isError) return <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  const values = form.getValues();

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Settings of ${name}`}>
      <Stack gap="lg">
        <Title order={2} size="h4">
          {account.data ? `${account.data.name} (${account.data.code})` : 'Settings'}
        </Title>
        <Section title="Review" description="How proofs of this account (and of the accounts below it) are reviewed.">
          <Switch
            label="Internal review"
            description="Proofs pass the plant’s internal review before the school sees them."
            {...form.getInputProps('internalReview', { type: 'checkbox' })}
          />
          <Switch
            label="Opt out of internal review"
            description="This account declines internal review even when its studio turned it on. An opt-out wins."
            {...form.getInputProps('optOutInternalReview', { type: 'checkbox' })}
          />
          <Switch
            label="Adviser review notes"
            description="Advisers receive the internal reviewers’ notes on their proofs."
            {...form.getInputProps('optInAdviserReviewNotes', { type: 'checkbox' })}
          />
          {values.internalReview && values.optOutInternalReview ? (
            <Text size="sm" c="orange.8">
              Both are on: the opt-out wins, so this account’s proofs skip internal review.
            </Text>
          ) : null}
        </Section>

        <Section title="Security">
          <Switch
            label="Require two-step sign-in"
            description="Every user of this account and of the accounts below it confirms a code at sign-in."
            {...form.getInputProps('mfaRequired', { type: 'checkbox' })}
          />
        </Section>

        <Section
          title="Defaults for new projects"
          description="A new project of this account (or of an account below it) starts from these. Leave a field open to say nothing."
        >
          <BookSpecFields form={form} prefix="specification." options={options.data} />
        </Section>

        <Text size="xs" c="dimmed">
          {settings.updatedAt
            ? `Last saved ${formatDateTime(settings.updatedAt, zone)}`
            : 'Never saved: every default applies.'}
        </Text>
      </Stack>
      {/* Discarding asks first and puts the saved settings back. */}
      <FormActions
        schemaForm={schemaForm}
        submitLabel="Save settings"
        cancelLabel="Discard changes"
        onCancel={() => undefined}
      />
    </form>
  );
}
