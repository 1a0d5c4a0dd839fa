import { randomUUID } from 'node:crypto';
import {
  accounts,
  digitalYearbookAccess,
  onlineOrderItems,
  onlineOrders,
  outboxEmails,
  productPrices,
  products,
  projects,
  proofs,
  storeStatuses,
} from '@colophon/db';
import { MOBILE_YEARBOOK_MESSAGES, MOBILE_YEARBOOK_TOKEN_TTL_SECONDS, rateLimits } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodeHash, yearbookCodeMakerOf } from '../src/modules/mobile-yearbooks/access';
import { createNotificationWorker } from '../src/modules/notifications/worker';
import type { ProofManifest } from '../src/proof-pipeline';
import { createTestApp, type TestApp } from './harness';

/*
 * The mobile yearbook (issue 15) on a real database: a paid digital yearbook gets an access code (only
 * its hash stored) printed on the receipt e-mail; the code opens the school's approved book however it
 * is typed; a wrong code is a clear 404, a malformed one a 400 naming `code`; a refund revokes it; the
 * reading token signs that book's pages and no other's; and wrong codes run out per address and per
 * code prefix (429 with retry-after).
 */

let t: TestApp;
let nowMs = Date.parse('2033-03-01T10:00:00Z');
const YEAR = 2033;
const SLUG = 'lincoln-digital-test';
const TREASURER = 'treasurer@colophon.test';
let lincolnProofId: number;
let oakProofId: number;
let digitalBookId: number;
let printedBookId: number;
let ipCount = 0;
/** Every test its own address, so the per-address limits of one never touch another. */
const nextIp = () => `10.9.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

async function accountId(name: string) {
  const [row] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

/** An approved pages proof of a new project of `account`, with two page images and an EPUB in the file store. */
async function approvedBook(account: number, name: string): Promise<number> {
  const [project] = await t.handle.db
    .insert(projects)
    .values({ accountId: account, name, year: YEAR, typeBook: 1 })
    .returning({ id: projects.id });
  if (!project) throw new Error('no project');
  const [proof] = await t.handle.db
    .insert(proofs)
    .values({ projectId: project.id, status: 3, kind: 'pages', processingStatus: 2, pageCount: 2 })
    .returning({ id: proofs.id });
  if (!proof) throw new Error('no proof');
  const { files } = t.app.services;
  const pages = [1, 2].map((page) => ({
    page,
    widthPts: 612,
    heightPts: 792,
    thumb: { key: `proofs/${proof.id}/thumbs/${page}.jpg`, width: 200, height: 259 },
    viewer: { key: `proofs/${proof.id}/pages/${page}.jpg`, width: 1200, height: 1553 },
  }));
  for (const page of pages) {
    await files.put(page.viewer.key, Buffer.from(`page ${page.page}`), 'image/jpeg');
    await files.put(page.thumb.key, Buffer.from(`thumb ${page.page}`), 'image/jpeg');
  }
  const manifest: ProofManifest = {
    version: 1,
    proofId: String(proof.id),
    pageCount: 2,
    format: 'jpeg',
    thumbFormat: 'jpeg',
    createdAt: new Date(nowMs).toISOString(),
    pages,
  } as ProofManifest;
  const manifestKey = `proofs/${proof.id}/manifest.json`;
  await files.put(manifestKey, Buffer.from(JSON.stringify(manifest)), 'application/json');
  const epubKey = `proofs/${proof.id}/book.epub`;
  await files.put(epubKey, Buffer.from('epub'), 'application/epub+zip');
  await t.handle.db.update(proofs).set({ manifestKey, epubKey }).where(eq(proofs.id, proof.id));
  return proof.id;
}

async function productFor(store: number, fields: Partial<typeof products.$inferInsert>) {
  const [row] = await t.handle.db
    .insert(products)
    .values({ storeId: store, typeProduct: 1, name: 'Yearbook', ...fields })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  await t.handle.db
    .insert(productPrices)
    .values({ productId: row.id, priceCents: 2500, startsAt: new Date('2021-01-01T00:00:00Z') });
  return row.id;
}

/** A card checkout of a digital yearbook and a printed one; the order's lines. */
async function buyBooks() {
  const response = await t.call({
    method: 'POST',
    url: `/api/storefront/${SLUG}/checkout`,
    remoteAddress: nextIp(),
    payload: {
      items: [
        { productId: digitalBookId, quantity: 1 },
        { productId: printedBookId, quantity: 1 },
      ],
      shipping: 1,
      zip: '78701',
      parent: { name: 'Pat Parent', email: 'pat.digital@parents.test' },
      student: { firstName: 'Sam', lastName: 'Student' },
      checkoutKey: randomUUID(),
      payment: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' } },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const result = response.json<{
    orderNumber: string;
    status: string;
    digitalYearbooks?: { code: string; url: string }[];
  }>();
  expect(result.status).toBe('paid');
  const [order] = await t.handle.db.select().from(onlineOrders).where(eq(onlineOrders.orderNumber, result.orderNumber));
  if (!order) throw new Error('no order');
  const lines = await t.handle.db.select().from(onlineOrderItems).where(eq(onlineOrderItems.onlineOrderId, order.id));
  const digital = lines.find((line) => line.productId === digitalBookId);
  if (!digital) throw new Error('no digital line');
  const code = yearbookCodeMakerOf(t.app.services)(digital.id);
  // The thank-you page shows the code and its link at once.
  expect(result.digitalYearbooks).toEqual([{ code, url: `http://localhost:3000/mobile-yearbooks?code=${code}` }]);
  return { order, digital, code };
}

