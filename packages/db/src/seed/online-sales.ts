import { inArray } from 'drizzle-orm';
import type { Db } from '../create-db';
import {
  type accounts,
  onlineOrderItems,
  onlineOrders,
  onlinePayments,
  products,
  storeStatuses,
} from '../schema/index';

/*
 * The demo's online sales (issue 12): parents' orders in every school's store for 2024, 2025 and
 * 2026 (this season still selling), so that the sales page's year-to-year chart compares three
 * seasons. Each season follows a pre-order curve: a rush when the store opens, a quiet middle, a
 * rush before it closes. Orders carry every product type, personalization, ads, text dedications,
 * donated books, ship-to-home addresses, card, cash and check payments (with their payment rows),
 * unpaid orders, and orders refunded in full and in part. Deterministic: no randomness.
 */

type School = Pick<typeof accounts.$inferSelect, 'id' | 'code' | 'name'>;
type NewOrder = typeof onlineOrders.$inferInsert;
type NewItem = typeof onlineOrderItems.$inferInsert;
type NewPayment = typeof onlinePayments.$inferInsert;

const DAY = 24 * 3600 * 1000;
const YEARS = [2024, 2025, 2026] as const;
const SEASON_DAYS = 240;
const FIRST_NAMES = ['Ava', 'Liam', 'Mia', 'Noah', 'Emma', 'Lucas', 'Sofia', 'Ethan', 'Chloe', 'Mateo', 'Zoe', 'Owen'];
const LAST_NAMES = ['Garcia', 'Nguyen', 'Smith', 'Patel', 'Johnson', 'Kim', 'Lopez', 'Brown', 'Okafor', 'Rossi'];
const PARENT_NAMES = ['Jordan', 'Casey', 'Morgan', 'Alex', 'Taylor', 'Riley', 'Jamie'];
const AD_CENTS: Record<number, number> = { 1: 10_000, 2: 6_000, 3: 3_500, 4: 2_000 };

/** When a season's store opened: September of the year before, this season three months ago. */
function seasonStart(year: number, now: number): number {
  return year === 2026 ? now - 90 * DAY : Date.UTC(year - 1, 8, 1, 14);
}

/** Day of the season of the k-th order: 45 % in the first month, 35 % in the last forty days, the rest between. */
function seasonDay(k: number): number {
  const spread = (k * 37) % 100;
  if (spread < 45) return (k * 7) % 30;
  if (spread < 65) return 30 + ((k * 13) % (SEASON_DAYS - 70));
  return SEASON_DAYS - 40 + ((k * 11) % 40);
}

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 1000) await insert(rows.slice(start, start + 1000));
}

