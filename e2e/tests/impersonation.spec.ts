import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

test('a super administrator acts as a school adviser and ends it', async ({ page }) => {
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/users?search=avery');
  const row = page.getByRole('row', { name: /adviser@colophon\.test/ });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Impersonate' }).click();

  await expect(page.getByText('You are acting as Avery Adviser —')).toBeVisible();
  // The adviser's world: no super-administrator pages in the navigation.
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  await page.getByRole('button', { name: 'End impersonation' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('button', { name: 'End impersonation' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Audit Log' })).toBeVisible();
});
