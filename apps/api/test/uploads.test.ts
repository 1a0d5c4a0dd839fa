import { accounts, projects, queueUploads } from '@colophon/db';
import { count, eq } from 'drizzle-orm';
import { PDFDocument, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProofWorkers } from '../src/modules/proofs/workers';
import { createPagePool } from '../src/proof-pipeline';
import { ADVISER, createTestApp, DIRECT_ADVISER, SUPER, type TestApp, VOLUNTEER } from './harness';
import { projectOf } from './proof-fixtures';

const TREASURER = 'treasurer@colophon.test';

let t: TestApp;
const accountIds: Record<string, number> = {};
let lincolnProject: number;
let oakValleyProject: number;

async function pdf(pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < pages; index++) doc.addPage([630, 810]);
  return Buffer.from(await doc.save());
}

async function encryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.context.trailerInfo.Encrypt = doc.context.register(
    doc.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFString.of('owner'), U: PDFString.of('user'), P: -4 }),
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const postUpload = (as: string, payload: object) => t.call({ method: 'POST', url: '/api/uploads', as, payload });
const queued = async () => (await t.handle.db.select({ n: count() }).from(queueUploads))[0]!.n;

/** Asks for a signed URL, PUTs the bytes to it, and returns the file key. */
async function upload(bytes: Buffer, as = ADVISER, projectId = lincolnProject) {
  const signed = await t.call({
    method: 'GET',
    url: `/api/files/presigned_upload_put?projectId=${projectId}&fileName=book.pdf&contentType=application/pdf&size=${bytes.length || 1}`,
    as,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const { url, fileKey } = signed.json();
  const put = await t.call({ method: 'PUT', url, headers: { 'content-type': 'application/pdf' }, payload: bytes });
  expect(put.statusCode, put.body).toBe(200);
  return fileKey as string;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.handle.db.select().from(accounts)) accountIds[row.name] = row.id;
  lincolnProject = (await projectOf(t, 'Lincoln High School')).projectId;
  oakValleyProject = (await projectOf(t, 'Oak Valley High School')).projectId;
});
afterAll(async () => t.close());

