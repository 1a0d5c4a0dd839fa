import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

interface ProofRow {
  id: number;
  projectName: string;
  accountName: string;
  status: number;
  processingStatus: number;
  summary: unknown;
}
interface Finding {
  id: number;
  page: number | null;
  code: string;
  severity: string;
  message: string;
  box: unknown;
}

/**
 * The demo's four generated books (clean, low-resolution image, wrong page count, RGB) are processed
 * by the workers after the server starts: wait until the API shows them processed. Imported demo
 * proofs have no summary; processed ones do.
 */
async function processedDemoProofs(request: APIRequestContext, as: string): Promise<ProofRow[]> {
  const headers = await authHeaders(request, as);
  let found: ProofRow[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/proofs?perPage=100&sort=-createdAt', { headers });
        const rows = ((await response.json()) as { data: ProofRow[] }).data;
        found = rows.filter((row) => row.summary !== null);
        return found.filter((row) => row.processingStatus === 2 || row.processingStatus === 3).length;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(4);
  return found.filter((row) => row.processingStatus === 2);
}

async function findingsOf(request: APIRequestContext, as: string, proofId: number): Promise<Finding[]> {
  const response = await request.get(`/api/proofs/${proofId}/findings`, { headers: await authHeaders(request, as) });
  return ((await response.json()) as { data: Finding[] }).data;
}

async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin\/profile$/);
}

test.describe.configure({ timeout: 240_000 });

test('a studio owner opens Proofs from the navigation and filters it; the URL keeps the filter', async ({ page }) => {
  await signInAs(page, DEMO_USERS.owner);
  // From its group (Proofs is also among the starred defaults above it).
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('list', { name: 'School' })
    .getByRole('link', { name: 'Proofs' })
    .click();
  await expect(page).toHaveURL(/\/admin\/proofs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Proofs' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Proofs' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Rejected', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status(\[\]|%5B%5D)=2/);
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.first()).toContainText('Rejected');

  await page.reload();
  await expect(page).toHaveURL(/status(\[\]|%5B%5D)=2/);
  await expect(rows.first()).toContainText('Rejected');
  const count = await rows.count();
  for (let index = 0; index < count; index += 1) await expect(rows.nth(index)).toContainText('Rejected');
});

test('a finding is drawn on its page, and a comment pinned to a page stays after a reload', async ({
  page,
  request,
}) => {
  const processed = await processedDemoProofs(request, DEMO_USERS.owner);
  let lowResolution: { proof: ProofRow; finding: Finding } | null = null;
  for (const proof of processed) {
    const finding = (await findingsOf(request, DEMO_USERS.owner, proof.id)).find(
      (candidate) => candidate.code === 'low-resolution' && candidate.page !== null && candidate.box !== null,
    );
    if (finding) {
      lowResolution = { proof, finding };
      break;
    }
  }
  expect(lowResolution, 'the demo has a processed proof with a low-resolution image').not.toBeNull();
  const { proof, finding } = lowResolution!;

  await signInAs(page, DEMO_USERS.owner);
  await page.goto('/admin/proofs');
  // The search box writes the URL itself a moment after typing stops.
  await page.getByRole('textbox', { name: 'Search' }).fill(proof.projectName);
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('table', { name: 'Proofs' }).locator(`a[href="/admin/proofs/${proof.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/proofs/${proof.id}$`));
  await expect(page.getByRole('navigation', { name: 'Proof breadcrumb' })).toContainText(proof.projectName);

  // The finding in the list opens its page, where its outline is drawn.
  const severity = finding.severity === 'error' ? 'Error' : 'Warning';
  await page.getByRole('button', { name: `${severity} on page ${finding.page}: ${finding.message}` }).click();
  // The URL names the page, except the first (the default, left out).
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('page') === (finding.page === 1 ? null : String(finding.page)),
  );
  const book = page.getByRole('region', { name: 'Proof pages' });
  await expect(book.getByRole('button', { name: `${severity}: ${finding.message}` })).toBeVisible();

  // Pin a comment: pin mode, a click on the page, then the comment.
  await page.getByRole('tab', { name: /Comments/ }).click();
  await page.getByRole('button', { name: 'Pin to page' }).click();
  const target = book.getByRole('figure', { name: `Page ${finding.page}` });
  await target.click({ position: { x: 40, y: 40 } });
  await expect(page.getByText(`Pinned to page ${finding.page}`)).toBeVisible();
  const text = `Please replace this photo (${Date.now()})`;
  await page.getByRole('textbox', { name: 'Comment' }).fill(text);
  await page.getByRole('button', { name: 'Save pinned comment' }).click();
  const entry = page.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: text });
  await expect(entry).toBeVisible();
  const name = await entry.getAttribute('aria-label');
  expect(name).toMatch(/^Comment \d+$/);
  await expect(book.getByRole('button', { name: name!, exact: true })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Proof pages' }).getByRole('button', { name: name!, exact: true }),
  ).toBeVisible();
});

