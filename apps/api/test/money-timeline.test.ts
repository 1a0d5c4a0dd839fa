import { fundRequests, invoicePayments, invoices, onlineOrders, onlinePayments } from '@colophon/db';
import { type MoneyEventKind, runningBalances } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp } from './harness';
import { accountIdOf, directSchoolId, NOW, paidOrder, storeOf, type TestStore } from './online-order-fixtures';

/*
 * One money timeline per school (issue 13): the running balance over every event whatever the page
 * or filter, the summary's figures, the CSV as the list, who may read it, and bad filters.
 */

const TREASURER = 'treasurer@colophon.test';

interface Row {
  id: string;
  kind: MoneyEventKind;
  at: string;
  amountCents: number;
  effectCents: number;
  balanceCents: number;
  label: string;
  record: { resource: string; id: number };
}

let t: TestApp;
let lincoln: TestStore;
let directId: number;

const url = (accountId: number, rest = '') => `/api/accounts/${accountId}/money_timeline${rest}`;
const get = (path: string, as = TREASURER) => t.call({ method: 'GET', url: path, as });

/** Every row of the account's timeline, a page at a time. */
async function allRows(query = '', perPage = 100): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const response = await get(url(lincoln.accountId, `?sort=at&perPage=${perPage}&page=${page}${query}`));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: Row[]; total: number };
    rows.push(...body.data);
    if (rows.length >= body.total || body.data.length === 0) return rows;
  }
}

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.clock.now = () => NOW;
  lincoln = await storeOf(t, await accountIdOf(t, 'Lincoln High School'));
  directId = await directSchoolId(t);
  const db = t.handle.db;

  // A season: card orders with fees, a cash order, a refund, payouts, invoices paid, refunded, voided.
  const first = await paidOrder(t, lincoln, { lines: [{ totalCents: 4500 }], paidAt: at('2031-01-05T10:00:00Z') });
  await db.update(onlineOrders).set({ feeCents: 193, totalCents: 4693 }).where(eq(onlineOrders.id, first.id));
  const second = await paidOrder(t, lincoln, {
    lines: [{ totalCents: 6000 }, { totalCents: 1500 }],
    paidAt: at('2031-01-20T10:00:00Z'),
  });
  await db.update(onlineOrders).set({ feeCents: 298, totalCents: 7798 }).where(eq(onlineOrders.id, second.id));
  await paidOrder(t, lincoln, { lines: [{ totalCents: 4500 }], typePayment: 4, paidAt: at('2031-01-21T09:00:00Z') });
  await db.insert(onlinePayments).values([
    {
      onlineOrderId: second.id,
      kind: 'refund',
      provider: 'embedded',
      amountCents: 1500,
      status: 'succeeded',
      idempotencyKey: 'mt-refund-1',
      createdAt: at('2031-02-01T10:00:00Z'),
    },
    {
      onlineOrderId: second.id,
      kind: 'refund',
      provider: 'embedded',
      amountCents: 999,
      status: 'failed',
      idempotencyKey: 'mt-refund-failed',
      createdAt: at('2031-02-01T11:00:00Z'),
    },
  ]);
  await db.insert(fundRequests).values([
    {
      kind: 'presale',
      accountId: lincoln.accountId,
      year: 2031,
      amountCents: 5000,
      status: 2,
      paymentMethod: 'check',
      paymentReference: '1001',
      completedAt: at('2031-02-10T10:00:00Z'),
      createdAt: at('2031-02-05T10:00:00Z'),
    },
    {
      kind: 'sales_tax',
      accountId: lincoln.accountId,
      year: 2031,
      amountCents: 300,
      status: 0,
      createdAt: at('2031-02-06T10:00:00Z'),
    },
  ]);
  const [bill, voided] = await db
    .insert(invoices)
    .values([
      {
        accountId: lincoln.accountId,
        number: 'INV-MT-001',
        status: 'paid',
        subtotalCents: 20000,
        totalCents: 20000,
        paidCents: 20000,
        refundedCents: 500,
        issuedAt: at('2031-02-15T10:00:00Z'),
      },
      {
        accountId: lincoln.accountId,
        number: 'INV-MT-002',
        status: 'void',
        subtotalCents: 7000,
        totalCents: 7000,
        issuedAt: at('2031-02-16T10:00:00Z'),
        voidedAt: at('2031-02-17T10:00:00Z'),
      },
      // A draft voided before it was issued moved no money.
      {
        accountId: lincoln.accountId,
        status: 'void',
        subtotalCents: 900,
        totalCents: 900,
        voidedAt: at('2031-02-18T10:00:00Z'),
      },
    ])
    .returning({ id: invoices.id });
  if (!bill || !voided) throw new Error('no invoices');
  const payment = (key: string, values: Partial<typeof invoicePayments.$inferInsert>) => ({
    invoiceId: bill.id,
    kind: 'payment',
    method: 'credit_card',
    provider: 'embedded',
    amountCents: 0,
    status: 'succeeded',
    idempotencyKey: key,
    ...values,
  });
  await db.insert(invoicePayments).values([
    payment('mt-pay-1', { amountCents: 8000, cardLabel: 'visa •••• 4242', createdAt: at('2031-02-20T10:00:00Z') }),
    payment('mt-pay-declined', {
      amountCents: 12000,
      status: 'failed',
      cardLabel: 'visa •••• 0002',
      createdAt: at('2031-02-20T10:05:00Z'),
    }),
    payment('mt-pay-credits', {
      amountCents: 4000,
      method: 'online_sales_credits',
      provider: 'manual',
      createdAt: at('2031-02-21T10:00:00Z'),
    }),
    payment('mt-pay-check', {
      amountCents: 8000,
      method: 'check',
      provider: 'manual',
      reference: '5521',
      createdAt: at('2031-02-22T10:00:00Z'),
    }),
    payment('mt-refund', {
      kind: 'refund',
      amountCents: 500,
      cardLabel: 'visa •••• 4242',
      createdAt: at('2031-02-23T10:00:00Z'),
    }),
  ]);
}, 120_000);
afterAll(() => t?.close());

