import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

interface Store {
  id: number;
  accountId: number;
  year: number;
  isOpen: boolean;
  slug: string;
  title: string | null;
}

test.describe.configure({ timeout: 120_000 });

test('a sales manager creates a product with a price, and closes and opens the store', async ({ page, request }) => {
  const headers = await authHeaders(request, DEMO_USERS.salesManager);
  const stores = (
    (await (await request.get('/api/stores?year[]=2026&perPage=10', { headers })).json()) as {
      data: Store[];
    }
  ).data;
  const store = stores[0]!;
  expect(store, 'the sales manager’s school has a store this year').toBeTruthy();
  // The demo's store starts open or closed: make it open, so this test closes then reopens it.
  if (!store.isOpen) {
    const opened = await request.put(`/api/stores/${store.id}`, { headers, data: { isOpen: true } });
    expect(opened.ok()).toBe(true);
  }
  const productName = `E2E Yearbook ${Date.now()}`;

  await signIn(page, DEMO_USERS.salesManager);
  await expect(page).toHaveURL(/\/admin\//);
  // From the navigation, for whoever may run the store.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Store Setup' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store Setup' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Stores' });
  const row = table.getByRole('row').filter({ hasText: `/store/${store.slug}` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: `/store/${store.slug}` })).toHaveAttribute('href', `/store/${store.slug}`);

  // The store's products, and a new one.
  await row.getByRole('button', { name: 'Products' }).click();
  await expect(page).toHaveURL(new RegExp(`storeId=${store.id}`));
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
  await page.getByRole('button', { name: 'New product' }).click();
  const drawer = page.getByRole('dialog', { name: 'New product' });
  await drawer.getByLabel('Name').fill(productName);
  // A yearbook offers personalization; an ad would ask for its size instead.
  await expect(drawer.getByLabel('Personalization', { exact: true })).toBeVisible();
  await expect(drawer.getByLabel('Ad size')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Create product' }).click();
  await expect(drawer).toBeHidden();

  // Its price, from today: the list shows it as the current price.
  const products = page.getByRole('table', { name: 'Products' });
  const productRow = products.getByRole('row').filter({ hasText: productName });
  await expect(productRow).toContainText('—');
  await productRow.getByRole('button', { name: productName }).click();
  const productDrawer = page.getByRole('dialog', { name: productName });
  await productDrawer.getByLabel('New price ($)').fill('79.50');
  await productDrawer.getByRole('button', { name: 'Add price' }).click();
  await expect(productDrawer.getByRole('table', { name: 'Prices' })).toContainText('$79.50');
  await page.keyboard.press('Escape');
  await expect(productDrawer).toBeHidden();
  await expect(productRow).toContainText('$79.50');

  // Close the store (asked first), then open it again.
  await row.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('dialog', { name: 'Close the store' }).getByRole('button', { name: 'Close store' }).click();
  await expect(row).toContainText('Closed');
  await row.getByRole('button', { name: 'Open', exact: true }).click();
  await page.getByRole('dialog', { name: 'Open the store' }).getByRole('button', { name: 'Open store' }).click();
  await expect(row).toContainText('Open');
  const after = (await (await request.get(`/api/stores/${store.id}`, { headers })).json()) as Store;
  expect(after.isOpen).toBe(true);
});
