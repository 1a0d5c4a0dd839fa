import { randomUUID } from 'node:crypto';
import {
  accounts,
  bindingPrices,
  customerPricings,
  invoicePayments,
  invoices,
  orders,
  projects,
  queueAccounting,
  storedCards,
} from '@colophon/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp } from './harness';

/*
 * Invoices (issue 13): made by hand and from an order, issued, charged to a stored card (once per
 * key, declines and insufficient funds as 402 with the invoice unchanged), paid in part and then in
 * full, refunded (a paid invoice reopens), voided only with nothing kept; bad input as 400s naming
 * the field; a school sees only its own invoices and only a super administrator charges.
 */

const TREASURER = 'treasurer@colophon.test';
let t: TestApp;
let lincolnId: number;
let otherAccountId: number;
const cards: Record<string, number> = {};

async function accountIdOf(name: string) {
  const [row] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no ${name}`);
  return row.id;
}

async function addCard(accountId: number, ref: string, fields: Partial<typeof storedCards.$inferInsert> = {}) {
  const [card] = await t.handle.db
    .insert(storedCards)
    .values({
      accountId,
      provider: 'embedded',
      customerRef: `emb_cus_test_${accountId}`,
      cardRef: `${ref}_${randomUUID().slice(0, 8)}`,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      ...fields,
    })
    .returning({ id: storedCards.id });
  if (!card) throw new Error('no card');
  return card.id;
}

const line = (label: string, quantity: number, unitCents: number, kind = 'manual') => ({
  kind,
  label,
  quantity,
  unitCents,
});

async function createInvoice(body: object = {}) {
  const response = await t.call({
    method: 'POST',
    url: '/api/invoices',
    as: SUPER,
    payload: {
      accountId: lincolnId,
      typeProduct: 1,
      lines: [line('Yearbooks', 100, 1500)],
      taxBasisPoints: 0,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; totalCents: number; status: string }>();
}

async function openInvoice(body: object = {}) {
  const draft = await createInvoice(body);
  const issued = await t.call({ method: 'POST', url: `/api/invoices/${draft.id}/issue`, as: SUPER });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json<{ id: number; number: string; status: string; totalCents: number; balanceCents: number }>();
}

const charge = (invoiceId: number, body: object = {}) =>
  t.call({
    method: 'POST',
    url: '/api/payments/invoice_stripe',
    as: SUPER,
    payload: { invoiceId, idempotencyKey: randomUUID(), ...body },
  });

async function invoiceRow(id: number) {
  const [row] = await t.handle.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error(`no invoice ${id}`);
  return row;
}

const paymentsOf = (invoiceId: number) =>
  t.handle.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));

beforeAll(async () => {
  t = await createTestApp();
  lincolnId = await accountIdOf('Lincoln High School');
  const [direct] = await t.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      sql`${accounts.id} in (select account_id from user_accounts ua join users u on u.id = ua.user_id where u.email = ${DIRECT_ADVISER})`,
    );
  if (!direct) throw new Error('no direct school');
  otherAccountId = direct.id;
  // The account's cards: its default pays, the others decline as Stripe's test cards do.
  await t.handle.db.update(storedCards).set({ isDefault: false }).where(eq(storedCards.accountId, lincolnId));
  cards.ok = await addCard(lincolnId, 'emb_pm_ok', { isDefault: true });
  cards.declined = await addCard(lincolnId, 'emb_pm_declined', { last4: '0002' });
  cards.insufficient = await addCard(lincolnId, 'emb_pm_insufficient', { last4: '9995' });
  cards.expired = await addCard(lincolnId, 'emb_pm_ok', { last4: '1111', expMonth: 3, expYear: 2021 });
  cards.other = await addCard(otherAccountId, 'emb_pm_ok', { last4: '4444' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('making and issuing an invoice', () => {
  it('totals the lines with the tax rounded half up once, numbers it when issued, and queues its sync', async () => {
    const draft = await createInvoice({
      lines: [line('Yearbooks', 3, 8), line('Discount', 1, -4, 'adjustment')],
      taxBasisPoints: 625,
    });
    // 24¢ − 4¢ = 20¢; 6.25 % of 20¢ is 1.25¢ → 1¢.
    expect(draft).toMatchObject({
      status: 'draft',
      subtotalCents: 24,
      adjustmentsCents: -4,
      taxCents: 1,
      totalCents: 21,
    });
    const edited = await t.call({
      method: 'PUT',
      url: `/api/invoices/${draft.id}`,
      as: SUPER,
      payload: { lines: [line('Yearbooks', 2, 1000)], taxBasisPoints: 1000 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ subtotalCents: 2000, taxCents: 200, totalCents: 2200 });

    const issued = await t.call({ method: 'POST', url: `/api/invoices/${draft.id}/issue`, as: SUPER });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({
      status: 'open',
      number: `INV-${String(draft.id).padStart(6, '0')}`,
      balanceCents: 2200,
    });
    expect(issued.json().lines).toHaveLength(1);
    const queued = await t.handle.db
      .select()
      .from(queueAccounting)
      .where(sql`${queueAccounting.payload}->>'invoiceId' = ${String(draft.id)}`);
    expect(queued).toHaveLength(1);

    const again = await t.call({ method: 'POST', url: `/api/invoices/${draft.id}/issue`, as: SUPER });
    expect(again.statusCode).toBe(409);
    const late = await t.call({ method: 'PUT', url: `/api/invoices/${draft.id}`, as: SUPER, payload: { notes: 'x' } });
    expect(late.statusCode).toBe(409);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    const cases: [object, string][] = [
      [{ typeProduct: 9 }, 'typeProduct'],
      [{ lines: [line('x', 1, 10.5)] }, 'lines.0.unitCents'],
      [{ lines: [line('x', 1, -100)] }, 'lines.0.unitCents'],
      [{ lines: [line('x', 1, 100, 'adjustment')] }, 'lines.0.unitCents'],
      [{ lines: [] }, 'lines'],
      [{ taxBasisPoints: 6.5 }, 'taxBasisPoints'],
      [{ accountId: 999_999 }, 'accountId'],
    ];
    for (const [body, path] of cases) {
      const response = await t.call({
        method: 'POST',
        url: '/api/invoices',
        as: SUPER,
        payload: { accountId: lincolnId, lines: [line('Yearbooks', 1, 100)], ...body },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const after = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("makes a draft from an order with its project's quote lines", async () => {
    const [order] = await t.handle.db
      .select({ id: orders.id, projectId: orders.projectId, accountId: orders.accountId })
      .from(orders)
      .where(sql`not exists (select 1 from invoices i where i.order_id = ${orders.id})`)
      .limit(1);
    if (!order) throw new Error('no order without an invoice');
    await t.handle.db.update(orders).set({ copies: 40 }).where(eq(orders.id, order.id));
    const [project] = await t.handle.db
      .update(projects)
      .set({ typeBook: 5, typeSize: 8, pageCount: 40 })
      .where(eq(projects.id, order.projectId))
      .returning({ year: projects.year });
    if (!project) throw new Error('no project');
    await t.handle.db
      .insert(customerPricings)
      .values({ accountId: order.accountId, year: project.year, designation: 'S' })
      .onConflictDoUpdate({ target: [customerPricings.accountId, customerPricings.year], set: { designation: 'S' } });
    await t.handle.db.insert(bindingPrices).values({
      designation: 'S',
      year: project.year,
      typeBook: 5,
      typeSize: 8,
      pageMin: 1,
      pageMax: 2000,
      perBookCents: 1234,
    });
    const made = await t.call({
      method: 'POST',
      url: '/api/invoices/from_order',
      as: SUPER,
      payload: { orderId: order.id, taxBasisPoints: 725 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const invoice = made.json();
    const quote = await t.call({
      method: 'GET',
      url: `/api/projects/${order.projectId}/quote?copies=40`,
      as: SUPER,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const quoted = quote.json<{ lines: { label: string; amountCents: number }[]; totalCents: number }>();
    expect(
      invoice.lines.map((entry: { label: string; amountCents: number }) => [entry.label, entry.amountCents]),
    ).toEqual(quoted.lines.map((entry) => [entry.label, entry.amountCents]));
    expect(invoice.lines[0]).toMatchObject({ kind: 'book', quantity: 40, unitCents: 1234 });
    // The invoice's own tax: 7.25 % of the quote's total, half up.
    expect(invoice.totalCents).toBe(quoted.totalCents + Math.floor((quoted.totalCents * 725 + 5000) / 10_000));
    const twice = await t.call({
      method: 'POST',
      url: '/api/invoices/from_order',
      as: SUPER,
      payload: { orderId: order.id },
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('charging the stored card', () => {
  it('charges the default card for the balance once per key, and answers a replay without charging', async () => {
    const invoice = await openInvoice();
    const key = randomUUID();
    const first = await charge(invoice.id, { idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      invoice: { status: 'paid', paidCents: 150_000, balanceCents: 0 },
      payment: { status: 'succeeded', amountCents: 150_000, method: 'credit_card', cardLabel: 'visa •••• 4242' },
    });
    const replay = await charge(invoice.id, { idempotencyKey: key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().payment.id).toBe(first.json().payment.id);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).paidCents).toBe(150_000);
    const paidAgain = await charge(invoice.id);
    expect(paidAgain.statusCode).toBe(409);
  });

  it.each([
    ['declined', 'Your card was declined.'],
    ['insufficient', 'Your card has insufficient funds.'],
  ])('answers a %s card as 402 with its message; the invoice is unchanged', async (card, message) => {
    const invoice = await openInvoice();
    const key = randomUUID();
    const response = await charge(invoice.id, { cardId: cards[card], idempotencyKey: key });
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().detail).toBe(message);
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: 'open', paidCents: 0 });
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({ status: 'failed', failureMessage: message });
    // The same key answers the same decline; a new key may try another card.
    expect((await charge(invoice.id, { cardId: cards[card], idempotencyKey: key })).statusCode).toBe(402);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await charge(invoice.id, { cardId: cards.ok })).statusCode).toBe(200);
  });

  it('takes a partial payment, then the rest pays it; a refund reopens it; void needs nothing kept', async () => {
    const invoice = await openInvoice({ lines: [line('Kit', 1, 10_000)] });
    const part = await charge(invoice.id, { amountCents: 4000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().invoice).toMatchObject({ status: 'open', paidCents: 4000, balanceCents: 6000 });
    const tooMuch = await charge(invoice.id, { amountCents: 6001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0].path).toBe('amountCents');
    const check = await t.call({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/payments`,
      as: SUPER,
      payload: { method: 'check', amountCents: 6000, reference: 'Check 1042', idempotencyKey: randomUUID() },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().invoice).toMatchObject({ status: 'paid', paidCents: 10_000, balanceCents: 0 });

    const voidPaid = await t.call({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/void`,
      as: SUPER,
      payload: { reason: 'x' },
    });
    expect(voidPaid.statusCode).toBe(409);

    const cardPayment = part.json().payment.id;
    const overRefund = await t.call({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/refunds`,
      as: SUPER,
      payload: { paymentId: cardPayment, amountCents: 4001, idempotencyKey: randomUUID() },
    });
    expect(overRefund.statusCode).toBe(400);
    expect(overRefund.json().errors[0].path).toBe('amountCents');
    const refundKey = randomUUID();
    const refund = await t.call({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/refunds`,
      as: SUPER,
      payload: { paymentId: cardPayment, amountCents: 4000, idempotencyKey: refundKey },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().invoice).toMatchObject({ status: 'open', refundedCents: 4000, balanceCents: 4000 });
    const replay = await t.call({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/refunds`,
      as: SUPER,
      payload: { paymentId: cardPayment, amountCents: 4000, idempotencyKey: refundKey },
    });
    expect(replay.statusCode).toBe(200);
    expect((await invoiceRow(invoice.id)).refundedCents).toBe(4000);

    const checkRefund = await t.call({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/refunds`,
      as: SUPER,
      payload: { paymentId: check.json().payment.id, amountCents: 6000, idempotencyKey: randomUUID() },
    });
    expect(checkRefund.statusCode, checkRefund.body).toBe(200);
    const voided = await t.call({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/void`,
      as: SUPER,
      payload: { reason: 'Billed twice' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'void' });
    expect((await charge(invoice.id)).statusCode).toBe(409);
  });

  it('refuses bad charges naming the field, and charges nothing', async () => {
    const invoice = await openInvoice();
    const cases: [object, string][] = [
      [{ amountCents: -5 }, 'amountCents'],
      [{ amountCents: 10.5 }, 'amountCents'],
      [{ amountCents: 0 }, 'amountCents'],
      [{ cardId: cards.other }, 'cardId'],
      [{ cardId: cards.expired }, 'cardId'],
      [{ idempotencyKey: 'short' }, 'idempotencyKey'],
    ];
    for (const [body, path] of cases) {
      const response = await charge(invoice.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
    }
    const expired = await charge(invoice.id, { cardId: cards.expired });
    expect(expired.json().errors[0].message).toBe('This card expired in 03/2021.');
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const draft = await createInvoice();
    expect((await charge(draft.id)).statusCode).toBe(409);
  });

  it('charges once when the same invoice is charged 50 times at once under distinct keys', async () => {
    const invoice = await openInvoice();
    const answers = await Promise.all(Array.from({ length: 50 }, () => charge(invoice.id)));
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const succeeded = (await paymentsOf(invoice.id)).filter((payment) => payment.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'paid', paidCents: invoice.totalCents });
  });

  it('charges once when the same key is sent twice at once', async () => {
    const invoice = await openInvoice();
    const key = randomUUID();
    const answers = await Promise.all([
      charge(invoice.id, { idempotencyKey: key }),
      charge(invoice.id, { idempotencyKey: key }),
    ]);
    expect(answers.map((response) => response.statusCode).filter((code) => code === 200).length).toBeGreaterThanOrEqual(
      1,
    );
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).paidCents).toBe(invoice.totalCents);
  });
});

