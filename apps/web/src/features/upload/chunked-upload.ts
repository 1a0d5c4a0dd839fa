import type { StoredUpload, UploadPartTarget, UploadSession } from '@colophon/contract';
import type { ProofFileKind } from '@colophon/domain';

/** What the upload needs from the server and the network (the page passes the real one; tests a fake). */
export interface UploadTransport {
  createSession(body: {
    projectId: number;
    fileName: string;
    contentType: 'application/pdf';
    size: number;
  }): Promise<UploadSession>;
  /** Rejects with a status of 404 or 410 when the session is gone. */
  getSession(sessionId: string): Promise<UploadSession>;
  partUrls(sessionId: string, partNumbers: number[]): Promise<UploadPartTarget[]>;
  reportPart(sessionId: string, part: { partNumber: number; size: number; etag: string }): Promise<void>;
  complete(sessionId: string): Promise<StoredUpload>;
  abort(sessionId: string): Promise<void>;
  /** PUTs one part, reporting bytes sent as they go; resolves with the store's ETag. */
  sendPart(
    target: UploadPartTarget,
    body: Blob,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<{ etag: string }>;
}

/** A failed request: `status` 0 for the network (no answer at all). */
export class TransferError extends Error {
  override name = 'TransferError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type UploadState =
  | 'idle'
  | 'preparing'
  | 'uploading'
  | 'paused'
  | 'completing'
  | 'done'
  | 'failed'
  | 'cancelled';

export interface UploadProgress {
  state: UploadState;
  sentBytes: number;
  totalBytes: number;
  /** 0–100. */
  percent: number;
  /** Bytes a second over the last few seconds; null until there is enough to tell. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  partsDone: number;
  partCount: number;
  /** The parts the server already had when this upload (re)started. */
  resumedParts: number;
  /** A part being sent again after a failure, and in how long. */
  retrying: { partNumber: number; attempt: number; inMs: number } | null;
  error: string | null;
  result: StoredUpload | null;
}

export interface UploadOptions {
  file: File;
  projectId: number;
  kind: ProofFileKind;
  transport: UploadTransport;
  /** Parts in flight at once. */
  concurrency?: number;
  /** Tries per part before the upload fails (the first try included). */
  maxAttempts?: number;
  /** The first wait before a retry; it doubles each time (with a little jitter). */
  retryBaseMs?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The remembered session of a file for a project: a reload, then the same file chosen, continues it. */
export function resumeKey(file: Pick<File, 'name' | 'size' | 'lastModified'>, projectId: number, kind: ProofFileKind) {
  return `colophon.upload.${projectId}.${kind}.${file.size}.${file.lastModified}.${file.name}`;
}

const abortError = () => new DOMException('The upload was paused.', 'AbortError');
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', stop, { once: true });
  });

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : 0;

/** Worth another try: no answer, a timeout, too many requests, a server error, or an expired URL (403). */
const isRetryable = (error: unknown) => {
  const status = statusOf(error);
  return status === 0 || status === 403 || status === 408 || status === 429 || status >= 500;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'The upload failed.');

/** How far back the speed is measured. */
const SPEED_WINDOW_MS = 5_000;

/**
 * One file sent to the store in parts: a session on the server (remembered in local storage, so a
 * reload continues it), the parts the server lacks sent a few at a time by PUT with progress, a
 * failed part tried again with growing waits, pause (in-flight parts are dropped and sent again on
 * resume), cancel, and completion. Progress is bytes acknowledged plus bytes of parts in flight.
 */
export class ChunkedUpload {
  private readonly options: Required<Omit<UploadOptions, 'storage'>> & { storage: UploadOptions['storage'] };
  private listeners = new Set<() => void>();
  private progress: UploadProgress;
  private session: UploadSession | null = null;
  private controller: AbortController | null = null;
  private running: Promise<void> | null = null;
  private readonly done = new Map<number, number>();
  private readonly inFlight = new Map<number, number>();
  private samples: { at: number; sent: number }[] = [];
  private urls = new Map<number, UploadPartTarget>();
  private pendingUrls = new Map<number, Promise<void>>();