export async function seedOnlineSales(db: Db, schools: School[], now: number) {
  if (schools.length === 0) return;
  // The 2024 stores (seed/stores.ts makes this season's and last season's), closed long ago.
  await db.insert(storeStatuses).values(
    schools.map((school) => ({
      accountId: school.id,
      year: 2024,
      isOpen: false,
      slug: `${school.code.toLowerCase()}-2024`,
      title: `${school.name} Yearbook Store 2024`,
      opensOn: '2023-09-01',
      closesOn: '2024-04-30',
    })),
  );
  const stores = await db
    .select()
    .from(storeStatuses)
    .where(
      inArray(
        storeStatuses.accountId,
        schools.map((school) => school.id),
      ),
    );
  const storeProducts = await db
    .select({ id: products.id, storeId: products.storeId, typeProduct: products.typeProduct, adSize: products.adSize })
    .from(products)
    .where(
      inArray(
        products.storeId,
        stores.map((store) => store.id),
      ),
    );
  const productOf = (storeId: number, typeProduct: number) =>
    storeProducts.find((product) => product.storeId === storeId && product.typeProduct === typeProduct)?.id ?? null;

  const orderValues: NewOrder[] = [];
  const itemsOf: Omit<NewItem, 'onlineOrderId'>[][] = [];
  const numbers = new Map<number, number>();
  let k = 0;
  for (const store of stores.sort((a, b) => a.year - b.year || a.accountId - b.accountId)) {
    if (!(YEARS as readonly number[]).includes(store.year)) continue;
    const bookCents = { 2024: 4_500, 2025: 4_800, 2026: 5_000 }[store.year as (typeof YEARS)[number]];
    // Sales grow a little each season; a school's size varies.
    const orderCount = 10 + (store.accountId % 7) * 2 + (store.year - 2024) * 3;
    const start = seasonStart(store.year, now);
    for (let index = 0; index < orderCount; index++) {
      k += 1;
      const paidTime = start + seasonDay(k) * DAY + ((k * 7919) % 36_000) * 1000;
      // This season sells still: its later orders have not happened yet.
      if (paidTime > now) continue;
      const sequence = (numbers.get(store.year) ?? 0) + 1;
      numbers.set(store.year, sequence);
      const first = FIRST_NAMES[k % FIRST_NAMES.length] ?? 'Ava';
      const last = LAST_NAMES[(k * 3) % LAST_NAMES.length] ?? 'Smith';
      const unpaid = k % 41 === 0;
      const paidAt = unpaid ? null : new Date(paidTime);
      const typeShipping = k % 29 === 0 ? 2 : k % 6 === 0 ? 3 : 1;
      const items: Omit<NewItem, 'onlineOrderId'>[] = [];
      const line = (fields: Omit<NewItem, 'onlineOrderId' | 'accountId' | 'year' | 'typeShipping' | 'totalCents'>) =>
        items.push({
          accountId: store.accountId,
          year: store.year,
          typeShipping,
          totalCents: fields.quantity * fields.unitPriceCents,
          paidAt,
          ...fields,
        });
      const personalized = k % 3 === 0;
      line({
        productId: productOf(store.id, 1),
        typeProduct: 1,
        quantity: k % 9 === 0 ? 2 : 1,
        unitPriceCents: bookCents + (personalized ? 700 : 0),
        ...(personalized ? { typePersonalization: 1, personalizationName: first.toUpperCase() } : {}),
      });
      if (k % 5 === 0) {
        const adSize = 1 + (k % 4);
        line({
          productId: productOf(store.id, 2),
          typeProduct: 2,
          typeSubProduct: 1 + (k % 4),
          quantity: 1,
          unitPriceCents: AD_CENTS[adSize] ?? 2_000,
          adSize,
        });
      }
      if (k % 7 === 0) {
        line({
          productId: productOf(store.id, 3),
          typeProduct: 3,
          quantity: 1,
          unitPriceCents: 1_500,
          dedicationText: `Congratulations, ${first}! We are so proud of you. Love, Mom and Dad`,
        });
      }
      if (k % 11 === 0) {
        line({
          productId: productOf(store.id, 1),
          typeProduct: 1,
          quantity: 1,
          unitPriceCents: bookCents,
          isDonated: true,
        });
      }
      if (k % 13 === 0) {
        line({
          productId: productOf(store.id, 8),
          typeProduct: 8,
          typeSubProduct: 2,
          customPages: 2,
          quantity: 1,
          unitPriceCents: 2_500,
        });
      }
      if (k % 17 === 0) line({ productId: productOf(store.id, 4), typeProduct: 4, quantity: 1, unitPriceCents: 1_500 });
      if (k % 23 === 0) line({ productId: productOf(store.id, 6), typeProduct: 6, quantity: 1, unitPriceCents: 500 });
      const subtotal = items.reduce((sum, item) => sum + (item.totalCents ?? 0), 0);
      const shippingCents = typeShipping === 1 ? 0 : 800;
      const total = subtotal + shippingCents;
      const refundedInFull = !unpaid && k % 31 === 0;
      const refundedInPart = !unpaid && !refundedInFull && k % 17 === 3;
      const typePayment = k % 8 === 0 ? 4 : k % 8 === 1 ? 3 : 2;
      // A refund in full gives back every line and takes the items out of the reports (their paid
      // instant is cleared), as the refund path does.
      if (refundedInFull) {
        for (const item of items) Object.assign(item, { paidAt: null, refundedCents: item.totalCents });
      }
      orderValues.push({
        storeId: store.id,
        accountId: store.accountId,
        year: store.year,
        orderNumber: `D${store.year % 100}-${String(sequence).padStart(6, '0')}`,
        status: unpaid ? 'pending' : refundedInFull ? 'refunded' : refundedInPart ? 'partially_refunded' : 'paid',
        typePayment,
        typeShipping,
        parentName: `${PARENT_NAMES[k % PARENT_NAMES.length]} ${last}`,
        parentEmail: `parent${k}@example.test`,
        studentFirstName: first,
        studentLastName: last,
        grade: String(9 + (k % 4)),
        homeroom: `Room ${101 + (k % 8)}`,
        shipTo:
          typeShipping === 1
            ? null
            : {
                name: `${first} ${last}`,
                address1: `${100 + k} Maple Ave`,
                city: 'Springfield',
                state: 'IL',
                zip: '62701',
                country: 'US',
              },
        subtotalCents: subtotal,
        shippingCents,
        totalCents: total,
        refundedCents: refundedInFull ? total : refundedInPart ? Math.min(1_500, total) : 0,
        checkNumber: typePayment === 3 ? String(1000 + k) : null,
        paidAt,
        createdAt: new Date(paidTime - 60_000),
        updatedAt: new Date(paidTime),
      });
      itemsOf.push(items);
    }
  }

  const created: { id: number; orderNumber: string }[] = [];
  await insertInBatches(orderValues, async (batch) => {
    created.push(
      ...(await db
        .insert(onlineOrders)
        .values(batch)
        .returning({ id: onlineOrders.id, orderNumber: onlineOrders.orderNumber })),
    );
  });
  const itemValues: NewItem[] = [];
  const paymentValues: NewPayment[] = [];
  created.forEach((order, index) => {
    const values = orderValues[index];
    if (!values) return;
    for (const item of itemsOf[index] ?? []) itemValues.push({ ...item, onlineOrderId: order.id });
    if (!values.paidAt) return;
    const provider = values.typePayment === 4 ? 'cash' : values.typePayment === 3 ? 'check' : 'embedded';
    paymentValues.push({
      onlineOrderId: order.id,
      kind: 'charge',
      provider,
      providerRef: provider === 'embedded' ? `demo_pi_${order.id}` : null,
      amountCents: values.totalCents,
      status: 'succeeded',
      idempotencyKey: `demo-charge-${order.orderNumber}`,
      createdAt: values.paidAt as Date,
    });
    if ((values.refundedCents ?? 0) > 0) {
      paymentValues.push({
        onlineOrderId: order.id,
        kind: 'refund',
        provider,
        providerRef: provider === 'embedded' ? `demo_re_${order.id}` : null,
        amountCents: values.refundedCents ?? 0,
        status: 'succeeded',
        idempotencyKey: `demo-refund-${order.orderNumber}`,
        reason: values.status === 'refunded' ? 'The family moved away' : 'A duplicate dedication',
        createdAt: new Date((values.paidAt as Date).getTime() + 7 * DAY),
      });
    }
  });
  await insertInBatches(itemValues, (batch) => db.insert(onlineOrderItems).values(batch));
  await insertInBatches(paymentValues, (batch) => db.insert(onlinePayments).values(batch));
}
