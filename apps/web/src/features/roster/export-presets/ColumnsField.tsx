import { rosterExportColumn } from '@colophon/domain';
import { ActionIcon, Group, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';

/**
 * The preset's columns, in the order the file has them: chosen from the domain's columns (a new one
 * goes last), then moved up or down. The order is the CSV's, so it is shown as a numbered list.
 */
export function ColumnsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}) {
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    onChange(next);
  };
  return (
    <Stack gap={6}>
      <MultiSelect
        label="Columns"
        description="In the order the file lists them; move a column with the arrows."
        required
        data={rosterExportColumn.options()}
        value={value}
        onChange={onChange}
        error={error}
      />
      {value.length > 0 ? (
        <Paper withBorder p="xs">
          <Stack gap={4} role="list" aria-label="Column order">
            {value.map((code, index) => {
              const label = rosterExportColumn.label(code);
              return (
                <Group key={code} justify="space-between" role="listitem" wrap="nowrap">
                  <Text size="sm">
                    {index + 1}. {label}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${label} down`}
                      disabled={index === value.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={14} />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