  constructor(options: UploadOptions) {
    this.options = {
      concurrency: 3,
      maxAttempts: 6,
      retryBaseMs: 1_000,
      storage: typeof localStorage === 'undefined' ? null : localStorage,
      now: () => Date.now(),
      sleep: defaultSleep,
      ...options,
    };
    this.progress = {
      state: 'idle',
      sentBytes: 0,
      totalBytes: options.file.size,
      percent: 0,
      bytesPerSecond: null,
      secondsLeft: null,
      partsDone: 0,
      partCount: 0,
      resumedParts: 0,
      retrying: null,
      error: null,
      result: null,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): UploadProgress => this.progress;

  private update(patch: Partial<UploadProgress>) {
    this.progress = { ...this.progress, ...patch };
    for (const listener of this.listeners) listener();
  }

  private get key() {
    return resumeKey(this.options.file, this.options.projectId, this.options.kind);
  }

  private remember(sessionId: string | null) {
    try {
      if (sessionId) this.options.storage?.setItem(this.key, sessionId);
      else this.options.storage?.removeItem(this.key);
    } catch {
      // Private browsing without storage: the upload works, it just cannot resume after a reload.
    }
  }

  /** Starts, or continues after a pause. Resolves when the file is complete, paused, cancelled or failed. */
  start(): Promise<void> {
    // Resumed before the paused run has wound down: continue once it has.
    if (this.running && this.controller?.signal.aborted) return this.running.then(() => this.start());
    if (this.running) return this.running;
    if (this.progress.state === 'done' || this.progress.state === 'cancelled') return Promise.resolve();
    const controller = new AbortController();
    this.controller = controller;
    this.running = this.run(controller.signal).finally(() => {
      this.running = null;
      if (this.controller === controller) this.controller = null;
    });
    return this.running;
  }

  /** Stops sending; the parts already acknowledged stay on the server. */
  pause() {
    if (!this.controller || this.progress.state === 'completing') return;
    this.controller.abort();
    this.inFlight.clear();
    this.update({
      state: 'paused',
      retrying: null,
      bytesPerSecond: null,
      secondsLeft: null,
      sentBytes: this.acknowledged(),
    });
  }

  /** Stops and throws the parts away (the server forgets the session). */
  async cancel() {
    this.controller?.abort();
    await this.running?.catch(() => {});
    const session = this.session;
    this.remember(null);
    this.update({ state: 'cancelled', retrying: null });
    if (session && this.progress.result === null) await this.options.transport.abort(session.id).catch(() => {});
  }

  private acknowledged() {
    let total = 0;
    for (const size of this.done.values()) total += size;
    return total;
  }

  private report() {
    let inFlight = 0;
    for (const loaded of this.inFlight.values()) inFlight += loaded;
    const sentBytes = Math.min(this.options.file.size, this.acknowledged() + inFlight);
    const now = this.options.now();
    this.samples.push({ at: now, sent: sentBytes });
    while (this.samples.length > 2 && (this.samples[0]?.at ?? now) < now - SPEED_WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    const elapsed = first ? (now - first.at) / 1000 : 0;
    const bytesPerSecond = first && elapsed >= 0.5 ? (sentBytes - first.sent) / elapsed : null;
    const total = this.options.file.size;
    this.update({
      sentBytes,
      percent: total > 0 ? Math.floor((sentBytes / total) * 1000) / 10 : 100,
      bytesPerSecond,
      secondsLeft: bytesPerSecond && bytesPerSecond > 0 ? (total - sentBytes) / bytesPerSecond : null,
      partsDone: this.done.size,
    });
  }

  private async openSession(): Promise<UploadSession> {
    const { transport, file, projectId } = this.options;
    let remembered: string | null = null;
    try {
      remembered = this.options.storage?.getItem(this.key) ?? null;
    } catch {
      remembered = null;
    }
    if (this.session) remembered = this.session.id;
    if (remembered) {
      try {
        const found = await transport.getSession(remembered);
        if (found.status !== 'aborted' && found.size === file.size && found.projectId === projectId) return found;
      } catch (error) {
        const status = statusOf(error);
        if (status !== 404 && status !== 410) throw error;
      }
      this.remember(null);
    }
    const created = await transport.createSession({
      projectId,
      fileName: file.name,
      contentType: 'application/pdf',
      size: file.size,
    });
    this.remember(created.id);
    return created;
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { transport } = this.options;
    try {
      this.update({ state: 'preparing', error: null, retrying: null });
      const session = await this.openSession();
      this.session = session;
      signal.throwIfAborted();
      if (session.status === 'complete') {
        await this.finish(session, signal);
        return;
      }
      this.done.clear();
      for (const part of session.parts) this.done.set(part.partNumber, part.size);
      this.update({ partCount: session.partCount, resumedParts: session.parts.length });
      this.samples = [];
      this.report();
      this.update({ state: 'uploading' });
      // A part the server says it lacks at completion is sent again, once.
      for (let round = 0; round < 2; round += 1) {
        await this.sendMissing(session, signal);
        try {
          await this.finish(session, signal);
          return;
        } catch (error) {
          if (statusOf(error) !== 409 || round > 0) throw error;
          const fresh = await transport.getSession(session.id);
          this.done.clear();
          for (const part of fresh.parts) this.done.set(part.partNumber, part.size);
          this.update({ state: 'uploading' });
        }
      }
    } catch (error) {
      if (isAbort(error) || signal.aborted) return;
      const status = statusOf(error);
      if (status === 404 || status === 410) this.remember(null);
      this.inFlight.clear();
      this.update({
        state: 'failed',
        error: messageOf(error),
        retrying: null,
        bytesPerSecond: null,
        secondsLeft: null,
      });
    }
  }

  private async finish(session: UploadSession, signal: AbortSignal) {
    this.update({ state: 'completing', retrying: null, secondsLeft: null });
    const result = await this.withRetries(0, signal, () => this.options.transport.complete(session.id));
    this.remember(null);
    this.update({
      state: 'done',
      result,
      sentBytes: this.options.file.size,
      percent: 100,
      partsDone: session.partCount,
      secondsLeft: 0,
    });
  }

  private async sendMissing(session: UploadSession, signal: AbortSignal) {
    const queue = Array.from({ length: session.partCount }, (_, index) => index + 1).filter(
      (part) => !this.done.has(part),
    );
    // The first part that fails for good stops the others (its error is the one shown).
    const batch = new AbortController();
    const stopBatch = () => batch.abort();
    signal.addEventListener('abort', stopBatch, { once: true });
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined && !batch.signal.aborted; next = queue.shift()) {
        try {
          await this.sendPart(session, next, queue, batch.signal);
        } catch (error) {
          if (!failure && !signal.aborted) failure = { error };
          batch.abort();
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, Math.max(queue.length, 1)) }, worker));
    signal.removeEventListener('abort', stopBatch);
    if (signal.aborted) throw abortError();
    if (failure) throw (failure as { error: unknown }).error;
  }

