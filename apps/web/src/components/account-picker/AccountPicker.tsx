import type { Account } from '@colophon/contract';
import { accountType, type Filters } from '@colophon/domain';
import { Select, type SelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useServerSearchSelect } from '../form/useServerSearchSelect';
import { useAccountById, useAccountSearch } from './api';

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
  clearable = true,
  placeholder = 'Search by name or code',
  disabled = false,
  known,
  comboboxProps = { withinPortal: true },
  // The Select's own props, handed on as they are.
  ...selectProps
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
  const isKnown = Boolean(value && known && known.id === value);
  const selected = useAccountById(isKnown ? null : value);
  const chosenAccount = isKnown ? known : selected.data;
  const chosen = value && chosenAccount ? { value: String(value), label: accountOptionLabel(chosenAccount) } : null;
  const search = useServerSearchSelect(chosen);
  const query = useAccountSearch(search.term, filters, !disabled);
  const found = (query.data?.data ?? []).filter((account) => !excludeIds.includes(account.id));
  const options = found.map((account) => ({ value: String(account.id), label: accountOptionLabel(account) }));

  return (
    <Select
      {...selectProps}
      label={label}
      placeholder={placeholder}
      clearable={clearable}
      {...search.selectProps(options, query, 'accounts')}
      value={value ? String(value) : null}
      onChange={(next) => {
        const account = found.find((candidate) => String(candidate.id) === next) ?? null;
        onChange(next ? Number(next) : null, account);
      }}
      disabled={disabled}
      comboboxProps={comboboxProps}
    />
  );
}