test('a studio owner approves a proof, and the Order button turns on', async ({ page, request }) => {
  const processed = await processedDemoProofs(request, DEMO_USERS.owner);
  const waiting = processed.filter((proof) => proof.status === 1);
  expect(waiting.length, 'a processed demo proof still needs review').toBeGreaterThan(0);
  // The low-resolution book is the other test's, and one with errors asks for more (the next test).
  const clean: ProofRow[] = [];
  for (const proof of waiting) {
    const findings = await findingsOf(request, DEMO_USERS.owner, proof.id);
    if (!findings.some((finding) => finding.code === 'low-resolution' || finding.severity === 'error'))
      clean.push(proof);
  }
  expect(clean.length, 'a processed demo proof without errors still needs review').toBeGreaterThan(0);
  const proof = clean[0]!;

  await signInAs(page, DEMO_USERS.owner);
  await page.goto(`/admin/proofs/${proof.id}`);
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^${escapeRegExp(proof.projectName)} › Round`) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order' })).toBeDisabled();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve proof' });
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Ready for print');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Order is on: it opens the place-order drawer (issue 11).
  const order = page.getByRole('button', { name: 'Order' });
  await expect(order).toBeVisible();
  await expect(order).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Order' })).toBeEnabled();
});

test('approving a proof with preflight errors lists them and needs them acknowledged (issue 9, item 3)', async ({
  page,
  request,
}) => {
  const processed = await processedDemoProofs(request, DEMO_USERS.owner);
  let proof: ProofRow | undefined;
  let errors: Finding[] = [];
  for (const candidate of processed.filter((row) => row.status === 1)) {
    const found = (await findingsOf(request, DEMO_USERS.owner, candidate.id)).filter(
      (finding) => finding.severity === 'error',
    );
    if (found.length > 0) {
      proof = candidate;
      errors = found;
      break;
    }
  }
  expect(proof, 'the demo’s wrong-page-count book still needs review').toBeDefined();
  if (!proof) return;

  await signInAs(page, DEMO_USERS.owner);
  await page.goto(`/admin/proofs/${proof.id}`);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve proof' });
  const list = dialog.getByRole('list', { name: 'Preflight errors' });
  await expect(list.getByRole('listitem')).toHaveCount(errors.length);
  for (const finding of errors) {
    await expect(list).toContainText(finding.message);
    if (finding.page !== null)
      await expect(list.getByRole('link', { name: `Page ${finding.page}` }).first()).toHaveAttribute(
        'href',
        new RegExp(`/admin/proofs/${proof.id}\\?page=${finding.page}$`),
      );
  }
  // Not without saying so.
  await dialog.getByRole('button', { name: 'Approve despite errors' }).click();
  await expect(dialog.getByText('Confirm that you approve the proof despite its errors.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();

  await dialog.getByRole('checkbox', { name: /^I approve this proof for print despite its/ }).check();
  await dialog.getByRole('button', { name: 'Approve despite errors' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Order' })).toBeEnabled();

  // The history says so, with each error acknowledged.
  await page.getByRole('tab', { name: 'Internal actions' }).click();
  const history = page.getByText('approved despite preflight errors');
  await expect(history).toBeVisible();
  for (const finding of errors) await expect(page.getByText(`#${finding.id} `, { exact: false })).toBeVisible();
});

test('a school adviser does not see the internal comments that studio staff see', async ({
  page,
  request,
  browser,
}) => {
  const adviser = await authHeaders(request, DEMO_USERS.adviser);
  const mine = (await (await request.get('/api/proofs?perPage=1&sort=-createdAt', { headers: adviser })).json()) as {
    data: ProofRow[];
  };
  const proof = mine.data[0]!;
  const note = `Studio only: call the printer (${Date.now()})`;
  const created = await request.post(`/api/proofs/${proof.id}/proof_comment_internals`, {
    headers: await authHeaders(request, DEMO_USERS.owner),
    data: { body: note },
  });
  expect(created.status()).toBe(201);

  await signInAs(page, DEMO_USERS.adviser);
  await page.goto(`/admin/proofs/${proof.id}`);
  await expect(page.getByRole('tab', { name: /Comments/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Internal comments/ })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Internal actions/ })).toHaveCount(0);
  await expect(page.getByText(note)).toHaveCount(0);

  // The same proof as studio staff (a session of its own).
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInAs(staff, DEMO_USERS.owner);
  await staff.goto(`/admin/proofs/${proof.id}`);
  await staff.getByRole('tab', { name: /Internal comments/ }).click();
  await expect(staff.getByText(note)).toBeVisible();
  await context.close();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