  /** A URL for the part, fetched with those of the next parts (a batch per request), again once expired. */
  private async urlFor(session: UploadSession, partNumber: number, upcoming: number[], signal: AbortSignal) {
    const usable = (target: UploadPartTarget | undefined) =>
      target && new Date(target.expiresAt).getTime() - this.options.now() > 60_000 ? target : null;
    const pending = this.pendingUrls.get(partNumber);
    if (pending) await pending.catch(() => {});
    const cached = usable(this.urls.get(partNumber));
    if (cached) return cached;
    const batch = [
      partNumber,
      ...upcoming.filter((part) => !usable(this.urls.get(part)) && !this.pendingUrls.has(part)),
    ].slice(0, 20);
    const request = this.withRetries(partNumber, signal, () => this.options.transport.partUrls(session.id, batch)).then(
      (targets) => {
        for (const target of targets) this.urls.set(target.partNumber, target);
      },
    );
    for (const part of batch) this.pendingUrls.set(part, request);
    try {
      await request;
    } finally {
      for (const part of batch) if (this.pendingUrls.get(part) === request) this.pendingUrls.delete(part);
    }
    const target = this.urls.get(partNumber);
    if (!target) throw new TransferError(`The server gave no URL for part ${partNumber}.`, 500);
    return target;
  }

  private async sendPart(session: UploadSession, partNumber: number, upcoming: number[], signal: AbortSignal) {
    const { file, transport } = this.options;
    const start = (partNumber - 1) * session.partSize;
    const body = file.slice(start, Math.min(file.size, start + session.partSize));
    const { etag } = await this.withRetries(partNumber, signal, async (attempt) => {
      if (attempt > 1) this.urls.delete(partNumber);
      const target = await this.urlFor(session, partNumber, upcoming, signal);
      this.inFlight.set(partNumber, 0);
      this.report();
      try {
        return await transport.sendPart(
          target,
          body,
          (loaded) => {
            if (signal.aborted) return;
            this.inFlight.set(partNumber, loaded);
            this.report();
          },
          signal,
        );
      } finally {
        this.inFlight.delete(partNumber);
      }
    });
    await this.withRetries(partNumber, signal, () =>
      transport.reportPart(session.id, { partNumber, size: body.size, etag }),
    );
    this.done.set(partNumber, body.size);
    if (this.progress.retrying?.partNumber === partNumber) this.update({ retrying: null });
    this.report();
  }

  private async withRetries<T>(
    partNumber: number,
    signal: AbortSignal,
    task: (attempt: number) => Promise<T>,
  ): Promise<T> {
    const { maxAttempts, retryBaseMs, sleep } = this.options;
    for (let attempt = 1; ; attempt += 1) {
      signal.throwIfAborted();
      try {
        return await task(attempt);
      } catch (error) {
        if (isAbort(error) || signal.aborted) throw abortError();
        if (!isRetryable(error) || attempt >= maxAttempts) throw error;
        const inMs = Math.round(retryBaseMs * 2 ** (attempt - 1) * (1 + Math.random() * 0.2));
        this.update({ retrying: { partNumber, attempt: attempt + 1, inMs } });
        this.report();
        await sleep(inMs, signal);
      }
    }
  }
}

/** Sends a part with XMLHttpRequest: fetch cannot report upload progress. */
export function sendPartWithXhr(
  target: UploadPartTarget,
  body: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Promise<{ etag: string }> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const request = createRequest();
    const stop = () => request.abort();
    signal.addEventListener('abort', stop, { once: true });
    const settle = () => signal.removeEventListener('abort', stop);
    request.open(target.method, target.url);
    for (const [name, value] of Object.entries(target.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      settle();
      if (request.status >= 200 && request.status < 300) {
        const etag = request.getResponseHeader('ETag');
        if (etag) return resolve({ etag });
        return reject(
          new TransferError(
            'The file store did not show the part’s ETag (its CORS rules must expose the ETag header).',
            request.status,
          ),
        );
      }
      reject(new TransferError(`Part upload failed (HTTP ${request.status}).`, request.status));
    };
    request.onerror = () => {
      settle();
      reject(new TransferError('The connection dropped while sending a part.', 0));
    };
    request.ontimeout = request.onerror;
    request.onabort = () => {
      settle();
      reject(abortError());
    };
    request.send(body);
  });
}
