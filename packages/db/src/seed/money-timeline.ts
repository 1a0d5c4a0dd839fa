import { ecommerceFeeFor } from '@colophon/domain';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../create-db';
import {
  type accounts,
  fundRequests,
  invoiceLines,
  invoicePayments,
  invoices,
  onlineOrderItems,
  onlineOrders,
  onlinePayments,
  products,
  storedCards,
  storeStatuses,
} from '../schema/index';

/*
 * The money timeline's demo school (issue 13): Lincoln High School's season, whole. The online sales,
 * refunds, fees and fund requests seeded before give its store's side; this adds only what is
 * missing of one season's money: card orders with their online fee (the online sales' demo orders
 * carry none), a presale and a sales-tax payout when none was completed, and the
 * studio's bills — the yearbook invoice charged in part to the stored card, part paid from online
 * sales credits and the rest by check; a posters invoice whose card charge failed, still open; and
 * an invoice issued by mistake and voided. Instants are relative to the seed's `now`, as the rest.
 */

type School = Pick<typeof accounts.$inferSelect, 'id' | 'name'>;

const DAY = 24 * 3600 * 1000;
export const MONEY_TIMELINE_SCHOOL = 'Lincoln High School';

export async function seedMoneyTimeline(db: Db, schools: School[], now: number) {
  const school = schools.find((candidate) => candidate.name === MONEY_TIMELINE_SCHOOL);
  if (!school) return;
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const year = new Date(now).getUTCFullYear();

  await seedCardOrdersWithFees(db, school, at);

  // Payouts: one of each kind the timeline shows, only when the fund requests' seed completed none.
  const [sales] = await db
    .select({
      goods: sql<string>`coalesce(sum(${onlineOrders.subtotalCents} - ${onlineOrders.discountCents} - ${onlineOrders.refundedCents}), 0)`,
      tax: sql<string>`coalesce(sum(${onlineOrders.taxCents}), 0)`,
      store: sql<number | null>`max(${onlineOrders.year})`,
    })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.accountId, school.id), isNotNull(onlineOrders.paidAt)));
  const completed = await db
    .select({ kind: fundRequests.kind })
    .from(fundRequests)
    .where(and(eq(fundRequests.accountId, school.id), eq(fundRequests.status, 2)));
  const payouts: (typeof fundRequests.$inferInsert)[] = [];
  // A tenth of what was collected: far below what is available after fees, refunds and earlier payouts.
  const payout = (kind: 'presale' | 'sales_tax', collected: number, daysAgo: number, method: string) => {
    const amountCents = Math.floor(collected / 10);
    if (amountCents <= 0 || completed.some((row) => row.kind === kind)) return;
    payouts.push({
      kind,
      accountId: school.id,
      year: sales?.store ?? year,
      amountCents,
      status: 2,
      paymentMethod: method,
      paymentReference: kind === 'presale' ? 'ACH 20431' : 'Check 1187',
      note: 'Demo payout of the money timeline',
      completedAt: at(daysAgo),
      createdAt: at(daysAgo + 4),
    });
  };
  payout('presale', Number(sales?.goods ?? 0), 75, 'ach');
  payout('sales_tax', Number(sales?.tax ?? 0), 20, 'check');
  if (payouts.length > 0) await db.insert(fundRequests).values(payouts);

  // The bills: only when no invoice of the school has been paid yet (an invoices seed may have made some).
  const [paid] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(and(eq(invoices.accountId, school.id), eq(invoicePayments.status, 'succeeded')));
  if ((paid?.n ?? 0) > 0) return;
  const [card] = await db
    .select({ id: storedCards.id, brand: storedCards.brand, last4: storedCards.last4 })
    .from(storedCards)
    .where(and(eq(storedCards.accountId, school.id), eq(storedCards.isDefault, true)));
  const cardLabel = card ? `${card.brand} •••• ${card.last4}` : null;

  const bill = async (
    values: typeof invoices.$inferInsert,
    lines: { label: string; quantity: number; unitCents: number }[],
  ) => {
    const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
    if (!row) throw new Error('the demo invoice was not made');
    await db
      .update(invoices)
      .set({ number: `INV-${String(row.id).padStart(6, '0')}` })
      .where(eq(invoices.id, row.id));
    await db.insert(invoiceLines).values(
      lines.map((line, index) => ({
        invoiceId: row.id,
        position: index + 1,
        kind: 'manual',
        label: line.label,
        quantity: line.quantity,
        unitCents: line.unitCents,
        amountCents: line.quantity * line.unitCents,
      })),
    );
    return row.id;
  };

  // The yearbook: 180 books at $13.25 and a setup fee, issued at the deadline, paid over the spring.
  const yearbookTotal = 180 * 1325 + 12_500;
  const yearbook = await bill(
    {
      accountId: school.id,
      typeProduct: 1,
      status: 'paid',
      subtotalCents: yearbookTotal,
      totalCents: yearbookTotal,
      paidCents: yearbookTotal,
      year,
      dueOn: at(60).toISOString().slice(0, 10),
      notes: 'Demo: charged in part, the rest from online sales credits and by check',
      issuedAt: at(90),
      paidAt: at(30),
      createdAt: at(91),
    },
    [
      { label: 'Yearbooks, 96 pages, hard cover', quantity: 180, unitCents: 1325 },
      { label: 'Cover setup', quantity: 1, unitCents: 12_500 },
    ],
  );
  const charge = 100_000;
  const credits = 80_000;
  await db.insert(invoicePayments).values([
    {
      invoiceId: yearbook,
      kind: 'payment',
      method: 'credit_card',
      provider: 'embedded',
      providerRef: `demo_inv_pi_${yearbook}`,
      cardId: card?.id ?? null,
      cardLabel,
      amountCents: charge,
      status: 'succeeded',
      idempotencyKey: `demo-invoice-${yearbook}-card`,
      createdAt: at(85),
    },
    {
      invoiceId: yearbook,
      kind: 'payment',
      method: 'online_sales_credits',
      provider: 'manual',
      amountCents: credits,
      status: 'succeeded',
      reference: 'Store sales to the book',
      idempotencyKey: `demo-invoice-${yearbook}-credits`,
      createdAt: at(50),
    },
    {
      invoiceId: yearbook,
      kind: 'payment',
      method: 'check',
      provider: 'manual',
      amountCents: yearbookTotal - charge - credits,
      status: 'succeeded',
      reference: 'Check 2210',
      idempotencyKey: `demo-invoice-${yearbook}-check`,
      createdAt: at(30),
    },
  ]);

  // Sales posters: the card charge failed (no money moved, so no timeline event); still owed.
  const posters = await bill(
    {
      accountId: school.id,
      typeProduct: 5,
      status: 'open',
      subtotalCents: 6 * 1_500,
      totalCents: 6 * 1_500,
      year,
      issuedAt: at(40),
      createdAt: at(40),
    },
    [{ label: 'Sales posters', quantity: 6, unitCents: 1_500 }],
  );
  await db.insert(invoicePayments).values({
    invoiceId: posters,
    kind: 'payment',
    method: 'credit_card',
    provider: 'embedded',
    cardId: card?.id ?? null,
    cardLabel,
    amountCents: 6 * 1_500,
    status: 'failed',
    failureMessage: 'Your card was declined.',
    idempotencyKey: `demo-invoice-${posters}-card`,
    createdAt: at(39),
  });

  // Issued by mistake (the kits were free this year) and voided two days later.
  await bill(
    {
      accountId: school.id,
      typeProduct: 3,
      status: 'void',
      subtotalCents: 4_900,
      totalCents: 4_900,
      year,
      issuedAt: at(70),
      voidedAt: at(68),
      createdAt: at(70),
    },
    [{ label: 'Yearbook creation kit', quantity: 1, unitCents: 4_900 }],
  );
}

