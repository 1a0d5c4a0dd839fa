import { Worker } from 'node:worker_threads';
import { proofVendorOperations } from '@colophon/contract';
import { projects, proofs, queueUploads, uploadSessions } from '@colophon/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { implement } from '../../engine/implement';
import type { ResourceContext } from '../../engine/resource';
import { AppError, invalidField, notFound } from '../../errors';
import type { FileStore } from '../../integrations/files/file-store';
import { callerOf } from '../../plugins/authentication';
import { defaultRenderSettings, type RenderSettings } from '../../proof-pipeline';
import type { FromWorker, PageResult, ToWorker } from '../../proof-pipeline/render/protocol';
import { requireVisibleAccounts } from '../accounts/tree';
import { checkUploadedPdf } from '../uploads/validate';
import { recordAction } from './query';

/** The cover as the proof pages show it: as wide as a viewer page, WebP (small, sharp at that size). */
const coverSettings: RenderSettings = { ...defaultRenderSettings, format: 'webp', thumbFormat: 'webp' };
const COVER_URL_TTL_SECONDS = 24 * 3600;
/** A cover is one spread; a file that takes longer than this to draw its first page is not a cover. */
const RENDER_TIMEOUT_MS = 120_000;
/** A cover is a spread or two: a file past this is the book's pages, not its cover (and is not read into memory). */
const MAX_COVER_BYTES = 256 * 1024 * 1024;

/** Keys the signed uploads hand out (`uploads/<uuid>.pdf`, and parts of the same store). */
const UPLOAD_KEY = /^uploads\/[a-z0-9][a-z0-9/_.-]*$/;

/** `uploads/<uuid>.pdf` → `covers/<uuid>.webp`: fixed per file, so doing it again overwrites. */
export function coverImageKeyFor(key: string): string {
  return `covers/${key.slice('uploads/'.length).replace(/\.[a-z0-9]+$/, '')}.webp`;
}

/** The bucket this file store answers to: the S3 store's bucket, or 'local' for the local disk. */
export function fileStoreBucket(files: Pick<FileStore, 'bucket'>): string {
  return files.bucket || 'local';
}

const pageWorkerEntry = new URL('../../proof-pipeline/render/page-worker.mjs', import.meta.url);

/**
 * Draws page 1 of a PDF in a page worker of the proof pipeline (the same pdf.js drawing and sharp
 * encoding as the proof pages) and only page 1: a pool would draw every page. The thread lives for
 * this one file, so the API's event loop never draws.
 */
