import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import type { JSX } from 'react';
import { useSession } from '../../lib/session';
import { QueuePage } from './QueuePage';
import { processingQueueByPath } from './queues';
import type { QueueSearch } from './search';

/** The route glue of the queue pages: the queue comes from the path, the filters from the URL. */
export function QueueRoutePage(): JSX.Element | null {
  const pathname = useLocation({ select: (location) => location.pathname });
  const search = useSearch({ strict: false }) as QueueSearch;
  const navigate = useNavigate();
  const zone = useSession()?.user.timezone;
  const queue = processingQueueByPath(pathname.replace(/\/$/, ''));
  if (!queue) return null;
  return (
    <QueuePage
      queue={queue}
      search={search}
      zone={zone}
      onSearchChange={(patch) =>
        void navigate({ to: '.', search: (previous: QueueSearch) => ({ ...previous, ...patch }) } as never)
      }
    />
  );
}
