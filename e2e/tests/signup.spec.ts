import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

test('a sales rep signs a school up and the adviser is welcomed by e-mail', async ({ page, request }) => {
  const email = `ada.adviser.${Date.now()}@sunrise.test`;
  await signIn(page, DEMO_USERS.salesRep);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/ypa');
  await expect(page.getByRole('heading', { level: 1, name: 'School Sign-up' })).toBeVisible();
  // The rep's own branch office is already chosen.
  await expect(page.getByRole('combobox', { name: /Studio or branch office/ })).toHaveValue(/Great Lakes Sales Office/);

  // Nothing filled in: each field says what it needs, and nothing is sent.
  await page.getByRole('button', { name: 'Sign up school' }).click();
  await expect(page.getByText('Choose a type')).toBeVisible();
  await expect(page.getByText('Choose a book type')).toBeVisible();

  await page.getByLabel(/^School name/).fill('Sunrise Elementary');
  await page.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Elementary', exact: true }).click();
  await page.getByLabel(/^First name/).fill('Ada');
  await page.getByLabel(/^Last name/).fill('Adviser');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('combobox', { name: /^Book type/ }).click();
  // A sales rep is offered only part of the book types.
  await expect(page.getByRole('option', { name: 'Perfect Bound B&W' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Soft Cover Perfect Bound' }).click();
  await page.getByLabel(/^Copies/).fill('250');
  await page.getByRole('button', { name: 'Sign up school' }).click();

  await expect(page.getByText('Sunrise Elementary is signed up')).toBeVisible();
  await expect(page.getByText('Welcome e-mail sent')).toBeVisible();
  await expect(page.getByText(`Ada Adviser was e-mailed at ${email}`, { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sunrise Elementary Yearbook 2025-2026' })).toBeVisible();

  // The welcome e-mail is in the outbox (super administrators read it).
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const outbox = await request.get(`/api/outbox_emails?to=${encodeURIComponent(email)}`, { headers });
  expect(outbox.ok()).toBe(true);
  const messages = (await outbox.json()).data as { subject: string; text: string }[];
  expect(messages.map((message) => message.subject)).toContain('Welcome to Colophon');
  expect(messages[0]?.text).toContain('/new-password?token=');

  // The new school has its page, its adviser and its project.
  await page.getByRole('link', { name: 'Sunrise Elementary', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Sunrise Elementary' })).toBeVisible();
  await expect(page.getByText('Great Lakes Sales Office').first()).toBeVisible();

  // Signing the same adviser up again is refused on the e-mail field.
  await page.goto('/admin/ypa');
  await page.getByLabel(/^School name/).fill('Sunset Elementary');
  await page.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Elementary', exact: true }).click();
  await page.getByLabel(/^First name/).fill('Ada');
  await page.getByLabel(/^Last name/).fill('Adviser');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('combobox', { name: /^Book type/ }).click();
  await page.getByRole('option', { name: 'Soft Cover Perfect Bound' }).click();
  await page.getByRole('button', { name: 'Sign up school' }).click();
  await expect(page.getByText('Another user already has this e-mail address.')).toBeVisible();
});
