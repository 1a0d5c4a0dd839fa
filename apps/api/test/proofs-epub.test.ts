import { notifications, proofs, queueEpubs } from '@colophon/db';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, type UnzipFileInfo, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEpub, enqueueMissingEpubs, epubKeyOf } from '../src/modules/proofs/epub';
import type { ProofWorkers } from '../src/modules/proofs/workers';
import type { ProofManifest } from '../src/proof-pipeline';
import { buildProofEpub } from '../src/proof-pipeline/epub';
import { enqueue, QueueStatus } from '../src/queue';
import { ADVISER, SUPER, type TestApp } from './harness';
import {
  type AccountProject,
  closeProofTestApp,
  createProofTestApp,
  insertProof,
  type ProofInsert,
  uploadAndProcessBook,
} from './proof-fixtures';

const TREASURER = 'treasurer@colophon.test';

let t: TestApp;
let workers: ProofWorkers;
let lincoln: AccountProject;
/** An 8-page book processed by the real workers, then approved in the tests. */
let proofId: number;
let foreignId: number;

const get = (url: string, as: string) => t.call({ method: 'GET', url, as });
const post = (url: string, as: string, payload: object = {}) => t.call({ method: 'POST', url, as, payload });

const epubJobsOf = (id: number) =>
  t.handle.db
    .select()
    .from(queueEpubs)
    .where(sql`${queueEpubs.payload}->>'proofId' = ${String(id)}`);

const epubReadyCount = async () =>
  (
    await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, lincoln.projectId), eq(notifications.typeNotification, 105)))
  ).length;

/** A proof as an approval leaves a processed one, before any EPUB is queued for it. */
const approvedProof = (projectId: number, values: Partial<ProofInsert> = {}) =>
  insertProof(t, projectId, { status: 3, internalStatus: 3, ...values });

const proofRow = async (id: number) => (await t.handle.db.select().from(proofs).where(eq(proofs.id, id)))[0]!;

/** Each entry's name, compression method and sizes, in archive order (fflate reports them while unzipping). */
function unzipWithInfo(bytes: Uint8Array) {
  const entries: UnzipFileInfo[] = [];
  const files = unzipSync(bytes, {
    filter: (info) => {
      entries.push(info);
      return true;
    },
  });
  return { files, entries, text: (name: string) => strFromU8(files[name]!) };
}

beforeAll(async () => {
  const app = await createProofTestApp();
  ({ t, workers, lincoln } = app);
  const proof = await uploadAndProcessBook(t, workers, lincoln, { photoPpi: 150 });
  proofId = proof.id;
  expect(proof.processingStatus).toBe(2);
  foreignId = (await approvedProof(app.oakValley.projectId)).id;
}, 120_000);
afterAll(() => closeProofTestApp(t, workers));

