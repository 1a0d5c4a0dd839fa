import type { Account } from '@colophon/contract';
import { accountType, type Filters } from '@colophon/domain';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useAccountById, useAccountSearch } from './api';

interface Option {
  value: string;
  label: string;
}

export function accountOptionLabel(account: Pick<Account, 'name' | 'code' | 'type'>): string {
  return `${account.name} (${account.code}) · ${accountType.label(account.type)}`;
}

/**
 * The one account picker: one account of the caller's tree, searching the API as the person types. `filters` narrow
 * the candidates (`type`, `depth`…); the chosen account keeps its label even when a search leaves it out.
 */
export function AccountPicker({
  label = 'Account',
  value,
  onChange,
  filters,
  excludeIds = [],
  error,
  required,
  clearable = true,
  description,
  placeholder = 'Search by name or code',
  disabled = false,
  readOnly,
  known,
  w,
  comboboxProps = { withinPortal: true },
}: {
  label?: string;
  value: number | null | undefined;
  onChange: (accountId: number | null, account: Account | null) => void;
  filters?: Filters;
  excludeIds?: readonly number[];
  error?: ReactNode;
  required?: boolean;
  clearable?: boolean;
  description?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** An account whose name is already known (a parent the caller may not look up by itself). */
  known?: Pick<Account, 'id' | 'name' | 'code' | 'type'> | null | undefined;
  w?: SelectProps['w'];
  /** `{ withinPortal: false }` inside a popover, so choosing does not close it. */
  comboboxProps?: SelectProps['comboboxProps'];
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const isKnown = Boolean(value && known && known.id === value);
  const selected = useAccountById(isKnown ? null : value);
  const chosenAccount = isKnown ? known : selected.data;
  const chosen: Option | null =
    value && chosenAccount ? { value: String(value), label: accountOptionLabel(chosenAccount) } : null;
  // Once an account is chosen the box shows its label: that is not a search.
  const term = chosen && debounced === chosen.label ? '' : debounced;
  const query = useAccountSearch(term, filters, !disabled);
  const found = (query.data?.data ?? []).filter((account) => !excludeIds.includes(account.id));
  const options: Option[] = found.map((account) => ({ value: String(account.id), label: accountOptionLabel(account) }));
  const all = chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;

  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      searchable
      clearable={clearable}
      required={required}
      data={all}
      value={value ? String(value) : null}
      onChange={(next) => {
        const account = found.find((candidate) => String(candidate.id) === next) ?? null;
        onChange(next ? Number(next) : null, account);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: every }) => every}
      nothingFoundMessage={
        query.isFetching ? 'Searching…' : query.isError ? 'Could not load accounts' : 'No accounts found'
      }
      error={error}
      disabled={disabled}
      readOnly={readOnly}
      w={w}
      comboboxProps={comboboxProps}
    />
  );
}