const open = (code: string, ip = nextIp()) =>
  t.call({ method: 'POST', url: '/api/mobile_yearbooks/open', payload: { code }, remoteAddress: ip });
const pages = (proofId: number, token: string) =>
  t.call({ method: 'GET', url: `/api/mobile_yearbooks/${proofId}/pages?token=${encodeURIComponent(token)}` });

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock = { now: () => new Date(nowMs) };
  const lincoln = await accountId('Lincoln High School');
  const oak = await accountId('Oak Valley High School');
  lincolnProofId = await approvedBook(lincoln, 'Lincoln Legacy 2033');
  oakProofId = await approvedBook(oak, 'Oak Valley Acorn 2033');
  const [store] = await t.handle.db
    .insert(storeStatuses)
    .values({ accountId: lincoln, year: YEAR, slug: SLUG, isOpen: true, title: 'Lincoln Yearbook Store' })
    .returning({ id: storeStatuses.id });
  if (!store) throw new Error('no store');
  digitalBookId = await productFor(store.id, { name: 'Digital yearbook', typeShipping: 0 });
  printedBookId = await productFor(store.id, { name: 'Printed yearbook', typeShipping: 1 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a digital yearbook bought', () => {
  it('gets one access code, kept as its hash, printed with its link on the receipt e-mail', async () => {
    const { order, digital, code } = await buyBooks();
    const rows = await t.handle.db
      .select()
      .from(digitalYearbookAccess)
      .where(eq(digitalYearbookAccess.accountId, order.accountId));
    const mine = rows.filter((row) => row.onlineOrderItemId === digital.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.codeHash).toBe(accessCodeHash(code));
    expect(JSON.stringify(mine)).not.toContain(code.replaceAll('-', ''));
    // The printed book of the same order has none.
    expect(rows.filter((row) => row.onlineOrderItemId !== digital.id && row.createdAt >= order.createdAt)).toHaveLength(
      0,
    );

    await createNotificationWorker({
      db: t.handle.db,
      mailer: t.app.services.mailer,
      tokenSecret: t.app.services.tokenSecret,
    }).drain();
    const [email] = await t.handle.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, 'pat.digital@parents.test'));
    expect(email?.text).toContain(`Access code: ${code}`);
    expect(email?.text).toContain(`/mobile-yearbooks?code=${code}`);
  });

  it('opens the approved book however the code is typed, and its token signs that book only', async () => {
    const { code } = await buyBooks();
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;
    const response = await open(typed);
    expect(response.statusCode, response.body).toBe(200);
    const book = response.json<{
      token: string;
      proofId: number;
      title: string;
      schoolName: string;
      schoolYear: string;
      pageCount: number;
      pages: { page: number; viewerUrl: string | null }[];
      epub: { url: string } | null;
      expiresAt: string;
    }>();
    expect(book).toMatchObject({
      proofId: lincolnProofId,
      title: 'Lincoln Legacy 2033',
      schoolName: 'Lincoln High School',
      schoolYear: '2032-2033',
      pageCount: 2,
    });
    expect(book.pages.map((page) => page.page)).toEqual([1, 2]);
    expect(book.epub?.url).toBeTruthy();
    expect(Date.parse(book.expiresAt)).toBe(nowMs + MOBILE_YEARBOOK_TOKEN_TTL_SECONDS * 1000);
    // The signed page link serves the page.
    const image = await t.call({ method: 'GET', url: book.pages[0]?.viewerUrl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('page 1');

    const again = await pages(lincolnProofId, book.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ pages: unknown[] }>().pages).toHaveLength(2);
    // Another school's book with this token: as if it did not exist.
    expect((await pages(oakProofId, book.token)).statusCode).toBe(404);
    // A token changed by hand is refused.
    const forged = book.token.replace(`.${lincolnProofId}.`, `.${oakProofId}.`);
    expect((await pages(oakProofId, forged)).statusCode).toBe(401);
    // The token lasts as long as its links.
    nowMs += MOBILE_YEARBOOK_TOKEN_TTL_SECONDS * 1000 + 1000;
    const late = await pages(lincolnProofId, book.token);
    expect(late.statusCode).toBe(401);
    expect(late.json<{ detail: string }>().detail).toBe(MOBILE_YEARBOOK_MESSAGES.expiredToken);
  });

  it('answers a wrong code with a clear 404 and a malformed one with a 400 naming the code', async () => {
    const wrong = await open('ZZZZ-ZZZZ-ZZZZ');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json<{ detail: string }>().detail).toBe(
      "That code doesn't match a yearbook. Check the code on your receipt.",
    );
    const malformed = await open('12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ errors: { path: string }[] }>().errors.map((error) => error.path)).toEqual(['code']);
  });

  it('stops opening once its line is refunded in full, token included', async () => {
    const { order, digital, code } = await buyBooks();
    const opened = await open(code);
    expect(opened.statusCode).toBe(200);
    const { token } = opened.json<{ token: string }>();
    const refund = await t.call({
      method: 'POST',
      url: '/api/payments/partial_refund',
      as: TREASURER,
      payload: { id: order.id, itemIds: [digital.id], reason: 'Bought by mistake' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const gone = await open(code);
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ detail: string }>().detail).toBe(MOBILE_YEARBOOK_MESSAGES.revoked);
    expect((await pages(lincolnProofId, token)).statusCode).toBe(410);
  });

  it('refuses a yearbook not approved yet with a 409 that says so', async () => {
    const { digital, code } = await buyBooks();
    await t.handle.db
      .update(digitalYearbookAccess)
      .set({ projectId: null })
      .where(eq(digitalYearbookAccess.onlineOrderItemId, digital.id));
    const response = await open(code);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toBe(MOBILE_YEARBOOK_MESSAGES.notReady);
  });
});

