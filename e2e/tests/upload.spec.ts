import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { PDFDocument, PDFString } from 'pdf-lib';
import { makeBook } from '../../apps/api/src/proof-pipeline/fixtures/make-book';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/** Opens Upload Proof from the navigation and chooses the adviser's school's current yearbook. */
async function openUploadFor(page: Page) {
  await signIn(page, DEMO_USERS.adviser);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Upload Proof' }).click();
  await expect(page).toHaveURL(/\/admin\/upload/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Proof' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Project' });
  await picker.click();
  await picker.fill('Lincoln');
  await page.getByRole('option', { name: /^Lincoln High School Yearbook 2025-2026/ }).click();
  await expect(page).toHaveURL(/projectId=\d+/);
  await expect(page.getByLabel('Book specification')).toContainText('Soft Cover Perfect Bound');
}

/** How many upload jobs the queue holds (as the super administrator's processing page reads it). */
async function queuedUploads(page: Page): Promise<number> {
  const headers = await authHeaders(page.request, DEMO_USERS.superAdmin);
  const response = await page.request.get('/api/queue_uploads?perPage=1', { headers });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

test('an adviser uploads a real yearbook PDF, watches it reach 100 % and become a processed proof', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A real book (photos, text, bleed) made for the test, padded past one 16 MiB part so it goes in two.
  const book = await PDFDocument.load(
    await makeBook({ bookType: 3, sizeCode: 5, pageCount: 24, photoPpi: 150, seed: 7 }),
  );
  book.context.register(book.context.stream(randomBytes(18 * 1024 * 1024)));
  const buffer = Buffer.from(await book.save());

  await openUploadFor(page);
  await expect(page.getByRole('group', { name: 'Cover' })).toBeVisible();
  await page.getByLabel('Pages file').setInputFiles({ name: 'lincoln-pages.pdf', mimeType: 'application/pdf', buffer });
  await expect(page.getByRole('group', { name: 'Pages' })).toContainText('lincoln-pages.pdf');
  await page.getByRole('button', { name: 'Start upload' }).click();

  const card = page.getByRole('region', { name: 'Pages upload' });
  const bar = card.getByRole('progressbar', { name: 'Pages upload' });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(card).toContainText('100%');
  await expect(card).toContainText('Part 2 of 2');
  await expect(card.getByText('Processed', { exact: true })).toBeVisible({ timeout: 180_000 });
  await card.getByRole('link', { name: 'Open proof' }).click();
  await expect(page).toHaveURL(/\/admin\/proofs\/\d+$/);
});

test('an encrypted PDF and a file that is not a PDF are refused with a clear message, and nothing is queued', async ({
  page,
}) => {
  const locked = await PDFDocument.create();
  locked.addPage();
  locked.context.trailerInfo.Encrypt = locked.context.register(
    locked.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFString.of('owner'), U: PDFString.of('user'), P: -4 }),
  );
  const encrypted = Buffer.from(await locked.save());

  await openUploadFor(page);
  const before = await queuedUploads(page);

  // Not a PDF: refused in the browser, before anything is sent.
  await page
    .getByLabel('Pages file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Only PDF files can be uploaded (application/pdf).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start upload' })).toBeDisabled();

  // A PDF with a password: sent, then refused by the server's check.
  await page
    .getByLabel('Pages file')
    .setInputFiles({ name: 'locked.pdf', mimeType: 'application/pdf', buffer: encrypted });
  await page.getByRole('button', { name: 'Start upload' }).click();
  const card = page.getByRole('region', { name: 'Pages upload' });
  await expect(card.getByRole('alert')).toContainText(
    'The PDF is password-protected; export it again without a password.',
  );
  expect(await queuedUploads(page)).toBe(before);

  // A PNG named .pdf, put straight to the store: the server names what it is.
  const headers = await authHeaders(page.request, DEMO_USERS.adviser);
  const projectId = Number(new URL(page.url()).searchParams.get('projectId'));
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const grant = await page.request.get(
    `/api/files/presigned_upload_put?projectId=${projectId}&fileName=photo.pdf&contentType=application/pdf&size=${png.length}`,
    { headers },
  );
  const { url, fileKey } = (await grant.json()) as { url: string; fileKey: string };
  expect((await page.request.put(url, { headers: { 'content-type': 'application/pdf' }, data: png })).ok()).toBe(true);
  const refused = await page.request.post('/api/uploads', { headers, data: { projectId, fileKey, kind: 'pages' } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { errors: { path: string; message: string }[] }).errors[0]).toEqual({
    path: 'fileKey',
    message: 'This is a PNG image, not a PDF.',
  });
  expect(await queuedUploads(page)).toBe(before);
});
