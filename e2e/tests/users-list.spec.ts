import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

test('the users list pages, keeps its filter in the URL, and exports CSV', async ({ page }) => {
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/users');
  const table = page.getByRole('table').first();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();

  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^26–50 of \d+$/)).toBeVisible();

  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Treasurer' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/role(\[\]|%5B%5D)=20/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(table.getByRole('row', { name: /treasurer@colophon\.test/ })).toBeVisible();

  // The filter survives a reload: the URL is the state.
  await page.reload();
  await expect(table.getByRole('row', { name: /treasurer@colophon\.test/ })).toBeVisible();
  const rows = await table.getByRole('row').count();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toBe('ID,First name,Last name,Email,Role,Super admin,Active,Time zone,Last sign-in');
  expect(lines.slice(1).every((line) => line.includes(',Treasurer,'))).toBe(true);
  expect(lines.length - 1).toBeGreaterThanOrEqual(rows - 1);
});
