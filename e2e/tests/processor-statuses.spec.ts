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

/** The stale threshold of the processing pages (PROCESSOR_STALE_AFTER_MS), and some slack. */
const OVER_A_MINUTE_MS = 75_000;

test('idle workers keep their heartbeat: a minute without work is not stale (issue 9, item 6)', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const workers = async () => {
    const response = await request.get('/api/processor_statuses', { headers });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { data: Worker[] }).data.filter((worker) => worker.stoppedAt === null);
  };
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
  await expect(page.getByText(/not sent a heartbeat/)).toHaveCount(0);
  await expect(table.getByText('Stale', { exact: true })).toHaveCount(0);
  await expect(table.getByText('Idle', { exact: true }).first()).toBeVisible();
});
