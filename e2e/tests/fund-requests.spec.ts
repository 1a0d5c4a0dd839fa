import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/*
 * Fund requests (issue 13): the school's treasurer sees what its store collected this season and
 * requests part of its presale funds; a super administrator completes the request with a check
 * number, and the request shows as complete, paid out of what was available.
 */

interface Overview {
  availableCents: number;
  paidOutCents: number;
  waitingCents: number;
}

test('a school requests its presale funds and a super administrator completes the request', async ({
  page,
  browser,
  request,
}) => {
  // Two people sign in and the machine is shared: a minute and a half, as the other two-person specs.
  test.setTimeout(90_000);
  const headers = await authHeaders(request, DEMO_USERS.treasurer);
  const accounts = await request.get('/api/accounts?perPage=2', { headers });
  const [school] = ((await accounts.json()) as { data: { id: number; name: string }[] }).data;
  if (!school) throw new Error('The treasurer sees no school.');
  const overviewOf = async () =>
    (await (
      await request.post('/api/fund_requests/overview', { headers, data: { accountId: school.id, year: 2026 } })
    ).json()) as Overview;
  const before = await overviewOf();
  expect(before.availableCents, 'the demo school has presale funds to request').toBeGreaterThan(123);

  await signIn(page, DEMO_USERS.treasurer);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Bulk Presale Fund Request' })
    .click();
  const form = page.getByRole('form', { name: 'Request funds' });
  const amount = form.getByRole('textbox', { name: /Amount to request/ });
  // The three overviews and the list load together on one embedded database: give them time.
  await expect(amount).toHaveValue((before.availableCents / 100).toFixed(2), { timeout: 20_000 });
  await amount.fill('1.23');
  await form.getByRole('button', { name: 'Request $1.23' }).click();
  await expect(page.getByText('$1.23 requested.')).toBeVisible({ timeout: 15_000 });
  const table = page.getByRole('table', { name: 'Bulk Presale Fund Requests' });
  const mine = table.getByRole('row').filter({ hasText: '$1.23' }).filter({ hasText: 'Waiting' });
  await expect(mine).toHaveCount(1, { timeout: 15_000 });

  const waiting = await overviewOf();
  expect(waiting.availableCents).toBe(before.availableCents - 123);
  expect(waiting.waitingCents).toBe(before.waitingCents + 123);
  const listed = await request.post('/api/fund_requests/requested', {
    headers,
    data: { accountId: [school.id], status: [0], sort: '-createdAt', perPage: 1 },
  });
  const [made] = ((await listed.json()) as { data: { id: number; amountCents: number }[] }).data;
  expect(made?.amountCents).toBe(123);
  if (!made) throw new Error('The request was not listed.');

  // The super administrator, in a browser of their own.
  const superContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const superPage = await superContext.newPage();
  await signIn(superPage, DEMO_USERS.superAdmin);
  await expect(superPage).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  await superPage.goto(`/admin/request-bulk-presale-funds?accountId[]=${school.id}&status[]=0`);
  await superPage.getByRole('button', { name: `Complete request ${made.id}` }).click({ timeout: 20_000 });
  const drawer = superPage.getByRole('dialog', { name: 'Complete the request' });
  await drawer.getByRole('combobox', { name: /Paid by/ }).click();
  await drawer.getByRole('option', { name: 'Check' }).click();
  await drawer.getByRole('textbox', { name: /Reference/ }).fill('Check 20417');
  await drawer.getByRole('button', { name: 'Complete' }).click();
  await expect(superPage.getByText('is recorded as paid.')).toBeVisible({ timeout: 15_000 });

  await superPage.goto(`/admin/request-bulk-presale-funds?accountId[]=${school.id}&search=Check%2020417`);
  const done = superPage
    .getByRole('table', { name: 'Bulk Presale Fund Requests' })
    .getByRole('row')
    .filter({ hasText: 'Check 20417' });
  await expect(done).toContainText('Complete', { timeout: 15_000 });
  await expect(done).toContainText('$1.23');

  await superContext.close();

  const after = await overviewOf();
  expect(after.paidOutCents).toBe(before.paidOutCents + 123);
  expect(after.availableCents).toBe(before.availableCents - 123);
  const notified = await request.get(`/api/notifications?accountId[]=${school.id}&typeNotification[]=48&perPage=5`, {
    headers,
  });
  expect(JSON.stringify(await notified.json())).toContain('Check 20417');
});
