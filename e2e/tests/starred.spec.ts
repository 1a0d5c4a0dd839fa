import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

test('the starred defaults are work pages the person may open, each landing on its own page', async ({ page }) => {
  await signIn(page, DEMO_USERS.adviser);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  const starred = page.getByRole('list', { name: 'Starred' }).getByRole('link');
  await expect(starred.first()).toBeVisible();
  const names = await starred.allTextContents();
  expect(names.length).toBeGreaterThan(0);
  const landedOn = new Set<string>();
  for (const name of names) {
    await page.getByRole('list', { name: 'Starred' }).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    landedOn.add(new URL(page.url()).pathname);
  }
  expect(landedOn.size, `each starred page opens a page of its own: ${[...landedOn].join(', ')}`).toBe(names.length);
  expect(landedOn.has('/admin/profile')).toBe(false);
});
