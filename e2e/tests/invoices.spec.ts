import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/*
 * Invoices (issue 13): a super administrator invoices a project's order (its lines are the project's
 * quote), issues it, charges the school's stored card from Charge CC and sees it paid and in the books.
 */

interface Order {
  id: number;
  accountId: number;
  projectId: number;
  copies: number;
}
interface Quote {
  totalCents: number;
  lines: { label: string }[];
  problems: unknown[];
}

test.describe.configure({ timeout: 150_000 });

test('a super administrator invoices an order, charges the stored card and sees it paid and synced', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  // An order without an invoice whose project the price lists can price.
  const orders = ((await (await request.get('/api/orders?perPage=100', { headers })).json()) as { data: Order[] }).data;
  let chosen: { order: Order; quote: Quote } | undefined;
  for (const order of orders) {
    if (order.copies < 1) continue;
    const status = (await (await request.get(`/api/orders/invoice/status/${order.id}`, { headers })).json()) as {
      status: string;
    };
    if (status.status !== 'none') continue;
    const quote = (await (
      await request.get(`/api/projects/${order.projectId}/quote?copies=${order.copies}`, { headers })
    ).json()) as Quote;
    if (quote.problems.length === 0 && quote.totalCents > 0) {
      chosen = { order, quote };
      break;
    }
  }
  expect(chosen, 'the demo has an order that can be priced').toBeTruthy();
  const { order, quote } = chosen!;
  // The school's card on file (offline test mode: 4242 pays).
  const card = await request.post('/api/stripe_cards', {
    headers,
    data: {
      accountId: order.accountId,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      makeDefault: true,
    },
  });
  expect(card.status(), await card.text()).toBe(201);

  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Charge CC' }).click();
  await page.getByRole('button', { name: 'Invoice an order' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: 'Invoice an order' });
  await dialog.getByRole('textbox', { name: 'Order number' }).fill(String(order.id));
  await dialog.getByRole('button', { name: 'Make the invoice' }).click();

  const drawer = page.getByRole('dialog', { name: /Invoice draft/ });
  const lines = drawer.getByRole('table', { name: 'Invoice lines' });
  await expect(lines).toContainText(quote.lines[0]?.label ?? '', { timeout: 20_000 });
  const total = `$${(quote.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(drawer.getByTestId('invoice-balance')).toHaveText(total);

  await drawer.getByRole('button', { name: 'Issue invoice' }).click();
  await page.getByRole('dialog', { name: 'Issue invoice' }).getByRole('button', { name: 'Issue' }).click();
  const issued = page.getByRole('dialog', { name: /Invoice INV-\d{6}/ });
  const charge = issued.getByRole('form', { name: 'Charge card' });
  await expect(charge.getByLabel('Card', { exact: true })).toHaveValue(/Visa •••• 4242 .* default/, {
    timeout: 20_000,
  });
  await charge.getByRole('button', { name: 'Charge card' }).click();

  await expect(page.getByText(`${total} charged to visa •••• 4242.`)).toBeVisible({ timeout: 20_000 });
  await expect(issued.locator('.mantine-Badge-root', { hasText: /^Paid$/ })).toBeVisible({ timeout: 15_000 });
  await expect(issued.getByTestId('invoice-balance')).toHaveText('$0.00');
  // The accounting worker pushes the paid invoice to the books.
  await expect(issued.getByLabel('Accounting sync')).toContainText('Synced', { timeout: 45_000 });
});
