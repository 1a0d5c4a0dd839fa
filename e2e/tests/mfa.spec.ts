import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

test('a user with e-mail MFA signs in with the code from the e-mail', async ({ page, request }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, DEMO_USERS.mfa);
  await expect(page).toHaveURL(/\/mfa/);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a 6-digit code to mfa@colophon.test/)).toBeVisible();

  // The embedded e-mail default keeps the message in the outbox, which a super admin reads.
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const outbox = await request.get(`/api/outbox_emails?to=${DEMO_USERS.mfa}`, { headers });
  const code = /code is (\d{6})/.exec((await outbox.json()).data[0].text)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await page.getByLabel(/^Code/).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();

  await page.getByLabel(/^Code/).fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});
