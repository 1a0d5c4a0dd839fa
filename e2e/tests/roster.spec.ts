import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/**
 * The roster (issue 16) as a studio uses it: a OneRoster bundle imported into a school, its people
 * seen, the demo school's export run and downloaded, and the demo's student directory proof read against
 * the roster, its misspelt names pinned where they are printed. The roster service is served by the same
 * process under /roster, behind its own session headers the web opens by itself.
 */

const LINCOLN_BUNDLE = new URL('../../fixtures/oneroster/lincoln-1.2-with-faults.zip', import.meta.url);

/** Opens one of the Roster area's pages from the main navigation. */
async function openRosterPage(page: Page, title: string) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: title, exact: true })
    .click();
}

test('a studio owner imports a OneRoster bundle into a school, follows the job to its faults and finds the students', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);

  await openRosterPage(page, 'Schools');
  await expect(page).toHaveURL(/\/admin\/roster\/schools/);
  const schools = page.getByRole('table', { name: 'Schools' });
  await schools.getByRole('button', { name: 'Riverside Middle School' }).click();
  const drawer = page.getByRole('dialog', { name: 'School' });
  await expect(drawer.getByRole('heading', { name: 'Riverside Middle School' })).toBeVisible();

  // Mantine's file input is a button over a hidden <input type="file">, which takes the file.
  await drawer.locator('input[type="file"]').setInputFiles({
    name: 'lincoln-1.2-with-faults.zip',
    mimeType: 'application/zip',
    buffer: readFileSync(LINCOLN_BUNDLE),
  });
  await drawer.getByRole('button', { name: 'Import roster' }).click();
  await expect(page.getByText('Import started')).toBeVisible();
  await page.keyboard.press('Escape');

  // The job: checked, written, Complete, its planted faults named by file and line.
  await openRosterPage(page, 'Jobs');
  await expect(page).toHaveURL(/\/admin\/roster\/jobs/);
  const jobs = page.getByRole('table', { name: 'Roster jobs' });
  const importRow = jobs.getByRole('row').filter({ hasText: 'Riverside Middle School' }).filter({ hasText: 'Import' });
  await expect(importRow.getByText('Complete', { exact: true })).toBeVisible({ timeout: 60_000 });
  await importRow.getByRole('button', { name: /^Import \d+$/ }).click();
  const faults = page.getByRole('table', { name: 'Faults by file and line' });
  await expect(faults).toContainText('users.csv');
  await expect(faults).toContainText('19');
  await expect(faults).toContainText('enrollments.csv');
  await expect(faults).toContainText('roles.csv');
  await page.keyboard.press('Escape');

  // The people: the bundle's students and teachers in the school, found by name on the server.
  await openRosterPage(page, 'Individuals');
  await expect(page).toHaveURL(/\/admin\/roster\/individuals/);
  const people = page.getByRole('table', { name: 'Individuals' });
  await page.getByRole('combobox', { name: 'School' }).click();
  await page.getByRole('option', { name: 'Riverside Middle School' }).click();
  await expect(page).toHaveURL(/schoolId=\d+/);
  await page.getByPlaceholder(/name/i).first().fill('Nguyen');
  await expect(people.getByRole('row').filter({ hasText: 'Olivia Nguyen' })).toContainText('09A');
  await page.getByPlaceholder(/name/i).first().fill('Hamilton');
  await expect(people.getByRole('row').filter({ hasText: 'Margaret' })).toBeVisible();
});

test("a studio owner runs the demo school's export preset and downloads its zip of CSV and portraits", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);

  await openRosterPage(page, 'Export Presets');
  await expect(page).toHaveURL(/\/admin\/roster\/export-presets/);
  const presets = page.getByRole('table', { name: 'Export presets' });
  const preset = presets.getByRole('row').filter({ hasText: 'Yearbook portraits' });
  await preset.getByRole('button', { name: 'Run export' }).click();

  const status = page.getByRole('region', { name: 'Export status' });
  const download = status.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 150_000 });
  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  const zipPath = await file.path();
  const entries = unzipSync(new Uint8Array(readFileSync(zipPath)));
  const names = Object.keys(entries);
  const csvName = names.find((name) => name.endsWith('.csv'));
  expect(csvName, names.slice(0, 5).join(', ')).toBeDefined();
  const csv = new TextDecoder().decode(entries[csvName as string]).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toMatch(/Grade/i);
  // Lincoln's 2,000 demo students, each with a portrait in the zip under the name the CSV gives.
  expect(rows).toHaveLength(2_000);
  const portraits = names.filter((name) => name.toLowerCase().endsWith('.jpg'));
  expect(portraits).toHaveLength(2_000);
  const firstImage = rows[0]?.split(',').at(-1)?.replaceAll('"', '');
  expect(names.some((name) => firstImage && name.endsWith(firstImage))).toBe(true);
});

interface NameCheck {
  state: string;
  findings: { pageNumber: number; found: string; intended: string }[];
  missing: { total: number };
}

/**
 * The demo's student directory (the proof its internal history calls so), once processed and checked
 * against Lincoln's roster. Lincoln's other proofs are checked too, so it is found by that history.
 */
async function checkedDirectory(request: APIRequestContext): Promise<{ id: number; check: NameCheck }> {
  const staff = await authHeaders(request, DEMO_USERS.owner);
  const adviser = await authHeaders(request, DEMO_USERS.adviser);
  let directoryId: number | undefined;
  let check: NameCheck | undefined;
  await expect
    .poll(
      async () => {
        if (directoryId === undefined) {
          const listed = await request.get('/api/proofs?perPage=20&sort=-createdAt', { headers: adviser });
          for (const proof of ((await listed.json()) as { data: { id: number }[] }).data) {
            const history = await request.get(`/api/proofs/${proof.id}/proof_internal_actions`, { headers: staff });
            const notes = ((await history.json()) as { data: { note: string | null }[] }).data;
            if (notes.some((action) => action.note?.includes('the student directory'))) directoryId = proof.id;
          }
        }
        if (directoryId === undefined) return 'not queued yet';
        const answered = await request.get(`/api/proofs/${directoryId}/name-check`, { headers: adviser });
        check = (await answered.json()) as NameCheck;
        return check.state;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe('checked');
  return { id: directoryId as number, check: check as NameCheck };
}

test("an adviser opens the demo's student directory and sees its misspelt names pinned and the students it misses", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const directory = await checkedDirectory(page.request);
  expect(directory.check.findings).toHaveLength(3);
  expect(directory.check.missing.total).toBeGreaterThan(0);

  await signIn(page, DEMO_USERS.adviser);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto(`/admin/proofs/${directory.id}`);
  await page.getByRole('tab', { name: 'Names' }).click();

  const misspellings = page.getByRole('region', { name: 'Possible misspellings' });
  const [first] = directory.check.findings;
  if (!first) throw new Error('no finding');
  const finding = misspellings.getByRole('button', {
    name: `Page ${first.pageNumber}: ‘${first.found}’ → ${first.intended}`,
  });
  await expect(misspellings.getByRole('button')).toHaveCount(3);
  await finding.click();
  // Pinned on its page where the name is printed.
  await expect(
    page
      .getByRole('region', { name: 'Proof pages' })
      .getByRole('button', { name: `Name on page ${first.pageNumber}: ‘${first.found}’, likely ${first.intended}` }),
  ).toBeVisible();

  const missing = page.getByRole('region', { name: 'Missing students' });
  await expect(missing).toContainText(/Grade/);
  await expect(missing.getByRole('region').first()).toBeVisible();
});
