import type { Project } from '@colophon/contract';
import { Select } from '@mantine/core';
import { useServerSearchSelect } from '../../components/form/useServerSearchSelect';
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
  const chosen = useProject(value);
  const chosenOption = value && chosen.data ? { value: String(value), label: projectOptionLabel(chosen.data) } : null;
  const { term, selectProps } = useServerSearchSelect(chosenOption);
  const query = useProjectSearch(term);
  const options = (query.data?.data ?? []).map((project) => ({
    value: String(project.id),
    label: projectOptionLabel(project),
  }));
  return (
    <Select
      label="Project"
      description="The book this proof is for"
      placeholder="Search by school, code or project"
      clearable
      required
      {...selectProps(options, query, 'projects')}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      maw={560}
    />
  );
}
