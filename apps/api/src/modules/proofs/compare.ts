import { createHash } from 'node:crypto';
import { compareProof, type ProofCompare, type ProofPageChange } from '@colophon/contract';
import { proofs } from '@colophon/db';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import type { FileStore } from '../../integrations/files/file-store';
import type { PageManifest, ProofManifest } from '../../proof-pipeline';
import { visibleProof } from './query';

/** How many page images are read at once (a 480-page book must not open 480 files together). */
const CONCURRENCY = 4;

/**
 * A page is drawn to the same bytes by any worker, so most unchanged pages match byte for byte. Two
 * drawings of the same page can still differ by a few levels: a pdf.js or sharp upgrade between the
 * rounds, or a layout program that re-exports the same photo with other JPEG settings (up to ~14
 * levels at this width, measured when decoding varied). A one-letter change of an 8 pt caption moves a dozen
 * values by over 64. So pages whose image bytes differ are decoded at this width and called changed
 * only when at least `MIN_CHANGED_VALUES` channel values differ by more than `LEVEL_TOLERANCE`.
 */
const COMPARE_WIDTH = 800;
const LEVEL_TOLERANCE = 40;
const MIN_CHANGED_VALUES = 4;

/** Hashes of a proof's page images, kept beside its manifest and valid for that manifest only. */
interface PageHashCache {
  version: 1;
  manifestCreatedAt: string;
  /** Index 0 is the manifest's first page; null for a page that has no image. */
  hashes: (string | null)[];
}

/** A finished comparison of two rounds, valid while neither is processed again. */
interface ComparisonCache {
  version: 1;
  manifestCreatedAt: string;
  previousManifestCreatedAt: string;
  pages: { page: number; change: ProofPageChange }[];
}

const hashCacheKey = (proofId: number) => `proofs/${proofId}/page-hashes.json`;
const comparisonCacheKey = (proofId: number, previousId: number) => `proofs/${proofId}/compare-${previousId}.json`;

async function readJson<T>(files: FileStore, key: string | null): Promise<T | null> {
  if (!key) return null;
  const stored = await files.get(key);
  if (!stored) return null;
  try {
    return JSON.parse(stored.toString('utf8')) as T;
  } catch {
    // A cache being written while read, or damaged: as if there were none.
    return null;
  }
}

const writeJson = (files: FileStore, key: string, value: unknown) =>
  files.put(key, Buffer.from(JSON.stringify(value)), 'application/json');

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

const imageOf = (page: PageManifest | undefined) => page?.viewer ?? page?.thumb ?? null;

/**
 * The SHA-256 of each page's viewer image, by page number: equal bytes are an unchanged page at no
 * decoding cost. Cached in the file store next to the manifest; reprocessing writes a new manifest,
 * which voids them.
 */
export async function pageHashes(
  files: FileStore,
  proofId: number,
  manifest: ProofManifest,
): Promise<Map<number, string | null>> {
  const byPage = (hashes: (string | null)[]) =>
    new Map(manifest.pages.map((page, index) => [page.page, hashes[index] ?? null]));
  const cached = await readJson<PageHashCache>(files, hashCacheKey(proofId));
  if (
    cached?.version === 1 &&
    cached.manifestCreatedAt === manifest.createdAt &&
    cached.hashes.length === manifest.pages.length
  ) {
    return byPage(cached.hashes);
  }
  const hashes = await mapLimited(manifest.pages, CONCURRENCY, async (page) => {
    const image = imageOf(page);
    const bytes = image ? await files.get(image.key) : null;
    return bytes ? createHash('sha256').update(bytes).digest('hex') : null;
  });
  await writeJson(files, hashCacheKey(proofId), { version: 1, manifestCreatedAt: manifest.createdAt, hashes });
  return byPage(hashes);
}

