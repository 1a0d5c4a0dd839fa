import { accounts } from '@colophon/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SUPER, type TestApp } from './harness';

/*
 * A card number never reaches the logs, the database or the audit log (issue 13). The app logs at
 * `trace` into this test; after a card is saved, an expired card refused and a body refused by
 * validation, neither the log nor any table that could hold it has the number, with or without spaces.
 */

const SAVED = '4242 4242 4242 4242';
/** Visa debit, a valid number, sent with an expiry in the past. */
const EXPIRED = '4000 0566 5566 5556';
/** Mastercard, sent with a month 13: refused by the schema before anything runs. */
const INVALID_MONTH = '5555 5555 5555 4444';
/** A number with a letter in it: refused by the schema, which must not repeat it. */
const MALFORMED = '6011 1111 1111 111x';

const forms = (number: string) => {
  const digits = number.replace(/\D/g, '');
  return [number, digits, `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8, 12)}`, digits.slice(0, 12)];
};

/** Every table whose text could hold what a card request carried. */
const TABLES = [
  'stripe_cards',
  'payment_customers',
  'audit_log',
  'queue_notifications',
  'invoice_payments',
  'notifications',
  'outbox_emails',
] as const;

let t: TestApp;
const logLines: string[] = [];
let accountId: number;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'trace' }, { logStream: { write: (line) => void logLines.push(line) } });
  const [row] = await t.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.depth} >= 1`)
    .limit(1);
  if (!row) throw new Error('no school');
  accountId = row.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a card number is never kept', () => {
  it('is in no log line, table or answer after a saved card, an expired card and a refused body', async () => {
    const send = (number: string, fields: object = {}) =>
      t.call({
        method: 'POST',
        url: '/api/stripe_cards',
        as: SUPER,
        payload: { accountId, card: { number, expMonth: 11, expYear: 2033, cvc: '314', ...fields } },
      });
    const saved = await send(SAVED);
    expect(saved.statusCode, saved.body).toBe(201);
    const expired = await send(EXPIRED, { expMonth: 2, expYear: 2021 });
    expect(expired.statusCode).toBe(400);
    const invalidMonth = await send(INVALID_MONTH, { expMonth: 13 });
    expect(invalidMonth.statusCode).toBe(400);
    const malformed = await send(MALFORMED);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ path: 'card.number', message: 'Enter the card number' }]);

    // The log was captured: the four requests are in it.
    const log = logLines.join('');
    expect(log.match(/"url":"\/api\/stripe_cards"/g)?.length ?? 0).toBeGreaterThanOrEqual(4);

    const answers = [saved, expired, invalidMonth, malformed].map((response) => response.body).join('\n');
    const tables: Record<string, string> = {};
    for (const table of TABLES) {
      const rows = await t.handle.db.execute(sql.raw(`select * from ${table}`));
      tables[table] = JSON.stringify(rows);
    }
    for (const number of [SAVED, EXPIRED, INVALID_MONTH, MALFORMED]) {
      for (const form of forms(number)) {
        expect(log, `log holds ${form}`).not.toContain(form);
        expect(answers, `an answer holds ${form}`).not.toContain(form);
        for (const table of TABLES) expect(tables[table], `${table} holds ${form}`).not.toContain(form);
      }
    }
    // The security code neither.
    expect(log).not.toContain('"314"');
    expect(tables.audit_log).not.toContain('"314"');
  });
});
