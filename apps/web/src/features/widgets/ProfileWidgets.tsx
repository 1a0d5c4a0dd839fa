import { formatCalendarDate, formatDate, type WidgetName, widgetName } from '@colophon/domain';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { userCan } from '../../lib/access';
import { useSession } from '../../lib/session';
import { ProjectLink } from '../projects';
import { DeadlineBadge } from '../submission-status';
import { useSaveWidgetSettings, widgetOptions } from './api';
import { WidgetCard } from './WidgetCard';

function Row({ title, detail, aside }: { title: ReactNode; detail: ReactNode; aside?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" component="li">
      <Stack gap={0} style={{ minWidth: 0 }}>
        {title}
        <Text size="xs" c="dimmed" truncate>
          {detail}
        </Text>
      </Stack>
      <div style={{ flexShrink: 0 }}>{aside}</div>
    </Group>
  );
}

const noTruncate = { root: { textTransform: 'none', overflow: 'visible' }, label: { overflow: 'visible' } } as const;
const listStyle = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 10,
} as const;

/** The profile's cards: upcoming deadlines, proofs awaiting review, orders in production. */
export function ProfileWidgets() {
  const session = useSession();
  const navigate = useNavigate();
  const zone = session?.user.timezone;
  const linkProjects = userCan(session?.user, 'projects.view');
  const project = (id: number, name: string) =>
    linkProjects ? (
      <ProjectLink id={id} truncate>
        {name}
      </ProjectLink>
    ) : (
      <Text size="sm" truncate>
        {name}
      </Text>
    );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        <WidgetCard
          name="upcoming_deadlines"
          empty="No submission deadlines are coming up."
          footer={
            userCan(session?.user, 'submissionStatus.view') ? (
              <Anchor
                size="sm"
                href="/admin/submission_status"
                onClick={(event) => {
                  event.preventDefault();
                  void navigate({ to: '/admin/submission_status' });
                }}
              >
                All upcoming submissions
              </Anchor>
            ) : null
          }
        >
          {(widget) => (
            <ul style={listStyle} aria-label="Upcoming deadlines">
              {widget.items.map((item) => (
                <Row
                  key={item.projectId}
                  title={project(item.projectId, item.projectName)}
                  detail={`${item.accountName} · ${formatCalendarDate(item.submissionDeadline)}`}
                  aside={<DeadlineBadge daysLeft={item.daysUntilDeadline} />}
                />
              ))}
            </ul>
          )}
        </WidgetCard>
        <WidgetCard name="proofs_awaiting_review" empty="No proofs are waiting for review.">
          {(widget) => (
            <ul style={listStyle} aria-label="Proofs awaiting review">
              {widget.items.map((item) => (
                <Row
                  key={item.proofId}
                  title={project(item.projectId, item.projectName)}
                  detail={`${item.accountName} · since ${formatDate(item.createdAt, zone)}`}
                  aside={
                    <Badge color="yellow" variant="light" styles={noTruncate}>
                      {item.statusLabel}
                    </Badge>
                  }
                />
              ))}
            </ul>
          )}
        </WidgetCard>
        <WidgetCard name="orders_in_production" empty="No orders are in production.">
          {(widget) => (
            <ul style={listStyle} aria-label="Orders in production">
              {widget.items.map((item) => (
                <Row
                  key={item.orderId}
                  title={project(item.projectId, item.projectName)}
                  detail={`${item.accountName} · ${item.submittedAt ? `submitted ${formatDate(item.submittedAt, zone)}` : 'not submitted yet'}`}
                  aside={
                    <Badge color="blue" variant="light" styles={noTruncate}>
                      {item.displayStatus}
                    </Badge>
                  }
                />
              ))}
            </ul>
          )}
        </WidgetCard>
      </SimpleGrid>
      <HiddenWidgets />
    </Stack>
  );
}

/** The widgets the user hid, each with a button to show it again. */
function HiddenWidgets() {
  const results = useQueries({ queries: widgetName.codes.map((name) => widgetOptions(name)) });
  const hidden = widgetName.codes.filter((_name, index) => results[index]?.data?.settings.hidden === true);
  if (hidden.length === 0) return null;
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        Hidden:
      </Text>
      {hidden.map((name) => (
        <ShowWidgetButton key={name} name={name} />
      ))}
    </Group>
  );
}

function ShowWidgetButton({ name }: { name: WidgetName }) {
  const save = useSaveWidgetSettings(name);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconEye size={14} />}
      loading={save.isPending}
      onClick={() => save.mutate({ hidden: false })}
    >
      {`Show ${widgetName.label(name)}`}
    </Button>
  );
}
