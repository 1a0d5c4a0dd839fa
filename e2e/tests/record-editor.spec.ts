import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

test('a super administrator edits a project with a reason and sees it in its history; a delete that would orphan is refused', async ({
  page,
}) => {
  // Sign-in, a list, a record, a save and its history: more than the default half minute on a busy machine.
  test.setTimeout(90_000);
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  await page.goto('/admin/super/records?type=projects&search=Lincoln');

  const table = page.getByRole('table', { name: 'Project records' });
  await table
    .getByRole('button', { name: /Lincoln/ })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: /Project \d+/ });
  await expect(drawer.getByRole('table', { name: 'Project fields' })).toBeVisible();

  const copies = String(300 + Math.floor(Math.random() * 600));
  const reason = `Copies confirmed by the school (${copies})`;
  await drawer.getByRole('button', { name: 'Edit' }).click();
  const form = drawer.getByRole('form', { name: 'Edit project' });
  await form.getByRole('textbox', { name: 'Copies' }).fill(copies);
  await form.getByRole('textbox', { name: /Reason for the change/ }).fill(reason);
  await form.getByRole('button', { name: 'Save project' }).click();

  const fields = drawer.getByRole('table', { name: 'Project fields' });
  await expect(fields.getByRole('row', { name: /Copies/ })).toContainText(copies);
  const history = drawer.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: reason })).toBeVisible();

  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: /Delete project \d+/ });
  await confirm.getByRole('textbox', { name: /Reason for the delete/ }).fill('Duplicate project');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toContainText(/Project \d+ has \d+ (order|proof)/);
});

test('a super administrator creates an account with a reason; it opens with the reason in its history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  await page.goto('/admin/super/records?type=accounts');

  await page.getByRole('button', { name: 'New account' }).click();
  const form = page.getByRole('form', { name: 'New account' });
  await expect(form.getByRole('link', { name: 'Accounts' })).toBeVisible();
  const name = `Riverside Preschool ${Date.now()}`;
  const reason = `Signed at the fair (${name})`;
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('textbox', { name: /^Type( \*)?$/ }).fill('1');
  await form.getByRole('textbox', { name: /Reason for the change/ }).fill(reason);
  await form.getByRole('button', { name: 'Create account' }).click();

  const drawer = page.getByRole('dialog', { name: /Account \d+/ });
  await expect(
    drawer.getByRole('table', { name: 'Account fields' }).getByRole('row', { name: /Name/ }).first(),
  ).toContainText(name);
  await expect(
    drawer.getByRole('table', { name: 'History' }).getByRole('row').filter({ hasText: reason }),
  ).toBeVisible();
});
