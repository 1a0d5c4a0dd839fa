import type { OrderMoveJob } from '@colophon/contract';
import { Alert, Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AppLink } from '../../components/AppLink';

/** Where the order-moves queue's jobs are followed. */
export const ORDER_MOVES_PATH = '/admin/super/processing/order-moves';

const what = (job: OrderMoveJob) => (job.payload.action === 'resend' ? 'Resend' : 'Move');

/**
 * A move or a resend is queued (202), not done: the toast names the job and where to follow it.
 * The toast lives outside the router, so its link is a plain one.
 */
export function announceQueued(job: OrderMoveJob): void {
  notifications.show({
    color: 'green',
    title: 'Queued',
    message: (
      <>
        {what(job)} queued: job {job.id}.{' '}
        <Anchor href={ORDER_MOVES_PATH} size="sm">
          Order Moves
        </Anchor>
      </>
    ),
  });
}

/** The same, kept in the panel after the toast has gone. */
export function QueuedNotice({ job }: { job: OrderMoveJob | null }) {
  if (!job) return null;
  return (
    <Alert color="green" variant="light" role="status">
      {what(job)} queued: job {job.id}. Follow it in <AppLink href={ORDER_MOVES_PATH}>Order Moves</AppLink>.
    </Alert>
  );
}
