import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

test('the studio overview keeps its filters in the URL and opens a school', async ({ page }) => {
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const overview = page.getByRole('table', { name: 'Studio overview' });
  await expect(overview.getByRole('row').nth(1)).toBeVisible();

  const filters = page.getByRole('group', { name: 'Overview filters' });
  await filters.getByText('Not shipped', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]notShipped=true/);
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2026', exact: true }).click();
  await expect(page).toHaveURL(/[?&]year=2026/);
  await expect(page).toHaveURL(/[?&]notShipped=true/);
  // Every row left has an order that has not shipped: none says Shipped or Delivered.
  await expect(overview.getByRole('row').nth(1)).toBeVisible();
  await expect(overview.getByText(/^(Shipped|Delivered|Both Copies Delivered)$/)).toHaveCount(0);

  // The URL is the state: a reload keeps the filters.
  await page.reload();
  await expect(filters.getByRole('checkbox', { name: 'Not shipped' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue('2026');

  const school = overview.getByRole('row').nth(1).getByRole('link').first();
  const name = (await school.textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await school.click();
  await expect(page).toHaveURL(/\/admin\/accounts\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Account breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Accounts' })).toBeVisible();
  await expect(breadcrumb.getByText(name)).toBeVisible();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/[?&]tab=orders/);
  await expect(page.getByRole('table', { name: 'Latest orders' })).toBeVisible();
});

test('internal review is turned on for two accounts at once', async ({ page, request }) => {
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/accounts');
  await page.getByText('All accounts', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=all/);
  const table = page.getByRole('table', { name: 'Accounts' });
  await page.getByLabel('Search').fill('High School');
  await expect(page).toHaveURL(/[?&]search=High/);
  // The list has caught up with the search: its first two rows are high schools.
  await expect(table.getByRole('row').nth(1)).toContainText('High School');
  await expect(table.getByRole('row').nth(2)).toContainText('High School');

  const links = [
    table.getByRole('row').nth(1).getByRole('link').first(),
    table.getByRole('row').nth(2).getByRole('link').first(),
  ];
  const chosen: { name: string; id: number }[] = [];
  for (const link of links) {
    const href = (await link.getAttribute('href')) ?? '';
    chosen.push({ name: ((await link.textContent()) ?? '').trim(), id: Number(href.split('/').pop()) });
  }
  const headers = await authHeaders(request, DEMO_USERS.owner);
  for (const { id } of chosen) {
    const before = await request.get(`/api/accounts/settings/internal_review/${id}`, { headers });
    expect((await before.json()).internalReview).toBe(false);
  }

  await page.getByRole('checkbox', { name: 'Select row 1' }).check();
  await page.getByRole('checkbox', { name: 'Select row 2' }).check();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk.getByText('2 selected')).toBeVisible();
  await bulk.getByRole('button', { name: 'Internal review', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Turn on', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`${chosen[0]?.name}, ${chosen[1]?.name}`, { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Turn on for 2' }).click();
  await expect(page.getByText('Internal review is on for 2 accounts.')).toBeVisible();
  await expect(bulk).toBeHidden();

  for (const { id } of chosen) {
    const after = await request.get(`/api/accounts/settings/internal_review/${id}`, { headers });
    const settings = await after.json();
    expect(settings.internalReview).toBe(true);
    expect(settings.effectiveInternalReview).toBe(true);
  }

  // The account's page shows it too.
  await table.getByRole('link', { name: chosen[0]?.name }).click();
  const review = page.getByRole('region', { name: 'Internal review' });
  await expect(review.getByText('On', { exact: true })).toBeVisible();
  await expect(review.getByText(/set on this account/)).toBeVisible();
});