/** Whether two drawings of a page differ by more than decoding noise (see LEVEL_TOLERANCE). */
export async function drawingsDiffer(a: Buffer, b: Buffer): Promise<boolean> {
  const pixels = async (bytes: Buffer) => {
    const { data, info } = await sharp(bytes)
      .resize({ width: COMPARE_WIDTH })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const [left, right] = await Promise.all([pixels(a), pixels(b)]);
  if (left.width !== right.width || left.height !== right.height) return true;
  let changed = 0;
  for (let index = 0; index < left.data.length; index++) {
    if (Math.abs(left.data[index]! - right.data[index]!) > LEVEL_TOLERANCE && ++changed >= MIN_CHANGED_VALUES) {
      return true;
    }
  }
  return false;
}

/**
 * Page by page, by page number: a page only one round has was added or removed; equal hashes are the
 * same page; a page without an image on either side cannot be shown to be the same, so it counts as
 * changed; otherwise `differ` decides (the drawings are compared).
 */
export async function comparePages(
  current: ReadonlyMap<number, string | null>,
  previous: ReadonlyMap<number, string | null>,
  differ: (page: number) => Promise<boolean>,
): Promise<{ page: number; change: ProofPageChange }[]> {
  const numbers = [...new Set([...current.keys(), ...previous.keys()])].sort((a, b) => a - b);
  return mapLimited(numbers, CONCURRENCY, async (page) => {
    if (!previous.has(page)) return { page, change: 'added' as const };
    if (!current.has(page)) return { page, change: 'removed' as const };
    const now = current.get(page);
    const before = previous.get(page);
    if (!now || !before) return { page, change: 'changed' as const };
    if (now === before) return { page, change: 'same' as const };
    return { page, change: (await differ(page)) ? ('changed' as const) : ('same' as const) };
  });
}

/** The pages of two processed rounds compared, from the cache when neither was processed again since. */
async function compareRounds(
  files: FileStore,
  current: { id: number; manifest: ProofManifest },
  previous: { id: number; manifest: ProofManifest },
) {
  const cacheKey = comparisonCacheKey(current.id, previous.id);
  const cached = await readJson<ComparisonCache>(files, cacheKey);
  if (
    cached?.version === 1 &&
    cached.manifestCreatedAt === current.manifest.createdAt &&
    cached.previousManifestCreatedAt === previous.manifest.createdAt
  ) {
    return cached.pages;
  }
  const [now, before] = await Promise.all([
    pageHashes(files, current.id, current.manifest),
    pageHashes(files, previous.id, previous.manifest),
  ]);
  const pageOf = (manifest: ProofManifest, page: number) => manifest.pages.find((entry) => entry.page === page);
  const pages = await comparePages(now, before, async (page) => {
    const [a, b] = await Promise.all(
      [pageOf(current.manifest, page), pageOf(previous.manifest, page)].map((entry) => {
        const image = imageOf(entry);
        return image ? files.get(image.key) : null;
      }),
    );
    return !a || !b || (await drawingsDiffer(a, b));
  });
  const cache: ComparisonCache = {
    version: 1,
    manifestCreatedAt: current.manifest.createdAt,
    previousManifestCreatedAt: previous.manifest.createdAt,
    pages,
  };
  await writeJson(files, cacheKey, cache);
  return pages;
}

/** `GET proofs/{id}/compare`: the previous round of the same project and kind, and which pages changed. */
export async function registerProofCompareRoutes(app: FastifyInstance) {
  const { services } = app;
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  implement(app, compareProof, async function compareProofs(request) {
    const { row } = await visibleProof(contextOf(request), request.params.id);
    // The same project is visible to whoever sees this proof, so the previous round needs no scope of its own.
    const [previous] = await services.db
      .select()
      .from(proofs)
      .where(
        and(eq(proofs.projectId, row.projectId), eq(proofs.kind, row.kind), lt(proofs.roundNumber, row.roundNumber)),
      )
      .orderBy(desc(proofs.roundNumber), desc(proofs.createdAt), desc(proofs.id))
      .limit(1);
    const answer: ProofCompare = {
      proofId: row.id,
      previous: previous
        ? {
            id: previous.id,
            roundNumber: previous.roundNumber,
            status: previous.status,
            processingStatus: previous.processingStatus,
            pageCount: previous.pageCount,
            createdAt: previous.createdAt.toISOString(),
          }
        : null,
      comparable: false,
      reason: null,
      pages: [],
      changedPages: [],
      removedPages: [],
    };
    if (!previous) {
      return { ...answer, reason: `Round ${row.roundNumber} is the first round: there is nothing to compare.` };
    }
    const [manifest, previousManifest] = await Promise.all([
      readJson<ProofManifest>(services.files, row.manifestKey),
      readJson<ProofManifest>(services.files, previous.manifestKey),
    ]);
    if (!manifest) return { ...answer, reason: `Round ${row.roundNumber} has no page images yet.` };
    if (!previousManifest) {
      return { ...answer, reason: `Round ${previous.roundNumber} has no page images to compare with.` };
    }
    const pages = await compareRounds(
      services.files,
      { id: row.id, manifest },
      { id: previous.id, manifest: previousManifest },
    );
    return {
      ...answer,
      comparable: true,
      pages,
      changedPages: pages
        .filter((page) => page.change === 'changed' || page.change === 'added')
        .map((page) => page.page),
      removedPages: pages.filter((page) => page.change === 'removed').map((page) => page.page),
    };
  });
}
