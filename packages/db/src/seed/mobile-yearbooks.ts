import { createHash } from 'node:crypto';
import { normalizeAccessCode, onlineOrderPayment, productShipping, productType } from '@colophon/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../create-db';
import { digitalYearbookAccess, onlineOrderItems, onlineOrders, onlinePayments, products } from '../schema/index';

/**
 * The demo's digital yearbook (issue 15): a parent bought the Forever Connected digital yearbook of a
 * school whose book is approved, and the access code printed in the README opens it at
 * /mobile-yearbooks. The code is set here, not derived from the token secret as a real order's is
 * (so the receipt does not print it). Its pages come with the season's approved proofs once the API
 * has drawn them (`giveSeasonProofsPages`), a minute or so after a first start.
 */
export const DEMO_YEARBOOK_CODE = 'DEMO-YEAR-BOOK';
export const DEMO_YEARBOOK_ORDER_NUMBER = 'D26-900001';

export async function seedDigitalYearbook(db: Db, now: Date): Promise<void> {
  // The first school (Lincoln High School if it qualifies) whose project of a store's year has an
  // approved latest pages proof with its pages drawn or to be drawn, and whose store sells the digital book.
  const [book] = await rowsOf<{ projectId: number; accountId: number; storeId: number; year: number }>(
    db.execute(sql`
      select p.id as "projectId", p.account_id as "accountId", s.id as "storeId", s.year
      from projects p
      join accounts a on a.id = p.account_id
      join store_statuses s on s.account_id = p.account_id and s.year = p.year
      join lateral (
        select status, processing_status from proofs
        where project_id = p.id and kind = 'pages'
        order by round_number desc, id desc limit 1
      ) latest on true
      where p.is_active and latest.status = 3 and latest.processing_status = 2
        and exists (
          select 1 from products d where d.store_id = s.id
            and d.type_product = ${productType.ForeverConnectedYearbooks} and d.type_shipping = ${productShipping.DigitalOnly}
        )
      order by (a.name = 'Lincoln High School') desc, s.year desc, p.id
      limit 1`),
  );
  if (!book) return;
  const [product] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.storeId, book.storeId),
        eq(products.typeProduct, productType.ForeverConnectedYearbooks),
        eq(products.typeShipping, productShipping.DigitalOnly),
      ),
    )
    .limit(1);
  if (!product) return;
  const priceCents = 1000;
  const paidAt = new Date(now.getTime() - 3 * 24 * 3600 * 1000);
  const [order] = await db
    .insert(onlineOrders)
    .values({
      storeId: book.storeId,
      accountId: book.accountId,
      year: book.year,
      orderNumber: DEMO_YEARBOOK_ORDER_NUMBER,
      status: 'paid',
      typePayment: onlineOrderPayment.CreditCard,
      typeShipping: 0,
      parentName: 'Robin Reader',
      parentEmail: 'robin.reader@parents.test',
      studentFirstName: 'Riley',
      studentLastName: 'Reader',
      grade: '11',
      subtotalCents: priceCents,
      totalCents: priceCents,
      paidAt,
      receiptSentAt: paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    })
    .returning();
  if (!order) throw new Error('demo digital yearbook order insert returned nothing');
  const [item] = await db
    .insert(onlineOrderItems)
    .values({
      onlineOrderId: order.id,
      accountId: order.accountId,
      year: order.year,
      productId: product.id,
      typeProduct: product.typeProduct,
      typeShipping: 0,
      quantity: 1,
      unitPriceCents: priceCents,
      totalCents: priceCents,
      paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    })
    .returning({ id: onlineOrderItems.id });
  if (!item) throw new Error('demo digital yearbook line insert returned nothing');
  await db.insert(onlinePayments).values({
    onlineOrderId: order.id,
    kind: 'charge',
    provider: 'embedded',
    providerRef: `emb_pi_${DEMO_YEARBOOK_ORDER_NUMBER}`,
    amountCents: priceCents,
    status: 'succeeded',
    idempotencyKey: `demo-charge-${DEMO_YEARBOOK_ORDER_NUMBER}`,
    createdAt: paidAt,
    updatedAt: paidAt,
  });
  const normal = normalizeAccessCode(DEMO_YEARBOOK_CODE);
  if (!normal) throw new Error('the demo yearbook code is not a code');
  await db.insert(digitalYearbookAccess).values({
    onlineOrderItemId: item.id,
    accountId: order.accountId,
    projectId: book.projectId,
    codeHash: createHash('sha256').update(normal).digest('hex'),
    createdAt: paidAt,
    updatedAt: paidAt,
  });
}
