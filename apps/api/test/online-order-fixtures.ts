import {
  accounts,
  onlineOrderItems,
  onlineOrders,
  onlinePayments,
  productPrices,
  products,
  storeStatuses,
  userAccounts,
  users,
} from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import { createTestApp, DIRECT_ADVISER, type TestApp } from './harness';

/*
 * Online orders for the dashboard's tests (issue 12): a store for a school and a year, products at
 * a price, and paid orders written as the checkout leaves them (the order, its lines, its charge).
 */

export const STORE_YEAR = 2031;
/** The server's "now" of these tests: inside the stores' season. */
export const NOW = new Date('2031-03-10T15:00:00Z');

export interface TestStore {
  id: number;
  accountId: number;
}

export async function accountIdOf(t: TestApp, name: string): Promise<number> {
  const [account] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!account) throw new Error(`no account ${name}`);
  return account.id;
}

/** The direct school's account (another tenant than Lincoln's studio). */
export async function directSchoolId(t: TestApp): Promise<number> {
  const [direct] = await t.handle.db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(eq(users.email, DIRECT_ADVISER));
  if (!direct) throw new Error('no direct school');
  return direct.accountId;
}

export async function storeOf(t: TestApp, accountId: number, title = 'Yearbook Store'): Promise<TestStore> {
  await t.handle.db
    .insert(storeStatuses)
    .values({ accountId, year: STORE_YEAR, opensOn: '2030-09-01', title })
    .onConflictDoNothing();
  const [row] = await t.handle.db
    .select({ id: storeStatuses.id, accountId: storeStatuses.accountId })
    .from(storeStatuses)
    .where(and(eq(storeStatuses.accountId, accountId), eq(storeStatuses.year, STORE_YEAR)));
  if (!row) throw new Error('no store');
  return row;
}

/** A test app at the stores' `NOW`, with this year's store of Lincoln (a studio's school) and of the direct school. */
export async function createStoresTestApp(): Promise<{ t: TestApp; lincoln: TestStore; direct: TestStore }> {
  const t = await createTestApp();
  t.app.services.clock.now = () => NOW;
  const lincoln = await storeOf(t, await accountIdOf(t, 'Lincoln High School'));
  return { t, lincoln, direct: await storeOf(t, await directSchoolId(t)) };
}

export async function productOf(
  t: TestApp,
  store: TestStore,
  product: { name: string; priceCents: number; typeProduct?: number; personalizationPriceCents?: number },
): Promise<number> {
  const [row] = await t.handle.db
    .insert(products)
    .values({
      storeId: store.id,
      typeProduct: product.typeProduct ?? 1,
      name: product.name,
      typePersonalization: product.personalizationPriceCents ? 1 : null,
      personalizationPriceCents: product.personalizationPriceCents ?? null,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  await t.handle.db
    .insert(productPrices)
    .values({ productId: row.id, priceCents: product.priceCents, startsAt: new Date('2030-08-01T00:00:00Z') });
  return row.id;
}

let sequence = 0;

export interface PaidOrder {
  id: number;
  orderNumber: string;
  itemIds: number[];
  chargeId: number;
  providerRef: string | null;
}

/** A paid order as the checkout leaves it: the order, its lines and its succeeded charge. */
export async function paidOrder(
  t: TestApp,
  store: TestStore,
  order: {
    lines: { totalCents: number; typeProduct?: number; name?: string }[];
    typePayment?: 2 | 3 | 4;
    parentName?: string;
    parentEmail?: string;
    student?: [string, string];
    homeroom?: string;
    paidAt?: Date;
    typeShipping?: number;
  },
): Promise<PaidOrder> {
  sequence += 1;
  const orderNumber = `T31-${String(sequence).padStart(6, '0')}-${store.id}`;
  const typePayment = order.typePayment ?? 2;
  const paidAt = order.paidAt ?? new Date('2031-02-01T12:00:00Z');
  const totalCents = order.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const providerRef = typePayment === 2 ? `emb_pi_test_${sequence}_${store.id}` : null;
  const [row] = await t.handle.db
    .insert(onlineOrders)
    .values({
      storeId: store.id,
      accountId: store.accountId,
      year: STORE_YEAR,
      orderNumber,
      status: 'paid',
      typePayment,
      typeShipping: order.typeShipping ?? 1,
      parentName: order.parentName ?? 'Pat Parent',
      parentEmail: order.parentEmail ?? `parent${sequence}@parents.test`,
      studentFirstName: order.student?.[0] ?? 'Sam',
      studentLastName: order.student?.[1] ?? 'Student',
      homeroom: order.homeroom ?? 'Room 1',
      subtotalCents: totalCents,
      totalCents,
      paymentIntentId: providerRef,
      paidAt,
      createdAt: paidAt,
    })
    .returning({ id: onlineOrders.id });
  if (!row) throw new Error('no order');
  const itemIds: number[] = [];
  for (const line of order.lines) {
    const [item] = await t.handle.db
      .insert(onlineOrderItems)
      .values({
        onlineOrderId: row.id,
        accountId: store.accountId,
        year: STORE_YEAR,
        typeProduct: line.typeProduct ?? 1,
        typeShipping: order.typeShipping ?? 1,
        quantity: 1,
        unitPriceCents: line.totalCents,
        totalCents: line.totalCents,
        paidAt,
      })
      .returning({ id: onlineOrderItems.id });
    if (!item) throw new Error('no item');
    itemIds.push(item.id);
  }
  const provider = typePayment === 2 ? 'embedded' : typePayment === 3 ? 'check' : 'cash';
  const [charge] = await t.handle.db
    .insert(onlinePayments)
    .values({
      onlineOrderId: row.id,
      kind: 'charge',
      provider,
      providerRef,
      amountCents: totalCents,
      status: 'succeeded',
      idempotencyKey: `test-charge-${orderNumber}`,
    })
    .returning({ id: onlinePayments.id });
  if (!charge) throw new Error('no charge');
  return { id: row.id, orderNumber, itemIds, chargeId: charge.id, providerRef };
}
