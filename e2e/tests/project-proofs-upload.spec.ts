import { expect, test } from '@playwright/test';
import { PDFDocument, PDFString } from 'pdf-lib';
import { makeBook } from '../../apps/api/src/proof-pipeline/fixtures/make-book';
import { DEMO_USERS, signIn } from '../support/session';

// A laptop screen: the upload's outcome must show without scrolling (issue 9, item 7).
test.use({ viewport: { width: 1440, height: 900 } });

const PROJECT = /^Lincoln High School Yearbook 2025-2026/;

/** The adviser opens their school's current yearbook from Project Records, on its Proofs tab. */
async function openProjectProofs(page: import('@playwright/test').Page) {
  await signIn(page, DEMO_USERS.adviser);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/projects?search=Lincoln');
  await page.getByRole('link', { name: PROJECT }).first().click();
  await expect(page).toHaveURL(/\/admin\/projects\/\d+/);
  await page.getByRole('tab', { name: 'Proofs' }).click();
  await expect(page).toHaveURL(/tab=proofs/);
}

test('a project lists its proofs and uploads one: pages done of pages and plain statuses, in view (issue 9, item 7)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openProjectProofs(page);
  const projectId = /\/admin\/projects\/(\d+)/.exec(page.url())?.[1];
  const table = page.getByRole('table', { name: 'Project proofs' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Lincoln High School Yearbook 2025-2026');
  // The newest round comes first; its number is the third cell (Project, Year, Round).
  const latestRound = Number(await firstRow.getByRole('cell').nth(2).textContent());

  await page.getByRole('tabpanel', { name: 'Proofs' }).getByRole('link', { name: 'Upload Proof' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/upload\\?projectId=${projectId}$`));
  // The project comes chosen.
  await expect(page.getByLabel('Book specification')).toContainText('Soft Cover Perfect Bound');

  const buffer = Buffer.from(await makeBook({ bookType: 3, sizeCode: 5, pageCount: 24, photoPpi: 150, seed: 9 }));
  await page.getByLabel('Pages file').setInputFiles({ name: 'lincoln-pages.pdf', mimeType: 'application/pdf', buffer });
  await page.getByRole('button', { name: 'Start upload' }).click();

  const card = page.getByRole('region', { name: 'Pages upload' });
  await expect(card.getByText(/^Pages \d+ of 24$/)).toBeVisible({ timeout: 120_000 });
  await expect(card.getByText(/^Pages \d+ of 24$/)).toBeInViewport();
  // The status reads as the domain's label, not an upper-cased code.
  const status = card.getByLabel(/^Status: /);
  await expect(status).toHaveText(/^(Queued|Processing|Processed)$/, { useInnerText: true });
  await expect(card.getByText('Pages 24 of 24')).toBeVisible({ timeout: 180_000 });
  await expect(status).toHaveText('Processed', { useInnerText: true });
  await expect(
    card.getByText(/^(Findings: \d+ errors?, \d+ warnings?|The preflight found nothing to fix\.)$/),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: 'Open proof' })).toBeInViewport();

  // Back on the project, the new round is listed first, awaiting review, with what the preflight found.
  await page.goto(`/admin/projects/${projectId}?tab=proofs`);
  await expect(firstRow.getByRole('cell').nth(2)).toHaveText(String(latestRound + 1));
  await expect(firstRow).toContainText('Needs Review');
  await expect(firstRow).toContainText(/\d+ errors?|\d+ warnings?|Nothing to fix/i);
});

test('a refused file says so in view, in red, not with a green 100 % bar (issue 9, item 7)', async ({ page }) => {
  const locked = await PDFDocument.create();
  locked.addPage();
  locked.context.trailerInfo.Encrypt = locked.context.register(
    locked.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFString.of('owner'), U: PDFString.of('user'), P: -4 }),
  );
  const encrypted = Buffer.from(await locked.save());

  await openProjectProofs(page);
  await page.getByRole('tabpanel', { name: 'Proofs' }).getByRole('link', { name: 'Upload Proof' }).click();
  await expect(page).toHaveURL(/\/admin\/upload\?projectId=\d+$/);
  await expect(page.getByLabel('Book specification')).toContainText('Soft Cover Perfect Bound');
  await page
    .getByLabel('Pages file')
    .setInputFiles({ name: 'locked.pdf', mimeType: 'application/pdf', buffer: encrypted });
  await page.getByRole('button', { name: 'Start upload' }).click();

  const card = page.getByRole('region', { name: 'Pages upload' });
  const alert = card.getByRole('alert');
  await expect(alert).toContainText('This file cannot become a proof');
  await expect(alert).toBeInViewport();
  const bar = card.getByRole('progressbar', { name: 'Pages upload' });
  await expect(bar).toHaveAttribute('style', /red/);
  await expect(bar).not.toHaveAttribute('style', /green/);
});
