import type { ProofTextPage } from '@colophon/domain';
import type { FileStore } from '../integrations/files/file-store';
import type { BookSpec } from './book-spec';
import { checkDocument } from './preflight/document';
import { type Finding, type FindingSummary, summarize } from './preflight/findings';
import { mergeFindings, pageFindings } from './preflight/index';
import type { ProofImageKeys, ProofManifest, RenderSettings } from './render/index';
import { renderPages } from './render/index';
import type { PagePool } from './render/pool';
import type { PageResult } from './render/protocol';

export interface ProcessProofInput {
  /** The uploaded PDF, or `fileKey` to read it from the file store. */
  bytes?: Uint8Array;
  fileKey?: string;
  spec: BookSpec;
  proofId: string | number;
  files: FileStore;
  /** Where images and the manifest go (default `proofImageKeys(proofId)`). */
  keys?: ProofImageKeys;
  /** A long-lived page pool (a queue worker keeps one); default: one for this call. */
  pool?: PagePool;
  render?: Partial<RenderSettings>;
  signal?: AbortSignal;
  /**
   * Called as the work goes: once the structure is checked (no page done, the file's own findings),
   * then after each page (in the order pages finish) with that page's findings. Cheap and synchronous:
   * the caller batches any writes.
   */
  onProgress?: (progress: ProofProgress) => void;
  /** Also read every page's text in the same pass over the pages (for the name check). */
  text?: boolean;
}

export interface ProofProgress {
  pagesDone: number;
  pageCount: number;
  /** Findings new since the last call. */
  findings: Finding[];
}

export interface ProcessProofResult {
  findings: Finding[];
  summary: FindingSummary;
  /** Null when the file could not be opened at all (the findings say why). */
  manifest: ProofManifest | null;
  /** Every page's text runs when asked (`text`); null otherwise or when the file could not be opened. */
  text: ProofTextPage[] | null;
  /**
   * Wall-clock milliseconds of each step, and the page workers' own time summed over the pages:
   * drawing (parsing and image decoding included) and encoding.
   */
  timings: { totalMs: number; structureMs: number; pagesMs: number; renderMs: number; encodeMs: number };
}

/** The uploaded file was not in the file store (a retry may find it; the handler decides). */
export class ProofFileMissingError extends Error {
  override name = 'ProofFileMissingError';
}

/**
 * The stored file, streamed straight into shared memory: the one copy of it this process holds,
 * which the structure checks read and the page workers read by range (a 2 GB book is not copied
 * for each of them).
 */
export async function readShared(files: FileStore, key: string): Promise<Uint8Array> {
  const missing = () => new ProofFileMissingError(`The uploaded file ${key} is not in the file store.`);
  const info = await files.stat(key);
  const stream = info ? await files.getStream(key) : null;
  if (!info || !stream) throw missing();
  const shared = new Uint8Array(new SharedArrayBuffer(info.size));
  let at = 0;
  for await (const chunk of stream as AsyncIterable<Uint8Array>) {
    if (at + chunk.length > shared.length) {
      stream.destroy();
      throw new Error(`The uploaded file ${key} grew while it was read.`);
    }
    shared.set(chunk, at);
    at += chunk.length;
  }
  if (at !== shared.length) throw new Error(`The uploaded file ${key} is shorter than the store said.`);
  return shared;
}

/**
 * Processes one uploaded proof: the structure checks (pdf-lib), then every page drawn once in the
 * worker pool for its viewer image, thumbnail and content checks (images, hairlines), all written
 * through the file store under the proof's keys, plus the manifest. Idempotent: a rerun for the same
 * proof overwrites the same keys. The lead wires this into the `queue_proofs` handler.
 */
export async function processProof(input: ProcessProofInput): Promise<ProcessProofResult> {
  const started = performance.now();
  let bytes = input.bytes;
  if (!bytes) {
    if (!input.fileKey) throw new Error('processProof needs bytes or a fileKey');
    bytes = await readShared(input.files, input.fileKey);
  }
  const structure = await checkDocument(bytes, input.spec);
  const structureMs = performance.now() - started;
  if (structure.fatal) {
    return {
      findings: structure.findings,
      summary: summarize(structure.findings),
      manifest: null,
      text: null,
      timings: { totalMs: performance.now() - started, structureMs, pagesMs: 0, renderMs: 0, encodeMs: 0 },
    };
  }
  input.signal?.throwIfAborted();
  input.onProgress?.({ pagesDone: 0, pageCount: structure.pageCount, findings: structure.findings });
  let pagesDone = 0;
  const rendered = await renderPages(bytes, {
    files: input.files,
    proofId: input.proofId,
    ...(input.keys ? { keys: input.keys } : {}),
    ...(input.pool ? { pool: input.pool } : {}),
    ...(input.render ? { settings: input.render } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.text ? { text: true } : {}),
    ...(input.onProgress
      ? {
          onPage: (page: PageResult) => {
            pagesDone += 1;
            const content = page.content ?? { error: page.error ?? 'the page could not be read' };
            input.onProgress?.({
              pagesDone,
              pageCount: structure.pageCount,
              findings: pageFindings(page.page, content, structure.pageImages[page.page - 1] ?? []),
            });
          },
        }
      : {}),
  });
  const findings = mergeFindings(structure.findings, structure.pageImages, rendered.contents);
  const totalMs = performance.now() - started;
  return {
    findings,
    summary: summarize(findings),
    manifest: rendered.manifest,
    text: rendered.text,
    timings: { totalMs, structureMs, pagesMs: totalMs - structureMs, ...rendered.timings },
  };
}
