import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ChunkedUpload,
  resumeKey,
  sendPartWithXhr,
  TransferError,
  type UploadOptions,
  type UploadProgress,
} from './chunked-upload';
import { createFakeUploadServer, memoryStorage } from './testServer';

const bytes = (length: number) => Uint8Array.from({ length }, (_, index) => (index * 7) % 256);
const pdfFile = (length = 25, name = 'book.pdf') =>
  new File([bytes(length)], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });
const noWait = vi.fn(async (_ms: number, signal: AbortSignal) => {
  signal.throwIfAborted();
});

/**
 * An upload of project 5's pages to the fake server, with no real waits between retries; a test
 * names only what it is about (the file, storage, concurrency, clock).
 */
const uploadTo = (server: ReturnType<typeof createFakeUploadServer>, options: Partial<UploadOptions> = {}) =>
  new ChunkedUpload({
    file: pdfFile(25),
    projectId: 5,
    kind: 'pages',
    transport: server.transport,
    storage: null,
    sleep: noWait,
    ...options,
  });

/** Every state the upload went through, in order (repeats dropped). */
function statesOf(upload: ChunkedUpload) {
  const states: UploadProgress['state'][] = [];
  upload.subscribe(() => {
    const { state } = upload.getSnapshot();
    if (states.at(-1) !== state) states.push(state);
  });
  return states;
}

afterEach(() => noWait.mockClear());

