import type { ProcessorStatus } from '@colophon/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProcessorStatusesPage } from './ProcessorStatusesPage';

function worker(workerId: string, extra: Partial<ProcessorStatus> = {}): ProcessorStatus {
  return {
    workerId,
    queue: 'uploads',
    host: 'web-1',
    pid: 4242,
    startedAt: '2026-03-01T12:00:00.000Z',
    lastHeartbeatAt: '2026-03-01T12:10:00.000Z',
    stoppedAt: null,
    currentJobId: null,
    jobsDone: 3,
    jobsFailed: 1,
    stale: false,
    ...extra,
  };
}

beforeEach(() => {
  signInAs(makeUser({ bSuperAdmin: true }));
  const workers = [
    worker('uploads@fresh', { currentJobId: 17 }),
    worker('uploads@idle'),
    worker('uploads@silent', { stale: true }),
    worker('proofs@stopped', { queue: 'proofs', stoppedAt: '2026-03-01T12:11:00.000Z' }),
  ];
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async () => jsonResponse({ data: workers, total: workers.length })),
  });
});
afterEach(() => resetApiClient());

describe('ProcessorStatusesPage', () => {
  it('flags a running worker whose heartbeat is stale', async () => {
    renderWithProviders(<ProcessorStatusesPage />);
    const table = await screen.findByRole('table', { name: 'Processor statuses' });
    const silent = (await within(table).findByText('uploads@silent')).closest('tr')!;
    expect(within(silent).getByText('Stale')).toBeTruthy();
    const fresh = within(table).getByText('uploads@fresh').closest('tr')!;
    expect(within(fresh).getByText('Running')).toBeTruthy();
    // Waiting for work is not trouble.
    const idle = within(table).getByText('uploads@idle').closest('tr')!;
    expect(within(idle).getByText('Idle')).toBeTruthy();
    const stopped = within(table).getByText('proofs@stopped').closest('tr')!;
    expect(within(stopped).getByText('Stopped')).toBeTruthy();
    expect(screen.getByText('1 worker has not sent a heartbeat for over a minute.')).toBeTruthy();
  });
});
