import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/**
 * Issue 15, live: the processing pages follow the queues without reloading (GET /api/events). Jobs
 * are made and moved through the API, beside the open page, or by the server's own workers; the queue
 * pages do not poll, so what appears here came down the event stream. (The retry from the page itself
 * is processing-queues.spec.ts.)
 */
test('a proof job made elsewhere appears live, and its next status follows without reloading', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await page.goto('/admin/super/processing/proofs');
  await expect(page.getByRole('heading', { level: 1, name: 'Proof Processing' })).toBeVisible({ timeout: 15_000 });
  const table = page.getByRole('table', { name: 'Proof jobs' });
  await expect(table).toBeVisible({ timeout: 15_000 });
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  // The stream is open before the change (the tab's one stream).
  await streamOpened;

  // A job for a proof that does not exist, enqueued through the API beside the open page.
  const missing = 900_000_000 + Math.floor(Math.random() * 1_000_000);
  const created = await request.post('/api/queue_proofs', {
    headers,
    data: { payload: { proofId: missing }, reason: 'e2e: a job that cannot succeed' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Show proof job ${id}` }) });
  await expect(row).toBeVisible({ timeout: 10_000 });

  // Its next status, made elsewhere too: cancelled through the API while it waits (the demo's own
  // proofs keep the proof worker busy for minutes after a start) — or, if the worker took it first,
  // failed by the worker with its readable error. Either way the open page shows it by itself.
  const cancelled = await request.post(`/api/queue_proofs/${id}/cancel`, { headers });
  if (cancelled.ok()) {
    await expect(row).toContainText('Addressed', { timeout: 10_000 });
  } else {
    expect(cancelled.status()).toBe(409);
    await expect(row).toContainText(`Proof ${missing} does not exist.`, { timeout: 90_000 });
  }
});

test('a notification job made elsewhere shows Complete without reloading', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await page.goto('/admin/super/processing/notifications');
  const table = page.getByRole('table', { name: 'Notification jobs' });
  await expect(table).toBeVisible({ timeout: 15_000 });
  await streamOpened;
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const notifications = await request.get('/api/notifications?perPage=1', { headers });
  expect(notifications.ok()).toBe(true);
  const [notification] = ((await notifications.json()) as { data: { id: number }[] }).data;
  expect(notification).toBeTruthy();

  const created = await request.post('/api/queue_notifications', {
    headers,
    data: { payload: { notificationId: notification?.id }, reason: 'e2e: send again' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Show notification job ${id}` }) });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toContainText('Complete', { timeout: 60_000 });
  const answer = await request.get(`/api/queue_notifications/${id}`, { headers });
  expect(((await answer.json()) as { status: number }).status).toBe(2);
});
