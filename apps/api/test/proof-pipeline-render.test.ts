import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStore, type FileStore } from '../src/integrations/files/file-store';
import { type MakeBookOptions, makeBook } from '../src/proof-pipeline/fixtures/make-book';
import {
  type BookSpec,
  createPagePool,
  type PagePool,
  type ProofManifest,
  preflight,
  processProof,
  proofImageKeys,
  renderPages,
} from '../src/proof-pipeline/index';

// These tests touch no database: run them once, not again in the PostgreSQL project.
const once = process.env.COLOPHON_TEST_DB === 'postgres';

const book: MakeBookOptions = { bookType: 1, sizeCode: 8, pageCount: 8, photoPpi: 210 };
const spec: BookSpec = { bookType: 1, sizeCode: 8, pageCount: 8 };

describe.skipIf(once)('proof pages and processing', () => {
  /** Every page's viewer image is the same, byte for byte, in both renderings. */
  const expectSameViewerImages = async (left: ProofManifest, right: ProofManifest) => {
    expect(left.pages).toHaveLength(right.pages.length);
    for (const [index, page] of left.pages.entries()) {
      const ours = await files.get(page.viewer!.key);
      const theirs = await files.get(right.pages[index]!.viewer!.key);
      expect(ours!.equals(theirs!), `page ${page.page}`).toBe(true);
    }
  };
  let root: string;
  let files: FileStore;
  let pool: PagePool;
  let clean: Uint8Array;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'colophon-proofs-'));
    files = createLocalFileStore(root, randomBytes(32));
    pool = createPagePool({ size: 2 });
    clean = await makeBook(book);
  });
  afterAll(async () => {
    await pool?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('renders every page to a viewer image and a thumbnail, with a manifest', async () => {
    const { manifest, contents } = await renderPages(clean, { files, proofId: 41, pool });
    expect(manifest).toMatchObject({ version: 1, proofId: '41', pageCount: 8, format: 'jpeg', thumbFormat: 'webp' });
    expect(contents).toHaveLength(8);
    // 8.75 × 11.25 in with bleed: 630 × 810 pt; 1600 px wide → 2057 px high.
    for (const [index, page] of manifest.pages.entries()) {
      expect(page).toEqual({
        page: index + 1,
        widthPts: 630,
        heightPts: 810,
        thumb: { key: `proofs/41/pages/${index + 1}-thumb.webp`, width: 200, height: 257 },
        viewer: { key: `proofs/41/pages/${index + 1}-viewer.jpg`, width: 1600, height: 2057 },
      });
      for (const [image, format] of [
        [page.thumb!, 'webp'],
        [page.viewer!, 'jpeg'],
      ] as const) {
        const stored = await files.get(image.key);
        expect(stored).not.toBeNull();
        const metadata = await sharp(stored!).metadata();
        expect(metadata).toMatchObject({ format, width: image.width, height: image.height });
      }
    }
    const stored = JSON.parse((await files.get('proofs/41/manifest.json'))!.toString()) as ProofManifest;
    expect(stored).toEqual(manifest);
  });

  it('draws the page: a full-bleed photo page is not blank, the story page is mostly white', async () => {
    const photoPage = await sharp((await files.get('proofs/41/pages/1-viewer.jpg'))!).stats();
    const storyPage = await sharp((await files.get('proofs/41/pages/4-viewer.jpg'))!).stats();
    // A photo fills page 1: no white, and varied.
    expect(photoPage.channels[0]!.mean).toBeLessThan(235);
    expect(photoPage.channels[0]!.stdev).toBeGreaterThan(5);
    // Page 4 is a heading, one photo and text on white: bright on average, dark text and photo pixels too.
    expect(storyPage.channels[0]!.mean).toBeGreaterThan(150);
    expect(storyPage.channels[0]!.min).toBeLessThan(80);
    // The thumbnail is the same picture, smaller.
    const thumb = await sharp((await files.get('proofs/41/pages/1-thumb.webp'))!).stats();
    expect(Math.abs(thumb.channels[0]!.mean - photoPage.channels[0]!.mean)).toBeLessThan(10);
  });

  it('writes the formats and sizes asked for, under matching keys', async () => {
    const { manifest } = await renderPages(clean, {
      files,
      proofId: 'webp-proof',
      pool,
      settings: { format: 'webp', thumbFormat: 'jpeg', quality: 82, viewerWidth: 1000, thumbWidth: 120 },
    });
    expect(manifest).toMatchObject({ format: 'webp', thumbFormat: 'jpeg' });
    expect(manifest.pages[2]?.viewer).toEqual({
      key: 'proofs/webp-proof/pages/3-viewer.webp',
      width: 1000,
      height: 1286,
    });
    const viewer = await sharp((await files.get('proofs/webp-proof/pages/3-viewer.webp'))!).metadata();
    expect(viewer).toMatchObject({ format: 'webp', width: 1000, height: 1286 });
    const thumb = await sharp((await files.get('proofs/webp-proof/pages/3-thumb.jpg'))!).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: 120, height: 154 });
  });

  it('processes a proof: the same findings as the preflight, images, and a summary', async () => {
    const faulty = await makeBook({ ...book, faults: { lowResolution: true, rgbImages: true, hairline: true } });
    const result = await processProof({ bytes: faulty, spec, proofId: 'p-7', files, pool });
    expect(result.findings).toEqual(await preflight(faulty, spec));
    expect(result.summary).toMatchObject({ passed: false, errors: 1, pagesWithErrors: [2], notificationTypes: [27] });
    expect(result.findings.map((finding) => finding.code)).toEqual(
      expect.arrayContaining(['low-resolution', 'rgb-image', 'hairline']),
    );
    expect(result.manifest?.pageCount).toBe(8);
    expect(await files.get(proofImageKeys('p-7').viewer(8))).not.toBeNull();
  });

  it('reads the upload from the file store, and a rerun overwrites the same files', async () => {
    await files.put('uploads/book-9.pdf', Buffer.from(clean), 'application/pdf');
    const first = await processProof({ fileKey: 'uploads/book-9.pdf', spec, proofId: 9, files, pool });
    expect(first.summary.passed).toBe(true);
    expect(first.summary.notificationTypes).toEqual([110]);
    const before = await readdir(join(root, 'proofs', '9', 'pages'));
    const second = await processProof({ fileKey: 'uploads/book-9.pdf', spec, proofId: 9, files, pool });
    expect(await readdir(join(root, 'proofs', '9', 'pages'))).toEqual(before);
    expect(before).toHaveLength(16);
    expect(second.manifest?.pages).toEqual(first.manifest?.pages);
  });

  it('stops at a file it cannot open: findings, no images, no manifest', async () => {
    const result = await processProof({ bytes: new TextEncoder().encode('hello'), spec, proofId: 'bad', files, pool });
    expect(result.manifest).toBeNull();
    expect(result.findings.map((finding) => finding.code)).toEqual(['not-pdf']);
    expect(result.summary.passed).toBe(false);
    expect(await files.get('proofs/bad/manifest.json')).toBeNull();
  });

  it('draws a page to the same bytes in a fresh page worker as in one that has drawn books before', async () => {
    // A pool of its own, so its one worker meets this book first; the shared pool has drawn others.
    const fresh = createPagePool({ size: 1 });
    try {
      const first = await renderPages(clean, { files, proofId: 'fresh', pool: fresh });
      const warmed = await renderPages(clean, { files, proofId: 'warmed', pool });
      await expectSameViewerImages(first.manifest, warmed.manifest);
    } finally {
      await fresh.close();
    }
  });

  it('draws the same pages when its worker opens the file again every few pages', async () => {
    // One worker that reopens the book every 3 pages: what bounds its memory on a 2 GB book.
    const reopening = createPagePool({ size: 1, pagesPerOpen: 3 });
    try {
      const again = await renderPages(clean, { files, proofId: 'reopened', pool: reopening });
      const straight = await renderPages(clean, { files, proofId: 'straight', pool });
      expect(again.contents).toEqual(straight.contents);
      await expectSameViewerImages(again.manifest, straight.manifest);
    } finally {
      await reopening.close();
    }
  });

  it('makes and closes a pool of its own when none is given', async () => {
    const result = await processProof({ bytes: clean, spec, proofId: 'own-pool', files, render: { viewerWidth: 400 } });
    expect(result.manifest?.pages[0]?.viewer).toMatchObject({ width: 400 });
  });

  it('analyses pages in the pool exactly as in this thread', async () => {
    const faulty = await makeBook({ ...book, faults: { lowResolution: 'marginal', hairline: true, noBleed: true } });
    expect(await preflight(faulty, spec, { pool })).toEqual(await preflight(faulty, spec));
  });
});
