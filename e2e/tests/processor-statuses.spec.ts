import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

interface Worker {
  workerId: string;
  startedAt: string;
  lastHeartbeatAt: string;
  stoppedAt: string | null;
  currentJobId: number | null;
  stale: boolean;
}

/** Past the stale threshold of the processing pages (3 pulses of 15 s: domain `isProcessorStale`), with slack. */
const OVER_A_MINUTE_MS = 75_000;
/** The demo's dead worker (seed/queues.ts `seedProcessorStatuses`): stale from the start, and for good. */
const DEMO_STALE = 'proofs@demo-worker-2';
/** The demo's worker that stopped cleanly: neither live nor stale. */
const DEMO_STOPPED = 'uploads@demo-worker-1';

test('idle workers keep their heartbeat: a minute without work is not stale (issue 9, item 6); the demo’s dead one is (issue 15)', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const everyWorker = async () => {
    const response = await request.get('/api/processor_statuses', { headers });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { data: Worker[] }).data;
  };
  /** This run's server's workers: running, and not the demo's dead one. */
  const workers = async () =>
    (await everyWorker()).filter((worker) => worker.stoppedAt === null && worker.workerId !== DEMO_STALE);
  const demo = (await everyWorker()).filter((worker) => [DEMO_STALE, DEMO_STOPPED].includes(worker.workerId));
  expect(demo.map(({ workerId, stale }) => ({ workerId, stale }))).toEqual([
    { workerId: DEMO_STALE, stale: true },
    { workerId: DEMO_STOPPED, stale: false },
  ]);
  const live = await workers();
  expect(live.length).toBeGreaterThan(0);
  // Watch the workers until they have run for over a minute, most of it idle (the demo's few jobs are
  // done in seconds): none may turn stale on the way. Only as long as this run's server is younger.
  const newest = Math.max(...live.map((worker) => Date.parse(worker.startedAt)));
  const staleSeen = new Set<string>();
  await expect
    .poll(
      async () => {
        for (const worker of await workers()) if (worker.stale) staleSeen.add(worker.workerId);
        return Date.now() - newest;
      },
      { timeout: 120_000, intervals: [5_000] },
    )
    .toBeGreaterThan(OVER_A_MINUTE_MS);
  expect([...staleSeen]).toEqual([]);

  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/super/processing/processor-statuses');
  const table = page.getByRole('table', { name: 'Processor statuses' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The demo's dead worker alone is red and called stale; the live ones are healthy, the stopped one stopped.
  await expect(page.getByText(/^1 worker has not sent a heartbeat/)).toBeVisible();
  await expect(table.getByText('Stale', { exact: true })).toHaveCount(1);
  const staleRow = table.locator('tr[data-health="stale"]');
  await expect(staleRow).toHaveCount(1);
  await expect(staleRow).toContainText(DEMO_STALE);
  await expect(staleRow.getByText('Stale', { exact: true })).toBeVisible();
  await expect(table.locator('tr[data-health="stopped"]', { hasText: DEMO_STOPPED })).toContainText('Stopped');
  for (const worker of live) {
    await expect(table.locator('tr', { hasText: worker.workerId })).toHaveAttribute('data-health', /^(idle|busy)$/);
  }
  await expect(table.getByText('Idle', { exact: true }).first()).toBeVisible();
});
