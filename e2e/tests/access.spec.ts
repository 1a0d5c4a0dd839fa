import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

test('a school user is refused a super-administrator page', async ({ page }) => {
  await signIn(page, DEMO_USERS.adviser);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/super/manufacturers');
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByText('You do not have access to Manufacturers')).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Manufacturers' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Users' })).toBeVisible();
});

test('a super administrator manages manufacturers through the generic resource screens', async ({ page }) => {
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/super/manufacturers');
  await expect(page.getByRole('heading', { level: 1, name: 'Manufacturers' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Beltsville Offset Line 1/ })).toBeVisible();
});
