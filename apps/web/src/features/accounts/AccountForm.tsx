import type { Account } from '@colophon/contract';
import { addressKinds } from '@colophon/contract';
import {
  accountType,
  countryOptions,
  isSuperAdmin,
  PARENT_ACCOUNT_TYPES,
  softwareType,
  whereCreated,
} from '@colophon/domain';
import { Checkbox, Divider, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { FieldList } from '../../components/form/FieldList';
import { FormActions } from '../../components/form/FormActions';
import { numberSelectProps } from '../../components/form/selectProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSession } from '../../lib/session';
import {
  type AccountFormValues,
  accountFormSchema,
  accountFormValues,
  emptyAddress,
  emptyContact,
} from './accountFormSchema';
import { accountKeys, accountsResource, useCanSeeBrazil } from './api';

const kindLabels: Record<(typeof addressKinds)[number], string> = {
  mailing: 'Mailing',
  shipping: 'Shipping',
  billing: 'Billing',
};
const kindOptions = addressKinds.map((kind) => ({ value: kind, label: kindLabels[kind] }));

/**
 * How many levels of accounts sit below an account (0: none, 1: children, 2: grandchildren): an
 * account with children can only move where they still fit within two levels.
 */
function useSubtreeHeight(account: Account | null) {
  return useQuery({
    queryKey: [...accountKeys.detail(account?.id ?? 0), 'height'],
    enabled: account !== null,
    queryFn: async ({ signal }) => {
      if (!account) return 0;
      const children = await accountsResource.list({ parentAccountId: account.id, perPage: 1 }, signal);
      if (children.total === 0) return 0;
      const grandchildren = await accountsResource.list(
        { ancestorId: account.id, depth: [account.depth + 2], perPage: 1 },
        signal,
      );
      return grandchildren.total > 0 ? 2 : 1;
    },
  });
}

/** The depths a parent may sit at for an account whose own tree is `height` levels deep. */
export function parentDepthsFor(height: number): number[] {
  return [0, 1].filter((depth) => depth + 1 + height <= 2);
}

/** Create or edit an account: its kind, software, country, parent, addresses and contacts, in one request. */
export function AccountForm({
  account,
  onSaved,
  onCancel,
}: {
  account: Account | null;
  onSaved: (account: Account) => void;
  onCancel: () => void;
}) {
  const session = useSession();
  const isSuper = isSuperAdmin(session?.user);
  const brazil = useCanSeeBrazil();
  const height = useSubtreeHeight(account);
  const create = accountsResource.useCreate();
  const update = accountsResource.useUpdate();
  // Only super administrators put an account at the top level; one already there may stay.
  const parentRequired = !isSuper && !(account && account.parentAccountId === null);
  const schemaForm = useSchemaForm({
    schema: accountFormSchema({ parentRequired }),
    method: account ? 'PUT' : 'POST',
    initialValues: accountFormValues(account, { typeWhereCreated: whereCreated.Studio }),
    submit: (body) => (account ? update.mutateAsync({ id: account.id, body }) : create.mutateAsync(body)),
    successMessage: (saved) =>
      account
        ? `${saved.name} is saved.`
        : `${saved.name} (${saved.code}) is created. You can now add its logo and image.`,
    onSuccess: (saved) => onSaved(saved),
  });
  const { form, onSubmit } = schemaForm;
  const values = form.getValues();
  const parentDepths = parentDepthsFor(height.data ?? 0);
  const countries = countryOptions(brazil || values.country === 'BR');

  return (
    <form onSubmit={onSubmit} noValidate aria-label={account ? `Edit ${account.name}` : 'New account'}>
      <Stack gap="md">
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Type" required data={accountType.options()} {...numberSelectProps(form, 'type')} />
          <Select
            label="Where created"
            data={whereCreated.options()}
            allowDeselect={false}
            {...numberSelectProps(form, 'typeWhereCreated')}
          />
          <Select
            label="Software"
            data={softwareType.options()}
            allowDeselect={false}
            value={String(values.typeSoftware)}
            onChange={(next) => form.setFieldValue('typeSoftware', Number(next ?? 0))}
            error={form.errors.typeSoftware}
          />
          <Select
            label="Country"
            data={countries}
            allowDeselect={false}
            description={brazil ? undefined : 'Brazil is offered to accounts in Brazil.'}
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <AccountPicker
          label="Parent account"
          required={parentRequired}
          value={values.parentAccountId}
          known={account?.parent}
          onChange={(id) => form.setFieldValue('parentAccountId', id)}
          filters={{ type: [...PARENT_ACCOUNT_TYPES], depth: parentDepths }}
          disabled={parentDepths.length === 0}
          placeholder={parentDepths.length === 0 ? 'None (top level)' : undefined}
          excludeIds={account ? [account.id] : []}
          clearable={isSuper}
          description={
            parentDepths.length === 0
              ? 'This account holds accounts two levels deep, so it stays at the top level.'
              : 'A studio, sub-studio or branch office. Accounts nest at most two levels deep.'
          }
          error={form.errors.parentAccountId}
        />
        <Group gap="xl">
          <Switch label="Require two-step sign-in" {...form.getInputProps('mfaRequired', { type: 'checkbox' })} />
          <Switch
            label="Must pay before production"
            {...form.getInputProps('bMustPayBeforeProduction', { type: 'checkbox' })}
          />
        </Group>

        <Divider />
        <AddressesFields form={form} country={values.country} countries={countries} />
        <Divider />
        <ContactsFields form={form} />
      </Stack>
      <FormActions
        schemaForm={schemaForm}
        submitLabel={account ? 'Save account' : 'Create account'}
        onCancel={onCancel}
      />
    </form>
  );
}

type AccountFormApi = UseFormReturnType<AccountFormValues>;

function AddressesFields({
  form,
  country,
  countries,
}: {
  form: AccountFormApi;
  country: string;
  countries: { value: string; label: string }[];
}) {
  return (
    <FieldList
      title="Addresses"
      itemName="Address"
      addLabel="Add address"
      emptyText="No addresses yet."
      count={form.getValues().addresses.length}
      max={10}
      onAdd={() => form.insertListItem('addresses', emptyAddress(country))}
      onRemove={(index) => form.removeListItem('addresses', index)}
      head={(index) => (
        <Select
          label="Kind"
          data={kindOptions}
          allowDeselect={false}
          w={160}
          {...form.getInputProps(`addresses.${index}.kind`)}
        />
      )}
    >
      {(index) => (
        <>
          <TextInput label="Address line 1" required {...form.getInputProps(`addresses.${index}.line1`)} />
          <TextInput label="Address line 2" {...form.getInputProps(`addresses.${index}.line2`)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="City" required {...form.getInputProps(`addresses.${index}.city`)} />
            <TextInput label="State or province" {...form.getInputProps(`addresses.${index}.region`)} />
            <TextInput label="Postal code" {...form.getInputProps(`addresses.${index}.postalCode`)} />
            <Select
              label="Country"
              data={countries}
              allowDeselect={false}
              {...form.getInputProps(`addresses.${index}.country`)}
            />
          </SimpleGrid>
        </>
      )}
    </FieldList>
  );
}

function ContactsFields({ form }: { form: AccountFormApi }) {
  return (
    <FieldList
      title="Contacts"
      itemName="Contact"
      addLabel="Add contact"
      emptyText="No contacts yet."
      count={form.getValues().contacts.length}
      max={20}
      onAdd={() => form.insertListItem('contacts', emptyContact())}
      onRemove={(index) => form.removeListItem('contacts', index)}
      head={(index) => (
        <TextInput label="Name" required style={{ flex: 1 }} {...form.getInputProps(`contacts.${index}.name`)} />
      )}
    >
      {(index) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Title" {...form.getInputProps(`contacts.${index}.title`)} />
            <TextInput label="Email" type="email" {...form.getInputProps(`contacts.${index}.email`)} />
            <TextInput label="Phone" type="tel" {...form.getInputProps(`contacts.${index}.phone`)} />
          </SimpleGrid>
          <Checkbox
            label="Primary contact"
            {...form.getInputProps(`contacts.${index}.isPrimary`, { type: 'checkbox' })}
          />
        </>
      )}
    </FieldList>
  );
}