/**
 * Six parents' card orders over the season in the school's latest store, each a yearbook with its
 * sales tax and the card's online fee (3.5 % + 35¢, half up, as the checkout charges it) and its charge: the fees the
 * timeline shows. Only when the school has no card order with a fee yet.
 */
async function seedCardOrdersWithFees(db: Db, school: School, at: (daysAgo: number) => Date) {
  const [withFee] = await db
    .select({ id: onlineOrders.id })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.accountId, school.id), sql`${onlineOrders.feeCents} > 0`))
    .limit(1);
  if (withFee) return;
  const [store] = await db
    .select({ id: storeStatuses.id, year: storeStatuses.year })
    .from(storeStatuses)
    .where(eq(storeStatuses.accountId, school.id))
    .orderBy(desc(storeStatuses.year))
    .limit(1);
  if (!store) return;
  const [book] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.typeProduct, 1)))
    .limit(1);
  const fee = ecommerceFeeFor(2);
  const priceCents = 4_500;
  // 6.25 % sales tax, then the fee on what the parent pays before it (both half up).
  const taxCents = Math.floor((priceCents * 625 * 2 + 10_000) / 20_000);
  const feeCents =
    Math.floor(((priceCents + taxCents) * fee.percentBasisPoints * 2 + 10_000) / 20_000) + fee.fixedCents;
  for (const [n, daysAgo] of [150, 120, 95, 64, 33, 12].entries()) {
    const paidAt = at(daysAgo);
    const orderNumber = `M${store.year % 100}-${String(school.id).padStart(3, '0')}${String(n + 1).padStart(3, '0')}`;
    const [order] = await db
      .insert(onlineOrders)
      .values({
        storeId: store.id,
        accountId: school.id,
        year: store.year,
        orderNumber,
        status: 'paid',
        typePayment: 2,
        typeShipping: 1,
        parentName: `Morgan Parent ${n + 1}`,
        parentEmail: `money.parent${n + 1}@example.test`,
        studentFirstName: 'Riley',
        studentLastName: `Student ${n + 1}`,
        homeroom: `Room ${n + 3}`,
        subtotalCents: priceCents,
        feeCents,
        taxCents,
        taxZip: '97201',
        taxRateBasisPoints: 625,
        totalCents: priceCents + taxCents + feeCents,
        paymentIntentId: `demo_mt_pi_${school.id}_${n + 1}`,
        paidAt,
        createdAt: paidAt,
      })
      .returning({ id: onlineOrders.id });
    if (!order) continue;
    await db.insert(onlineOrderItems).values({
      onlineOrderId: order.id,
      accountId: school.id,
      year: store.year,
      productId: book?.id ?? null,
      typeProduct: 1,
      typeShipping: 1,
      quantity: 1,
      unitPriceCents: priceCents,
      totalCents: priceCents,
      paidAt,
    });
    await db.insert(onlinePayments).values({
      onlineOrderId: order.id,
      kind: 'charge',
      provider: 'embedded',
      providerRef: `demo_mt_pi_${school.id}_${n + 1}`,
      amountCents: priceCents + taxCents + feeCents,
      status: 'succeeded',
      idempotencyKey: `demo-charge-${orderNumber}`,
      createdAt: paidAt,
    });
  }
}
