import type { Account } from '@colophon/contract';
import { accountType } from '@colophon/domain';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAccountById, useAccountSearch } from './api';

interface Option {
  value: string;
  label: string;
}

export const accountOption = (account: Pick<Account, 'id' | 'name' | 'code' | 'type'>): Option => ({
  value: String(account.id),
  label: `${account.name} (${account.code}) · ${accountType.label(account.type)}`,
});

/**
 * Picks one account of the caller's tree, searching the API as the person types. An account named
 * by the URL (or a saved record) is looked up once so the box shows its name, not its id.
 */
export function AccountPicker({
  label = 'Account',
  value,
  onChange,
  error,
  required,
  readOnly,
  description,
  placeholder = 'Search by name or code',
  w,
  comboboxProps,
}: {
  label?: string;
  value: number | null | undefined;
  onChange: (accountId: number | null) => void;
  error?: React.ReactNode;
  required?: boolean;
  readOnly?: boolean;
  description?: React.ReactNode;
  placeholder?: string;
  w?: SelectProps['w'];
  /** `{ withinPortal: false }` inside a popover, so choosing does not close it. */
  comboboxProps?: SelectProps['comboboxProps'];
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const current = useAccountById(value);
  const chosen = current.data ? accountOption(current.data) : null;
  // Once an account is chosen the box shows its label: that is not a search.
  const term = chosen && debounced === chosen.label ? '' : debounced;
  const query = useAccountSearch(term);
  const found = (query.data?.data ?? []).map(accountOption);
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;

  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      searchable
      clearable={!required}
      required={required}
      readOnly={readOnly}
      data={options}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        query.isFetching ? 'Searching…' : query.isError ? 'Could not load accounts' : 'No accounts found'
      }
      error={error}
      w={w}
      comboboxProps={comboboxProps}
    />
  );
}
