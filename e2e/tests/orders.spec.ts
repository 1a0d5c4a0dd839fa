import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

interface ProofRow {
  id: number;
  projectId: number;
  projectName: string;
  accountName: string;
  status: number;
  canOrder: boolean;
}
interface OrderRow {
  id: number;
  externalId: string;
  copies: number;
  displayStatus: string;
  manufacturer: { code: string } | null;
}

/** Orders are placed by an adviser (orders.place) from a proof of the adviser's school. */
const ORDERER = DEMO_USERS.adviser;
const TRACKING = `1Z${Date.now().toString().slice(-10)}E2E`;

/** An approved proof whose project has no order yet (the proofs' "Ready to order" list). */
async function readyToOrder(request: APIRequestContext): Promise<ProofRow> {
  const headers = await authHeaders(request, ORDERER);
  const response = await request.get('/api/proofs/list/ready_to_order', { headers });
  expect(response.ok()).toBe(true);
  const rows = ((await response.json()) as { data: ProofRow[] }).data;
  const proof = rows.find((row) => row.canOrder);
  expect(proof, 'the demo has an approved proof the adviser may order').toBeTruthy();
  return proof!;
}

/**
 * What a plant sends: the body signed with the manufacturer's secret (the demo's conventional one),
 * `sha256=<hex HMAC of "<timestamp>.<body>">`, as apps/api/src/modules/orders/postback-signature.ts.
 */
async function sendPostback(request: APIRequestContext, manufacturerCode: string, body: object) {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const secret = `demo-${manufacturerCode.toLowerCase()}-postback-secret`;
  const signature = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
  return request.post('/api/manufacturer/internal/postbacks', {
    data: raw,
    headers: {
      'content-type': 'application/json',
      'x-colophon-manufacturer': manufacturerCode,
      'x-colophon-timestamp': String(timestamp),
      'x-colophon-signature': `sha256=${signature}`,
    },
  });
}

async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/profile$/);
}

test.describe.configure({ timeout: 120_000 });

test('an adviser orders an approved proof; the plant reports it shipped and the order page shows its tracking', async ({
  page,
  request,
}) => {
  const proof = await readyToOrder(request);
  await signInAs(page, ORDERER);
  await page.goto(`/admin/proofs/${proof.id}`);

  // Order opens the form, the copies taken from the project.
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Order ${proof.projectName}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Order type' })).toHaveValue('Production');
  const copies = drawer.getByRole('textbox', { name: 'Copies' });
  await expect(copies).not.toHaveValue('');
  await copies.fill('40');
  await drawer.getByRole('textbox', { name: 'Extras' }).fill('0');
  await drawer.getByRole('combobox', { name: 'Shipping method' }).click();
  await page.getByRole('option', { name: 'FedEx Ground', exact: true }).click();
  await drawer.getByRole('button', { name: 'Place order' }).click();
  // The toast says so (it closes by itself, so it is looked for at once).
  await expect(page.getByText(/^Order ORD-\d{2}-\d{5} is placed\.$/)).toBeVisible({ timeout: 15_000 });

  // The new order's page: its number, the derived status and the timeline.
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const heading = page.getByRole('heading', { level: 2, name: /^ORD-\d{2}-\d{5}$/ });
  await expect(heading).toBeVisible();
  const orderNumber = (await heading.textContent()) ?? '';
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Submitted', { exact: true })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Order placed');
  await expect(timeline.getByRole('listitem').last()).toContainText('Delivered');
  await expect(timeline.getByRole('listitem').last()).toContainText('Not yet');

  // Order Status lists it, from the navigation.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Order Status', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders(\?.*)?$/);
  const table = page.getByRole('table', { name: 'Orders' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText(proof.projectName);

  // The plant reports the book shipped with a tracking number.
  const headers = await authHeaders(request, ORDERER);
  const answer = await request.get(`/api/orders/${orderId}?include=manufacturer`, { headers });
  const order = (await answer.json()) as OrderRow;
  expect(order.manufacturer, 'the order went to a manufacturer').not.toBeNull();
  const postback = await sendPostback(request, order.manufacturer!.code, {
    postbackId: `e2e-${orderId}-${TRACKING}`,
    orderExternalId: order.externalId,
    occurredAt: new Date().toISOString(),
    status: 2,
    shipments: [{ trackingNumber: TRACKING, carrier: 'UPS', shippingMethod: 'FG', copies: 40 }],
  });
  expect(postback.status(), await postback.text()).toBe(200);
  expect(((await postback.json()) as { outcome: string }).outcome).toBe('applied');

  // Back on the order: it reads Shipped, and the timeline and shipments carry the tracking link.
  await row.getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 2, name: orderNumber })).toBeVisible();
  await expect(summary.getByText('Shipped', { exact: true })).toBeVisible();
  const track = timeline.getByRole('link', { name: new RegExp(`Track ${TRACKING} with UPS`) });
  await expect(track).toBeVisible();
  await expect(track).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${TRACKING}`);
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Shipment' })).toBeVisible();
  const shipments = page.getByRole('table', { name: 'Shipments' });
  await expect(shipments).toContainText('School copies');
  await expect(shipments.getByRole('link', { name: new RegExp(`Track ${TRACKING}`) })).toBeVisible();

  // The order's files: the job ticket sent to the plant, behind its signed link.
  await page.reload();
  const files = page.getByRole('region', { name: 'Files' });
  await files.getByRole('button', { name: 'tickets', exact: true }).click();
  const ticket = files.getByRole('link', { name: /\.xml$/ }).first();
  await expect(ticket).toBeVisible();
  await expect(ticket).toHaveAttribute('href', new RegExp(`^/api/files/signed/orders/${orderId}/tickets/.+signature=`));
});
