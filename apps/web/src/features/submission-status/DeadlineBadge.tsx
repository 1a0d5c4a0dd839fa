import { DEADLINE_SOON_DAYS, daysUntil, isoDate } from '@colophon/domain';
import { Badge, Group, Text } from '@mantine/core';
import { daysLeftText, deadlineStyle, deadlineStyles } from './deadlineStyle';

/**
 * A submission deadline's warning in colour (the domain's rule): the days left, with the warning as
 * its accessible name so colour is never the only signal.
 */
export function DeadlineBadge({ daysLeft }: { daysLeft: number }) {
  const style = deadlineStyle(daysLeft);
  return (
    <Badge
      color={style.color}
      variant={style.warning === 'later' ? 'light' : 'filled'}
      data-warning={style.warning}
      title={style.label}
      aria-label={`${daysLeftText(daysLeft)} (${style.label})`}
      styles={{ root: { textTransform: 'none', flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {daysLeftText(daysLeft)}
    </Badge>
  );
}

/** The badge of a YYYY-MM-DD deadline as of today (UTC calendar day, as the API counts). */
export function DeadlineBadgeFor({ deadline, today = isoDate(new Date()) }: { deadline: string; today?: string }) {
  return <DeadlineBadge daysLeft={daysUntil(deadline, today)} />;
}

/** What the colours mean, for the top of a list of deadlines. */
export function DeadlineLegend() {
  return (
    <Group gap="xs" aria-label="Deadline colours" role="group">
      {Object.entries(deadlineStyles).map(([warning, style]) => (
        <Badge
          key={warning}
          color={style.color}
          variant={warning === 'later' ? 'light' : 'filled'}
          style={{ textTransform: 'none' }}
        >
          {style.label}
        </Badge>
      ))}
      <Text size="xs" c="dimmed">
        {`Missed deadlines stay listed for ${DEADLINE_SOON_DAYS} days.`}
      </Text>
    </Group>
  );
}