describe("the demo's digital yearbook", () => {
  it("is a paid Forever Connected line whose printed code matches an approved book's project", async () => {
    const demoHash = accessCodeHash('DEMO-YEAR-BOOK');
    const [row] = await t.handle.db
      .select({ access: digitalYearbookAccess, order: onlineOrders })
      .from(digitalYearbookAccess)
      .innerJoin(onlineOrderItems, eq(onlineOrderItems.id, digitalYearbookAccess.onlineOrderItemId))
      .innerJoin(onlineOrders, eq(onlineOrders.id, onlineOrderItems.onlineOrderId))
      .where(eq(digitalYearbookAccess.codeHash, demoHash ?? ''));
    expect(row?.order.status).toBe('paid');
    expect(row?.access.projectId).not.toBeNull();
    const [approved] = await t.handle.db
      .select({ id: proofs.id })
      .from(proofs)
      .where(eq(proofs.projectId, row?.access.projectId ?? 0));
    expect(approved).toBeTruthy();
    // The test database draws no pages, so the book is not ready here; the code itself matches.
    const response = await open('demo year book');
    expect([200, 409]).toContain(response.statusCode);
  });
});

describe('too many tries', () => {
  it('stops an address after its wrong codes, with retry-after, even for a right code', async () => {
    const { code } = await buyBooks();
    const ip = nextIp();
    const { limit } = rateLimits.mobileYearbookMiss;
    for (let index = 0; index < limit; index++) {
      // Each guess its own prefix, so only the address's count fills.
      const guess = `${String(index).padStart(2, '0')}ZZ-ZZZZ-ZZZZ`;
      expect((await open(guess, ip)).statusCode).toBe(404);
    }
    const refused = await open(code, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Too many codes that don't match a yearbook\. Try again in /,
    );
    // Another address is not stopped.
    expect((await open(code)).statusCode).toBe(200);
  });

  it('stops guesses at one code prefix spread over many addresses', async () => {
    const { limit } = rateLimits.mobileYearbookPrefixMiss;
    for (let index = 0; index < limit; index++) {
      expect((await open(`7QQQ-ZZZZ-${String(index).padStart(4, '0')}`)).statusCode).toBe(404);
    }
    const refused = await open('7QQQ-ZZZZ-ZZZZ');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Too many codes like this one were tried\./);
  });

  it('counts every try of an address, right or wrong', async () => {
    const { code } = await buyBooks();
    const ip = nextIp();
    for (let index = 0; index < rateLimits.mobileYearbookOpen.limit; index++) {
      expect((await open(code, ip)).statusCode).toBe(200);
    }
    expect((await open(code, ip)).statusCode).toBe(429);
  });
});
