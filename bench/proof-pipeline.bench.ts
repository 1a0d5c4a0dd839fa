// Proof pipeline benchmark: a generated 200-page yearbook (8.5 × 11 hard cover, every page with
// photos at 300 ppi, CMYK with film grain, so images decode like real photos) goes through
//   1. the preflight alone (structure with pdf-lib + every page's content through pdf.js), ms/page;
//   2. the full processing (preflight + a 1600 px viewer image and a 200 px thumbnail per page,
//      written to a local file store), pages/s on the page pool;
//   3. poppler's `pdftoppm -jpeg -r 150` on the same PDF, pages/s, as one process and as one process
//      per worker on page ranges (skipped if pdftoppm is missing);
// and prints ours/poppler, whether the book finished in < 60 s, and whether the preflight is
// ≤ 200 ms/page. Run with `npx tsx bench/proof-pipeline.bench.ts`.
//
// Knobs (environment): BENCH_PAGES (200), BENCH_WORKERS (the cores), BENCH_FORMAT and
// BENCH_THUMB_FORMAT (webp | jpeg: the viewer image's and the thumbnail's),
// BENCH_QUALITY, BENCH_EFFORT (WebP 0–6), BENCH_VIEWER_WIDTH (1600), BENCH_THUMB_WIDTH (200),
// BENCH_PPI (300), BENCH_POPPLER=0 (no poppler runs). The book is cached in $TMPDIR/colophon-bench (BENCH_REGENERATE=1 makes it again).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createLocalFileStore } from '../apps/api/src/integrations/files/file-store';
import { makeBook } from '../apps/api/src/proof-pipeline/fixtures/make-book';
import {
  type BookSpec,
  checkDocument,
  createPagePool,
  defaultRenderSettings,
  preflight,
  processProof,
  type RenderSettings,
} from '../apps/api/src/proof-pipeline/index';

const run = promisify(execFile);
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

const pages = env('BENCH_PAGES', 200);
const workers = env('BENCH_WORKERS', availableParallelism());
const ppi = env('BENCH_PPI', 300);
const format = (process.env.BENCH_FORMAT ?? defaultRenderSettings.format) as RenderSettings['format'];
const thumbFormat = (process.env.BENCH_THUMB_FORMAT ?? defaultRenderSettings.thumbFormat) as RenderSettings['format'];
const settings: RenderSettings = {
  ...defaultRenderSettings,
  format,
  thumbFormat,
  quality: env('BENCH_QUALITY', defaultRenderSettings.quality),
  effort: env('BENCH_EFFORT', defaultRenderSettings.effort),
  viewerWidth: env('BENCH_VIEWER_WIDTH', defaultRenderSettings.viewerWidth),
  thumbWidth: env('BENCH_THUMB_WIDTH', defaultRenderSettings.thumbWidth),
};
const spec: BookSpec = { bookType: 5, sizeCode: 8, pageCount: pages };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function theBook(): Promise<{ path: string; bytes: Uint8Array }> {
  const folder = join(tmpdir(), 'colophon-bench');
  await mkdir(folder, { recursive: true });
  const path = join(folder, `book-${pages}p-${ppi}ppi.pdf`);
  if (existsSync(path) && !process.env.BENCH_REGENERATE) {
    console.log(`book: ${path} (cached)`);
    return { path, bytes: new Uint8Array(await readFile(path)) };
  }
  const started = performance.now();
  const bytes = await makeBook({ ...spec, photoPpi: ppi, grain: true, seed: 7 });
  await writeFile(path, bytes);
  console.log(`book: made ${path} in ${seconds(performance.now() - started)}`);
  return { path, bytes };
}

