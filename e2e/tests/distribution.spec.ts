import { expect, test } from '@playwright/test';
import { PHONE_WIDTH } from '../support/screens';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

interface Buyer {
  orderNumber: string;
  items: { id: number; label: string; distributedAt: string | null }[];
}

/** The handed-out count as the page shows it ("12 handed out"). */
async function handedOut(page: import('@playwright/test').Page): Promise<number> {
  const text = (await page.getByTestId('handed-out').textContent()) ?? '';
  return Number(text.replace(/\D+/g, ''));
}

test('distribution day on a phone: find a student, hand out a book, a mark made offline syncs when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  const headers = await authHeaders(request, DEMO_USERS.adviser);
  const accounts = await request.get('/api/accounts?search=Lincoln%20High&perPage=5', { headers });
  const lincoln = ((await accounts.json()) as { data: { id: number; name: string }[] }).data.find(
    (account) => account.name === 'Lincoln High School',
  );
  expect(lincoln, 'the adviser sees Lincoln High School').toBeTruthy();
  const store = `accountId=${lincoln!.id}&year=2026`;
  // A buyer with two things still to collect (the demo's this-season orders).
  const waiting = await request.get(`/api/online_sales/distribution/not_collected?${store}`, { headers });
  expect(waiting.ok(), await waiting.text()).toBe(true);
  const buyer = ((await waiting.json()) as { data: Buyer[] }).data.find((row) => row.items.length >= 2);
  expect(buyer, 'the demo has a buyer with two things to collect').toBeTruthy();

  await signIn(page, DEMO_USERS.adviser);
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto(`/admin/online-sales/distribution?${store}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Distribution Day' })).toBeVisible();
  await expect(page.getByTestId('handed-out')).toBeVisible();
  const before = await handedOut(page);

  // Find the student by the order number and hand out the first thing.
  await page.getByLabel('Student, homeroom or order number').fill(buyer!.orderNumber);
  const card = page.locator('.mantine-Card-root').filter({ hasText: buyer!.orderNumber });
  const buttons = card.getByRole('button', { name: /^Handed out:/ });
  await expect(buttons).toHaveCount(buyer!.items.length);
  await buttons.first().click();
  await expect(page.getByRole('status')).toHaveText('Synced');
  await expect.poll(() => handedOut(page)).toBe(before + 1);
  await expect(buttons).toHaveCount(buyer!.items.length - 1);

  // The network goes; the next mark waits on the phone, counted already.
  await context.setOffline(true);
  await buttons.first().click();
  await expect(page.getByRole('status')).toHaveText('Offline — 1 mark waiting');
  await expect.poll(() => handedOut(page)).toBe(before + 2);
  await expect(card.getByText('(waiting to sync)')).toBeVisible();

  // Back online: replayed, and the server agrees.
  await context.setOffline(false);
  await expect(page.getByRole('status')).toHaveText('Synced');
  await expect(card.getByText('(waiting to sync)')).toHaveCount(0);
  const counts = await request.get(`/api/online_sales/distribution/counts?${store}`, { headers });
  expect(((await counts.json()) as { handedOut: number }).handedOut).toBe(before + 2);
  await expect.poll(() => handedOut(page)).toBe(before + 2);
});
