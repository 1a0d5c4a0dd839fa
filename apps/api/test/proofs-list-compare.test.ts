import { accounts, projects, proofs } from '@colophon/db';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePages, drawingsDiffer } from '../src/modules/proofs/compare';
import type { ProofWorkers } from '../src/modules/proofs/workers';
import type { ProofManifest } from '../src/proof-pipeline';
import { makeBook } from '../src/proof-pipeline/fixtures/make-book';
import { ADVISER, DIRECT_ADVISER, OWNER, SUPER, type TestApp } from './harness';
import {
  type AccountProject,
  closeProofTestApp,
  createProofTestApp,
  SMALL_BOOK,
  uploadAndProcessBook,
} from './proof-fixtures';

const TREASURER = 'treasurer@colophon.test';

let t: TestApp;
let workers: ProofWorkers;
let lincoln: AccountProject;
let oakValley: AccountProject;
/** Lincoln's rounds, uploaded and processed by the real workers, oldest first. */
const rounds: { id: number; roundNumber: number }[] = [];

const get = (url: string, as: string) => t.call({ method: 'GET', url, as });
const post = (url: string, as: string, payload: object = {}) => t.call({ method: 'POST', url, as, payload });
const paths = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

/** A generated 8-page book, the same bytes every time. */
const book = () => makeBook({ ...SMALL_BOOK, photoPpi: 150, seed: 7 });

/** The book with one word added on page 3 and nothing else touched. */
async function withEditOnPage3(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.getPage(2).drawText('Mateo Garcla', { x: 72, y: 300, size: 10, font });
  return doc.save();
}

/** The book with its first four pages repeated at the end (12 pages). */
async function withFourMorePages(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  for (const page of await doc.copyPages(doc, [0, 1, 2, 3])) doc.addPage(page);
  return doc.save();
}

/** Uploads a book for Lincoln's project and lets the real workers make and process its proof. */
async function uploadRound(bytes: Uint8Array) {
  const proof = await uploadAndProcessBook(t, workers, lincoln, bytes);
  expect(proof.processingStatus).toBe(2);
  rounds.push({ id: proof.id, roundNumber: proof.roundNumber });
  return proof;
}

beforeAll(async () => {
  ({ t, workers, lincoln, oakValley } = await createProofTestApp());
  const original = await book();
  await uploadRound(original);
  await uploadRound(original); // the same file again
  await uploadRound(await withEditOnPage3(original)); // one word more on page 3
  await uploadRound(await withFourMorePages(original)); // page 3 as it was, and four pages more
}, 180_000);
afterAll(() => closeProofTestApp(t, workers));