/** pdftoppm over the whole book, split into `processes` equal page ranges run side by side. */
async function poppler(path: string, processes: number): Promise<number | null> {
  try {
    await run('pdftoppm', ['-v']);
  } catch {
    console.log('pdftoppm: not installed (apt-get install poppler-utils): the poppler comparison is skipped');
    return null;
  }
  const out = await mkdtemp(join(tmpdir(), 'colophon-poppler-'));
  try {
    const started = performance.now();
    const share = Math.ceil(pages / processes);
    await Promise.all(
      Array.from({ length: processes }, (_, index) => {
        const range = ['-f', String(index * share + 1), '-l', String(Math.min(pages, (index + 1) * share))];
        return run('pdftoppm', ['-jpeg', '-r', '150', ...range, path, join(out, `part${index}`)], {
          maxBuffer: 1 << 20,
        });
      }),
    );
    return performance.now() - started;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `proof pipeline bench: ${pages} pages, ${workers} workers on ${availableParallelism()} cores; ` +
      `viewer ${settings.viewerWidth} px ${settings.format}, thumb ${settings.thumbWidth} px ${settings.thumbFormat}, ` +
      `quality ${settings.quality}` +
      (settings.format === 'webp' || settings.thumbFormat === 'webp' ? `, WebP effort ${settings.effort}` : ''),
  );
  const { path, bytes } = await theBook();
  console.log(`book: ${(bytes.length / 1024 / 1024).toFixed(0)} MB`);

  const pool = createPagePool({ size: workers });
  const root = await mkdtemp(join(tmpdir(), 'colophon-bench-files-'));
  const files = createLocalFileStore(root, randomBytes(32));
  try {
    // Start the workers (a long-lived pool, as a queue worker keeps one) on a small file first.
    const warm = await makeBook({ bookType: 1, sizeCode: 5, pageCount: 8, photoPpi: 150 });
    const coldStarted = performance.now();
    await processProof({ bytes: warm, spec: { bookType: 1, sizeCode: 5, pageCount: 8 }, proofId: 'warm', files, pool });
    console.log(`pool start + an 8-page warm-up: ${seconds(performance.now() - coldStarted)}`);

    // 1. Preflight alone.
    let started = performance.now();
    const structure = await checkDocument(bytes, spec);
    const structureMs = performance.now() - started;
    started = performance.now();
    const findings = await preflight(bytes, spec, { pool });
    const preflightMs = performance.now() - started;
    const preflightPerPage = preflightMs / pages;
    console.log(
      `preflight: ${seconds(preflightMs)}, ${preflightPerPage.toFixed(0)} ms/page ` +
        `(structure ${structureMs.toFixed(0)} ms of it; ${findings.length} findings, ${structure.pageCount} pages)`,
    );

    // 2. Full processing as the proofs queue runs it: from the file store, with the process's resident
    // memory (workers included) sampled throughout.
    const fileKey = 'uploads/bench-book.pdf';
    await files.putStream(fileKey, createReadStream(path), 'application/pdf');
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 50);
    started = performance.now();
    const result = await processProof({ fileKey, spec, proofId: 'bench', files, pool, render: settings });
    const processMs = performance.now() - started;
    clearInterval(sampler);
    const ours = (pages * 1000) / processMs;
    console.log(
      `full processing: ${seconds(processMs)}, ${ours.toFixed(2)} pages/s ` +
        `(passed: ${result.summary.passed}, ${result.summary.errors} errors, ${result.summary.warnings} warnings)`,
    );
    console.log(
      `  in the workers, per page: drawing ${(result.timings.renderMs / pages).toFixed(0)} ms, ` +
        `encoding ${(result.timings.encodeMs / pages).toFixed(0)} ms (structure ${result.timings.structureMs.toFixed(0)} ms once)`,
    );
    const mb = (value: number) => `${Math.round(value / 2 ** 20)} MB`;
    console.log(
      `memory: resident ${mb(rssBefore)} before (the book held by the bench), peak ${mb(rssPeak)} ` +
        `(+${mb(rssPeak - rssBefore)} while processing a ${mb(bytes.length)} file); ` +
        `the whole run's maximum ${mb(process.resourceUsage().maxRSS * 1024)}`,
    );
    const viewerSizes = result.manifest?.pages.map((page) => page.viewer?.width ?? 0) ?? [];
    console.log(`images: ${viewerSizes.filter((width) => width > 0).length} viewer images and thumbnails written`);

    // 3. Poppler on the same file: as one process (how it is usually run), and as many processes as
    // we have workers, so both sides use the same cores. Poppler draws one 150 dpi image per page and
    // checks nothing; ours also preflights and writes a thumbnail.
    const popplerMs = process.env.BENCH_POPPLER === '0' ? null : await poppler(path, 1);
    if (popplerMs !== null) {
      const theirs = (pages * 1000) / popplerMs;
      console.log(`pdftoppm -jpeg -r 150: ${seconds(popplerMs)}, ${theirs.toFixed(2)} pages/s (one process)`);
      console.log(`ratio ours/poppler (pages/s): ${(ours / theirs).toFixed(2)} (target ≥ 1.0)`);
      const parallelMs = workers > 1 ? await poppler(path, workers) : null;
      if (parallelMs !== null) {
        const theirsParallel = (pages * 1000) / parallelMs;
        console.log(
          `pdftoppm on ${workers} processes (page ranges): ${seconds(parallelMs)}, ${theirsParallel.toFixed(2)} pages/s; ` +
            `ratio on the same cores: ${(ours / theirsParallel).toFixed(2)}`,
        );
      }
    }
    console.log(`${pages}-page book in < 60 s: ${processMs < 60_000 ? 'yes' : 'no'} (${seconds(processMs)})`);
    console.log(
      `preflight ≤ 200 ms/page: ${preflightPerPage <= 200 ? 'yes' : 'no'} (${preflightPerPage.toFixed(0)} ms/page)`,
    );
  } finally {
    await pool.close();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
