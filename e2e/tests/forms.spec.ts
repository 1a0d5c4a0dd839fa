import { expect, test } from '@playwright/test';
import { firstRecordPath } from '../support/screens';
import { DEMO_USERS, signIn } from '../support/session';

/**
 * Issue 9, item 8, on the account drawer (the one form pattern, so every form behaves so): the
 * error is next to its field with focus on it, Save and Cancel stay in view at the bottom, and
 * unsaved edits are not thrown away by Escape, Cancel or leaving without a question.
 */
test('the account drawer keeps errors by their fields, its actions in view, and asks before discarding', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  await page.goto('/admin/accounts');
  const account = await firstRecordPath(page, '/admin/accounts/');
  await page.goto(account);
  await page.getByRole('button', { name: 'Edit account' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit account' });
  const name = drawer.getByRole('textbox', { name: /^Name/ }).first();
  await expect(name).not.toHaveValue('');
  const save = drawer.getByRole('button', { name: 'Save account' });

  // Save sits at the bottom of the drawer and is in view wherever the drawer is scrolled.
  await expect(save).toBeInViewport();
  await drawer.getByRole('button', { name: 'Add contact' }).scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();

  // A required field left empty: the error is by the field, which gets the focus.
  await name.fill('');
  await save.click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeInViewport();
  await expect(drawer.getByRole('alert')).toHaveCount(0);

  // Escape with unsaved edits asks first; keeping them keeps the drawer and the edit.
  await name.fill('A new name nobody saved');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(name).toHaveValue('A new name nobody saved');

  // Cancel asks too.
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(drawer).toBeVisible();

  // Leaving (here the browser's Back, to the page without the drawer) asks as well.
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/[?&]edit=true/);
  await expect(name).toHaveValue('A new name nobody saved');

  // Discarding closes the drawer, the name unchanged.
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText('A new name nobody saved')).toHaveCount(0);
});
