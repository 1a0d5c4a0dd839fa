import type { Widget } from '@colophon/contract';
import type { WidgetName } from '@colophon/domain';
import { widgetName } from '@colophon/domain';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAccountById } from '../../components/account-picker/api';
import { QueryState } from '../../components/feedback/QueryState';
import { useSaveWidgetSettings, useWidget } from './api';
import { WidgetSettingsPopover } from './WidgetSettingsPopover';

/**
 * One profile widget: its title and count, its rows (each widget says how), its own loading,
 * empty and error states, and its settings.
 */
export function WidgetCard<Name extends WidgetName>({
  name,
  empty,
  footer,
  children,
}: {
  name: Name;
  empty: string;
  footer?: ReactNode;
  children: (widget: Extract<Widget, { name: Name }>) => ReactNode;
}) {
  const query = useWidget(name);
  const save = useSaveWidgetSettings(name);
  const title = widgetName.label(name);
  const headingId = `widget-${name}`;
  const widget = query.data as Extract<Widget, { name: Name }> | undefined;
  const narrowedTo = useAccountById(widget?.settings.accountId);

  if (widget?.settings.hidden) return null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h5" id={headingId}>
              {title}
            </Title>
            {widget ? (
              <Badge variant="light" aria-label={`${widget.total} in all`}>
                {widget.total}
              </Badge>
            ) : null}
          </Group>
          {widget ? (
            <WidgetSettingsPopover
              title={title}
              settings={widget.settings}
              save={(settings) => save.mutateAsync(settings)}
              saving={save.isPending}
            />
          ) : null}
        </Group>
        {narrowedTo.data ? (
          <Text size="xs" c="dimmed" mt={-8}>
            {`${narrowedTo.data.name} and the accounts below it`}
          </Text>
        ) : null}
        <QueryState
          query={{ ...query, data: widget }}
          errorTitle={`Could not load ${title}`}
          loading={
            <Stack gap="xs" role="status" aria-label={`Loading ${title}`}>
              <Skeleton height={14} />
              <Skeleton height={14} />
              <Skeleton height={14} width="70%" />
            </Stack>
          }
          isEmpty={(loaded) => loaded.items.length === 0}
          empty={empty}
        >
          {(widget) => (
            <>
              {children(widget)}
              {widget.total > widget.items.length ? (
                <Text size="xs" c="dimmed">
                  {`Showing ${widget.items.length} of ${widget.total}.`}
                </Text>
              ) : null}
            </>
          )}
        </QueryState>
        {footer && widget && widget.items.length > 0 ? <div style={{ marginTop: 'auto' }}>{footer}</div> : null}
      </Stack>
    </Paper>
  );
}
