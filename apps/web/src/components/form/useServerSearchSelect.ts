import type { OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/** The server has filtered the options already: the Select shows them as they come. */
const asTheServerFound: OptionsFilter = ({ options }) => options;

/**
 * A Select searched on the server as the person types (an account, a project). `term` is what is
 * typed, debounced, for the caller's search query; once a record is chosen the box shows its label,
 * which is not a search. `selectProps` completes the Select: the chosen record stays offered when a
 * search leaves it out, and the empty list says whether it is searching, failed or found nothing.
 */
export function useServerSearchSelect(chosen: SelectOption | null) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const term = chosen && debounced === chosen.label ? '' : debounced;
  const selectProps = (options: SelectOption[], query: { isFetching: boolean; isError: boolean }, plural: string) => ({
    searchable: true,
    data: chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options,
    searchValue: search,
    onSearchChange: setSearch,
    filter: asTheServerFound,
    nothingFoundMessage: query.isFetching
      ? 'Searching…'
      : query.isError
        ? `Could not load ${plural}`
        : `No ${plural} found`,
  });
  return { term, selectProps };
}
