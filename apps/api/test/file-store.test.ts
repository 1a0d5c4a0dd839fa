import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../src/integrations/files/content-disposition';
import {
  createLocalFileStore,
  type FileStore,
  FileTooLargeError,
  type LocalFileStore,
  MissingPartsError,
  readRange,
  stripEtagQuotes,
} from '../src/integrations/files/file-store';
import { createS3FileStore } from '../src/integrations/files/s3-file-store';
import { presignGetUrl } from '../src/integrations/files/sigv4-presign';
import { type RunningS3, startS3rver } from './file-store-s3rver';

const MiB = 1024 * 1024;
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const streamOf = (bytes: Buffer, chunk = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
    })(),
  );
async function collect(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What every store does the same way, whatever is behind it. */
function behavesAsAFileStore(name: string, store: () => FileStore) {
  describe(`${name}: the common interface`, () => {
    it('puts, gets, stats, streams a range and deletes a file', async () => {
      const files = store();
      const body = randomBytes(100_000);
      await files.put('proofs/1/page-1.jpg', body, 'image/jpeg');
      expect(Buffer.compare((await files.get('proofs/1/page-1.jpg'))!, body)).toBe(0);
      expect(await files.stat('proofs/1/page-1.jpg')).toEqual({ size: body.length });
      const range = await collect(await files.getStream('proofs/1/page-1.jpg', { start: 10, end: 19 }));
      expect(Buffer.compare(range!, body.subarray(10, 20))).toBe(0);
      expect(Buffer.compare((await readRange(files, 'proofs/1/page-1.jpg', 99_990, 10))!, body.subarray(99_990))).toBe(
        0,
      );
      await files.delete('proofs/1/page-1.jpg');
      expect(await files.get('proofs/1/page-1.jpg')).toBeNull();
      expect(await files.stat('proofs/1/page-1.jpg')).toBeNull();
      expect(await files.getStream('proofs/1/page-1.jpg')).toBeNull();
    });

    it('streams a file of unknown length in without holding it, and stores nothing past the limit', async () => {
      const files = store();
      const body = randomBytes(9 * MiB + 123);
      expect(await files.putStream('uploads/stream.pdf', streamOf(body), 'application/pdf')).toEqual({
        size: body.length,
      });
      expect(md5((await files.get('uploads/stream.pdf'))!)).toBe(md5(body));
      await expect(
        files.putStream('uploads/too-big.pdf', streamOf(randomBytes(2 * MiB)), 'application/pdf', { maxBytes: MiB }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await files.stat('uploads/too-big.pdf')).toBeNull();
    });

    it('joins the parts of a multipart upload in order, whatever order they came in', async () => {
      const files = store();
      const key = 'uploads/00000000-0000-4000-8000-000000000001.pdf';
      const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(1234)];
      const uploadId = await files.multipart.create(key, 'application/pdf');
      const etags: { partNumber: number; etag: string }[] = [];
      for (const partNumber of [3, 1, 2]) {
        const body = parts[partNumber - 1]!;
        const target = await files.multipart.presignPart(key, uploadId, partNumber, {
          size: body.length,
          expiresInSeconds: 600,
        });
        expect(target.expiresAt.getTime()).toBeGreaterThan(Date.now());
        const etag = await sendPart(files, key, partNumber, target.url, target.headers, body);
        expect(stripEtagQuotes(etag)).toBe(md5(body));
        etags.push({ partNumber, etag });
      }
      const joined = await files.multipart.complete(
        key,
        uploadId,
        etags.sort((a, b) => a.partNumber - b.partNumber),
      );
      expect(joined.size).toBe(5 * MiB * 2 + 1234);
      expect(md5((await files.get(key))!)).toBe(md5(Buffer.concat(parts)));
    });

    it('answers a presigned PUT for a whole file, and names its bucket', async () => {
      const files = store();
      const target = await files.presignPut('uploads/whole.pdf', {
        contentType: 'application/pdf',
        maxBytes: 10,
        expiresInSeconds: 600,
      });
      expect(target.headers['content-type']).toBe('application/pdf');
      expect(target.expiresAt.getTime()).toBeGreaterThan(Date.now() + 500_000);
      expect(files.bucket).toBe(name === 'local disk' ? 'local' : 'colophon-test');
    });
  });
}

/** Sends a part the way the browser does: straight to the store (S3), or through the store's own receiver (disk). */
async function sendPart(
  files: FileStore,
  key: string,
  partNumber: number,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<string> {
  if (files.kind === 'local') {
    expect(url).toMatch(new RegExp(`^/api/files/upload/${key}\\?part=${partNumber}&maxBytes=${body.length}&`));
    const stored = await files.writePart(key, partNumber, streamOf(body), body.length);
    return stored.etag;
  }
  const response = await fetch(url, { method: 'PUT', headers, body });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.get('etag') ?? '';
}

describe('the local file store', () => {
  let root: string;
  let files: LocalFileStore;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'colophon-files-'));
    files = createLocalFileStore(root, randomBytes(32));
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  behavesAsAFileStore('local disk', () => files);

  it('keeps signed read URLs working, and refuses a forged or expired one', async () => {
    const url = new URL(files.signedUrl('avatars/1/a.png', 60), 'http://x');
    expect(url.pathname).toBe('/api/files/signed/avatars/1/a.png');
    const expires = Number(url.searchParams.get('expires'));
    expect(files.verify('avatars/1/a.png', expires, url.searchParams.get('signature')!)).toBe(true);
    expect(files.verify('avatars/1/b.png', expires, url.searchParams.get('signature')!)).toBe(false);
    expect(files.verify('avatars/1/a.png', Math.floor(Date.now() / 1000) - 1, url.searchParams.get('signature')!)).toBe(
      false,
    );
    expect(files.uploadOrigin).toBeNull();
  });

  it('signs a download name with the key: the same link renamed is refused', () => {
    const url = new URL(
      files.signedUrl('proofs/1/book.epub', 60, { downloadName: 'Lincoln round 2.epub' }),
      'http://x',
    );
    expect(url.searchParams.get('download')).toBe('Lincoln round 2.epub');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature')!;
    expect(files.verify('proofs/1/book.epub', expires, signature, 'Lincoln round 2.epub')).toBe(true);
    expect(files.verify('proofs/1/book.epub', expires, signature, 'other.epub')).toBe(false);
    expect(files.verify('proofs/1/book.epub', expires, signature)).toBe(false);
  });

  it('signs part URLs that bind the key, the part, the size and the expiry', async () => {
    const key = 'uploads/00000000-0000-4000-8000-000000000002.pdf';
    const target = await files.multipart.presignPart(key, null, 2, { size: 100, expiresInSeconds: 60 });
    const query = new URL(target.url, 'http://x').searchParams;
    const grant = { key, part: 2, maxBytes: 100, expires: Number(query.get('expires')) };
    expect(files.verifyUpload(grant, query.get('signature')!)).toBe(true);
    expect(files.verifyUpload({ ...grant, part: 3 }, query.get('signature')!)).toBe(false);
    expect(files.verifyUpload({ ...grant, maxBytes: 101 }, query.get('signature')!)).toBe(false);
    expect(files.verifyUpload({ ...grant, part: 0 }, query.get('signature')!)).toBe(false);
  });

  it('replaces a part sent again, lists what it holds, refuses to join a missing part, and aborts', async () => {
    const key = 'uploads/00000000-0000-4000-8000-000000000003.pdf';
    await files.multipart.create(key, 'application/pdf');
    await files.writePart(key, 1, streamOf(Buffer.from('first try')), 100);
    const second = await files.writePart(key, 1, streamOf(Buffer.from('second')), 100);
    expect(await files.multipart.listParts(key, null)).toEqual([{ partNumber: 1, size: 6, etag: second.etag }]);
    await expect(files.writePart(key, 2, streamOf(randomBytes(200)), 100)).rejects.toBeInstanceOf(FileTooLargeError);
    expect((await files.multipart.listParts(key, null)).map((part) => part.partNumber)).toEqual([1]);
    const missing = files.multipart.complete(key, null, [
      { partNumber: 1, etag: second.etag },
      { partNumber: 2, etag: 'ffffffffffffffffffffffffffffffff' },
    ]);
    await expect(missing).rejects.toBeInstanceOf(MissingPartsError);
    await expect(missing).rejects.toMatchObject({ partNumbers: [2] });
    await files.multipart.abort(key, null);
    expect(await files.multipart.listParts(key, null)).toEqual([]);
    expect(await files.stat(key)).toBeNull();
  });

  it('keeps parts where no file key can reach them, and refuses keys that climb out', async () => {
    const key = 'uploads/00000000-0000-4000-8000-000000000004.pdf';
    await files.writePart(key, 1, streamOf(Buffer.from('x')), 10);
    expect(await readdir(join(root, '.multipart', 'uploads'))).toContain('00000000-0000-4000-8000-000000000004.pdf');
    await expect(files.put('.multipart/uploads/x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid file key/);
    await expect(files.getStream('../etc/passwd')).rejects.toThrow(/Invalid file key/);
    await files.multipart.abort(key, null);
  });
});

describe('the S3 file store, against s3rver', () => {
  let s3: RunningS3;
  let files: FileStore;
  beforeAll(async () => {
    s3 = await startS3rver();
    files = await createS3FileStore(s3.settings);
  });
  afterAll(async () => s3?.close());

  behavesAsAFileStore('S3', () => files);

  it('signs read URLs synchronously, exactly as the AWS SDK presigner does, and they open the file', async () => {
    await files.put('covers/a.webp', Buffer.from('cover image'), 'image/webp');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.settings.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', sessionToken: 'session-token' },
      // As the store's client: no checksums in presigned URLs.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const signingDate = new Date('2026-11-03T14:00:00Z');
    const sorted = (url: string) => {
      const parsed = new URL(url);
      return { at: `${parsed.origin}${parsed.pathname}`, query: [...parsed.searchParams].sort() };
    };
    // Ours and the SDK's, parameter for parameter: plain, and with a download name
    // (ResponseContentDisposition).
    for (const disposition of [undefined, attachmentDisposition('Ümlaut "book" 2026.epub')]) {
      const fromSdk = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: 'colophon-test',
          Key: 'covers/a.webp',
          ResponseContentDisposition: disposition,
        }),
        { signingDate, expiresIn: 7200 },
      );
      const ours = presignGetUrl({
        objectUrl: new URL(`${s3.settings.endpoint}/colophon-test/covers/a.webp`),
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', sessionToken: 'session-token' },
        signingDate,
        expiresInSeconds: 7200,
        ...(disposition ? { contentDisposition: disposition } : {}),
      });
      expect(sorted(ours)).toEqual(sorted(fromSdk));
    }

    const url = files.signedUrl('covers/a.webp', 3600);
    expect(url).toBe(files.signedUrl('covers/a.webp', 3600));
    expect(url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/colophon-test\/covers\/a\.webp\?X-Amz-Algorithm=AWS4-HMAC-SHA256&/,
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('cover image');
    expect(files.verify('covers/a.webp', 0, '')).toBe(false);
    expect(files.uploadOrigin).toBe(s3.settings.endpoint);
  });

  it('presigns a whole-file PUT bound to its exact length, which stores the body', async () => {
    const body = Buffer.from('%PDF-1.7 whole file');
    const target = await files.presignPut('uploads/presigned.pdf', {
      contentType: 'application/pdf',
      maxBytes: body.length,
      expiresInSeconds: 600,
    });
    const url = new URL(target.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    const response = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
    expect(response.status).toBe(200);
    expect((await files.get('uploads/presigned.pdf'))!.toString()).toBe(body.toString());
  });

  it('signs the length of each part URL', async () => {
    const key = 'uploads/00000000-0000-4000-8000-000000000010.pdf';
    const uploadId = await files.multipart.create(key, 'application/pdf');
    expect(uploadId).toMatch(/^[0-9a-f]+$/);
    const target = await files.multipart.presignPart(key, uploadId, 1, { size: 5 * MiB, expiresInSeconds: 600 });
    const url = new URL(target.url);
    expect(url.searchParams.get('partNumber')).toBe('1');
    expect(url.searchParams.get('uploadId')).toBe(uploadId);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
  });

  it('s3rver has no ListParts or AbortMultipartUpload: the store passes its refusal on', async () => {
    // Against AWS these list and abort; s3rver 3.7 answers MethodNotAllowed, so only the call is tested here.
    const key = 'uploads/00000000-0000-4000-8000-000000000011.pdf';
    const uploadId = await files.multipart.create(key, 'application/pdf');
    await expect(files.multipart.listParts(key, uploadId)).rejects.toThrow(/not allowed/i);
    await expect(files.multipart.abort(key, uploadId)).rejects.toThrow(/not allowed/i);
  });
});
