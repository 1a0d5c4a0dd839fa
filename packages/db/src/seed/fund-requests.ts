import { type FundRequestKind, fundRequestKinds, orderShares, studioPayment } from '@colophon/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../create-db';
import { type accounts, fundRequests, users } from '../schema/index';

/*
 * The demo's fund, summer fund and sales-tax requests (issue 13), from the online sales seeded before
 * them: the finished seasons (2024, 2025) paid out in part by complete requests, this season with
 * presale and tax requests waiting; every fourth school has asked for nothing yet. Each amount is a
 * share of what the school's store had available (the domain's arithmetic), so none passes it.
 */

type School = Pick<typeof accounts.$inferSelect, 'id' | 'name'>;
type NewRequest = typeof fundRequests.$inferInsert;

const DAY = 24 * 3600 * 1000;
const METHODS = studioPayment.codes;

export async function seedFundRequests(db: Db, schools: School[], now: number) {
  if (schools.length === 0) return;
  // Read as create-db's `rowsOf` does (importing it here would make an import cycle through the seed).
  type PaidOrder = {
    account_id: number;
    year: number;
    subtotal_cents: number;
    discount_cents: number;
    shipping_cents: number;
    fee_cents: number;
    tax_cents: number;
    total_cents: number;
    refunded_cents: number;
    summer: string | number;
  };
  const result = (await db.execute(sql`
      select o.account_id, o.year, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.fee_cents,
        o.tax_cents, o.total_cents, o.refunded_cents,
        coalesce((select sum(i.total_cents) from online_order_items i
          where i.online_order_id = o.id and i.type_shipping = 2), 0) summer
      from online_orders o
      where o.paid_at is not null and o.status in ('paid', 'partially_refunded', 'refunded')`)) as unknown as {
    rows: PaidOrder[];
  };
  const orders = result.rows;
  // Net of refunds and fees, per account, year and kind: what was there to request.
  const net = new Map<string, number>();
  for (const order of orders) {
    const shares = orderShares({
      subtotalCents: order.subtotal_cents,
      discountCents: order.discount_cents,
      shippingCents: order.shipping_cents,
      feeCents: order.fee_cents,
      taxCents: order.tax_cents,
      totalCents: order.total_cents,
      refundedCents: order.refunded_cents,
      summerItemsCents: Number(order.summer),
    });
    for (const kind of fundRequestKinds) {
      const key = `${order.account_id}:${order.year}:${kind}`;
      const share = shares[kind];
      net.set(key, (net.get(key) ?? 0) + share.collectedCents - share.refundedCents - share.feesCents);
    }
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.bSuperAdmin, true)).limit(1);
  const values: NewRequest[] = [];
  const add = (
    school: School,
    index: number,
    year: number,
    kind: FundRequestKind,
    share: number,
    complete: boolean,
  ) => {
    const available = net.get(`${school.id}:${year}:${kind}`) ?? 0;
    const amountCents = Math.floor(available * share);
    if (amountCents <= 0) return;
    const createdAt =
      year === 2026 ? new Date(now - ((index % 9) + 1) * DAY) : new Date(Date.UTC(year, 5, 10 + (index % 15), 15));
    const method = METHODS[index % METHODS.length] ?? 'check';
    values.push({
      kind,
      accountId: school.id,
      year,
      amountCents,
      status: complete ? 2 : 0,
      note: complete ? null : `Please send by check to the ${school.name} office.`,
      paymentMethod: complete ? method : null,
      paymentReference: complete ? `${method === 'check' ? 'Check' : 'Ref'} ${1000 + index * 7 + (year % 100)}` : null,
      completedAt: complete ? new Date(createdAt.getTime() + 6 * DAY) : null,
      completedByUserId: complete ? (admin?.id ?? null) : null,
      createdAt,
      updatedAt: complete ? new Date(createdAt.getTime() + 6 * DAY) : createdAt,
    });
  };
  schools.forEach((school, index) => {
    if (index % 4 === 3) return;
    for (const year of [2024, 2025]) {
      add(school, index, year, 'presale', 0.9, true);
      add(school, index, year, 'summer', 1, true);
      add(school, index, year, 'sales_tax', 1, true);
    }
    add(school, index, 2026, 'presale', 0.5, true);
    add(school, index, 2026, 'presale', 0.25, false);
    if (index % 2 === 0) add(school, index, 2026, 'sales_tax', 0.6, false);
  });
  for (let start = 0; start < values.length; start += 1000) {
    await db.insert(fundRequests).values(values.slice(start, start + 1000));
  }
}
