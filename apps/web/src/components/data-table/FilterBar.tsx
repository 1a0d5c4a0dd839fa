import { Button, Chip, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/**
 * The filter inputs a list's filter bar is made of. Each writes through `onChange`; the list page
 * puts the value in the URL (and back to page 1).
 */

export function SearchFilter({
  value,
  onChange,
  label = 'Search',
  placeholder = 'Search…',
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  label?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const commit = useDebouncedCallback((next: string) => onChange(next.trim() || undefined), 300);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={14} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // Now, and only once: the typing's pending commit would send the same search again.
        commit.cancel();
        onChange(text.trim() || undefined);
      }}
      w={240}
    />
  );
}

export function MultiSelectFilter({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: number[] | undefined;
  onChange: (value: number[] | undefined) => void;
}) {
  return (
    <MultiSelect
      label={label}
      data={options}
      value={(value ?? []).map(String)}
      onChange={(next) => onChange(next.length > 0 ? next.map(Number) : undefined)}
      clearable
      searchable
      placeholder={value && value.length > 0 ? undefined : 'Any'}
      w={260}
    />
  );
}

const booleanOptions = (yes: string, no: string) => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

export function BooleanFilter({
  label,
  value,
  onChange,
  yes = 'Yes',
  no = 'No',
}: {
  label: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  yes?: string;
  no?: string;
}) {
  return (
    <Select
      label={label}
      data={booleanOptions(yes, no)}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : next === 'true')}
      clearable
      placeholder="Any"
      w={160}
    />
  );
}

/** Yes-or-absent filters as chips, one group named `label`: each checked chip is a key set to true. */
export function FlagsFilter({
  label,
  flags,
  checked,
  onChange,
}: {
  label: string;
  flags: readonly { key: string; label: string }[];
  checked: string[];
  onChange: (checked: string[]) => void;
}) {
  return (
    <Chip.Group multiple value={checked} onChange={onChange}>
      <Group gap={6} wrap="wrap" role="group" aria-label={label}>
        {flags.map((flag) => (
          <Chip key={flag.key} value={flag.key} size="sm" variant="outline">
            {flag.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

export function ClearFiltersButton({ active, onClear }: { active: boolean; onClear: () => void }) {
  if (!active) return null;
  return (
    <Button variant="subtle" leftSection={<IconX size={14} />} onClick={onClear}>
      Clear filters
    </Button>
  );
}