describe('who sees and who charges', () => {
  it("shows a school its own invoices only; another's is a 404", async () => {
    const mine = await openInvoice();
    const theirs = await openInvoice({ accountId: otherAccountId });
    const list = await t.call({ method: 'GET', url: '/api/invoices?perPage=100', as: TREASURER });
    expect(list.statusCode, list.body).toBe(200);
    const accountIds = new Set(list.json().data.map((row: { accountId: number }) => row.accountId));
    expect([...accountIds]).toEqual([lincolnId]);
    expect((await t.call({ method: 'GET', url: `/api/invoices/${mine.id}`, as: TREASURER })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/invoices/${theirs.id}`, as: TREASURER })).statusCode).toBe(404);
    const studio = await t.call({ method: 'GET', url: `/api/invoices?accountId[]=${otherAccountId}`, as: OWNER });
    expect(studio.json().data).toHaveLength(0);
  });

  it('lets only a super administrator charge, write or refund', async () => {
    const invoice = await openInvoice();
    for (const as of [OWNER, ADVISER, TREASURER]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/payments/invoice_stripe',
        as,
        payload: { invoiceId: invoice.id, idempotencyKey: randomUUID() },
      });
      expect(response.statusCode, as).toBe(403);
      const create = await t.call({
        method: 'POST',
        url: '/api/invoices',
        as,
        payload: { accountId: lincolnId, lines: [line('x', 1, 1)] },
      });
      expect(create.statusCode, as).toBe(403);
    }
    const [row] = await t.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, invoice.id)));
    expect(row?.n).toBe(0);
  });

  it('answers an order invoice status from the invoice: total, paid and balance', async () => {
    const [withInvoice] = await t.handle.db
      .select({ orderId: invoices.orderId, id: invoices.id })
      .from(invoices)
      .where(sql`${invoices.orderId} is not null`)
      .limit(1);
    if (!withInvoice?.orderId) throw new Error('no order invoice');
    await t.handle.db
      .update(invoices)
      .set({ status: 'open', totalCents: 5000, subtotalCents: 5000, paidCents: 1000, refundedCents: 0 })
      .where(eq(invoices.id, withInvoice.id));
    const response = await t.call({
      method: 'GET',
      url: `/api/orders/invoice/status/${withInvoice.orderId}`,
      as: SUPER,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'open', totalCents: 5000, paidCents: 1000, balanceCents: 4000 });
  });
});