describe('signed uploads', () => {
  it('signs a PUT for a PDF of a visible project, stores the body, and queues a checked upload', async () => {
    const bytes = await pdf(3);
    const signed = await t.call({
      method: 'GET',
      url: `/api/files/presigned_upload_put?projectId=${lincolnProject}&fileName=book.pdf&contentType=application/pdf&size=${bytes.length}`,
      as: ADVISER,
    });
    expect(signed.statusCode).toBe(200);
    const body = signed.json();
    expect(body.method).toBe('PUT');
    expect(body.bucket).toBe('local');
    expect(body.fileKey).toMatch(/^uploads\/[0-9a-f-]{36}\.pdf$/);
    expect(body.url).toContain(`/api/files/upload/${body.fileKey}?`);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const put = await t.call({
      method: 'PUT',
      url: body.url,
      headers: { 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ fileKey: body.fileKey, size: bytes.length });
    expect(Buffer.compare((await t.app.services.files.get(body.fileKey))!, bytes)).toBe(0);

    const before = await queued();
    const created = await postUpload(ADVISER, { projectId: lincolnProject, fileKey: body.fileKey, kind: 'pages' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 0, projectId: lincolnProject, kind: 'pages', pageCount: 3 });
    expect(await queued()).toBe(before + 1);
    const [row] = await t.handle.db.select().from(queueUploads).where(eq(queueUploads.id, created.json().id));
    expect(row!.payload).toMatchObject({
      projectId: lincolnProject,
      accountId: accountIds['Lincoln High School'],
      fileKey: body.fileKey,
      kind: 'pages',
      pageCount: 3,
    });
  });

  it('signs a private upload for a visible account, and 404s another tenant', async () => {
    const ok = await t.call({
      method: 'POST',
      url: '/api/presigned_upload_post_private',
      as: ADVISER,
      payload: {
        account_id: accountIds['Lincoln High School'],
        fileName: 'cover.pdf',
        contentType: 'application/pdf',
        size: 1000,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().fileKey).toMatch(/^uploads\//);
    const foreign = await t.call({
      method: 'POST',
      url: '/api/presigned_upload_post_private',
      as: ADVISER,
      payload: {
        account_id: accountIds['Oak Valley High School'],
        fileName: 'cover.pdf',
        contentType: 'application/pdf',
        size: 1000,
      },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses other content types, oversize files and other tenants, naming the field', async () => {
    const asked = (query: string) =>
      t.call({ method: 'GET', url: `/api/files/presigned_upload_put?${query}`, as: ADVISER });
    const jpeg = await asked(`projectId=${lincolnProject}&fileName=a.jpg&contentType=image/jpeg&size=10`);
    expect(jpeg.statusCode).toBe(400);
    expect(jpeg.json().errors.map((error: { path: string }) => error.path)).toContain('contentType');
    const huge = await asked(
      `projectId=${lincolnProject}&fileName=a.pdf&contentType=application/pdf&size=${3 * 1024 ** 3}`,
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.map((error: { path: string }) => error.path)).toContain('size');
    const missing = await asked(`fileName=a.pdf&contentType=application/pdf&size=10`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: { path: string }) => error.path)).toContain('projectId');
    const foreign = await asked(`projectId=${oakValleyProject}&fileName=a.pdf&contentType=application/pdf&size=10`);
    expect(foreign.statusCode).toBe(404);
    const own = await t.call({
      method: 'GET',
      url: `/api/files/presigned_upload_put?projectId=${oakValleyProject}&fileName=a.pdf&contentType=application/pdf&size=10`,
      as: DIRECT_ADVISER,
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a PUT with a bad signature, a body over the signed size, or a non-PDF content type', async () => {
    const signed = (
      await t.call({
        method: 'GET',
        url: `/api/files/presigned_upload_put?projectId=${lincolnProject}&fileName=a.pdf&contentType=application/pdf&size=100`,
        as: ADVISER,
      })
    ).json();
    const forged = await t.call({
      method: 'PUT',
      url: signed.url.replace(/signature=[^&]+/, 'signature=forged'),
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.alloc(10),
    });
    expect(forged.statusCode).toBe(403);
    const widened = await t.call({
      method: 'PUT',
      url: signed.url.replace('maxBytes=100', 'maxBytes=100000'),
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.alloc(10),
    });
    expect(widened.statusCode).toBe(403);
    const tooBig = await t.call({
      method: 'PUT',
      url: signed.url,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.alloc(101),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(await t.app.services.files.get(signed.fileKey)).toBeNull();
    const image = await t.call({
      method: 'PUT',
      url: signed.url,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(10),
    });
    expect(image.statusCode).toBe(415);
  });

  it('refuses a file that is not a PDF, is empty, is encrypted or was never uploaded, and queues nothing', async () => {
    const before = await queued();
    const attempt = async (fileKey: string) => {
      const response = await postUpload(ADVISER, { projectId: lincolnProject, fileKey, kind: 'pages' });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0].path).toBe('fileKey');
      return response.json().errors[0].message as string;
    };
    expect(await attempt(await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])))).toBe(
      'This is a JPEG image, not a PDF.',
    );
    expect(await attempt(await upload(Buffer.alloc(0)))).toBe('The file is empty.');
    expect(await attempt(await upload(await encryptedPdf()))).toMatch(/password-protected/);
    expect(await attempt('uploads/00000000-0000-4000-8000-000000000000.pdf')).toBe(
      'No file was uploaded for this key.',
    );
    expect(await attempt('../etc/passwd')).toBe('Not a file key from a signed upload.');
    const kind = await postUpload(ADVISER, {
      projectId: lincolnProject,
      fileKey: await upload(await pdf()),
      kind: 'poster',
    });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors[0].path).toBe('kind');
    expect(await queued()).toBe(before);
  });

  it('404s an upload for another tenant’s project, and 403s a role without proofs.upload', async () => {
    const fileKey = await upload(await pdf());
    const foreign = await postUpload(ADVISER, { projectId: oakValleyProject, fileKey, kind: 'pages' });
    expect(foreign.statusCode).toBe(404);
    const volunteer = await postUpload(VOLUNTEER, { projectId: lincolnProject, fileKey, kind: 'pages' });
    expect(volunteer.statusCode, 'a volunteer uploads pages').toBe(201);
    const treasurer = await postUpload(TREASURER, { projectId: lincolnProject, fileKey, kind: 'pages' });
    expect(treasurer.statusCode).toBe(403);
    const super_ = await postUpload(SUPER, { projectId: oakValleyProject, fileKey, kind: 'cover' });
    expect(super_.statusCode).toBe(201);
  });
});

describe('following an upload', () => {
  it('shows the job, then the proof the worker made of it and the proof’s processing', async () => {
    const fileKey = await upload(await pdf(2));
    const created = await postUpload(ADVISER, { projectId: lincolnProject, fileKey, kind: 'pages' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const follow = () => t.call({ method: 'GET', url: `/api/uploads/${id}`, as: ADVISER });
    expect((await follow()).json()).toMatchObject({
      id,
      status: 0,
      projectId: lincolnProject,
      fileKey,
      kind: 'pages',
      pageCount: 2,
      proofId: null,
      proofProcessingStatus: null,
    });

    const workers = createProofWorkers(t.app.services, { pool: createPagePool({ size: 1 }) });
    try {
      await workers.uploads.drain();
      const made = (await follow()).json();
      expect(made).toMatchObject({ status: 2, proofProcessingStatus: 0 });
      expect(made.proofId).toBeGreaterThan(0);
      await workers.proofs.drain();
      expect((await follow()).json()).toMatchObject({ proofId: made.proofId, proofProcessingStatus: 2 });
    } finally {
      await workers.stop();
    }
  });

  it('404s another tenant’s upload and one that does not exist; 403s a role without proofs.upload', async () => {
    const created = await postUpload(ADVISER, {
      projectId: lincolnProject,
      fileKey: await upload(await pdf(1)),
      kind: 'pages',
    });
    const id = created.json().id as number;
    expect((await t.call({ method: 'GET', url: `/api/uploads/${id}`, as: DIRECT_ADVISER })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/uploads/999999', as: ADVISER })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/uploads/${id}`, as: TREASURER })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/uploads/${id}`, as: SUPER })).statusCode).toBe(200);
    const bad = await t.call({ method: 'GET', url: '/api/uploads/abc', as: ADVISER });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('id');
  });

  it('refuses a cover file for a self-cover binding (saddle stitched), naming kind, and queues nothing', async () => {
    const [project] = await t.handle.db.select().from(projects).where(eq(projects.id, lincolnProject));
    await t.handle.db.update(projects).set({ typeBook: 1 }).where(eq(projects.id, lincolnProject));
    try {
      const before = await queued();
      const cover = await postUpload(ADVISER, {
        projectId: lincolnProject,
        fileKey: await upload(await pdf(1)),
        kind: 'cover',
      });
      expect(cover.statusCode).toBe(400);
      expect(cover.json().errors[0]).toEqual({
        path: 'kind',
        message:
          'Saddle Stitched books print the cover with the pages: upload one PDF of every page, the cover included.',
      });
      expect(await queued()).toBe(before);
    } finally {
      await t.handle.db.update(projects).set({ typeBook: project!.typeBook }).where(eq(projects.id, lincolnProject));
    }
  });
});
