import { NumberInput, Select, type SelectProps, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { AccountPicker } from '../account-picker/AccountPicker';
import { BooleanFilter, ClearFiltersButton, FlagsFilter, MultiSelectFilter, SearchFilter } from './FilterBar';

type Option = { value: string; label: string };
type Width = SelectProps['w'];

/**
 * One filter of a list, declared: the `DataTable` renders its widget, reads its value from the
 * list's search under `key`, writes it back (page 1), and clears it with "Clear filters".
 * `hidden` leaves it out (a staff-only filter); `keep` leaves it out of "Clear filters" (a filter
 * that always holds a value, like the overview's studio). `custom` renders anything else.
 */
export type FilterSpec = { key: string; hidden?: boolean; keep?: boolean } & (
  | { kind: 'search'; label?: string; placeholder?: string }
  | { kind: 'boolean'; label: string; yes?: string; no?: string }
  /** Several numbers in the URL, or one with `single`. */
  | { kind: 'select'; label: string; options: Option[]; single?: boolean; placeholder?: string; w?: Width }
  /**
   * An account id (a list of one unless `single`), optionally among `accountTypes` only; a picker
   * that is not `clearable` always holds an account.
   */
  | {
      kind: 'account';
      label?: string;
      single?: boolean;
      accountTypes?: readonly number[];
      clearable?: boolean;
      w?: Width;
    }
  | { kind: 'date'; label: string }
  | { kind: 'id'; label: string }
  /** Boolean search keys shown as chips in one group named `label` (`key` names the group only). */
  | { kind: 'flags'; label: string; flags: readonly { key: string; label: string }[] }
  | {
      kind: 'custom';
      /** Further search keys the widget writes, cleared with it. */
      keys?: string[];
      render: (value: unknown, onChange: (value: unknown) => void) => ReactNode;
    }
);

type Values = Record<string, unknown>;

const isSet = (value: unknown) => value !== undefined && !(Array.isArray(value) && value.length === 0);

/** The search keys the specs write. */
export const filterKeys = (specs: readonly FilterSpec[]): string[] =>
  specs.flatMap((spec) => {
    if (spec.kind === 'custom') return [spec.key, ...(spec.keys ?? [])];
    if (spec.kind === 'flags') return spec.flags.map((flag) => flag.key);
    return [spec.key];
  });

/** The filters "Clear filters" clears. */
const unkept = (specs: readonly FilterSpec[]) => specs.filter((spec) => !spec.keep);

/** Whether any declared filter that "Clear filters" would clear has a value. */
export const specFiltersActive = (specs: readonly FilterSpec[], values: Values): boolean =>
  filterKeys(unkept(specs).filter((spec) => !spec.hidden)).some((key) => isSet(values[key]));

/** The patch that clears every declared filter (but those kept). */
export const clearedSpecFilters = (specs: readonly FilterSpec[]): Values =>
  Object.fromEntries(filterKeys(unkept(specs)).map((key) => [key, undefined]));

export function isFilterSpecs(filters: unknown): filters is readonly FilterSpec[] {
  return Array.isArray(filters) && filters.every((item) => typeof item === 'object' && item !== null && 'kind' in item);
}

function FilterWidget({
  spec,
  values,
  onFilter,
}: {
  spec: FilterSpec;
  values: Values;
  onFilter: (patch: Values) => void;
}): ReactNode {
  const value = values[spec.key];
  const onChange = (next: unknown) => onFilter({ [spec.key]: next });
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
      if (spec.single) {
        return (
          <Select
            label={spec.label}
            placeholder={spec.placeholder ?? 'Any'}
            data={spec.options}
            value={value === undefined ? null : String(value)}
            onChange={(next) => onChange(next ? Number(next) : undefined)}
            clearable
            w={spec.w ?? 160}
          />
        );
      }
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
      const clearable = spec.clearable ?? true;
      return (
        <AccountPicker
          label={spec.label ?? 'Account'}
          // "Any" is a choice only where the picker can be emptied; otherwise its own prompt.
          placeholder={clearable ? 'Any' : undefined}
          value={id}
          onChange={(next) => onChange(next ? (spec.single ? next : [next]) : undefined)}
          filters={spec.accountTypes ? { type: [...spec.accountTypes] } : undefined}
          clearable={clearable}
          w={spec.w ?? 260}
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
    case 'flags':
      return (
        <FlagsFilter
          label={spec.label}
          flags={spec.flags}
          checked={spec.flags.filter((flag) => values[flag.key] === true).map((flag) => flag.key)}
          onChange={(checked) =>
            onFilter(Object.fromEntries(spec.flags.map((flag) => [flag.key, checked.includes(flag.key) || undefined])))
          }
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
        <FilterWidget key={spec.key} spec={spec} values={values} onFilter={onFilter} />
      ))}
      <ClearFiltersButton
        active={specFiltersActive(shown, values)}
        onClear={() => onFilter(clearedSpecFilters(specs))}
      />
    </>
  );
}
