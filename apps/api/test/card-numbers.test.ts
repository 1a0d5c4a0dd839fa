import { randomUUID } from 'node:crypto';
import { accounts, auditLog, productPrices, products, rowsOf, storeStatuses } from '@colophon/db';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drainNotifications, type TestApp } from './harness';

/*
 * A card number never reaches the logs nor the database (issue 12, PCI): storefront checkouts on
 * the offline payments default (the embedded adapter) with a paying and a declined test card, a
 * checkout refused for another field, and a body that is not JSON, with the app logging at its most
 * verbose; then every line logged and every row of every table is searched for the numbers, with
 * and without their spaces.
 */

const YEAR = 2033;
const SLUG = 'lincoln-card-numbers-test';
const PAYING = '4242 4242 4242 4242';
const DECLINING = '4000 0000 0000 0002';
/** Each number as a parent may type it and as it is once the spaces are gone. */
const FORBIDDEN = [PAYING, DECLINING].flatMap((number) => [number, number.replace(/\s/g, '')]);
/** The CVC is as secret as the number (never stored after authorization). */
const CVC = '737';

let t: TestApp;
const logged: string[] = [];
let bookId: number;

beforeAll(async () => {
  // The logger at `trace`, into this array: whatever any level would write is searched.
  t = await createTestApp({ logLevel: 'trace' }, { logStream: { write: (line) => void logged.push(line) } });
  const [lincoln] = await t.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, 'Lincoln High School'));
  if (!lincoln) throw new Error('no Lincoln');
  const [store] = await t.handle.db
    .insert(storeStatuses)
    .values({ accountId: lincoln.id, year: YEAR, slug: SLUG, isOpen: true, title: 'Yearbook Store' })
    .returning({ id: storeStatuses.id });
  if (!store) throw new Error('no store');
  const [book] = await t.handle.db
    .insert(products)
    .values({ storeId: store.id, typeProduct: 1, name: 'Yearbook' })
    .returning({ id: products.id });
  if (!book) throw new Error('no product');
  bookId = book.id;
  await t.handle.db
    .insert(productPrices)
    .values({ productId: book.id, priceCents: 4500, startsAt: new Date('2021-01-01T00:00:00Z') });
}, 120_000);
afterAll(() => t?.close());

const checkout = (number: string, fields: object = {}) =>
  t.call({
    method: 'POST',
    url: `/api/storefront/${SLUG}/checkout`,
    payload: {
      items: [{ productId: bookId, quantity: 1 }],
      shipping: 1,
      zip: '78701',
      parent: { name: 'Pat Parent', email: 'pat@parents.test', phone: '555-0100' },
      student: { firstName: 'Sam', lastName: 'Student', grade: '11', homeroom: 'Room 4' },
      checkoutKey: randomUUID(),
      payment: { card: { number, expMonth: 12, expYear: 2034, cvc: CVC } },
      ...fields,
    },
  });

/** Every row of every table of the app's schema, as text. */
async function everyRow(): Promise<{ table: string; text: string }[]> {
  const tables = await rowsOf<{ name: string }>(
    t.handle.db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`),
  );
  const found = [];
  for (const { name } of tables) {
    const [row] = await rowsOf<{ text: string }>(
      t.handle.db.execute(sql`select coalesce(string_agg(r::text, E'\n'), '') as text from ${sql.identifier(name)} r`),
    );
    found.push({ table: name, text: row?.text ?? '' });
  }
  return found;
}

describe('card numbers', () => {
  it('appear in no log line and no row, whether the card pays, declines or the checkout is refused', async () => {
    const paid = await checkout(PAYING);
    expect(paid.statusCode, paid.body).toBe(201);
    const declined = await checkout(DECLINING);
    expect(declined.statusCode, declined.body).toBe(402);
    // Refused for another field: the card is never charged, the body is still the parent's.
    const refused = await checkout(PAYING, { parent: { name: 'Pat Parent', email: 'not an e-mail' } });
    expect(refused.statusCode).toBe(400);
    const notJson = await t.call({
      method: 'POST',
      url: `/api/storefront/${SLUG}/checkout`,
      headers: { 'content-type': 'application/json' },
      payload: `{"payment":{"card":{"number":"${PAYING}","cvc":"${CVC}"}}`,
    });
    expect(notJson.statusCode).toBe(400);
    await drainNotifications(t);

    // The logger wrote (the requests at least), so an empty log proves nothing here.
    expect(logged.length).toBeGreaterThan(4);
    const log = logged.join('');
    for (const answer of [paid, declined, refused, notJson]) {
      for (const number of FORBIDDEN) expect(answer.body).not.toContain(number);
    }
    for (const number of FORBIDDEN) expect(log).not.toContain(number);
    expect(log).not.toContain(`"cvc":"${CVC}"`);

    const rows = await everyRow();
    expect(rows.map((row) => row.table)).toEqual(
      expect.arrayContaining(['online_orders', 'online_payments', 'audit_log', 'queue_notifications']),
    );
    const leaks = rows.filter((row) => FORBIDDEN.some((number) => row.text.includes(number)));
    expect(leaks.map((row) => row.table)).toEqual([]);
    // The checkout is audited (a public write), its card kept as a marker only: the redaction ran.
    const audited = await t.handle.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(like(auditLog.resource, 'storefront/%/checkout'));
    expect(audited.length).toBeGreaterThan(0);
    for (const row of audited) {
      expect(row.detail).toMatchObject({ body: { payment: { card: '[redacted]' } } });
    }
  });
});