describe('the EPUB of an approved proof', () => {
  it('is refused before approval: no job, and the link answers 409 with the reason', async () => {
    const link = await get(`/api/proofs/${proofId}/epub_link`, ADVISER);
    expect(link.statusCode).toBe(409);
    expect(link.json().detail).toBe('This proof is Needs Review: its EPUB is made once the proof is approved.');
    expect(await epubJobsOf(proofId)).toHaveLength(0);
  });

  it('is queued once by the approval, then built by the worker: key, date and 105 EPUB Ready', async () => {
    const approved = await post(`/api/proofs/${proofId}/approve`, ADVISER);
    expect(approved.statusCode, approved.body).toBe(200);
    const jobs = await epubJobsOf(proofId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({ proofId });
    expect(await enqueueEpub(t.handle.db, proofId)).toBe(false);
    expect(await epubJobsOf(proofId)).toHaveLength(1);

    const waiting = await get(`/api/proofs/${proofId}/epub_link`, ADVISER);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().detail).toMatch(/^The EPUB is being prepared…/);

    expect(await workers.epubs.drain()).toBe(1);
    const [done] = await epubJobsOf(proofId);
    expect(done!.status, done!.lastError ?? '').toBe(QueueStatus.Complete);
    expect(done!.result).toMatchObject({ proofId, key: epubKeyOf(proofId), pages: 8, missingPages: [] });
    const proof = await proofRow(proofId);
    expect(proof.epubKey).toBe(`proofs/${proofId}/book.epub`);
    expect(proof.epubCreatedAt).toBeInstanceOf(Date);
    expect(await epubReadyCount()).toBe(1);
  });

  it('is a valid fixed-layout EPUB 3: mimetype first and stored, pre-paginated, one spine item per page', async () => {
    const stored = await t.app.services.files.get(epubKeyOf(proofId));
    expect(stored).not.toBeNull();
    const bytes = new Uint8Array(stored!);
    // OCF: the first local header is `mimetype`, stored, no extra field, its content at byte 38.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(6, true) & 0x08).toBe(0); // sizes in the header, no data descriptor
    expect(view.getUint16(8, true)).toBe(0);
    expect(view.getUint16(28, true)).toBe(0);
    expect(strFromU8(bytes.subarray(30, 38))).toBe('mimetype');
    expect(strFromU8(bytes.subarray(38, 58))).toBe('application/epub+zip');

    const { files, entries, text } = unzipWithInfo(bytes);
    expect(entries[0]).toMatchObject({ name: 'mimetype', compression: 0 });
    const images = entries.filter((entry) => entry.name.endsWith('.jpg'));
    expect(images).toHaveLength(8);
    expect(images.every((entry) => entry.compression === 0)).toBe(true);
    const documents = entries.filter((entry) => /\.(xhtml|opf|xml|css)$/.test(entry.name));
    expect(documents.every((entry) => entry.compression === 8)).toBe(true);

    expect(text('META-INF/container.xml')).toContain('full-path="EPUB/package.opf"');
    const opf = text('EPUB/package.opf');
    expect(opf).toContain('<meta property="rendition:layout">pre-paginated</meta>');
    expect(opf).toContain('<meta property="rendition:spread">landscape</meta>');
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/);
    const { roundNumber } = await proofRow(proofId);
    expect(opf).toContain(`<dc:title>${lincoln.projectName}, round ${roundNumber}</dc:title>`);
    expect(opf).toMatch(/<dc:identifier id="book-id">urn:uuid:[0-9a-f-]{36}<\/dc:identifier>/);
    const itemrefs = [...opf.matchAll(/<itemref idref="page-(\d+)" properties="([^"]+)"\/>/g)];
    expect(itemrefs.map((match) => Number(match[1]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Page 1 opens on the right, as in the printed book.
    expect(itemrefs.map((match) => match[2])).toEqual([
      'page-spread-right',
      'page-spread-left',
      'page-spread-right',
      'page-spread-left',
      'page-spread-right',
      'page-spread-left',
      'page-spread-right',
      'page-spread-left',
    ]);
    expect(opf).toContain(
      '<item id="image-1" href="images/page-001.jpg" media-type="image/jpeg" properties="cover-image"/>',
    );
    expect(opf.match(/properties="cover-image"/g)).toHaveLength(1);
    expect(opf).toContain('properties="nav"');

    const nav = text('EPUB/nav.xhtml');
    expect(nav).toContain('epub:type="toc"');
    const pageList = nav.slice(nav.indexOf('epub:type="page-list"'));
    expect([...pageList.matchAll(/<li><a href="pages\/page-(\d+)\.xhtml">(\d+)<\/a><\/li>/g)]).toHaveLength(8);

    const manifest = JSON.parse(
      (await t.app.services.files.get(`proofs/${proofId}/manifest.json`))!.toString('utf8'),
    ) as ProofManifest;
    const page2 = text('EPUB/pages/page-002.xhtml');
    const viewer = manifest.pages[1]!.viewer!;
    expect(page2).toContain(`<meta name="viewport" content="width=${viewer.width}, height=${viewer.height}"/>`);
    expect(page2).toContain('<img class="page" src="../images/page-002.jpg"');
    // The page image is the viewer JPEG itself, byte for byte.
    const original = await t.app.services.files.get(viewer.key);
    expect(Buffer.from(files['EPUB/images/page-002.jpg']!).equals(original!)).toBe(true);
  });

  it('puts a text page in place of a page that failed to render, and keeps the spreads', async () => {
    const manifest = JSON.parse(
      (await t.app.services.files.get(`proofs/${proofId}/manifest.json`))!.toString('utf8'),
    ) as ProofManifest;
    const broken: ProofManifest = {
      ...manifest,
      pages: manifest.pages.map((page) =>
        page.page === 3 ? { ...page, viewer: null, thumb: null, error: 'The page stream is damaged.' } : page,
      ),
    };
    const book = await buildProofEpub({
      files: t.app.services.files,
      manifest: broken,
      metadata: {
        identifier: 'urn:uuid:00000000-0000-5000-8000-000000000000',
        title: 'Broken & <Mended>',
        language: 'en',
        modified: new Date('2026-03-01T12:00:00Z'),
        kind: 'pages',
      },
    });
    expect(book).toMatchObject({ pages: 8, missingPages: [3] });
    const { files, text } = unzipWithInfo(new Uint8Array(book.data));
    expect(files['EPUB/images/page-003.jpg']).toBeUndefined();
    const page3 = text('EPUB/pages/page-003.xhtml');
    expect(page3).toContain('This page could not be drawn');
    expect(page3).toContain('The page stream is damaged.');
    const width = manifest.pages[0]!.viewer!.width;
    expect(page3).toContain(`<meta name="viewport" content="width=${width}, height=`);
    const opf = text('EPUB/package.opf');
    expect(opf).toContain('<itemref idref="page-3" properties="page-spread-right"/>');
    expect(opf).not.toContain('id="image-3"');
    expect(opf).toContain('<dc:title>Broken &amp; &lt;Mended&gt;</dc:title>');
  });

  it('rebuilds idempotently: the same key and bytes, and no second notification', async () => {
    const before = await t.app.services.files.get(epubKeyOf(proofId));
    const firstDate = (await proofRow(proofId)).epubCreatedAt;
    await enqueue(t.handle.db, 'epubs', { proofId });
    expect(await workers.epubs.drain()).toBe(1);
    const after = await t.app.services.files.get(epubKeyOf(proofId));
    expect(after!.equals(before!)).toBe(true);
    const proof = await proofRow(proofId);
    expect(proof.epubKey).toBe(epubKeyOf(proofId));
    expect(proof.epubCreatedAt).toEqual(firstDate);
    expect(await epubReadyCount()).toBe(1);
  });

  it('refuses a proof that is not approved, and tells the school when the EPUB could not be made', async () => {
    const pending = await insertProof(t, lincoln.projectId, { roundNumber: 5 });
    const job = await enqueue(t.handle.db, 'epubs', { proofId: pending.id });
    await workers.epubs.drain();
    const [failed] = await t.handle.db.select().from(queueEpubs).where(eq(queueEpubs.id, job.id));
    expect(failed!.status).toBe(QueueStatus.Error);
    expect(failed!.lastError).toContain(`Proof ${pending.id} is Needs Review: only an approved proof gets an EPUB.`);
    expect((await proofRow(pending.id)).epubKey).toBeNull();

    // Approved but without page images: the job fails for good and the link says so.
    const imageless = await approvedProof(lincoln.projectId, { roundNumber: 6 });
    expect(await enqueueEpub(t.handle.db, imageless.id)).toBe(true);
    await workers.epubs.drain();
    const [refused] = await epubJobsOf(imageless.id);
    expect(refused!.status).toBe(QueueStatus.Error);
    expect(refused!.lastError).toContain('has no page images');
    const noImages = await get(`/api/proofs/${imageless.id}/epub_link`, ADVISER);
    expect(noImages.statusCode).toBe(409);
    expect(noImages.json().detail).toBe('This proof has no page images, so no EPUB can be made from it.');

    // Its manifest has gone from the file store: the job fails, and the link no longer says "being prepared".
    const lost = await approvedProof(lincoln.projectId, { manifestKey: 'proofs/0/manifest.json', roundNumber: 7 });
    expect(await enqueueEpub(t.handle.db, lost.id)).toBe(true);
    await workers.epubs.drain();
    expect((await epubJobsOf(lost.id))[0]!.status).toBe(QueueStatus.Error);
    const notMade = await get(`/api/proofs/${lost.id}/epub_link`, ADVISER);
    expect(notMade.statusCode).toBe(409);
    expect(notMade.json().detail).toMatch(/^The EPUB could not be made/);
    expect(await epubReadyCount()).toBe(1);
  });

  it('catches up on start: approved, processed proofs with no EPUB and no job are queued once', async () => {
    const missed = await approvedProof(lincoln.projectId, {
      manifestKey: `proofs/${proofId}/manifest.json`,
      roundNumber: 8,
    });
    expect(await enqueueMissingEpubs(t.handle.db)).toBe(1);
    expect(await epubJobsOf(missed.id)).toHaveLength(1);
    expect(await enqueueMissingEpubs(t.handle.db)).toBe(0);
    await workers.epubs.drain();
    expect((await proofRow(missed.id)).epubKey).toBe(epubKeyOf(missed.id));
  });
});

describe('GET /api/proofs/:id/epub_link', () => {
  it('answers a signed link that downloads the EPUB, with the file name to save it under', async () => {
    const response = await get(`/api/proofs/${proofId}/epub_link`, ADVISER);
    expect(response.statusCode, response.body).toBe(200);
    const link = response.json();
    expect(link.fileName).toBe(`${lincoln.projectName} round ${(await proofRow(proofId)).roundNumber}.epub`);
    expect(link.url).toContain(`/api/files/signed/proofs/${proofId}/book.epub?`);
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    const download = await t.call({ method: 'GET', url: link.url });
    expect(download.statusCode).toBe(200);
    // The name travels in the signed link, so a bucket on another origin saves it under it too.
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${link.fileName}"; filename*=UTF-8''${encodeURIComponent(link.fileName)}`,
    );
    const renamed = new URL(link.url, 'http://x');
    renamed.searchParams.set('download', 'other.epub');
    expect((await t.call({ method: 'GET', url: `${renamed.pathname}${renamed.search}` })).statusCode).toBe(403);
    const body = download.rawPayload;
    expect(body.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(Object.keys(unzipSync(new Uint8Array(body)))).toContain('EPUB/package.opf');
    expect((await get(`/api/proofs/${proofId}/epub_link`, SUPER)).statusCode).toBe(200);
  });

  it("answers 404 for another school's proof, 403 without proofs.view, 400 naming the id", async () => {
    expect((await get(`/api/proofs/${foreignId}/epub_link`, ADVISER)).statusCode).toBe(404);
    expect((await get(`/api/proofs/${proofId}/epub_link`, TREASURER)).statusCode).toBe(403);
    const bad = await get('/api/proofs/abc/epub_link', ADVISER);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path)).toContain('id');
    expect((await get(`/api/proofs/${proofId}/epub_link`, '')).statusCode).toBe(401);
  });
});