describe('ChunkedUpload', () => {
  it('sends the file in parts of the session’s size and completes it, joined in order', async () => {
    const server = createFakeUploadServer({ partSize: 10 });
    const storage = memoryStorage();
    const file = pdfFile(25);
    const upload = uploadTo(server, { file, storage });
    const states = statesOf(upload);
    await upload.start();

    const progress = upload.getSnapshot();
    expect(progress).toMatchObject({
      state: 'done',
      sentBytes: 25,
      totalBytes: 25,
      percent: 100,
      partsDone: 3,
      partCount: 3,
    });
    expect(states).toEqual(['preparing', 'uploading', 'completing', 'done']);
    const sizes = server.transport.sendPart.mock.calls.map(([target, body]) => [target.partNumber, body.size]);
    expect(sizes.sort()).toEqual([
      [1, 10],
      [2, 10],
      [3, 5],
    ]);
    expect(server.transport.reportPart).toHaveBeenCalledTimes(3);
    expect(server.joined(progress.result!.fileKey)).toEqual(bytes(25));
    expect(storage.items.size, 'a finished upload is forgotten').toBe(0);
    expect(server.transport.partUrls).toHaveBeenCalledTimes(1);
  });

  it('remembers the session by file and project while it runs', async () => {
    const server = createFakeUploadServer({ partSize: 10, hangPart: new Set([2]) });
    const storage = memoryStorage();
    const file = pdfFile(25);
    const upload = uploadTo(server, { file, storage });
    void upload.start();
    await vi.waitFor(() => expect(upload.getSnapshot().state).toBe('uploading'));
    const key = resumeKey(file, 5, 'pages');
    expect(key).toBe('colophon.upload.5.pages.25.1700000000000.book.pdf');
    expect(storage.getItem(key)).toMatch(/^00000000-/);
    upload.pause();
  });

  it('sends a dropped part again after a growing wait, and shows that it does', async () => {
    const server = createFakeUploadServer({ partSize: 10, dropPart: { 2: 2 } });
    const retries: (UploadProgress['retrying'] | null)[] = [];
    const upload = uploadTo(server, { retryBaseMs: 100 });
    upload.subscribe(() => {
      const { retrying } = upload.getSnapshot();
      if (retrying && retries.at(-1)?.attempt !== retrying.attempt) retries.push(retrying);
    });
    await upload.start();
    expect(upload.getSnapshot().state).toBe('done');
    expect(retries.map((retry) => [retry?.partNumber, retry?.attempt])).toEqual([
      [2, 2],
      [2, 3],
    ]);
    const waits = noWait.mock.calls.map(([ms]) => ms);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(120);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
    expect(waits[1]).toBeLessThanOrEqual(240);
    expect(server.joined(upload.getSnapshot().result!.fileKey)).toEqual(bytes(25));
    expect(upload.getSnapshot().retrying).toBeNull();
  });

  it('gives up after the last try, keeping what was sent, and continues when tried again', async () => {
    const server = createFakeUploadServer({ partSize: 10, dropPart: { 3: 10 } });
    const upload = uploadTo(server, { maxAttempts: 3, concurrency: 1 });
    await upload.start();
    expect(upload.getSnapshot()).toMatchObject({
      state: 'failed',
      error: 'The connection dropped while sending a part.',
    });
    expect(server.transport.sendPart.mock.calls.filter(([target]) => target.partNumber === 3)).toHaveLength(3);
    server.undrop(3);
    server.transport.sendPart.mockClear();
    await upload.start();
    expect(upload.getSnapshot().state).toBe('done');
    expect(server.transport.sendPart.mock.calls.map(([target]) => target.partNumber)).toEqual([3]);
    expect(server.transport.createSession).toHaveBeenCalledTimes(1);
  });

  it('does not retry a refusal (400): it fails at once with the reason', async () => {
    const server = createFakeUploadServer({ partSize: 10, refusePart: { 1: 400 } });
    const upload = uploadTo(server, { file: pdfFile(5) });
    await upload.start();
    expect(upload.getSnapshot()).toMatchObject({ state: 'failed', error: 'Part upload failed (HTTP 400).' });
    expect(server.transport.sendPart).toHaveBeenCalledTimes(1);
  });

  it('resumes after a reload: the same file for the same project continues the remembered session', async () => {
    const server = createFakeUploadServer({ partSize: 10, hangPart: new Set([3]) });
    const storage = memoryStorage();
    const first = uploadTo(server, { storage, concurrency: 1 });
    void first.start();
    await vi.waitFor(() => expect(first.getSnapshot().partsDone).toBe(2));
    await vi.waitFor(() => expect(server.transport.sendPart).toHaveBeenCalledTimes(3));
    first.pause();
    const remembered = storage.getItem(resumeKey(pdfFile(25), 5, 'pages'));
    expect(remembered).toMatch(/^00000000-/);
    // The page reloads: a new upload object, the same file chosen again.
    server.stopHanging(3);
    server.transport.sendPart.mockClear();
    const again = uploadTo(server, { storage });
    await again.start();
    expect(again.getSnapshot()).toMatchObject({ state: 'done', resumedParts: 2, partCount: 3 });
    expect(server.transport.createSession).toHaveBeenCalledTimes(1);
    expect(server.transport.getSession).toHaveBeenCalledWith(remembered);
    expect(server.transport.sendPart.mock.calls.map(([target]) => target.partNumber)).toEqual([3]);
  });

  it('starts afresh when the remembered session is gone (expired or cancelled elsewhere)', async () => {
    const server = createFakeUploadServer({ partSize: 10 });
    const storage = memoryStorage();
    const file = pdfFile(25);
    storage.setItem(resumeKey(file, 5, 'pages'), '00000000-0000-4000-8000-999999999999');
    const upload = uploadTo(server, { file, storage });
    await upload.start();
    expect(upload.getSnapshot().state).toBe('done');
    expect(server.transport.getSession).toHaveBeenCalledWith('00000000-0000-4000-8000-999999999999');
    expect(server.transport.createSession).toHaveBeenCalledTimes(1);
  });

  it('pauses (dropping the part in flight) and resumes, sending that part again', async () => {
    const server = createFakeUploadServer({ partSize: 10, hangPart: new Set([1]) });
    const upload = uploadTo(server, { file: pdfFile(15), concurrency: 1 });
    const running = upload.start();
    await vi.waitFor(() => expect(upload.getSnapshot().sentBytes).toBe(5));
    upload.pause();
    await running;
    expect(upload.getSnapshot()).toMatchObject({ state: 'paused', sentBytes: 0 });
    server.stopHanging(1);
    await upload.start();
    expect(upload.getSnapshot().state).toBe('done');
    expect(server.transport.sendPart.mock.calls.filter(([target]) => target.partNumber === 1)).toHaveLength(2);
  });

  it('cancels: the server forgets the session and the browser forgets the file', async () => {
    const server = createFakeUploadServer({ partSize: 10, hangPart: new Set([2]) });
    const storage = memoryStorage();
    const upload = uploadTo(server, { storage, concurrency: 1 });
    void upload.start();
    await vi.waitFor(() => expect(upload.getSnapshot().partsDone).toBe(1));
    await upload.cancel();
    expect(upload.getSnapshot().state).toBe('cancelled');
    expect(server.transport.abort).toHaveBeenCalledTimes(1);
    expect(storage.items.size).toBe(0);
  });

  it('sends again a part the store lost when it completes (409), then completes', async () => {
    const server = createFakeUploadServer({ partSize: 10 });
    let lost = false;
    server.transport.complete.mockImplementationOnce(async (sessionId) => {
      server.lose(sessionId, 2);
      lost = true;
      const held = server.sessions.get(sessionId)!;
      held.session.parts = held.session.parts.filter((part) => part.partNumber !== 2);
      throw new TransferError('Parts 2 have not been received; send them again.', 409);
    });
    const upload = uploadTo(server);
    await upload.start();
    expect(lost).toBe(true);
    expect(upload.getSnapshot().state).toBe('done');
    expect(server.transport.sendPart.mock.calls.filter(([target]) => target.partNumber === 2)).toHaveLength(2);
    expect(server.joined(upload.getSnapshot().result!.fileKey)).toEqual(bytes(25));
  });

  it('measures speed and time left over the last seconds', async () => {
    const server = createFakeUploadServer({ partSize: 10, hangPart: new Set([2]) });
    let now = 0;
    const upload = uploadTo(server, { file: pdfFile(40), concurrency: 1, now: () => now });
    server.transport.sendPart.mockImplementationOnce(async (_target, body, onProgress) => {
      now = 1_000;
      onProgress(body.size);
      return { etag: '"etag-1"' };
    });
    void upload.start();
    // Part 1 (10 bytes) takes the first second, and half of part 2 (5 bytes) is on its way: 15 bytes a second.
    await vi.waitFor(() => expect(upload.getSnapshot().sentBytes).toBe(15));
    const progress = upload.getSnapshot();
    expect(progress.bytesPerSecond).toBeCloseTo(15);
    expect(progress.secondsLeft).toBeCloseTo(25 / 15);
    expect(progress.percent).toBe(37.5);
    upload.pause();
  });
});

