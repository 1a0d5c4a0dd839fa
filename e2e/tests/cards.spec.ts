import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/*
 * Stored cards (issue 13): the school's treasurer opens Manage Credit Cards from the navigation,
 * adds the 4242 test card (offline mode), makes it the default and removes another card. Only the
 * brand, the last four digits and the expiry come back from the API.
 */

interface Card {
  id: number;
  brand: string;
  last4: string;
  isDefault: boolean;
}

test('a treasurer adds the 4242 card, makes it the default and removes another', async ({ page, request }) => {
  // Eight round trips through the UI on a shared, busy machine.
  test.setTimeout(90_000);
  const headers = await authHeaders(request, DEMO_USERS.treasurer);
  const cardsOf = async () =>
    ((await (await request.get('/api/stripe_cards?perPage=100', { headers })).json()) as { data: Card[] }).data;
  const before = await cardsOf();
  expect(
    before.some((card) => card.brand === 'discover' && card.last4 === '1117'),
    'the demo school has a Discover card',
  ).toBe(true);

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
  await expect(table.getByRole('row').filter({ hasText: 'American Express •••• 0005' })).toContainText('Expired');

  await page.getByRole('button', { name: 'Add card' }).click();
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form.getByText(/Offline test mode: 4242 4242 4242 4242/)).toBeVisible({ timeout: 15_000 });
  await form.getByRole('textbox', { name: /Card number/ }).fill('4242 4242 4242 4242');
  await form.getByRole('textbox', { name: /Expiry/ }).fill('12/30');
  await form.getByRole('textbox', { name: /Security code/ }).fill('123');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Card ending 4242 is saved.')).toBeVisible({ timeout: 15_000 });
  const visa = table.getByRole('row').filter({ hasText: 'Visa •••• 4242' });
  await expect(visa).toHaveCount(1, { timeout: 15_000 });
  await expect(visa).not.toContainText('Default');

  await visa.getByRole('button', { name: 'Make Visa •••• 4242 the default' }).click();
  await page.getByRole('dialog', { name: 'Make default' }).getByRole('button', { name: 'Make default' }).click();
  await expect(visa).toContainText('Default', { timeout: 15_000 });
  await expect(table.getByRole('row').filter({ hasText: 'Mastercard •••• 4444' })).not.toContainText('Default');

  await table.getByRole('button', { name: 'Remove Discover •••• 1117' }).click();
  await page.getByRole('dialog', { name: 'Remove card' }).getByRole('button', { name: 'Remove' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Discover •••• 1117' })).toHaveCount(0, { timeout: 15_000 });

  const after = await cardsOf();
  expect(after.filter((card) => card.isDefault).map((card) => `${card.brand} ${card.last4}`)).toEqual(['visa 4242']);
  expect(after.some((card) => card.brand === 'discover' && card.last4 === '1117')).toBe(false);
  expect(JSON.stringify(after)).not.toContain('4242424242424242');
});
