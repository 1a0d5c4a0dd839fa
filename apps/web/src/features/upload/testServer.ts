import type { UploadPartTarget, UploadSession } from '@colophon/contract';
import { vi } from 'vitest';
import { TransferError, type UploadTransport } from './chunked-upload';

interface Held {
  session: UploadSession;
  bytes: Map<number, Uint8Array>;
}

export interface FakeServerOptions {
  partSize?: number;
  /** How many times each part's PUT fails (a dropped connection) before it goes through. */
  dropPart?: Record<number, number>;
  /** A part's PUT answers this HTTP status (every time). */
  refusePart?: Record<number, number>;
  /** Parts whose PUT waits until it is aborted (a slow line, to pause in the middle). */
  hangPart?: Set<number>;
}

/**
 * The resumable-upload routes and a bucket in memory, as the real ones behave: sessions with parts,
 * part URLs, ETags, completion that joins the parts in order (409 with a part missing).
 */
export function createFakeUploadServer(options: FakeServerOptions = {}) {
  const partSize = options.partSize ?? 10;
  const sessions = new Map<string, Held>();
  const dropped = new Map(Object.entries(options.dropPart ?? {}).map(([part, times]) => [Number(part), times]));
  let counter = 0;
  const joined = new Map<string, Uint8Array>();
  const held = (sessionId: string) => {
    const found = sessions.get(sessionId);
    if (!found) throw new TransferError('This upload was not found.', 404);
    return found;
  };
  const view = (entry: Held): UploadSession => ({
    ...entry.session,
    parts: [...entry.bytes.entries()]
      .filter(([partNumber]) => entry.session.parts.some((part) => part.partNumber === partNumber))
      .map(([partNumber, bytes]) => ({ partNumber, size: bytes.length, etag: `"etag-${partNumber}"` })),
  });

  const transport = {
    createSession: vi.fn<UploadTransport['createSession']>(async (body) => {
      counter += 1;
      const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
      const session: UploadSession = {
        id,
        fileKey: `uploads/${id}.pdf`,
        bucket: 'local',
        projectId: body.projectId,
        accountId: 1,
        fileName: body.fileName,
        contentType: body.contentType,
        size: body.size,
        partSize,
        partCount: Math.ceil(body.size / partSize),
        status: 'open',
        createdAt: '2026-03-01T12:00:00.000Z',
        expiresAt: '2026-03-03T12:00:00.000Z',
        parts: [],
      };
      sessions.set(id, { session, bytes: new Map() });
      return session;
    }),
    getSession: vi.fn<UploadTransport['getSession']>(async (sessionId) => view(held(sessionId))),
    partUrls: vi.fn<UploadTransport['partUrls']>(async (sessionId, partNumbers) => {
      const { session } = held(sessionId);
      return partNumbers.map(
        (partNumber): UploadPartTarget => ({
          partNumber,
          url: `memory://${sessionId}/${partNumber}`,
          method: 'PUT',
          headers: {},
          size: Math.min(partSize, session.size - (partNumber - 1) * partSize),
          expiresAt: '2099-01-01T00:00:00.000Z',
        }),
      );
    }),
    reportPart: vi.fn<UploadTransport['reportPart']>(async (sessionId, part) => {
      const entry = held(sessionId);
      entry.session.parts = [...entry.session.parts.filter((each) => each.partNumber !== part.partNumber), { ...part }];
    }),
    complete: vi.fn<UploadTransport['complete']>(async (sessionId) => {
      const entry = held(sessionId);
      const { session } = entry;
      const missing: number[] = [];
      const pieces: Uint8Array[] = [];
      for (let part = 1; part <= session.partCount; part += 1) {
        const bytes = entry.bytes.get(part);
        if (!bytes || !session.parts.some((each) => each.partNumber === part)) missing.push(part);
        else pieces.push(bytes);
      }
      if (missing.length > 0) {
        session.parts = session.parts.filter((part) => !missing.includes(part.partNumber));
        throw new TransferError(`Parts ${missing.join(', ')} have not been received; send them again.`, 409);
      }
      const whole = new Uint8Array(session.size);
      let at = 0;
      for (const piece of pieces) {
        whole.set(piece, at);
        at += piece.length;
      }
      joined.set(session.fileKey, whole);
      session.status = 'complete';
      return { fileKey: session.fileKey, bucket: 'local', size: session.size };
    }),
    abort: vi.fn<UploadTransport['abort']>(async (sessionId) => {
      held(sessionId).session.status = 'aborted';
    }),
    sendPart: vi.fn<UploadTransport['sendPart']>(async (target, body, onProgress, signal) => {
      const [, sessionId, part] = /^memory:\/\/([^/]+)\/(\d+)$/.exec(target.url) ?? [];
      const partNumber = Number(part);
      if (options.hangPart?.has(partNumber)) {
        onProgress(Math.floor(body.size / 2));
        await new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true }),
        );
      }
      const refusal = options.refusePart?.[partNumber];
      if (refusal) throw new TransferError(`Part upload failed (HTTP ${refusal}).`, refusal);
      const drops = dropped.get(partNumber) ?? 0;
      if (drops > 0) {
        dropped.set(partNumber, drops - 1);
        onProgress(Math.floor(body.size / 2));
        throw new TransferError('The connection dropped while sending a part.', 0);
      }
      const bytes = await readBlob(body);
      onProgress(Math.floor(bytes.length / 2));
      onProgress(bytes.length);
      held(sessionId ?? '').bytes.set(partNumber, bytes);
      return { etag: `"etag-${partNumber}"` };
    }),
  } satisfies UploadTransport;

  return {
    transport,
    sessions,
    /** The file as the store joined it. */
    joined: (fileKey: string) => joined.get(fileKey) ?? null,
    /** Forgets a part the store held (a lost part file), as if it never came. */
    lose: (sessionId: string, partNumber: number) => held(sessionId).bytes.delete(partNumber),
    undrop: (partNumber: number) => dropped.delete(partNumber),
    stopHanging: (partNumber: number) => options.hangPart?.delete(partNumber),
  };
}

/** A map-backed `localStorage` stand-in. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

/** jsdom's Blob has no arrayBuffer(): FileReader it is. */
function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
