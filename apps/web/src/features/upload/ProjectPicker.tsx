import type { Project } from '@colophon/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useProject, useProjectSearch } from './api';

export function projectOptionLabel(project: Pick<Project, 'name' | 'account'>): string {
  return project.account ? `${project.name} · ${project.account.code}` : project.name;
}

/** One project the caller may see (active ones, newest first), searched on the server as the person types. */
export function ProjectPicker({
  value,
  onChange,
  disabled,
}: {
  value: number | null;
  onChange: (projectId: number | null) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const chosen = useProject(value);
  const chosenOption = value && chosen.data ? { value: String(value), label: projectOptionLabel(chosen.data) } : null;
  // Once a project is chosen the box shows its label: that is not a search.
  const term = chosenOption && debounced === chosenOption.label ? '' : debounced;
  const query = useProjectSearch(term);
  const options = (query.data?.data ?? []).map((project) => ({
    value: String(project.id),
    label: projectOptionLabel(project),
  }));
  const all =
    chosenOption && !options.some((option) => option.value === chosenOption.value)
      ? [chosenOption, ...options]
      : options;
  return (
    <Select
      label="Project"
      description="The book this proof is for"
      placeholder="Search by school, code or project"
      searchable
      clearable
      required
      data={all}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: every }) => every}
      nothingFoundMessage={
        query.isFetching ? 'Searching…' : query.isError ? 'Could not load projects' : 'No projects found'
      }
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      maw={560}
    />
  );
}
