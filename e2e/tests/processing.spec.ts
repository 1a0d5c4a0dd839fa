import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

test('a super administrator filters Upload Processing by status, kept in the URL', async ({ page, request }) => {
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Upload Processing' })).toBeVisible();
  await page.goto('/admin/super/processing/uploads');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Processing' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Upload jobs' });
  await expect(table).toBeVisible();

  // The status filter is the chips with the counts per status.
  await page
    .getByRole('group', { name: 'Status' })
    .getByText(/^Error \d+$/)
    .click();
  await expect(page).toHaveURL(/status(\[\]|%5B%5D)=3/);

  // The demo has no enqueue route, so what the table shows is whatever the API holds: check they agree.
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const response = await request.get('/api/queue_uploads?status[]=3', { headers });
  expect(response.ok()).toBe(true);
  const { total } = (await response.json()) as { total: number };
  if (total === 0) {
    await expect(page.getByText('No jobs match these filters')).toBeVisible();
  } else {
    await expect(table.getByRole('row').nth(1)).toContainText('Error');
    await expect(table.getByRole('button', { name: /^Retry upload job \d+$/ }).first()).toBeVisible();
  }

  // The filter survives a reload: the URL is the state.
  await page.reload();
  await expect(page).toHaveURL(/status(\[\]|%5B%5D)=3/);
  await expect(page.getByRole('table', { name: 'Upload jobs' })).toBeVisible();
});

test('a super administrator reads the card detachments queue, its failed job’s error in the row', async ({ page }) => {
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Card Detachments' }).click();
  await expect(page).toHaveURL(/\/admin\/super\/processing\/card-detachments/);
  await expect(page.getByRole('heading', { level: 1, name: 'Card Detachments' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Card detachment jobs' });
  await expect(table.getByText(/did not answer \(HTTP 503\) five times/)).toBeVisible();
});

test('a super administrator sees the processor statuses', async ({ page }) => {
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/super/processing/processor-statuses');
  await expect(page.getByRole('heading', { level: 1, name: 'Processor Statuses' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Processor statuses' })).toBeVisible();
});

test('a studio owner is refused the processing pages', async ({ page }) => {
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/super/processing/proofs');
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByText('You do not have access to Proof Processing')).toBeVisible();
});
