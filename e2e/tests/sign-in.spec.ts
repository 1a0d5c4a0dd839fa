import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

test('a signed-out visit goes to login and comes back to the page after sign-in', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Users');
});

test('/ and an unknown path lead to login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  await signIn(page, DEMO_USERS.owner, 'not-the-password');
  await expect(page.getByText('The e-mail or password is not right.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('/admin and an unknown admin path open the profile', async ({ page }) => {
  await signIn(page, DEMO_USERS.adviser);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/nothing-here');
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

test('a user who must change the password does so before anything else', async ({ page }) => {
  await signIn(page, DEMO_USERS.newAdviser);
  await expect(page).toHaveURL(/\/new-password/);
  await page.getByLabel(/^Current password/).fill('colophon-demo');
  await page.getByLabel(/^New password/).fill('a-fresh-password-42');
  await page.getByLabel(/^Confirm new password/).fill('a-fresh-password-42');
  await page.getByRole('button', { name: /Save|Set|Change/ }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
});
