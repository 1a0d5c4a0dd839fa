import type { orderCreateSchema } from '@colophon/contract';
import {
  accountManufacturerRelationships,
  accounts,
  type Db,
  invoices,
  manufacturerClosures,
  manufacturers,
  manufacturerTurnTimes,
  orders,
  projects,
  proofs,
} from '@colophon/db';
import {
  addBusinessDays,
  addCalendarDays,
  londonDate,
  orderStatus,
  orderSubmittedNotification,
  orderType,
  proofStatus,
} from '@colophon/domain';
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import type { ResourceContext } from '../../engine/resource';
import { invalidField } from '../../errors';
import { notify } from '../notifications/notify';
import { federalHoliday } from './holidays';
import { enqueueOrderMove } from './moves';
import { type OrderRow, orderNotificationFields, recordOrderEvent } from './status';

/** Queues the order's sending to its plant (the `queue_moves` worker sends it), in the caller's transaction. */
export function enqueueOrderSend(tx: Db, order: OrderRow, requestedBy: number | null) {
  return enqueueOrderMove(tx, {
    orderId: order.id,
    action: 'send',
    manufacturerId: order.manufacturerId,
    plantId: order.plantId,
    reason: null,
    requestedBy,
  });
}

/** `ORD-26-00042`: the project's year and the order's id. */
export const orderExternalId = (year: number, id: number) =>
  `ORD-${String(year % 100).padStart(2, '0')}-${String(id).padStart(5, '0')}`;

/** The approved proof an order is placed from: 400 on proofId when it is missing, another tenant's or not approved. */
async function orderableProof(context: ResourceContext, proofId: number) {
  const [found] = await context.db
    .select({ proof: proofs, project: projects })
    .from(proofs)
    .innerJoin(projects, eq(projects.id, proofs.projectId))
    .where(and(eq(proofs.id, proofId), accountVisible(context.auth, projects.accountId)))
    .limit(1);
  if (!found) throw invalidField('proofId', `Proof ${proofId} does not exist or is not yours.`);
  if (found.proof.status !== proofStatus.Approved) {
    throw invalidField('proofId', 'The proof must be approved before the book is ordered.');
  }
  return found;
}

/**
 * Who prints the book: the account's manufacturer relationships for the book's type, then for every
 * type, on the account, then its parent, then its grandparent (the nearest account wins); else the
 * first active manufacturer. The plant is the manufacturer's.
 */
async function manufacturerFor(tx: Db, accountId: number, typeBook: number) {
  const [related] = await tx
    .select({ manufacturer: manufacturers })
    .from(accountManufacturerRelationships)
    .innerJoin(manufacturers, eq(manufacturers.id, accountManufacturerRelationships.manufacturerId))
    .innerJoin(
      sql`(
        select a.id as account_id, 0 as level from accounts a where a.id = ${accountId}
        union all select a.parent_account_id, 1 from accounts a where a.id = ${accountId} and a.parent_account_id is not null
        union all select p.parent_account_id, 2 from accounts a join accounts p on p.id = a.parent_account_id
          where a.id = ${accountId} and p.parent_account_id is not null
      ) as lineage`,
      sql`lineage.account_id = ${accountManufacturerRelationships.accountId}`,
    )
    .where(
      and(
        eq(manufacturers.isActive, true),
        sql`(${accountManufacturerRelationships.typeBook} = ${typeBook} or ${accountManufacturerRelationships.typeBook} is null)`,
      ),
    )
    .orderBy(
      sql`lineage.level`,
      sql`(${accountManufacturerRelationships.typeBook} is null)`,
      asc(accountManufacturerRelationships.id),
    )
    .limit(1);
  if (related) return related.manufacturer;
  const [first] = await tx
    .select()
    .from(manufacturers)
    .where(eq(manufacturers.isActive, true))
    .orderBy(asc(manufacturers.id))
    .limit(1);
  return first ?? null;
}

/** The most business days a turn time may span: closures are read for this many calendar days ahead. */
const CLOSURE_WINDOW_DAYS = 366;

/**
 * The date the books must leave the plant: today (London) plus the manufacturer's turn time for the
 * book type (the redo one for a redo; the expedited one when asked and offered) in business days,
 * past weekends, US federal holidays and the manufacturer's closures.
 */
