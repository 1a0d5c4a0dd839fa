import { createHmac, timingSafeEqual } from 'node:crypto';
import { accounts, type Db, onlineOrderItems, onlineOrders, products, storeStatuses } from '@colophon/db';
import { formatCurrency, onlineOrderShipping } from '@colophon/domain';
import { asc, eq } from 'drizzle-orm';
import type { Mailer } from '../../integrations/email/mailer';
import {
  mobileYearbookUrlOf,
  type YearbookCodeMaker,
  yearbookCodeMakerOf,
  yearbookCodesOfOrder,
} from '../mobile-yearbooks/access';

/*
 * The parent's receipt e-mail (issue 12): queued in the same transaction that marks the order paid
 * (on `queue_notifications`, whose worker sends it with retries), so a mail outage delays the
 * receipt and never fails the checkout. Sent once per order (its idempotency key).
 */

/** A `queue_notifications` job that e-mails an order's receipt to the parent. */
export interface ReceiptJobPayload {
  receiptOrderId: number;
  /** The parent's signed link to the receipt (made where the secret and the public URL are known). */
  receiptUrl: string;
}

/** As many tries as a notification's: ten over about 17 minutes rides out a short mail outage. */
export const RECEIPT_MAX_ATTEMPTS = 10;

export function isReceiptJob(payload: unknown): payload is ReceiptJobPayload {
  return typeof (payload as Partial<ReceiptJobPayload> | null)?.receiptOrderId === 'number';
}

/** The token of an order's public receipt link: the HMAC of its number with the API's token secret. */
export function receiptToken(tokenSecret: Uint8Array, orderNumber: string): string {
  return createHmac('sha256', tokenSecret).update(`online-order-receipt:${orderNumber}`).digest('base64url');
}

export function receiptTokenMatches(tokenSecret: Uint8Array, orderNumber: string, token: string): boolean {
  const expected = Buffer.from(receiptToken(tokenSecret, orderNumber));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The parent's link: `<public URL>/api/storefront/receipt/W26-000123?token=…`. */
export function receiptUrlOf(services: { config: { publicUrl: string }; tokenSecret: Uint8Array }) {
  return (orderNumber: string) =>
    `${services.config.publicUrl.replace(/\/$/, '')}/api/storefront/receipt/${encodeURIComponent(orderNumber)}?token=${receiptToken(services.tokenSecret, orderNumber)}`;
}

/** The public URL a receipt link starts with (`<public URL>/api/storefront/receipt/…`). */
const publicUrlOfReceipt = (receiptUrl: string) => receiptUrl.split('/api/storefront/receipt/')[0] ?? '';

/**
 * The receipt e-mail's subject and text: the order's lines and totals, the digital yearbooks' access
 * codes and links (with `codeOf`), and the receipt's link.
 */
export async function receiptEmail(
  db: Db,
  orderId: number,
  receiptUrl: string,
  codeOf?: YearbookCodeMaker,
): Promise<{ to: string; subject: string; text: string } | null> {
  const [row] = await db
    .select({ order: onlineOrders, schoolName: accounts.name, storeTitle: storeStatuses.title })
    .from(onlineOrders)
    .innerJoin(accounts, eq(accounts.id, onlineOrders.accountId))
    .innerJoin(storeStatuses, eq(storeStatuses.id, onlineOrders.storeId))
    .where(eq(onlineOrders.id, orderId));
  if (!row) return null;
  const { order } = row;
  const items = await db
    .select({ item: onlineOrderItems, name: products.name })
    .from(onlineOrderItems)
    .leftJoin(products, eq(products.id, onlineOrderItems.productId))
    .where(eq(onlineOrderItems.onlineOrderId, orderId))
    .orderBy(asc(onlineOrderItems.id));
  const store = row.storeTitle ?? `${row.schoolName} Yearbook`;
  const codes = codeOf ? await yearbookCodesOfOrder(db, orderId, codeOf) : [];
  const yearbookLines = codes.length
    ? [
        '',
        codes.length === 1 ? 'Your digital yearbook' : 'Your digital yearbooks',
        ...codes.map(
          ({ code }) =>
            `Access code: ${code}  Read it on your phone: ${mobileYearbookUrlOf(publicUrlOfReceipt(receiptUrl), code)}`,
        ),
        'Keep this code: anyone who has it can read the book.',
      ]
    : [];
  const lines = [
    `Thank you for your order from ${store}.`,
    '',
    `Order ${order.orderNumber}`,
    `Student: ${[order.studentFirstName, order.studentLastName].filter(Boolean).join(' ')}`,
    `Delivery: ${onlineOrderShipping.label(order.typeShipping)}`,
    '',
    ...items.map(
      ({ item, name }) =>
        `${item.quantity} × ${name ?? 'Item'}${item.personalizationName ? ` (personalized: ${item.personalizationName})` : ''}${item.isDonated ? ' (donated)' : ''}  ${formatCurrency(item.totalCents)}`,
    ),
    '',
    `Subtotal: ${formatCurrency(order.subtotalCents)}`,
    ...(order.discountCents ? [`Discount: -${formatCurrency(order.discountCents)}`] : []),
    ...(order.shippingCents ? [`Shipping: ${formatCurrency(order.shippingCents)}`] : []),
    ...(order.taxCents ? [`Sales tax: ${formatCurrency(order.taxCents)}`] : []),
    ...(order.feeCents ? [`Online fee: ${formatCurrency(order.feeCents)}`] : []),
    `Total paid: ${formatCurrency(order.totalCents)}`,
    ...yearbookLines,
    '',
    `Your receipt: ${receiptUrl}`,
  ];
  return {
    to: order.parentEmail,
    subject: `Your receipt: ${store} order ${order.orderNumber}`.slice(0, 300),
    text: lines.join('\n'),
  };
}

/** The job: send the receipt once (its key), then note when it went. */
export async function sendReceiptEmail(
  services: { db: Db; mailer: Mailer; tokenSecret?: Uint8Array | undefined },
  payload: ReceiptJobPayload,
): Promise<string[]> {
  const { tokenSecret } = services;
  const codeOf = tokenSecret ? yearbookCodeMakerOf({ tokenSecret }) : undefined;
  const email = await receiptEmail(services.db, payload.receiptOrderId, payload.receiptUrl, codeOf);
  if (!email) return [];
  await services.mailer.send({ ...email, idempotencyKey: `online-order-receipt:${payload.receiptOrderId}` });
  await services.db
    .update(onlineOrders)
    .set({ receiptSentAt: new Date() })
    .where(eq(onlineOrders.id, payload.receiptOrderId));
  return [email.to];
}
