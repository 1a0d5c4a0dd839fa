import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/**
 * Issue 15: the proofs queue as a super administrator works it — the counts per status as chips, a
 * failed proof job with its readable error, its drawer (payload, history, links), and Retry back to
 * Waiting, written in its history.
 */
test('a super administrator finds a failed proof job and retries it', async ({ page, request }) => {
  // The server renders the demo proofs at first start: the page's calls share a busy machine.
  test.setTimeout(180_000);
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 30_000 });
  await page.goto('/admin/super/processing/proofs');
  await expect(page.getByRole('heading', { level: 1, name: 'Proof Processing' })).toBeVisible({ timeout: 30_000 });

  // The demo holds failed proof jobs: the Error chip counts them and filters the list to them.
  const chips = page.getByRole('group', { name: 'Status' });
  await expect(chips.getByText(/^Error [1-9]\d*$/)).toBeVisible();
  await chips.getByText(/^Error \d+$/).click();
  await expect(page).toHaveURL(/status(\[\]|%5B%5D)=3/);
  const table = page.getByRole('table', { name: 'Proof jobs' });
  const failed = table.getByRole('row').filter({ hasText: 'is not a PDF' });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('Error');

  // Its drawer: the payload, the history of its attempts, and the proof it is about.
  const show = failed.getByRole('button', { name: /^Show proof job \d+$/ });
  const id = Number(/(\d+)$/.exec((await show.getAttribute('aria-label')) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  await show.click();
  const drawer = page.getByRole('dialog', { name: `Proof job ${id}` });
  await expect(drawer.getByLabel('Payload')).toContainText('proofId');
  const history = drawer.getByRole('table', { name: 'History' });
  await expect(history).toContainText('Processing → Error');
  await expect(drawer.getByRole('link', { name: /^Proof \d+/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Retry, confirmed first.
  await table.getByRole('button', { name: `Retry proof job ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Retry proof job ${id}` });
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(`Proof job ${id} is waiting to run again.`)).toBeVisible();

  // The job left Error (Waiting, or already taken by a worker), and its history says who retried it.
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const answer = await request.get(`/api/queue_proofs/${id}?include=history`, { headers });
  expect(answer.ok()).toBe(true);
  const job = (await answer.json()) as { status: number; history: { transition: string; userName: string | null }[] };
  const retried = job.history.find((line) => line.transition === 'retry');
  expect(retried?.userName).toBeTruthy();
  await expect(table.getByRole('row').filter({ hasText: 'is not a PDF' })).toHaveCount(0);
});

test('a retry of a job that may not move is refused with its statuses named', async ({ request }) => {
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const list = await request.get('/api/queue_proofs?status[]=2&perPage=1', { headers });
  const [complete] = ((await list.json()) as { data: { id: number }[] }).data;
  expect(complete).toBeTruthy();
  const refused = await request.post(`/api/queue_proofs/${complete?.id}/retry`, { headers });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { detail: string }).detail).toContain('cannot go from Complete to Waiting');
});
