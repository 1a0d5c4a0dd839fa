import { getProjectWorkInProgress, type WorkInProgress } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Alert, Button, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import { LoadingState } from '../../components/feedback/QueryState';
import { isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { useSession } from '../../lib/session';

/** Part 8's words for a service that failed: no answer at all, or anything else. */
export const NO_RESPONSE_MESSAGE = 'No response received from server. Please check your connection.';
export const UNEXPECTED_MESSAGE = 'An unexpected error occurred';

/**
 * What a failure says: the configurator's reason when the API gives one (a 502 names what went
 * wrong there), part 8's "no response" when the API was not reached, else part 8's unexpected error.
 */
export function workInProgressFailure(error: unknown): string {
  if (isApiError(error)) return error.status === 502 && error.detail ? error.detail : UNEXPECTED_MESSAGE;
  if (error instanceof TypeError) return NO_RESPONSE_MESSAGE;
  return UNEXPECTED_MESSAGE;
}

/**
 * The project's "Work in progress" tab: the book's pages as the layout configurator has them
 * (`dashboard/wip/{id}`), or, offline, as its latest proof shows them. A failure says why and
 * offers to try again; the rest of the project page is untouched.
 */
export function WorkInProgressPanel({ projectId }: { projectId: number }): JSX.Element {
  const query = useQuery({
    queryKey: ['projects', projectId, 'work_in_progress'],
    queryFn: ({ signal }) => call(getProjectWorkInProgress, { params: { id: projectId } }, signal),
    retry: false,
  });
  if (query.isPending) return <LoadingState label="Loading the work in progress…" />;
  if (query.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={18} />}
        title="The work in progress could not be shown"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{workInProgressFailure(query.error)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void query.refetch()}
          >
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <WorkInProgressPages wip={query.data} />;
}

function WorkInProgressPages({ wip }: { wip: WorkInProgress }) {
  const zone = useSession()?.user.timezone;
  const origin =
    wip.source === 'configurator'
      ? `From the layout configurator${wip.status ? ` (${wip.status})` : ''}`
      : wip.proofId
        ? `From proof ${wip.proofId}, the latest processed proof`
        : 'From the latest processed proof';
  const when = wip.updatedAt ? `, updated ${formatDateTime(wip.updatedAt, zone)}` : '';
  if (wip.pages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No pages yet: the book has none in the layout configurator and no processed proof.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {origin}
        {when}. {wip.pages.length} page{wip.pages.length === 1 ? '' : 's'}.
      </Text>
      <SimpleGrid
        cols={{ base: 2, sm: 4, lg: 6 }}
        spacing="sm"
        component="ol"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {wip.pages.map((page) => (
          <li key={page.page}>
            <figure style={{ margin: 0 }}>
              {(page.thumbUrl ?? page.imageUrl) ? (
                <a href={page.imageUrl ?? page.thumbUrl ?? undefined} target="_blank" rel="noreferrer">
                  <Image src={page.thumbUrl ?? page.imageUrl} alt={`Page ${page.page}`} radius="sm" loading="lazy" />
                </a>
              ) : (
                <Text size="xs" c="dimmed">
                  No image
                </Text>
              )}
              <Text component="figcaption" size="xs" ta="center">
                Page {page.page}
              </Text>
            </figure>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
