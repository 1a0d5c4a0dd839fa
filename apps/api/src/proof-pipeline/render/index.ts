import { MAX_PROOF_FILE_PAGES, type ProofTextPage } from '@colophon/domain';
import type { FileStore } from '../../integrations/files/file-store';
import type { PageContent } from '../preflight/content';
import { createPagePool, type PagePool } from './pool';
import type { PageResult, RenderSettings } from './protocol';

export { createPagePool, type PagePool, type PagePoolOptions, type RunOptions } from './pool';
export type { EncodedImage, PageResult, RenderSettings } from './protocol';

/**
 * Defaults chosen with bench/proof-pipeline.bench.ts (docs/decisions.md, "Proof pages"): a 1600 px
 * viewer image as JPEG at quality 80 (WebP is a third smaller but takes three to four times as long
 * to encode at that size), and a 200 px thumbnail as WebP (tiny either way; WebP looks better small).
 */
export const defaultRenderSettings: RenderSettings = {
  viewerWidth: 1600,
  thumbWidth: 200,
  format: 'jpeg',
  thumbFormat: 'webp',
  quality: 80,
  effort: 2,
};

/** Where a proof's images and manifest go in the file store. */
export interface ProofImageKeys {
  thumb(page: number): string;
  viewer(page: number): string;
  manifest: string;
}

const extensionOf = (format: RenderSettings['format']) => (format === 'jpeg' ? 'jpg' : 'webp');

/** `proofs/<proofId>/pages/<n>-thumb.webp`, `…/<n>-viewer.jpg`, `proofs/<proofId>/manifest.json`. */
export function proofImageKeys(
  proofId: string | number,
  formats: Pick<RenderSettings, 'format' | 'thumbFormat'> = defaultRenderSettings,
): ProofImageKeys {
  return {
    thumb: (page) => `proofs/${proofId}/pages/${page}-thumb.${extensionOf(formats.thumbFormat)}`,
    viewer: (page) => `proofs/${proofId}/pages/${page}-viewer.${extensionOf(formats.format)}`,
    manifest: `proofs/${proofId}/manifest.json`,
  };
}

export interface ManifestImage {
  key: string;
  width: number;
  height: number;
}

export interface PageManifest {
  page: number;
  /** The page as rendered (MediaBox ∩ CropBox, rotation applied), in points: finding boxes are in these. */
  widthPts: number;
  heightPts: number;
  thumb: ManifestImage | null;
  viewer: ManifestImage | null;
  /** Why the page has no images (it could not be drawn). */
  error?: string;
}

export interface ProofManifest {
  version: 1;
  proofId: string;
  pageCount: number;
  /** Encodings of the viewer images and the thumbnails. */
  format: RenderSettings['format'];
  thumbFormat: RenderSettings['format'];
  createdAt: string;
  pages: PageManifest[];
}

export interface RenderPagesOptions {
  files: FileStore;
  proofId: string | number;
  keys?: ProofImageKeys;
  /** A pool to use (kept open afterwards); default: one for this call, sized to the cores. */
  pool?: PagePool;
  settings?: Partial<RenderSettings>;
  signal?: AbortSignal;
  /** Each page once its images are stored, in the order pages finish (progress, findings as they come). */
  onPage?: (result: PageResult) => void;
  /** Also read each page's text in the same pass (the name check's input). */
  text?: boolean;
}

export interface RenderPagesResult {
  manifest: ProofManifest;
  /** Each page's content analysis (from the same pass), or why the page failed. */
  contents: (PageContent | { error: string })[];
  /** Sums over the pages, in worker milliseconds. */
  timings: { renderMs: number; encodeMs: number };
  /** Each page's text runs in page order, when asked (`text`); a page that failed has none. */
  text: ProofTextPage[] | null;
}

const contentTypes = { webp: 'image/webp', jpeg: 'image/jpeg' } as const;

/**
 * Renders every page of a PDF to a viewer image and a thumbnail in worker threads, writes them and a
 * manifest through the file store, and returns the manifest with each page's content analysis. Keys
 * are fixed per proof and page, so a rerun overwrites what an earlier run wrote.
 */
export async function renderPages(bytes: Uint8Array, options: RenderPagesOptions): Promise<RenderPagesResult> {
  const settings: RenderSettings = { ...defaultRenderSettings, ...options.settings };
  const keys = options.keys ?? proofImageKeys(options.proofId, settings);
  const pool = options.pool ?? createPagePool();
  const timings = { renderMs: 0, encodeMs: 0 };
  let results: PageResult[];
  try {
    results = await pool.run(bytes, {
      render: settings,
      // The structure check counted the pages already; pdf.js counts them its own way, so it is held
      // to the same maximum (no page-count bomb gets drawn, whichever count it lied to).
      maxPages: MAX_PROOF_FILE_PAGES,
      ...(options.signal ? { signal: options.signal } : {}),
      text: options.text ?? false,
      onPage: async (result) => {
        if (result.timings) {
          timings.renderMs += result.timings.renderMs;
          timings.encodeMs += result.timings.encodeMs;
        }
        if (!result.viewer || !result.thumb) {
          options.onPage?.(result);
          return;
        }
        await Promise.all([
          options.files.put(keys.viewer(result.page), Buffer.from(result.viewer.data), contentTypes[settings.format]),
          options.files.put(
            keys.thumb(result.page),
            Buffer.from(result.thumb.data),
            contentTypes[settings.thumbFormat],
          ),
        ]);
        options.onPage?.(result);
      },
    });
  } finally {
    if (!options.pool) await pool.close();
  }
  const manifest: ProofManifest = {
    version: 1,
    proofId: String(options.proofId),
    pageCount: results.length,
    format: settings.format,
    thumbFormat: settings.thumbFormat,
    createdAt: new Date().toISOString(),
    pages: results.map((result) => ({
      page: result.page,
      widthPts: round2(result.widthPts),
      heightPts: round2(result.heightPts),
      thumb: result.thumb
        ? { key: keys.thumb(result.page), width: result.thumb.width, height: result.thumb.height }
        : null,
      viewer: result.viewer
        ? { key: keys.viewer(result.page), width: result.viewer.width, height: result.viewer.height }
        : null,
      ...(result.error ? { error: result.error } : {}),
    })),
  };
  await options.files.put(keys.manifest, Buffer.from(JSON.stringify(manifest)), 'application/json');
  return {
    manifest,
    contents: results.map((result) => result.content ?? { error: result.error ?? 'the page could not be read' }),
    timings,
    text: options.text
      ? [...results]
          .sort((left, right) => left.page - right.page)
          .map((result) => ({
            pageNumber: result.page,
            width: result.widthPts,
            height: result.heightPts,
            items: result.text ?? [],
          }))
      : null,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