describe('the running balance', () => {
  it('is the sum of every event up to each row, in order, and ends at the summary’s balance', async () => {
    const rows = await allRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.balanceCents)).toEqual(runningBalances(rows));
    for (let index = 1; index < rows.length; index += 1) {
      expect((rows[index]?.at ?? '') >= (rows[index - 1]?.at ?? '')).toBe(true);
    }
    const summary = (await get(url(lincoln.accountId, '/summary'))).json();
    expect(summary.balanceCents).toBe(rows.at(-1)?.balanceCents);
    expect(summary.events).toBe(rows.length);

    // The season's own rows, as labelled and signed.
    const season = rows.filter((row) => row.at >= '2031-01-01');
    expect(season.map((row) => [row.kind, row.label, row.effectCents])).toEqual([
      ['online_order', expect.stringMatching(/^Online order T31-/), 4693],
      ['card_fee', expect.stringMatching(/^Card fee on online order T31-/), -193],
      ['online_order', expect.stringMatching(/^Online order T31-/), 7798],
      ['card_fee', expect.stringMatching(/^Card fee on online order/), -298],
      ['online_order', expect.stringMatching(/^Online order/), 4500],
      ['online_refund', expect.stringMatching(/^Refund of online order/), -1500],
      ['presale_payout', expect.stringMatching(/^Presale funds request #\d+ paid by Check$/), -5000],
      ['invoice_issued', 'Invoice INV-MT-001 issued', -20000],
      ['invoice_issued', 'Invoice INV-MT-002 issued', -7000],
      ['invoice_voided', 'Invoice INV-MT-002 voided', 7000],
      ['invoice_payment', 'Invoice INV-MT-001 paid by visa •••• 4242', 8000],
      ['invoice_credit', 'Invoice INV-MT-001 paid from online sales credits', 0],
      ['invoice_payment', 'Invoice INV-MT-001 paid by Check', 8000],
      ['invoice_refund', 'Invoice INV-MT-001 refunded to visa •••• 4242', -500],
    ]);
    expect(season.find((row) => row.kind === 'invoice_credit')?.amountCents).toBe(4000);
    expect(season.find((row) => row.kind === 'presale_payout')?.record.resource).toBe('fund_requests');
    expect(season.find((row) => row.kind === 'invoice_refund')?.record.resource).toBe('invoices');
  });

  it('is the same across pages, both ways, and under a filter', async () => {
    const whole = await allRows();
    const byId = new Map(whole.map((row) => [row.id, row.balanceCents]));
    expect(await allRows('', 3)).toEqual(whole);

    const newest = await get(url(lincoln.accountId, '?perPage=5&page=2'));
    const newestRows = newest.json().data as Row[];
    expect(newestRows.map((row) => row.id)).toEqual(
      whole
        .slice()
        .reverse()
        .slice(5, 10)
        .map((row) => row.id),
    );

    const payments = await allRows('&kind[]=invoice_payment&kind[]=invoice_refund&from=2031-01-01');
    expect(payments.map((row) => row.kind)).toEqual(['invoice_payment', 'invoice_payment', 'invoice_refund']);
    for (const row of payments) expect(row.balanceCents).toBe(byId.get(row.id));

    const february = await allRows('&from=2031-02-10&to=2031-02-17');
    expect(february.map((row) => row.kind)).toEqual([
      'presale_payout',
      'invoice_issued',
      'invoice_issued',
      'invoice_voided',
    ]);
    for (const row of february) expect(row.balanceCents).toBe(byId.get(row.id));
  });

  it('sums the range in the summary, with the balance at its end', async () => {
    const whole = await allRows();
    const body = (await get(url(lincoln.accountId, '/summary?from=2031-01-01&to=2031-02-28'))).json();
    expect(body).toEqual({
      balanceCents: whole.filter((row) => row.at < '2031-03-01').at(-1)?.balanceCents,
      collectedCents: 4693 + 7798 + 4500,
      feesCents: 193 + 298,
      refundsCents: 1500,
      payoutsCents: 5000,
      invoicedCents: 20000,
      paidCents: 8000 + 4000 + 8000 - 500,
      creditsCents: 4000,
      events: 14,
    });
    const {
      balanceCents,
      collectedCents,
      feesCents,
      refundsCents,
      payoutsCents,
      invoicedCents,
      paidCents,
      creditsCents,
    } = body;
    const before = whole.filter((row) => row.at < '2031-01-01').at(-1)?.balanceCents ?? 0;
    expect(balanceCents - before).toBe(
      collectedCents - feesCents - refundsCents - payoutsCents - creditsCents - invoicedCents + paidCents,
    );
  });
});

