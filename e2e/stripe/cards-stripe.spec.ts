import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';
import { installFakeStripe } from './fake-stripe-js';

/*
 * Stored cards in Stripe mode (issue 13), in the browser: the server runs with Stripe configured and
 * pointed at a fake Stripe API (support/start-stripe-server.ts), the page loads a fake Stripe.js
 * (fake-stripe-js.ts). The treasurer adds a card through the card element (SetupIntent →
 * confirmCardSetup → POST /api/stripe_cards with the PaymentMethod), sees it listed by brand, last
 * four and expiry, makes it the default and removes it; the queue_payments worker then detaches it
 * at Stripe. The card number goes to "Stripe" only, never to our API.
 */

interface Card {
  id: number;
  brand: string;
  last4: string;
  provider: string;
  cardRef: string;
  customerRef: string;
  isDefault: boolean;
}

const NUMBER = '4242 4242 4242 4242';

test('a treasurer adds a card with Stripe Elements, makes it the default and removes it', async ({
  page,
  request,
  baseURL,
}) => {
  // Five round trips through the UI and a worker's pass on a shared, busy machine.
  // (41 s to 60 s measured with seven other runs on the machine.)
  test.setTimeout(120_000);
  const fakeApi = `http://127.0.0.1:${Number(new URL(baseURL ?? '').port) + 1}`;
  await installFakeStripe(page, fakeApi);
  const sentToUs: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/')) sentToUs.push(sent.postData() ?? '');
  });
  const headers = await authHeaders(request, DEMO_USERS.treasurer);
  const cardsOf = async () =>
    ((await (await request.get('/api/stripe_cards?perPage=100', { headers })).json()) as { data: Card[] }).data;

  await signIn(page, DEMO_USERS.treasurer);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Manage Credit Cards' })
    .click();
  const table = page.getByRole('table', { name: 'Stored cards' });
  await expect(table.getByRole('row').filter({ hasText: 'Mastercard •••• 4444' })).toContainText('Default', {
    timeout: 20_000,
  });

  await page.getByRole('button', { name: 'Add card' }).click();
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form.getByText(/Stripe's secure field/)).toBeVisible({ timeout: 15_000 });
  await expect(form.getByText(/Offline test mode/)).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Card number' }).fill(NUMBER);
  await form.getByRole('textbox', { name: 'Expiry MM / YY' }).fill('11 / 31');
  await form.getByRole('textbox', { name: 'CVC' }).fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Card ending 4242 is saved.')).toBeVisible({ timeout: 15_000 });
  const visa = table.getByRole('row').filter({ hasText: 'Visa •••• 4242' });
  await expect(visa).toHaveCount(1, { timeout: 15_000 });
  await expect(visa).toContainText('11/31');
  await expect(visa).not.toContainText('Default');
  const saved = (await cardsOf()).find((card) => card.brand === 'visa' && card.last4 === '4242');
  expect(saved).toMatchObject({ provider: 'stripe' });
  expect(saved?.cardRef).toMatch(/^pm_fake_/);
  expect(saved?.customerRef).toMatch(/^cus_fake_/);

  await visa.getByRole('button', { name: 'Make Visa •••• 4242 the default' }).click();
  await page.getByRole('dialog', { name: 'Make default' }).getByRole('button', { name: 'Make default' }).click();
  await expect(visa).toContainText('Default', { timeout: 15_000 });
  await expect(table.getByRole('row').filter({ hasText: 'Mastercard •••• 4444' })).not.toContainText('Default');

  await visa.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
  await page.getByRole('dialog', { name: 'Remove card' }).getByRole('button', { name: 'Remove' }).click();
  await expect(visa).toHaveCount(0, { timeout: 15_000 });
  const after = await cardsOf();
  expect(after.some((card) => card.id === saved?.id)).toBe(false);
  expect(after.filter((card) => card.isDefault)).toHaveLength(1);

  // The queue_payments worker detaches it at Stripe, out of the request.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${fakeApi}/v1/payment_methods/${saved?.cardRef}`)).json()) as { customer: unknown })
          .customer,
      { timeout: 20_000 },
    )
    .toBeNull();
  // Only Stripe saw the number.
  expect(sentToUs.join('\n')).not.toContain(NUMBER.replaceAll(' ', ''));
});