async function shipByDate(
  tx: Db,
  manufacturer: typeof manufacturers.$inferSelect,
  typeBook: number,
  input: { typeOrder: number; isExpedited: boolean },
  now: Date,
): Promise<string> {
  const [turn] = await tx
    .select()
    .from(manufacturerTurnTimes)
    .where(
      and(eq(manufacturerTurnTimes.manufacturerId, manufacturer.id), eq(manufacturerTurnTimes.typeBook, typeBook)),
    );
  const standard = turn?.turnTimeDays ?? manufacturer.turnTimeDays;
  const days =
    input.typeOrder === orderType.Redo && turn
      ? turn.redoTurnTimeDays
      : input.isExpedited && manufacturer.expeditedTurnTimeDays !== null
        ? Math.min(standard, manufacturer.expeditedTurnTimeDays)
        : standard;
  const today = londonDate(now);
  const closures = await tx
    .select({ date: manufacturerClosures.date, reason: manufacturerClosures.reason })
    .from(manufacturerClosures)
    .where(
      and(
        eq(manufacturerClosures.manufacturerId, manufacturer.id),
        gte(manufacturerClosures.date, today),
        lte(manufacturerClosures.date, addCalendarDays(today, CLOSURE_WINDOW_DAYS)),
      ),
    );
  const closed = new Map(closures.map((closure) => [closure.date, closure.reason ?? 'Plant closed']));
  return addBusinessDays(today, days, (date) => closed.get(date) ?? federalHoliday(date)).date;
}

/** A redo reprints a book already delivered: it needs an earlier Production order of the project that shipped. */
async function assertRedoable(tx: Db, projectId: number) {
  const [shipped] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.projectId, projectId), eq(orders.typeOrder, orderType.Production), isNotNull(orders.shippedAt)),
    )
    .limit(1);
  if (!shipped) {
    throw invalidField('typeOrder', 'A redo needs an earlier Production order of this project that has shipped.');
  }
}

/** Whether the account's parent must be paid before production (part 3's `bMustPayBeforeProduction`). */
export async function parentMustPay(tx: Db, accountIds: readonly number[]): Promise<Map<number, boolean>> {
  if (accountIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: accounts.id, mustPay: sql<boolean | null>`parent.b_must_pay_before_production` })
    .from(accounts)
    .leftJoin(sql`accounts as parent`, sql`parent.id = ${accounts.parentAccountId}`)
    .where(inArray(accounts.id, [...new Set(accountIds)]));
  return new Map(rows.map((row) => [row.id, row.mustPay === true]));
}

/**
 * Orders a book from its approved proof (the proof page's Order button), in one transaction: the
 * order (Submitted, its manufacturer, plant and ship-by date), its 'placed' line, its notification
 * (5, or 101 for a personalized book), and then either its invoice — a Production order of an
 * account whose parent must pay first waits for it — or its sending to the plant.
 */
export async function placeOrder(
  context: ResourceContext,
  input: z.output<typeof orderCreateSchema>,
): Promise<OrderRow> {
  const { user } = context.auth;
  const now = context.request.server.services.clock.now();
  const { proof, project } = await orderableProof(context, input.proofId);
  return context.db.transaction(async (tx) => {
    if (input.typeOrder === orderType.Redo) await assertRedoable(tx, project.id);
    const manufacturer = await manufacturerFor(tx, project.accountId, project.typeBook);
    const shipBy = manufacturer ? await shipByDate(tx, manufacturer, project.typeBook, input, now) : null;
    const [inserted] = await tx
      .insert(orders)
      .values({
        projectId: project.id,
        accountId: project.accountId,
        proofId: proof.id,
        status: orderStatus.Submitted,
        typeOrder: input.typeOrder,
        shippingMethod: input.shippingMethod,
        bCombineCopies: input.bCombineCopies,
        copies: input.copies,
        countExtras: input.countExtras,
        isExpedited: input.isExpedited,
        manufacturerId: manufacturer?.id ?? null,
        plantId: manufacturer?.plantId ?? null,
        shipBy,
        placedByUserId: user.id,
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('order insert returned nothing');
    const [order] = await tx
      .update(orders)
      .set({ externalId: orderExternalId(project.year, inserted.id) })
      .where(eq(orders.id, inserted.id))
      .returning();
    if (!order) throw new Error('order update returned nothing');
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'placed',
      source: 'user',
      toStatus: order.status,
      userId: user.id,
      occurredAt: now,
    });
    await notify(tx, {
      ...(await orderNotificationFields(tx, order, user.id)),
      typeNotification: orderSubmittedNotification(project.typePersonalization),
      date: now,
    });
    const mustPay = (await parentMustPay(tx, [order.accountId])).get(order.accountId) ?? false;
    if (order.typeOrder === orderType.Production && mustPay) {
      await tx
        .insert(invoices)
        .values({ accountId: order.accountId, orderId: order.id, typeProduct: 1, status: 'open' });
      await recordOrderEvent(tx, { orderId: order.id, kind: 'waiting_payment', source: 'system', occurredAt: now });
    } else {
      await enqueueOrderSend(tx, order, user.id);
    }
    return order;
  });
}
