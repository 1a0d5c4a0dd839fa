import type { onlineOrderCreateSchema } from '@colophon/contract';
import { products, storeStatuses } from '@colophon/db';
import { ecommerceFeeFor, onlineOrderPayment, onlineShippingPriceCents, priceCart } from '@colophon/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import type { ResourceContext } from '../../engine/resource';
import { invalidField } from '../../errors';
import { yearbookCodeMakerOf } from '../mobile-yearbooks/access';
import type { OnlineOrderRow } from './online-orders';
import { placeOnlineOrder } from './place-online-order';
import { receiptUrlOf } from './receipt-email';
import { currentPrices } from './resources';

type CashOrCheckInput = z.output<typeof onlineOrderCreateSchema>;

/**
 * A cash or check order entered by school staff (Online Orders → Enter a cash or check order): the
 * store must be one the caller sees, each line a product of that store at its current price. It is
 * paid as it is entered, carries no online fee (the fee table's cash and check rows) and no sales
 * tax (the school took the money in person; the storefront taxes card orders by ZIP), and is
 * written by the one service that writes online orders, with its payment row ('cash' or 'check').
 */
export async function enterCashOrCheckOrder(
  context: ResourceContext,
  input: CashOrCheckInput,
): Promise<OnlineOrderRow> {
  const { services } = context.request.server;
  const now = services.clock.now();
  const [store] = await context.db
    .select({ id: storeStatuses.id, accountId: storeStatuses.accountId, year: storeStatuses.year })
    .from(storeStatuses)
    .where(and(eq(storeStatuses.id, input.storeId), accountVisible(context.auth, storeStatuses.accountId)));
  if (!store) throw invalidField('storeId', 'No such store');

  const productIds = [...new Set(input.items.map((line) => line.productId))];
  const found = await context.db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), eq(products.isActive, true), inArray(products.id, productIds)));
  const prices = await currentPrices(context.db, productIds, now);
  const lines = input.items.map((line, index) => {
    const product = found.find((product) => product.id === line.productId);
    if (!product) throw invalidField(`items.${index}.productId`, 'Not a product this store sells');
    const unitPriceCents = prices.get(product.id);
    if (unitPriceCents === undefined) throw invalidField(`items.${index}.productId`, 'This product has no price today');
    if (product.maxPerOrder !== null && line.quantity > product.maxPerOrder) {
      throw invalidField(`items.${index}.quantity`, `At most ${product.maxPerOrder} per order`);
    }
    const personalized = Boolean(line.personalizationName) && product.typePersonalization !== null;
    return { line, product, unitPriceCents, personalized };
  });
  const typePayment = input.typePayment as 3 | 4;
  const typeShipping = input.typeShipping as 0 | 1 | 2 | 3;
  const pricing = priceCart({
    lines: lines.map(({ line, product, unitPriceCents, personalized }) => ({
      unitPriceCents,
      quantity: line.quantity,
      personalizationPriceCents: personalized ? product.personalizationPriceCents : null,
    })),
    shippingCents: onlineShippingPriceCents[typeShipping],
    taxRateBasisPoints: 0,
    fee: ecommerceFeeFor(typePayment),
  });
  const provider = typePayment === onlineOrderPayment.Check ? 'check' : 'cash';
  const { order } = await placeOnlineOrder(context.db, {
    store,
    typePayment,
    typeShipping,
    parent: { name: input.parentName, email: input.parentEmail, phone: input.parentPhone ?? undefined },
    student: {
      firstName: input.studentFirstName ?? undefined,
      lastName: input.studentLastName ?? undefined,
      grade: input.grade ?? undefined,
      homeroom: input.homeroom ?? undefined,
    },
    items: lines.map(({ line, product, personalized }, index) => ({
      productId: product.id,
      typeProduct: product.typeProduct,
      typeSubProduct: product.typeSubProduct,
      quantity: line.quantity,
      unitPriceCents: pricing.lines[index]?.unitPriceCents ?? 0,
      totalCents: pricing.lines[index]?.totalCents ?? 0,
      typePersonalization: personalized ? product.typePersonalization : null,
      personalizationName: personalized ? (line.personalizationName ?? null) : null,
      adSize: product.adSize,
      dedicationText: line.dedicationText ?? null,
    })),
    pricing,
    discountId: null,
    tax: { zip: null, rateBasisPoints: 0 },
    provider,
    // Staff entry has no client key: each entry is its own payment.
    paymentKey: `${provider}:${store.id}:${context.auth.user.id}:${now.getTime()}:${crypto.randomUUID()}`,
    paid: true,
    enteredByUserId: context.auth.user.id,
    checkNumber: typePayment === onlineOrderPayment.Check ? (input.checkNumber ?? undefined) : undefined,
    now,
    receiptUrl: receiptUrlOf(services),
    yearbookCode: yearbookCodeMakerOf(services),
  });
  return order;
}
