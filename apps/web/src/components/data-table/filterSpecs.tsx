import { NumberInput, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { AccountPicker } from '../account-picker/AccountPicker';
import { BooleanFilter, ClearFiltersButton, MultiSelectFilter, SearchFilter } from './FilterBar';

type Option = { value: string; label: string };

/**
 * One filter of a list, declared: the `DataTable` renders its widget, reads its value from the
 * list's search under `key`, writes it back (page 1), and clears it with "Clear filters".
 * `hidden` leaves it out (a staff-only filter). `custom` renders anything else.
 */
export type FilterSpec =
  | { key: string; kind: 'search'; label?: string; placeholder?: string; hidden?: boolean }
  | { key: string; kind: 'boolean'; label: string; yes?: string; no?: string; hidden?: boolean }
  | { key: string; kind: 'select'; label: string; options: Option[]; hidden?: boolean }
  | { key: string; kind: 'account'; label?: string; single?: boolean; hidden?: boolean }
  | { key: string; kind: 'date'; label: string; hidden?: boolean }
  | { key: string; kind: 'id'; label: string; hidden?: boolean }
  | {
      key: string;
      kind: 'custom';
      /** Further search keys the widget writes, cleared with it. */
      keys?: string[];
      render: (value: unknown, onChange: (value: unknown) => void) => ReactNode;
      hidden?: boolean;
    };

type Values = Record<string, unknown>;

const isSet = (value: unknown) => value !== undefined && !(Array.isArray(value) && value.length === 0);

/** The search keys the specs write. */
export const filterKeys = (specs: readonly FilterSpec[]): string[] =>
  specs.flatMap((spec) => (spec.kind === 'custom' ? [spec.key, ...(spec.keys ?? [])] : [spec.key]));

/** Whether any declared filter has a value. */
export const specFiltersActive = (specs: readonly FilterSpec[], values: Values): boolean =>
  filterKeys(specs.filter((spec) => !spec.hidden)).some((key) => isSet(values[key]));

/** The patch that clears every declared filter. */
export const clearedSpecFilters = (specs: readonly FilterSpec[]): Values =>
  Object.fromEntries(filterKeys(specs).map((key) => [key, undefined]));

export function isFilterSpecs(filters: unknown): filters is readonly FilterSpec[] {
  return Array.isArray(filters) && filters.every((item) => typeof item === 'object' && item !== null && 'kind' in item);
}

function FilterWidget({
  spec,
  value,
  onChange,
}: {
  spec: FilterSpec;
  value: unknown;
  onChange: (value: unknown) => void;
}): ReactNode {
  switch (spec.kind) {
    case 'search':
      return (
        <SearchFilter
          label={spec.label}
          placeholder={spec.placeholder}
          value={value as string | undefined}
          onChange={onChange}
        />
      );
    case 'boolean':
      return (
        <BooleanFilter
          label={spec.label}
          yes={spec.yes}
          no={spec.no}
          value={value as boolean | undefined}
          onChange={onChange}
        />
      );
    case 'select':
      return (
        <MultiSelectFilter
          label={spec.label}
          options={spec.options}
          value={value as number[] | undefined}
          onChange={onChange}
        />
      );
    case 'account': {
      // An account filter is a list of ids in the URL unless `single`; the picker chooses one.
      const id = spec.single ? (value as number | undefined) : (value as number[] | undefined)?.[0];
      return (
        <AccountPicker
          label={spec.label ?? 'Account'}
          placeholder="Any"
          value={id}
          onChange={(next) => onChange(next ? (spec.single ? next : [next]) : undefined)}
          w={260}
        />
      );
    }
    case 'date':
      return (
        <TextInput
          type="date"
          label={spec.label}
          value={(value as string | undefined) ?? ''}
          onChange={(event) => onChange(event.currentTarget.value || undefined)}
          w={160}
        />
      );
    case 'id':
      return (
        <NumberInput
          label={spec.label}
          min={1}
          allowDecimal={false}
          value={(value as number | undefined) ?? ''}
          onChange={(next) => onChange(typeof next === 'number' && next > 0 ? next : undefined)}
          w={140}
        />
      );
    case 'custom':
      return spec.render(value, onChange);
  }
}

/**
 * The widgets of a list's declared filters and, when any is set, "Clear filters". Each change
 * goes through `onFilter` (the page's search, back to page 1).
 */
export function SpecFilters({
  specs,
  values,
  onFilter,
}: {
  specs: readonly FilterSpec[];
  values: Values;
  onFilter: (patch: Values) => void;
}) {
  const shown = specs.filter((spec) => !spec.hidden);
  return (
    <>
      {shown.map((spec) => (
        <FilterWidget
          key={spec.key}
          spec={spec}
          value={values[spec.key]}
          onChange={(value) => onFilter({ [spec.key]: value })}
        />
      ))}
      <ClearFiltersButton
        active={specFiltersActive(shown, values)}
        onClear={() => onFilter(clearedSpecFilters(specs))}
      />
    </>
  );
}