export async function renderFirstPage(
  bytes: Uint8Array,
  settings: RenderSettings = coverSettings,
): Promise<PageResult> {
  const worker = new Worker(pageWorkerEntry);
  let waiting: { resolve: (message: FromWorker) => void; reject: (error: Error) => void } | null = null;
  // The first failure (the worker died, the time ran out) stands, even between two questions.
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    const pending = waiting;
    waiting = null;
    pending?.reject(error);
  };
  worker.on('message', (message: FromWorker) => {
    const pending = waiting;
    waiting = null;
    pending?.resolve(message);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the page worker stopped (code ${code})`)));
  const ask = (message: ToWorker, transfer: ArrayBuffer[] = []) =>
    new Promise<FromWorker>((resolve, reject) => {
      if (failure) {
        reject(failure);
        return;
      }
      waiting = { resolve, reject };
      worker.postMessage(message, transfer);
    });
  const timer = setTimeout(() => fail(new Error('the first page took too long to draw')), RENDER_TIMEOUT_MS);
  try {
    const copy = bytes.slice();
    const opened = await ask({ type: 'open', bytes: copy, render: settings, pagesPerOpen: 1 }, [
      copy.buffer as ArrayBuffer,
    ]);
    if (opened.type === 'error') throw new Error(opened.message);
    const reply = await ask({ type: 'page', page: 1 });
    if (reply.type === 'error') throw new Error(reply.message);
    if (reply.type !== 'page') throw new Error(`unexpected reply ${reply.type}`);
    return reply.result;
  } finally {
    clearTimeout(timer);
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}

const IMAGE_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'tiff']);

/** An uploaded image becomes the same WebP (no wider than a rendered cover, turned upright). */
async function imageCover(bytes: Buffer) {
  const { data, info } = await sharp(bytes, { animated: false })
    .rotate()
    .resize({ width: coverSettings.viewerWidth, withoutEnlargement: true })
    .webp({ quality: coverSettings.quality, effort: coverSettings.effort })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function imageFormatOf(bytes: Buffer): Promise<string | null> {
  try {
    const { format } = await sharp(bytes).metadata();
    return format && IMAGE_FORMATS.has(format) ? format : null;
  } catch {
    return null;
  }
}

/**
 * Who may turn an uploaded file into a cover image. Upload keys are random UUIDs handed only to the
 * person who asked for the signed upload, so knowing the key is the right to use it — unless the file
 * is already known to belong to an account: as a proof, an upload job or a resumable upload session.
 * Then every one of those accounts must be the caller's (404 otherwise, as for any other tenant's record).
 */
async function ownersOf(context: ResourceContext, key: string) {
  const { db } = context;
  const [fromProofs, fromJobs, fromSessions] = await Promise.all([
    db
      .select({ id: proofs.id, accountId: projects.accountId })
      .from(proofs)
      .innerJoin(projects, eq(projects.id, proofs.projectId))
      .where(eq(proofs.fileKey, key)),
    db
      .select({ accountId: sql<number | null>`(${queueUploads.payload} ->> 'accountId')::int` })
      .from(queueUploads)
      .where(sql`${queueUploads.payload} ->> 'fileKey' = ${key}`),
    db.select({ accountId: uploadSessions.accountId }).from(uploadSessions).where(eq(uploadSessions.fileKey, key)),
  ]);
  const accountIds = [
    ...new Set(
      [...fromProofs, ...fromJobs, ...fromSessions]
        .map((row) => row.accountId)
        .filter((id): id is number => typeof id === 'number'),
    ),
  ];
  return { proofIds: fromProofs.map((row) => row.id), accountIds };
}

export async function registerProofCoverImageRoute(app: FastifyInstance) {
  const { services } = app;

  implement(app, proofVendorOperations.coverImage, async function setCoverImage(request) {
    const context: ResourceContext = { db: services.db, auth: callerOf(request), request };
    const { key, bucket } = request.body;
    const ours = fileStoreBucket(services.files);
    if (bucket !== ours) throw invalidField('bucket', `Files are kept in the bucket ${ours}, not ${bucket}.`);
    if (!UPLOAD_KEY.test(key) || key.includes('..')) {
      throw invalidField('key', 'Not the key of an uploaded file (uploads/…).');
    }
    const { proofIds, accountIds } = await ownersOf(context, key);
    if (accountIds.length > 0) {
      try {
        await requireVisibleAccounts(context, accountIds);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') throw notFound(`The file ${key}`);
        throw error;
      }
    }

    const stored = await services.files.stat(key);
    if (!stored) throw invalidField('key', 'No file was uploaded for this key.');
    if (stored.size > MAX_COVER_BYTES) {
      throw invalidField('key', 'This file is too large to be a cover (256 MB at most); upload the cover on its own.');
    }
    const bytes = await services.files.get(key);
    if (!bytes) throw invalidField('key', 'No file was uploaded for this key.');
    let image: { data: Buffer | Uint8Array; width: number; height: number };
    if (Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-')) {
      const check = await checkUploadedPdf(bytes);
      if ('problem' in check) throw invalidField('key', check.problem);
      let page: PageResult;
      try {
        page = await renderFirstPage(bytes);
      } catch (error) {
        request.log.warn({ err: error, key }, 'cover: the first page could not be drawn');
        throw invalidField('key', 'The first page of this PDF could not be drawn; it may be damaged.');
      }
      if (!page.viewer) {
        throw invalidField('key', `The first page of this PDF could not be drawn: ${page.error ?? 'unknown reason'}.`);
      }
      image = page.viewer;
    } else if (await imageFormatOf(bytes)) {
      image = await imageCover(bytes);
    } else {
      throw invalidField('key', 'This file is neither a PDF nor an image (PNG, JPEG, WebP, GIF or TIFF).');
    }

    const coverKey = coverImageKeyFor(key);
    await services.files.put(coverKey, Buffer.from(image.data), 'image/webp');
    if (proofIds.length > 0) {
      const updated = await services.db
        .update(proofs)
        .set({ coverImageKey: coverKey, updatedAt: new Date() })
        .where(and(inArray(proofs.id, proofIds), eq(proofs.fileKey, key)))
        .returning({ id: proofs.id });
      for (const proof of updated) {
        await recordAction(context, proof.id, context.auth.user.id, 'cover image set', coverKey);
      }
    }
    return {
      key: coverKey,
      url: services.files.signedUrl(coverKey, COVER_URL_TTL_SECONDS),
      width: image.width,
      height: image.height,
      proofIds,
    };
  });
}
