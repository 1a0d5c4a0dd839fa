import { accountType } from '@colophon/domain';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAccountOptions } from './api';

interface Option {
  value: string;
  label: string;
}

/** Picks one account of the caller's tree, searching the API as the person types. */
export function AccountSelect({
  label = 'Account',
  value,
  onChange,
  error,
  required,
  excludeIds = [],
}: {
  label?: string;
  value: number | null;
  onChange: (accountId: number | null) => void;
  error?: React.ReactNode;
  required?: boolean;
  excludeIds?: readonly number[];
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  // Once an account is chosen the box shows its label: that is not a search.
  const term = chosen && debounced === chosen.label ? '' : debounced;
  const query = useAccountOptions(term);
  const found: Option[] = (query.data?.data ?? [])
    .filter((account) => !excludeIds.includes(account.id))
    .map((account) => ({
      value: String(account.id),
      label: `${account.name} (${account.code}) · ${accountType.label(account.type)}`,
    }));
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;

  return (
    <Select
      label={label}
      placeholder="Search by name or code"
      searchable
      clearable
      required={required}
      data={options}
      value={value ? String(value) : null}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next ? Number(next) : null);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        query.isFetching ? 'Searching…' : query.isError ? 'Could not load accounts' : 'No accounts found'
      }
      error={error}
    />
  );
}
