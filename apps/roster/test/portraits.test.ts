import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, SUPER, type TestApp, VOLUNTEER } from '../../api/test/harness';
import { PORTRAIT_MAX_BYTES } from '../src/portraits/portrait';
import { individuals } from '../src/schema';
import { ADVISER, demoAccounts, mapDemoSchools, pathsOf, rosterCaller } from './support';

/**
 * Portraits (`individuals/{id}/image`) through the roster as the dashboard serves it, on a real PGlite
 * database and the dashboard's real file store, with images made by sharp: the stored file is read
 * back from the store and measured.
 */

let t: TestApp;
let annaId: number;
let benId: number;
let oakPersonId: number;

const { roster, headersOf } = rosterCaller(() => t);

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function formWith(bytes: Uint8Array, { field = 'file', name = 'portrait.jpg', type = 'image/jpeg' } = {}) {
  const boundary = '----colophon-portrait-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function putImage(email: string, id: number, bytes: Uint8Array, options?: Parameters<typeof formWith>[1]) {
  const body = formWith(bytes, options);
  return t.app.inject({
    method: 'PUT',
    url: `/roster/individuals/${id}/image`,
    headers: { ...(await headersOf(email)), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A photo as a camera leaves it: landscape pixels with EXIF orientation 6 (to be turned a quarter). */
const cameraPhoto = (width: number, height: number, orientation = 1) =>
  sharp({ create: { width, height, channels: 3, background: '#8a6d5a' } })
    .jpeg()
    .withMetadata({ orientation, exif: { IFD0: { Artist: 'School photographer', Copyright: 'Studio' } } })
    .toBuffer();

async function photoKeyOf(id: number) {
  const [row] = await t.handle.db
    .select({ photoKey: individuals.photoKey })
    .from(individuals)
    .where(eq(individuals.id, id));
  return row?.photoKey ?? null;
}

async function storedFile(key: string) {
  const stream = await t.app.services.files.getStream(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoAccounts(t);
  const { lincolnSchool, oakSchool } = await mapDemoSchools(roster, demo, {
    lincoln: { sourcedId: 'org-lincoln', name: 'Lincoln (SIS)' },
    other: { sourcedId: 'org-other', name: 'Other (SIS)' },
    oak: { sourcedId: 'org-oak', name: 'Oak Valley (SIS)' },
  });
  const add = async (email: string, schoolId: number, givenName: string) => {
    const created = await roster(email, 'POST', '/roster/individuals', {
      schoolId,
      givenName,
      familyName: 'Portrait',
      grade: '10',
      role: 'student',
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  annaId = await add(OWNER, lincolnSchool, 'Anna');
  benId = await add(OWNER, lincolnSchool, 'Ben');
  oakPersonId = await add(SUPER, oakSchool, 'Olive');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('portraits', () => {
  it('stores an upload turned upright, fitted inside 600×800 as a JPEG without its metadata, and streams it back', async () => {
    const uploaded = await putImage(ADVISER, annaId, await cameraPhoto(2000, 1500, 6));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const person = uploaded.json<{ id: number; photoKey: string | null }>();
    expect(person.photoKey).toMatch(/^roster-portraits\/\d+\/\d+-[0-9a-f-]{36}\.jpg$/);
    expect(await photoKeyOf(annaId)).toBe(person.photoKey);

    const stored = await storedFile(person.photoKey ?? '');
    if (!stored) throw new Error('the portrait was not stored');
    const meta = await sharp(stored).metadata();
    // 2000×1500 turned upright is 1500×2000, fitted inside 600×800.
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 800]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();

    const read = await roster(ADVISER, 'GET', `/roster/individuals/${annaId}/image`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['cache-control']).toBe('private, no-cache');
    expect(read.rawPayload.equals(stored)).toBe(true);

    // Unchanged since: 304, nothing sent.
    const again = await t.app.inject({
      method: 'GET',
      url: `/roster/individuals/${annaId}/image`,
      headers: { ...(await headersOf(ADVISER)), 'if-none-match': String(read.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const thumb = await roster(ADVISER, 'GET', `/roster/individuals/${annaId}/image?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['jpeg', 160, 213]);
    expect(thumb.headers.etag).not.toBe(read.headers.etag);
  });

  it('never enlarges a small photo, and takes PNG, WebP and HEIF', async () => {
    const png = await sharp({ create: { width: 300, height: 400, channels: 4, background: '#33669980' } })
      .png()
      .toBuffer();
    const fromPng = await putImage(ADVISER, benId, png, { name: 'ben.png', type: 'image/png' });
    expect(fromPng.statusCode, fromPng.body).toBe(200);
    const pngMeta = await sharp((await storedFile(fromPng.json().photoKey)) ?? Buffer.alloc(0)).metadata();
    expect([pngMeta.format, pngMeta.width, pngMeta.height, pngMeta.hasAlpha]).toEqual(['jpeg', 300, 400, false]);

    const webp = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#aa3300' } })
      .webp()
      .toBuffer();
    const fromWebp = await putImage(ADVISER, benId, webp, { name: 'ben.webp', type: 'image/webp' });
    expect(fromWebp.statusCode, fromWebp.body).toBe(200);
    const webpMeta = await sharp((await storedFile(fromWebp.json().photoKey)) ?? Buffer.alloc(0)).metadata();
    expect([webpMeta.width, webpMeta.height]).toEqual([600, 600]);

    // HEIF as this sharp build decodes it (AVIF-coded); a phone's HEVC-coded HEIC is refused with advice.
    const avif = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#225588' } })
      .avif()
      .toBuffer();
    const fromAvif = await putImage(ADVISER, benId, avif, { name: 'ben.heic', type: 'image/heic' });
    expect(fromAvif.statusCode, fromAvif.body).toBe(200);
    const avifMeta = await sharp((await storedFile(fromAvif.json().photoKey)) ?? Buffer.alloc(0)).metadata();
    expect([avifMeta.format, avifMeta.width, avifMeta.height]).toEqual(['jpeg', 120, 160]);
  });

  it('replaces the last portrait, deleting its file, and DELETE removes it (then 404)', async () => {
    const first = (await putImage(ADVISER, benId, await cameraPhoto(640, 480))).json<{ photoKey: string }>().photoKey;
    const second = await putImage(ADVISER, benId, await cameraPhoto(480, 640));
    expect(second.statusCode, second.body).toBe(200);
    const secondKey = second.json<{ photoKey: string }>().photoKey;
    expect(secondKey).not.toBe(first);
    expect(await storedFile(first)).toBeNull();
    expect(await storedFile(secondKey)).not.toBeNull();

    const removed = await roster(ADVISER, 'DELETE', `/roster/individuals/${benId}/image`);
    expect(removed.statusCode).toBe(204);
    expect(await photoKeyOf(benId)).toBeNull();
    expect(await storedFile(secondKey)).toBeNull();
    const gone = await roster(ADVISER, 'GET', `/roster/individuals/${benId}/image`);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/problem+json');
    // Removing what is not there is done already.
    expect((await roster(ADVISER, 'DELETE', `/roster/individuals/${benId}/image`)).statusCode).toBe(204);
  });

  it('deletes the portrait of a person purged, and keeps it while they are only marked removed', async () => {
    const created = await roster(ADVISER, 'POST', '/roster/individuals', {
      schoolId: (await roster(ADVISER, 'GET', `/roster/individuals/${annaId}`)).json().schoolId,
      givenName: 'Cara',
      familyName: 'Portrait',
      role: 'student',
    });
    const caraId = created.json<{ id: number }>().id;
    const key = (await putImage(ADVISER, caraId, await cameraPhoto(200, 200))).json<{ photoKey: string }>().photoKey;
    expect((await roster(ADVISER, 'DELETE', `/roster/individuals/${caraId}`)).statusCode).toBe(204);
    expect(await storedFile(key)).not.toBeNull();
    expect((await roster(ADVISER, 'DELETE', `/roster/individuals/${caraId}?purge=true`)).statusCode).toBe(204);
    expect(await storedFile(key)).toBeNull();
  });

  it('refuses what is not a photo, an empty or missing file, and a file over 20 MB, naming file; nothing changes', async () => {
    const before = await photoKeyOf(annaId);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const cases: [string, Awaited<ReturnType<typeof putImage>>][] = [
      ['a GIF', await putImage(ADVISER, annaId, gif, { name: 'a.gif', type: 'image/gif' })],
      ['text named .jpg', await putImage(ADVISER, annaId, Buffer.from('not an image at all'))],
      ['an empty file', await putImage(ADVISER, annaId, new Uint8Array())],
      ['another field', await putImage(ADVISER, annaId, await cameraPhoto(50, 50), { field: 'photo' })],
      ['too big', await putImage(ADVISER, annaId, Buffer.alloc(PORTRAIT_MAX_BYTES + 1, 0xff))],
      ['JSON', await roster(ADVISER, 'PUT', `/roster/individuals/${annaId}/image`, { file: 'x' })],
    ];
    for (const [label, response] of cases) {
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.headers['content-type'], label).toContain('application/problem+json');
      expect(pathsOf(response.json()), label).toEqual(['file']);
    }
    expect(cases[4]?.[1].json().detail).toContain('20 MB');
    expect(await photoKeyOf(annaId)).toBe(before);
  });

  it('hides another tenant’s person (404), needs roster.manage to write, and a session (401)', async () => {
    const photo = await cameraPhoto(100, 100);
    expect((await putImage(ADVISER, oakPersonId, photo)).statusCode).toBe(404);
    expect((await roster(ADVISER, 'GET', `/roster/individuals/${oakPersonId}/image`)).statusCode).toBe(404);
    expect((await roster(ADVISER, 'DELETE', `/roster/individuals/${oakPersonId}/image`)).statusCode).toBe(404);
    expect((await putImage(ADVISER, 999_999, photo)).statusCode).toBe(404);
    // The volunteer reads the roster but does not manage it.
    expect((await putImage(VOLUNTEER, annaId, photo)).statusCode).toBe(403);
    expect((await roster(VOLUNTEER, 'GET', `/roster/individuals/${annaId}/image`)).statusCode).toBe(200);

    const body = formWith(photo);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/roster/individuals/${annaId}/image`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/roster/individuals/${annaId}/image` })).statusCode).toBe(401);
  });
});