/** Just enough of XMLHttpRequest to drive `sendPartWithXhr`. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseHeaders: Record<string, string> = {};
  body: unknown = null;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('sendPartWithXhr', () => {
  const target = {
    partNumber: 2,
    url: '/api/files/upload/uploads/x.pdf?part=2',
    method: 'PUT' as const,
    headers: { 'content-type': 'application/octet-stream' },
    size: 4,
    expiresAt: '2099-01-01T00:00:00Z',
  };
  const create = () => new FakeXhr() as unknown as XMLHttpRequest;
  const send = ({
    onProgress = () => {},
    signal = new AbortController().signal,
  }: {
    onProgress?: (loaded: number) => void;
    signal?: AbortSignal;
  } = {}) => sendPartWithXhr(target, new Blob(['abcd']), onProgress, signal, create);

  it('PUTs the part with its headers, reports progress, and answers the ETag', async () => {
    const progress: number[] = [];
    const sent = send({ onProgress: (loaded) => progress.push(loaded) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers]).toEqual(['PUT', target.url, target.headers]);
    xhr.upload.onprogress?.({ loaded: 2 });
    xhr.upload.onprogress?.({ loaded: 4 });
    xhr.status = 200;
    xhr.responseHeaders.etag = '"abc"';
    xhr.onload?.();
    await expect(sent).resolves.toEqual({ etag: '"abc"' });
    expect(progress).toEqual([2, 4]);
  });

  it('turns a dropped connection into status 0, and an HTTP error into its status', async () => {
    const dropped = send();
    FakeXhr.last.onerror?.();
    await expect(dropped).rejects.toMatchObject({ status: 0 });
    const refused = send();
    FakeXhr.last.status = 503;
    FakeXhr.last.onload?.();
    await expect(refused).rejects.toMatchObject({ status: 503, message: 'Part upload failed (HTTP 503).' });
  });

  it('says so when the store hides the ETag (CORS), and stops when aborted', async () => {
    const hidden = send();
    FakeXhr.last.status = 200;
    FakeXhr.last.onload?.();
    await expect(hidden).rejects.toThrow(/ETag/);
    const controller = new AbortController();
    const aborted = send({ signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
