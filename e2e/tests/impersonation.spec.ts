import { expect, test } from '@playwright/test';
import { firstRecordPath } from '../support/screens';
import { DEMO_USERS, signIn } from '../support/session';

test('a super administrator acts as a school adviser and ends it', async ({ page }) => {
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/users?search=avery');
  const row = page.getByRole('row', { name: /adviser@colophon\.test/ });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Impersonate' }).click();
  // Asked first, naming the user and what it means (issue 9).
  const dialog = page.getByRole('dialog', { name: 'Act as Avery Adviser?' });
  await expect(dialog).toContainText('you can look but not change anything');
  await dialog.getByRole('button', { name: 'Impersonate' }).click();

  // The banner names both people (issue 9).
  await expect(page.getByText('Sam Superadmin is acting as Avery Adviser (School Yearbook Adviser)')).toBeVisible();
  // The adviser's world: no super-administrator pages in the navigation.
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  await page.getByRole('button', { name: 'End impersonation' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('button', { name: 'End impersonation' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Audit Log' })).toBeVisible();
});

test('impersonating without privilege, controls that would change something are disabled and say why (issue 9)', async ({
  page,
}) => {
  const reason = 'While impersonating without privilege you can look but not change.';
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/users?search=olivia');
  const row = page.getByRole('row', { name: /owner@colophon\.test/ });
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Impersonate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Act as Olivia Owner?' });
  await expect(confirm).toContainText('Studio Owner');
  // Cancelling changes nobody.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'End impersonation' })).toHaveCount(0);
  await row.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Impersonate' }).click();
  await page.getByRole('dialog', { name: 'Act as Olivia Owner?' }).getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByText('Sam Superadmin is acting as Olivia Owner (Studio Owner)')).toBeVisible();

  await page.goto('/admin/accounts');
  const account = await firstRecordPath(page, '/admin/accounts/');
  await page.goto(`${account}?edit=true`);
  const drawer = page.getByRole('dialog', { name: 'Edit account' });
  const save = drawer.getByRole('button', { name: 'Save account' });
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expect(drawer.getByText(reason)).toBeVisible();
  await save.hover();
  await expect(page.getByRole('tooltip', { name: reason })).toBeVisible();
  // Nothing is sent: a PUT would fail with 'Invalid HTTP method. 403 Not Authorized.'
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(request.url());
  });
  await save.click({ force: true });
  await expect(page.getByText('Invalid HTTP method')).toHaveCount(0);
  expect(puts).toEqual([]);
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveAttribute('aria-disabled', 'true');
});
