import type { ProcessorStatus, ProcessorThroughput } from '@colophon/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { healthOf, ProcessorStatusesPage, throughputChartData } from './ProcessorStatusesPage';

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
    version: '1.147.0',
    state: 'idle',
    lastSuccessAt: '2026-03-01T12:09:00.000Z',
    pulseMs: 15_000,
    stale: false,
    ...extra,
  };
}

beforeEach(() => {
  signInAs(makeUser({ bSuperAdmin: true }));
  // Beats a moment ago: the page judges them at the real clock.
  const beat = { lastHeartbeatAt: new Date(Date.now() - 1_000).toISOString() };
  const workers = [
    worker('uploads@fresh', { ...beat, currentJobId: 17, state: 'busy' }),
    worker('uploads@idle', beat),
    worker('uploads@silent', { ...beat, stale: true }),
    worker('proofs@stopped', { queue: 'proofs', stoppedAt: '2026-03-01T12:11:00.000Z' }),
  ];
  const throughput: ProcessorThroughput = {
    from: new Date(Date.now() - 59 * 60_000).toISOString().replace(/:\d{2}\.\d{3}Z$/, ':00.000Z'),
    data: [],
  };
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input) =>
      String(input).includes('/throughput')
        ? jsonResponse(throughput)
        : jsonResponse({ data: workers, total: workers.length }),
    ),
  });
});
afterEach(() => resetApiClient());

describe('ProcessorStatusesPage', () => {
  it('flags a running worker whose heartbeat is stale', async () => {
    renderWithProviders(<ProcessorStatusesPage />);
    const table = await screen.findByRole('table', { name: 'Processor statuses' });
    const silent = (await within(table).findByText('uploads@silent')).closest('tr')!;
    expect(within(silent).getByText('Stale')).toBeTruthy();
    expect(silent.getAttribute('data-health')).toBe('stale');
    const fresh = within(table).getByText('uploads@fresh').closest('tr')!;
    expect(within(fresh).getByText('Busy')).toBeTruthy();
    expect(within(fresh).getAllByText('1.147.0')).toHaveLength(1);
    // Waiting for work is not trouble.
    const idle = within(table).getByText('uploads@idle').closest('tr')!;
    expect(within(idle).getByText('Idle')).toBeTruthy();
    const stopped = within(table).getByText('proofs@stopped').closest('tr')!;
    expect(within(stopped).getByText('Stopped')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 worker has not sent a heartbeat for over 3 of its pulses.');
    expect(await screen.findByText('0 jobs completed, per queue and minute')).toBeTruthy();
  });
});

describe('health and throughput', () => {
  const now = new Date('2026-03-01T12:10:00.000Z');
  it.each([
    ['a fresh idle worker', worker('a', { lastHeartbeatAt: '2026-03-01T12:09:50.000Z' }), 'idle'],
    [
      'silent past 3 pulses at this clock, though the server said fresh',
      worker('b', { lastHeartbeatAt: '2026-03-01T12:09:14.000Z' }),
      'stale',
    ],
    ['stale by the server', worker('c', { lastHeartbeatAt: '2026-03-01T12:09:59.000Z', stale: true }), 'stale'],
    ['stopped', worker('d', { stoppedAt: '2026-03-01T12:00:00.000Z', stale: true }), 'stopped'],
    ['busy', worker('e', { lastHeartbeatAt: '2026-03-01T12:09:59.000Z', state: 'busy' }), 'busy'],
  ] as const)('%s', (_, record, health) => {
    expect(healthOf(record, now)).toBe(health);
  });

  it('spreads the hour over 60 minutes, zeros where nothing completed', () => {
    const chart = throughputChartData(
      {
        from: '2026-03-01T11:11:00.000Z',
        data: [
          { queue: 'queue_proofs', minute: '2026-03-01T11:11:00.000Z', completed: 4 },
          { queue: 'queue_uploads', minute: '2026-03-01T12:10:00.000Z', completed: 2 },
        ],
      },
      'UTC',
    );
    expect(chart.queues).toEqual(['queue_proofs', 'queue_uploads']);
    expect(chart.data).toHaveLength(60);
    expect(chart.data[0]).toMatchObject({ minute: '11:11', queue_proofs: 4, queue_uploads: 0 });
    expect(chart.data[59]).toMatchObject({ minute: '12:10', queue_proofs: 0, queue_uploads: 2 });
  });
});