describe('the proofs list: search, account tree and sorting', () => {
  it('finds proofs by project name and by account name, the same through the body route', async () => {
    const byProject = (
      await get(`/api/proofs?perPage=100&search=${encodeURIComponent(lincoln.projectName)}`, OWNER)
    ).json();
    expect(byProject.total).toBeGreaterThan(0);
    expect(byProject.data.every((proof: { projectName: string }) => proof.projectName === lincoln.projectName)).toBe(
      true,
    );
    const byAccount = (await get('/api/proofs?perPage=100&search=lincoln%20high', OWNER)).json();
    expect(byAccount.data.map((proof: { id: number }) => proof.id)).toEqual(
      expect.arrayContaining(rounds.map((round) => round.id)),
    );
    expect(byAccount.data.every((proof: { accountName: string }) => proof.accountName === 'Lincoln High School')).toBe(
      true,
    );
    const body = await post('/api/proofs/get/get_proofs_post', OWNER, { search: 'Lincoln High', perPage: 100 });
    expect(body.statusCode, body.body).toBe(200);
    expect(body.json().total).toBe(byAccount.total);
    // Wildcards are text: a search for % matches nothing rather than everything.
    expect((await get('/api/proofs?search=%25', OWNER)).json().total).toBe(0);
  });

  it('keeps an account and everything under it (ancestorId), and nothing of another tenant', async () => {
    expect(lincoln.parentAccountId).not.toBeNull();
    const tree = (await get(`/api/proofs?perPage=100&ancestorId=${lincoln.parentAccountId}`, OWNER)).json();
    expect(tree.data.map((proof: { id: number }) => proof.id)).toEqual(
      expect.arrayContaining(rounds.map((round) => round.id)),
    );
    const inTree = await t.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(inArray(accounts.parentAccountId, [lincoln.parentAccountId!]));
    const allowed = new Set([lincoln.parentAccountId, ...inTree.map((row) => row.id)]);
    expect(tree.data.every((proof: { accountId: number }) => allowed.has(proof.accountId))).toBe(true);
    const school = (await get(`/api/proofs?perPage=100&ancestorId=${lincoln.accountId}`, ADVISER)).json();
    expect(new Set(school.data.map((proof: { accountId: number }) => proof.accountId))).toEqual(
      new Set([lincoln.accountId]),
    );
    // Another tenant's account filters to nothing: the filter never widens what the caller sees.
    expect((await get(`/api/proofs?ancestorId=${oakValley.accountId}`, ADVISER)).json().total).toBe(0);
    expect(
      (await post('/api/proofs/get/get_proofs_post', ADVISER, { ancestorId: oakValley.accountId })).json().total,
    ).toBe(0);
    expect((await get(`/api/proofs?ancestorId=${oakValley.accountId}`, DIRECT_ADVISER)).json().total).toBeGreaterThan(
      0,
    );
  });

  it('sorts by project and account name on the server', async () => {
    // The database's collation decides the order (C on PGlite, the locale's on a server): ask it.
    const inOrder = async (column: typeof accounts.name | typeof projects.name, descending: boolean) =>
      (
        await t.handle.db
          .select({ name: column })
          .from(proofs)
          .innerJoin(projects, eq(projects.id, proofs.projectId))
          .innerJoin(accounts, eq(accounts.id, projects.accountId))
          .orderBy(descending ? desc(column) : asc(column), desc(proofs.id))
          .limit(100)
      ).map((row) => row.name);
    const names = (await get('/api/proofs?perPage=100&sort=accountName', SUPER))
      .json()
      .data.map((proof: { accountName: string }) => proof.accountName);
    expect(names.length).toBeGreaterThan(10);
    expect(names).toEqual(await inOrder(accounts.name, false));
    const projectNames = (await get('/api/proofs?perPage=100&sort=-projectName', SUPER))
      .json()
      .data.map((proof: { projectName: string }) => proof.projectName);
    expect(projectNames).toEqual(await inOrder(projects.name, true));
    const bodySorted = await post('/api/proofs/get/get_proofs_post', SUPER, { sort: 'year', perPage: 100 });
    const years = bodySorted.json().data.map((proof: { year: number }) => proof.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
  });

  it('ignores the internal status filter for a school, which does not see that column', async () => {
    const staff = (await get('/api/proofs?perPage=100&internalStatus[]=7', OWNER)).json();
    expect(staff.data.every((proof: { internalStatus: number }) => proof.internalStatus === 7)).toBe(true);
    const all = (await get('/api/proofs?perPage=100', ADVISER)).json();
    const filtered = (await get('/api/proofs?perPage=100&internalStatus[]=7', ADVISER)).json();
    expect(filtered.total).toBe(all.total);
    expect(filtered.data.every((proof: { internalStatus: number | null }) => proof.internalStatus === null)).toBe(true);
  });

  it('answers 400 naming the field, and 403 to a role without proofs', async () => {
    const badSort = await get('/api/proofs?sort=internalStatus', OWNER);
    expect(badSort.statusCode).toBe(400);
    expect(paths(badSort)).toContain('sort');
    const badAncestor = await get('/api/proofs?ancestorId=abc', OWNER);
    expect(badAncestor.statusCode).toBe(400);
    expect(paths(badAncestor)).toContain('ancestorId');
    const longSearch = await post('/api/proofs/get/get_proofs_post', OWNER, { search: 'x'.repeat(101) });
    expect(longSearch.statusCode).toBe(400);
    expect(paths(longSearch)).toContain('search');
    const badBodyAncestor = await post('/api/proofs/get/get_proofs_post', OWNER, { ancestorId: '12' });
    expect(paths(badBodyAncestor)).toContain('ancestorId');
    expect((await get('/api/proofs?search=lincoln', TREASURER)).statusCode).toBe(403);
    expect((await post('/api/proofs/get/get_proofs_post', TREASURER, { search: 'x' })).statusCode).toBe(403);
  });
});

describe('comparing a proof with its previous round', () => {
  it('finds nothing changed when the same file is uploaded again', async () => {
    const [first, second] = rounds;
    const response = await get(`/api/proofs/${second!.id}/compare`, ADVISER);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      proofId: second!.id,
      previous: { id: first!.id, roundNumber: first!.roundNumber, status: 1, processingStatus: 2, pageCount: 8 },
      comparable: true,
      reason: null,
      changedPages: [],
      removedPages: [],
    });
    expect(body.pages).toHaveLength(8);
    expect(body.pages.every((page: { change: string }) => page.change === 'same')).toBe(true);
  });

  it('marks the page that was edited, and only that one', async () => {
    const body = (await get(`/api/proofs/${rounds[2]!.id}/compare`, ADVISER)).json();
    expect(body.previous.id).toBe(rounds[1]!.id);
    expect(body.comparable).toBe(true);
    expect(body.changedPages).toEqual([3]);
    expect(body.pages.find((page: { page: number }) => page.page === 1).change).toBe('same');
  });

  it('counts pages a longer book adds as changed', async () => {
    const body = (await get(`/api/proofs/${rounds[3]!.id}/compare`, OWNER)).json();
    expect(body.previous.id).toBe(rounds[2]!.id);
    expect(body.changedPages).toEqual([3, 9, 10, 11, 12]);
    expect(body.pages.filter((page: { change: string }) => page.change === 'added')).toHaveLength(4);
    expect(body.removedPages).toEqual([]);
  });

  it('keeps the hashes and the comparison beside the manifests, and compares again after reprocessing', async () => {
    const [before, proof] = [rounds[1]!.id, rounds[2]!.id];
    const files = t.app.services.files;
    const manifest = JSON.parse((await files.get(`proofs/${proof}/manifest.json`))!.toString('utf8')) as ProofManifest;
    const hashes = JSON.parse((await files.get(`proofs/${proof}/page-hashes.json`))!.toString('utf8'));
    expect(hashes).toMatchObject({ manifestCreatedAt: manifest.createdAt });
    expect(hashes.hashes).toHaveLength(8);
    const key = `proofs/${proof}/compare-${before}.json`;
    const cached = JSON.parse((await files.get(key))!.toString('utf8'));
    // A stored comparison is trusted as long as both manifests are the ones it was made from…
    const doctored = {
      ...cached,
      pages: cached.pages.map((page: { page: number }) => ({ ...page, change: page.page === 5 ? 'changed' : 'same' })),
    };
    await files.put(key, Buffer.from(JSON.stringify(doctored)), 'application/json');
    expect((await get(`/api/proofs/${proof}/compare`, ADVISER)).json().changedPages).toEqual([5]);
    // …and made again once either round has a new one.
    await files.put(
      key,
      Buffer.from(JSON.stringify({ ...doctored, previousManifestCreatedAt: '2000-01-01T00:00:00.000Z' })),
      'application/json',
    );
    expect((await get(`/api/proofs/${proof}/compare`, ADVISER)).json().changedPages).toEqual([3]);
  });

  it('does not take decoding noise for a change, but does take a changed caption', async () => {
    const page = (await t.app.services.files.get(`proofs/${rounds[1]!.id}/pages/1-viewer.jpg`))!;
    const { data, info } = await sharp(page).raw().toBuffer({ resolveWithObject: true });
    const noisy = Buffer.from(data);
    for (let index = 0; index < noisy.length; index += 7) noisy[index] = Math.min(255, noisy[index]! + 6);
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const reencoded = await sharp(noisy, raw).jpeg({ quality: 80 }).toBuffer();
    expect(reencoded.equals(page)).toBe(false);
    expect(await drawingsDiffer(page, reencoded)).toBe(false);
    const captioned = await sharp(data, raw)
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><text x="4" y="24" font-size="18">Mateo Garcla</text></svg>`,
          ),
          left: 200,
          top: 200,
        },
      ])
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(await drawingsDiffer(page, captioned)).toBe(true);
  });

  it('says plainly when there is nothing to compare with', async () => {
    // The first uploaded round follows rounds imported without page images.
    const afterImported = (await get(`/api/proofs/${rounds[0]!.id}/compare`, ADVISER)).json();
    expect(afterImported.previous).not.toBeNull();
    expect(afterImported).toMatchObject({ comparable: false, changedPages: [], pages: [] });
    expect(afterImported.reason).toMatch(/no page images to compare with/);

    const [project] = await t.handle.db
      .insert(projects)
      .values({ accountId: lincoln.accountId, name: 'Lincoln Sports Annual', year: 2026, typeBook: 1 })
      .returning();
    const [only] = await t.handle.db
      .insert(proofs)
      .values({ projectId: project!.id, status: 1, processingStatus: 0, roundNumber: 1 })
      .returning();
    const first = (await get(`/api/proofs/${only!.id}/compare`, ADVISER)).json();
    expect(first).toMatchObject({ previous: null, comparable: false });
    expect(first.reason).toMatch(/first round/);

    const [waiting] = await t.handle.db
      .insert(proofs)
      .values({ projectId: lincoln.projectId, status: 1, processingStatus: 0, roundNumber: 99 })
      .returning();
    const unprocessed = (await get(`/api/proofs/${waiting!.id}/compare`, ADVISER)).json();
    expect(unprocessed.previous.id).toBe(rounds[3]!.id);
    expect(unprocessed.comparable).toBe(false);
    expect(unprocessed.reason).toMatch(/no page images yet/);
  });

  it('answers 404 for another tenant’s proof, 403 without proofs, 400 naming the id', async () => {
    const [foreign] = await t.handle.db.select().from(proofs).where(eq(proofs.projectId, oakValley.projectId));
    expect((await get(`/api/proofs/${foreign!.id}/compare`, ADVISER)).statusCode).toBe(404);
    expect((await get(`/api/proofs/${foreign!.id}/compare`, DIRECT_ADVISER)).statusCode).toBe(200);
    expect((await get(`/api/proofs/${rounds[1]!.id}/compare`, TREASURER)).statusCode).toBe(403);
    const bad = await get('/api/proofs/abc/compare', ADVISER);
    expect(bad.statusCode).toBe(400);
    expect(paths(bad)).toContain('id');
  });
});

describe('comparePages', () => {
  const hashes = (entries: [number, string | null][]) => new Map(entries);
  it('compares page by page: same, changed, added, removed; a page without an image counts as changed', async () => {
    const asked: number[] = [];
    const differ = async (page: number) => {
      asked.push(page);
      return page === 2;
    };
    expect(
      await comparePages(
        hashes([
          [1, 'a'],
          [2, 'b'],
          [3, null],
          [5, 'e'],
        ]),
        hashes([
          [1, 'a'],
          [2, 'x'],
          [3, null],
          [4, 'd'],
          [5, 'y'],
        ]),
        differ,
      ),
    ).toEqual([
      { page: 1, change: 'same' },
      { page: 2, change: 'changed' },
      { page: 3, change: 'changed' },
      { page: 4, change: 'removed' },
      { page: 5, change: 'same' },
    ]);
    // Only pages whose bytes differ are drawn and compared.
    expect(asked.sort()).toEqual([2, 5]);
    expect(await comparePages(hashes([[1, 'a']]), hashes([]), differ)).toEqual([{ page: 1, change: 'added' }]);
  });
});
