import type { Filters } from '@colophon/domain';
import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';
import { useServerSearchSelect } from '../../../components/form/useServerSearchSelect';
import { useRosterList } from '../api';

interface Named {
  id: number;
  name: string;
}

/**
 * A school or district chosen from a roster list searched on the server as the person types
 * (`/schools`, or the export presets' `/export-presets/lookups/schools` and `…/districts`): the
 * first 50 by name, the chosen one kept in view. The list answers only what the caller may see.
 */
export function RosterLookupSelect({
  path,
  label,
  plural,
  value,
  onChange,
  placeholder,
  query: narrowing,
  ...props
}: {
  path: string;
  /** Further filters of the list (`districtId` for a district's schools). */
  query?: Filters;
  label: string;
  /** 'schools', 'districts': for "No schools found". */
  plural: string;
  value: number | null | undefined;
  onChange: (next: number | null) => void;
} & Omit<SelectProps, 'value' | 'onChange' | 'data' | 'label'>) {
  const [chosenName, setChosenName] = useState<{ id: number; name: string } | null>(null);
  const chosen = value && chosenName?.id === value ? { value: String(value), label: chosenName.name } : null;
  const { term, selectProps } = useServerSearchSelect(chosen);
  const query = useRosterList<Named>(path, {
    ...narrowing,
    page: 1,
    perPage: 50,
    sort: 'name',
    search: term || undefined,
  });
  const found = query.data?.data ?? [];
  const options = found.map((item) => ({ value: String(item.id), label: item.name }));
  // A value from the URL (a bookmarked filter) is named once the list holds it.
  const known = chosen ?? options.find((option) => option.value === String(value ?? '')) ?? null;
  const data = selectProps(options, query, plural).data;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      {...selectProps(options, query, plural)}
      data={known && !data.some((option) => option.value === known.value) ? [known, ...data] : data}
      value={value ? String(value) : null}
      onChange={(next) => {
        const option = [...(known ? [known] : []), ...options].find((candidate) => candidate.value === next);
        setChosenName(next && option ? { id: Number(next), name: option.label } : null);
        onChange(next ? Number(next) : null);
      }}
      {...props}
    />
  );
}
