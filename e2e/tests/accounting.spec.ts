import { expect, test } from '@playwright/test';
import { seriousAxeViolations, settle } from '../support/screens';
import { DEMO_USERS, signIn } from '../support/session';

test('a super administrator retries a failed accounting push, sees it synced and opens its PDF', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/super/quickbooks-invoices');
  const table = page.getByRole('table', { name: 'Accounting invoices' });
  await expect(table.getByText('Synced').first()).toBeVisible();
  await settle(page);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The demo has failed pushes (their jobs in Error): one is retried.
  const failed = table.getByRole('row').filter({ hasText: 'Sync failed' }).first();
  await expect(failed).toBeVisible();
  const invoice = ((await failed.getByRole('cell').first().textContent()) ?? '').trim();
  await failed.getByRole('button', { name: /^Retry / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(`${invoice} is waiting to be pushed.`)).toBeVisible();

  // The worker pushes it to the embedded books: the row turns Synced, numbered COL-<year>-<id>.
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: invoice, exact: true }) });
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Synced')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(row).toContainText(/COL-\d{4}-\d{6}/);

  // The PDF opens in a new tab through a signed link, without the session.
  const [popup] = await Promise.all([page.waitForEvent('popup'), row.getByRole('button', { name: 'PDF' }).click()]);
  await expect.poll(() => popup.url()).toContain('/api/quickbooks_invoices/download_invoice_pdf/');
  const pdf = await page.request.get(new URL(popup.url()).pathname + new URL(popup.url()).search);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
