import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ProofTooManyPagesError } from '../preflight/page-tree';
import type { FromWorker, PageResult, RenderSettings, ToWorker } from './protocol';

export interface PagePoolOptions {
  /** Worker threads (default: the machine's cores). */
  size?: number;
  /** How many pages a worker draws before it opens the file again (page-worker.ts; default 24). */
  pagesPerOpen?: number;
}

/** The bytes in shared memory: as they are when they already live there, else copied there once. */
export function sharedCopyOf(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

export interface RunOptions {
  /** Render images too (null: content analysis only). */
  render: RenderSettings | null;
  /** Called as each page arrives (in completion order); the run waits for the promises it returns. */
  onPage?: (result: PageResult) => Promise<void> | void;
  signal?: AbortSignal;
  /** Refuse (ProofTooManyPagesError) a file pdf.js opens with more pages than this, drawing none. */
  maxPages?: number;
  /** Also read each page's text, from the document the worker has open anyway (the name check). */
  text?: boolean;
}

/**
 * A small pool of page workers (worker_threads), sized to the cores. One run at a time: every
 * worker opens the PDF, then takes the next page as soon as it is free, so pages are spread
 * evenly whatever each costs. Keep a pool for the life of a process (workers start once), or let
 * processProof make one for a single file.
 */
export interface PagePool {
  readonly size: number;
  /** Processes every page of a PDF; resolves with the results in page order. */
  run(bytes: Uint8Array, options: RunOptions): Promise<PageResult[]>;
  close(): Promise<void>;
}

interface Lane {
  worker: Worker;
  /** The pending reply. */
  waiting: { resolve: (message: FromWorker) => void; reject: (error: Error) => void } | null;
  dead: boolean;
}

const entry = new URL('./page-worker.mjs', import.meta.url);

export function createPagePool(options: PagePoolOptions = {}): PagePool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const pagesPerOpen = Math.max(1, options.pagesPerOpen ?? 24);
  let lanes: Lane[] | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const startLane = (): Lane => {
    const lane: Lane = { worker: new Worker(entry), waiting: null, dead: false };
    lane.worker.on('message', (message: FromWorker) => {
      const waiting = lane.waiting;
      lane.waiting = null;
      waiting?.resolve(message);
    });
    const fail = (error: Error) => {
      if (lane.dead) return;
      lane.dead = true;
      const waiting = lane.waiting;
      lane.waiting = null;
      waiting?.reject(error);
      // A dead lane is replaced on the next run.
      if (lanes) lanes = lanes.map((other) => (other === lane ? startLane() : other));
    };
    lane.worker.on('error', fail);
    lane.worker.on('exit', (code) => {
      if (!closed) fail(new Error(`page worker exited (code ${code})`));
    });
    return lane;
  };

  const ask = (lane: Lane, message: ToWorker, transfer: ArrayBuffer[] = []) =>
    new Promise<FromWorker>((resolve, reject) => {
      if (lane.dead) {
        reject(new Error('page worker is gone'));
        return;
      }
      lane.waiting = { resolve, reject };
      lane.worker.postMessage(message, transfer);
    });

  const runNow = async (bytes: Uint8Array, run: RunOptions): Promise<PageResult[]> => {
    if (closed) throw new Error('the page pool is closed');
    lanes ??= Array.from({ length: size }, startLane);
    const active = lanes;
    // One copy of the file for every worker: they read it by range (pdfjs.ts), none holds it whole.
    const shared = sharedCopyOf(bytes);
    const opened = await Promise.all(
      active.map((lane) =>
        ask(lane, { type: 'open', bytes: shared, render: run.render, pagesPerOpen, text: run.text ?? false }),
      ),
    );
    const first = opened[0];
    for (const reply of opened) if (reply.type === 'error') throw new Error(reply.message);
    const pageCount = first?.type === 'opened' ? first.pageCount : 0;
    const results: PageResult[] = new Array(pageCount);
    const pending: Promise<void>[] = [];
    let writeError: unknown = null;
    let next = 1;
    try {
      if (run.maxPages !== undefined && pageCount > run.maxPages) throw new ProofTooManyPagesError(run.maxPages);
      await Promise.all(
        active.map(async (lane) => {
          while (next <= pageCount) {
            if (run.signal?.aborted) throw run.signal.reason ?? new Error('aborted');
            const page = next++;
            const reply = await ask(lane, { type: 'page', page });
            if (reply.type === 'error') throw new Error(reply.message);
            if (reply.type !== 'page') throw new Error(`unexpected reply ${reply.type}`);
            results[page - 1] = reply.result;
            const { onPage } = run;
            if (onPage) {
              pending.push(
                Promise.resolve()
                  .then(() => onPage(reply.result))
                  .catch((error: unknown) => {
                    writeError ??= error;
                  }),
              );
            }
            if (writeError) throw writeError;
          }
        }),
      );
      await Promise.all(pending);
      if (writeError) throw writeError;
    } finally {
      await Promise.all(active.map((lane) => ask(lane, { type: 'close' }).catch(() => undefined)));
    }
    return results;
  };

  return {
    size,
    run(bytes, run) {
      const result = queue.then(() => runNow(bytes, run));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      closed = true;
      await queue;
      const current = lanes ?? [];
      lanes = null;
      await Promise.all(current.map((lane) => lane.worker.terminate()));
    },
  };
}
