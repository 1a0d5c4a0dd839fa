import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

/** Part 3: the sales-rep view offers only these book types (1, 2, 3, 5, 9, 10). */
const SALES_REP_BOOK_TYPES = [
  'Saddle Stitched',
  'Saddle Stitched B&W',
  'Soft Cover Perfect Bound',
  'Standard Hard Cover',
  'Smyth Hard Cover',
  'Side Sewn Hard Cover',
];

test('a studio owner filters Project Records by book type and changes a project’s page count', async ({ page }) => {
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Project Records' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Projects' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('combobox', { name: 'Book type' }).click();
  await page.getByRole('option', { name: 'Standard Hard Cover', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/typeBook(\[\]|%5B%5D)=5/);
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.first()).toContainText('Standard Hard Cover');

  // The URL is the state: a reload keeps the filter.
  await page.reload();
  await expect(page).toHaveURL(/typeBook(\[\]|%5B%5D)=5/);
  await expect(rows.first()).toContainText('Standard Hard Cover');
  const count = await rows.count();
  for (let index = 0; index < count; index += 1) await expect(rows.nth(index)).toContainText('Standard Hard Cover');

  const link = rows.first().getByRole('link');
  const name = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/admin\/projects\/\d+$/);
  const crumbs = page.getByRole('navigation', { name: 'Project breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Project Records' })).toBeVisible();
  await expect(crumbs.getByText(name, { exact: true })).toBeVisible();

  const pageCount = page.getByRole('textbox', { name: 'Page count' });
  const before = Number((await pageCount.inputValue()).replaceAll(',', ''));
  // A hard cover takes 24 to 480 pages in fours.
  const after = before + 4 <= 480 ? before + 4 : before - 4;
  await pageCount.fill(String(after));
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByText(`${name} is saved.`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Page count' })).toHaveValue(String(after));
});

test('a sales rep’s book-type picker offers only the sales-rep book types', async ({ page }) => {
  await signIn(page, DEMO_USERS.salesRep);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/projects');
  await page.getByRole('button', { name: 'New project' }).click();
  const drawer = page.getByRole('dialog', { name: 'New project' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Book type' }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveText(SALES_REP_BOOK_TYPES);
  await expect(listbox.getByRole('option', { name: 'Perfect Bound B&W' })).toHaveCount(0);
});

test('submission status lists the upcoming deadlines, soonest first, coloured by warning', async ({ page }) => {
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/submission_status');
  await expect(page.getByRole('heading', { level: 1, name: 'Submission Status' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Upcoming submissions' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.first()).toBeVisible();
  // The demo's deadlines run from three weeks ago: the soonest is overdue, shown as such.
  await expect(rows.first().getByLabel(/days? overdue \(Overdue\)$/)).toBeVisible();
  await expect(rows.last().getByLabel(/days? left \(More than 30 days away\)$/)).toBeVisible();

  const first = rows.first().getByRole('link');
  const name = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/admin\/projects\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
});

test('the profile shows the widgets and the notifications of the user’s accounts', async ({ page }) => {
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  for (const title of ['Upcoming Deadlines', 'Proofs Awaiting Review', 'Orders in Production']) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Upcoming Deadlines' }).getByRole('link').first()).toBeVisible();
  const notifications = page.getByRole('table', { name: 'Notifications' });
  await expect(notifications.getByRole('row').nth(1)).toBeVisible();
});
