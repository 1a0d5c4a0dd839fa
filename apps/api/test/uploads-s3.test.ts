import { randomBytes } from 'node:crypto';
import { accounts, projects, queueUploads } from '@colophon/db';
import { and, count, eq } from 'drizzle-orm';
import { PDFDocument, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningS3, startS3rver } from './file-store-s3rver';
import { ADVISER, createTestApp, type TestApp } from './harness';

const PART = 64 * 1024;

let s3: RunningS3;
let t: TestApp;
let lincolnProject: number;

async function bookPdf(pages: number, padding: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < pages; index++) doc.addPage([630, 810]);
  doc.context.register(doc.context.stream(randomBytes(padding)));
  return Buffer.from(await doc.save());
}

const queued = async () => (await t.handle.db.select({ n: count() }).from(queueUploads))[0]!.n;

beforeAll(async () => {
  s3 = await startS3rver();
  // s3rver takes parts of any size; S3 itself wants 5 MiB and more (UPLOAD_PART_BYTES' minimum).
  t = await createTestApp({ s3: s3.settings, uploadPartBytes: PART });
  const [lincoln] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Lincoln High School'));
  lincolnProject = (
    await t.handle.db
      .select()
      .from(projects)
      .where(and(eq(projects.accountId, lincoln!.id), eq(projects.year, 2026)))
  )[0]!.id;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('uploads with S3 configured (s3rver)', () => {
  it('hands out a presigned S3 PUT: the browser sends the PDF to the bucket, and the upload is queued', async () => {
    const bytes = await bookPdf(3, 1000);
    const signed = await t.call({
      method: 'GET',
      url: `/api/files/presigned_upload_put?projectId=${lincolnProject}&fileName=book.pdf&contentType=application/pdf&size=${bytes.length}`,
      as: ADVISER,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const grant = signed.json();
    expect(grant.bucket).toBe('colophon-test');
    expect(grant.url).toMatch(new RegExp(`^${s3.settings.endpoint}/colophon-test/${grant.fileKey}\\?`));
    const put = await fetch(grant.url, { method: 'PUT', headers: grant.headers, body: bytes });
    expect(put.status).toBe(200);

    const before = await queued();
    const created = await t.call({
      method: 'POST',
      url: '/api/uploads',
      as: ADVISER,
      payload: { projectId: lincolnProject, fileKey: grant.fileKey, kind: 'pages' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().pageCount).toBe(3);
    expect(await queued()).toBe(before + 1);
  });

  it('takes a resumable upload in presigned UploadPart PUTs and completes the multipart upload', async () => {
    const bytes = await bookPdf(5, 200_000);
    const started = await t.call({
      method: 'POST',
      url: '/api/uploads/sessions',
      as: ADVISER,
      payload: { projectId: lincolnProject, fileName: 'book.pdf', contentType: 'application/pdf', size: bytes.length },
    });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json();
    expect(session).toMatchObject({ bucket: 'colophon-test', partSize: PART });
    const numbers = Array.from({ length: session.partCount }, (_, index) => index + 1);
    const urls = await t.call({
      method: 'POST',
      url: `/api/uploads/sessions/${session.id}/part_urls`,
      as: ADVISER,
      payload: { partNumbers: numbers },
    });
    expect(urls.statusCode, urls.body).toBe(200);
    for (const target of urls.json().parts as { partNumber: number; url: string; headers: Record<string, string> }[]) {
      expect(target.url).toContain(`partNumber=${target.partNumber}`);
      const body = bytes.subarray((target.partNumber - 1) * PART, target.partNumber * PART);
      const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
      expect(put.status).toBe(200);
      const etag = put.headers.get('etag');
      expect(etag).toBeTruthy();
      const recorded = await t.call({
        method: 'POST',
        url: `/api/uploads/sessions/${session.id}/parts`,
        as: ADVISER,
        payload: { partNumber: target.partNumber, size: body.length, etag },
      });
      expect(recorded.statusCode, recorded.body).toBe(200);
    }
    // s3rver cannot list parts: the recorded ones stand.
    const status = await t.call({ method: 'GET', url: `/api/uploads/sessions/${session.id}`, as: ADVISER });
    expect(status.json().parts).toHaveLength(session.partCount);

    const complete = await t.call({ method: 'POST', url: `/api/uploads/sessions/${session.id}/complete`, as: ADVISER });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toEqual({ fileKey: session.fileKey, bucket: 'colophon-test', size: bytes.length });
    expect(Buffer.compare((await t.app.services.files.get(session.fileKey))!, bytes)).toBe(0);

    const created = await t.call({
      method: 'POST',
      url: '/api/uploads',
      as: ADVISER,
      // The pages file: a cover file has at most 4 pages.
      payload: { projectId: lincolnProject, fileKey: session.fileKey, kind: 'pages' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().pageCount).toBe(5);
  });

  it('refuses an encrypted PDF read from the bucket, and queues nothing', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.context.trailerInfo.Encrypt = doc.context.register(
      doc.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFString.of('owner'), U: PDFString.of('user'), P: -4 }),
    );
    const bytes = Buffer.from(await doc.save());
    const key = 'uploads/00000000-0000-4000-8000-00000000abcd.pdf';
    await t.app.services.files.put(key, bytes, 'application/pdf');
    const before = await queued();
    const refused = await t.call({
      method: 'POST',
      url: '/api/uploads',
      as: ADVISER,
      payload: { projectId: lincolnProject, fileKey: key, kind: 'pages' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({
      path: 'fileKey',
      message: 'The PDF is password-protected; export it again without a password.',
    });
    expect(await queued()).toBe(before);
  });
});