describe('the demo school', () => {
  it('shows a whole season of Lincoln’s money: sales, fees, a refund, payouts, invoices issued, paid and voided', async () => {
    const seeded = new Set((await allRows()).filter((row) => row.at < '2031-01-01').map((row) => row.kind));
    for (const kind of [
      'online_order',
      'card_fee',
      'online_refund',
      'presale_payout',
      'sales_tax_payout',
      'invoice_issued',
      'invoice_payment',
      'invoice_credit',
      'invoice_voided',
    ] as const) {
      expect(seeded.has(kind), kind).toBe(true);
    }
  });
});

describe('the CSV', () => {
  it('holds the filtered list’s rows, as the list shows them', async () => {
    const list = await allRows('&from=2031-01-01');
    const response = await get(url(lincoln.accountId, '.csv?sort=at&from=2031-01-01'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Date,Event,Description,Amount,Effect on balance,Balance,Record,Record ID');
    expect(lines).toHaveLength(list.length + 1);
    list.forEach((row, index) => {
      const cells = (lines[index + 1] ?? '').split(',');
      expect(cells[0]).toBe(row.at);
      expect(Math.round(Number(cells.at(-3)) * 100)).toBe(row.balanceCents);
      expect(Math.round(Number(cells.at(-4)) * 100)).toBe(row.effectCents);
      expect(cells.at(-1)).toBe(String(row.record.id));
    });
  });
});

describe('access', () => {
  it('lets the school, its studio and a super administrator read it, and no one else', async () => {
    for (const as of [TREASURER, OWNER, SUPER]) {
      expect((await get(url(lincoln.accountId), as)).statusCode, as).toBe(200);
      expect((await get(url(lincoln.accountId, '/summary'), as)).statusCode, as).toBe(200);
    }
    for (const path of [url(lincoln.accountId), url(lincoln.accountId, '/summary'), url(lincoln.accountId, '.csv')]) {
      expect((await get(path, DIRECT_ADVISER)).statusCode, path).toBe(404);
    }
    expect((await get(url(directId), TREASURER)).statusCode).toBe(404);
    expect((await get(url(99_999_999), SUPER)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: url(lincoln.accountId) })).statusCode).toBe(401);
  });
});

describe('bad filters', () => {
  it.each([
    ['?kind[]=cash_drawer', 'kind'],
    ['?from=2031-03-01&to=2031-02-01', 'to'],
    ['?from=yesterday', 'from'],
    ['?sort=amount', 'sort'],
    ['?perPage=1000', 'perPage'],
  ])('%s → 400 naming %s', async (query, field) => {
    for (const path of [url(lincoln.accountId, query), url(lincoln.accountId, `.csv${query}`)]) {
      if (path.includes('perPage') && path.includes('.csv')) continue;
      const response = await get(path);
      expect(response.statusCode, path).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
  });
});
