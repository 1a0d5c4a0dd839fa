import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/*
 * Online Orders (issue 12): the school's treasurer finds one of the school's card orders (the
 * demo's), opens it and refunds part of it; the refunded amount shows in the drawer and the list.
 */

interface OnlineOrderRow {
  id: number;
  orderNumber: string;
  totalCents: number;
  refundedCents: number;
}

test('the school refunds part of an online order and sees the refunded amount', async ({ page, request }) => {
  const headers = await authHeaders(request, DEMO_USERS.treasurer);
  const response = await request.get('/api/online_orders?status[]=paid&typePayment[]=2&perPage=1&sort=-createdAt', {
    headers,
  });
  expect(response.status()).toBe(200);
  const [order] = ((await response.json()) as { data: OnlineOrderRow[] }).data;
  if (!order) throw new Error('The demo has no paid card order for the treasurer’s school.');
  expect(order.totalCents).toBeGreaterThan(500);

  await signIn(page, DEMO_USERS.treasurer);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto(`/admin/online-sales/orders?search=${order.orderNumber}`);
  const row = page.getByRole('row').filter({ hasText: order.orderNumber });
  await expect(row).toHaveCount(1);
  await row.click();

  const drawer = page.getByRole('dialog', { name: `Order ${order.orderNumber}` });
  await expect(drawer.getByRole('table', { name: 'Order lines' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Partial refund' }).click();

  const dialog = page.getByRole('dialog', { name: 'Partial refund' });
  await dialog.getByRole('textbox', { name: 'Amount to refund ($)' }).fill('5.00');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('One dedication withdrawn');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Refund $5.00' }).click();

  await expect(page.getByText('$5.00 refunded.')).toBeVisible();
  await expect(drawer.getByTestId('refunded-amount')).toHaveText('Refunded $5.00');
  await expect(drawer.getByText('Partially refunded')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row.getByRole('cell', { name: '$5.00', exact: true })).toBeVisible();

  const after = await request.get(`/api/online_orders/${order.id}`, { headers });
  expect(await after.json()).toMatchObject({ refundedCents: 500, status: 'partially_refunded' });
});
