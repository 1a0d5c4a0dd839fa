import type { ProofTextItem } from '@colophon/domain';
import type { PageContent } from '../preflight/content';

/** How pages are turned into images: the viewer image and the thumbnail, and their encoding. */
export interface RenderSettings {
  /** Width of the viewer image in pixels (default 1600). */
  viewerWidth: number;
  /** Width of the thumbnail in pixels (default 200). */
  thumbWidth: number;
  /** Encoding of the viewer image. */
  format: 'webp' | 'jpeg';
  /** Encoding of the thumbnail. */
  thumbFormat: 'webp' | 'jpeg';
  /** 1–100 (default 80). */
  quality: number;
  /** WebP effort 0–6 (default 2; higher is smaller and slower). */
  effort: number;
}

export interface EncodedImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export type ToWorker =
  | {
      type: 'open';
      bytes: Uint8Array;
      render: RenderSettings | null;
      pagesPerOpen: number;
      /** Also read each page's text (the name check's input). */
      text?: boolean;
    }
  | { type: 'page'; page: number }
  | { type: 'close' };

export interface PageResult {
  page: number;
  /** The page as rendered (MediaBox ∩ CropBox, rotation applied), in points. */
  widthPts: number;
  heightPts: number;
  content?: PageContent;
  /** The page's text runs when asked (`text`), in points from the page's top-left like finding boxes. */
  text?: ProofTextItem[];
  viewer?: EncodedImage;
  thumb?: EncodedImage;
  /** The page could not be read or drawn. */
  error?: string;
  /** Milliseconds spent on the page: drawing (with parsing and image decoding) and encoding. */
  timings?: { renderMs: number; encodeMs: number };
}

export type FromWorker =
  | { type: 'opened'; pageCount: number }
  | { type: 'page'; result: PageResult }
  | { type: 'closed' }
  | { type: 'error'; message: string };
