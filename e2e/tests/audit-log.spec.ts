import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

test('the audit log names who signed in and says what they did in words', async ({ browser, page }) => {
  // The studio owner signs in in a browser of their own.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO_USERS.owner);
  // The first sign-ins after start share the machine with the demo's proof processing.
  await expect(owner).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  await ownerContext.close();

  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  await page.goto('/admin/super/audit-log');
  const table = page.getByRole('table', { name: 'Audit log' });
  const ownerSignIn = table.getByRole('row').filter({ hasText: DEMO_USERS.owner }).filter({ hasText: 'Signed in' });
  await expect(ownerSignIn.first()).toBeVisible();
  await expect(ownerSignIn.first()).toContainText('Olivia Owner');
  // No sign-in is put down to the system, and no action shows as a route.
  await expect(table.getByRole('row').filter({ hasText: 'auth/login' }).filter({ hasText: 'System' })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'POST', exact: true })).toHaveCount(0);
});
