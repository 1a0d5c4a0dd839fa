import {
  type DistributionBuyer,
  type DistributionCounts,
  type DistributionMark,
  getDistributionCounts,
  listNotCollected,
  MAX_DISTRIBUTION_RESULTS,
  type markOutcomes,
  searchDistribution,
  syncDistributionMarks,
} from '@colophon/contract';
import { type Db, onlineOrderItems, onlineOrders, storeStatuses } from '@colophon/db';
import { dedicationAdSize, londonDate, onlineOrderShipping, productSubTypeLabel, productType } from '@colophon/domain';
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible, type Viewer } from '../../access/scope';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { invalidField, notFound } from '../../errors';

/*
 * Distribution day (issue 12): the school hands out what was bought. An item is collected at school
 * when it is paid (a refund in full clears `paid_at`), its order ships in bulk to the school, the
 * item itself is not a summer single or shipped home, and it is not a photo upload link.
 */

/** A device clock this far ahead of the server's is a wrong clock, not a mark from the future. */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000;
/** The end-of-day list stops here; a school has far fewer buyers. */
const MAX_NOT_COLLECTED = 5_000;

type MarkOutcome = (typeof markOutcomes)[number];

const collectedAtSchool: SQL = and(
  isNotNull(onlineOrderItems.paidAt),
  inArray(onlineOrders.status, ['paid', 'partially_refunded']),
  eq(onlineOrders.typeShipping, onlineOrderShipping.BulkToSchool),
  notInArray(onlineOrderItems.typeShipping, [onlineOrderShipping.SummerSingle, onlineOrderShipping.BulkToHome]),
  sql`${onlineOrderItems.typeProduct} <> ${productType.PhotoUploadLink}`,
) as SQL;

/** The store of a school and year, if the caller sees the school (404 otherwise). */
async function visibleStore(db: Db, viewer: Viewer, accountId: number, year: number) {
  const [store] = await db
    .select({ id: storeStatuses.id, accountId: storeStatuses.accountId, year: storeStatuses.year })
    .from(storeStatuses)
    .where(
      and(
        eq(storeStatuses.accountId, accountId),
        eq(storeStatuses.year, year),
        accountVisible(viewer, storeStatuses.accountId),
      ),
    );
  if (!store) throw notFound('The store');
  return store;
}

/** The items of one store's orders that are collected at school. */
const ofStore = (storeId: number) => and(eq(onlineOrders.storeId, storeId), collectedAtSchool);

export async function distributionCounts(db: Db, storeId: number): Promise<DistributionCounts> {
  const [row] = await db
    .select({
      handedOut: sql<number>`count(*) filter (where ${onlineOrderItems.distributedAt} is not null)`.mapWith(Number),
      toHandOut: sql<number>`count(*) filter (where ${onlineOrderItems.distributedAt} is null)`.mapWith(Number),
    })
    .from(onlineOrderItems)
    .innerJoin(onlineOrders, eq(onlineOrders.id, onlineOrderItems.onlineOrderId))
    .where(ofStore(storeId));
  return { handedOut: row?.handedOut ?? 0, toHandOut: row?.toHandOut ?? 0 };
}

/** What an item is, in words, for the person handing it out. */
function itemLabel(item: { typeProduct: number; typeSubProduct: number; adSize: number | null }): string {
  const parts = [productType.label(item.typeProduct)];
  const sub = productSubTypeLabel(item.typeProduct, item.typeSubProduct);
  if (sub && sub !== 'None') parts.push(sub);
  if (item.adSize !== null) parts.push(dedicationAdSize.label(item.adSize));
  return parts.join(' — ');
}

/** The buyers of the given orders with their collected-at-school items (only the waiting ones if asked). */
async function buyersOf(db: Db, orderIds: number[], onlyWaiting: boolean): Promise<DistributionBuyer[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ order: onlineOrders, item: onlineOrderItems })
    .from(onlineOrderItems)
    .innerJoin(onlineOrders, eq(onlineOrders.id, onlineOrderItems.onlineOrderId))
    .where(
      and(
        inArray(onlineOrderItems.onlineOrderId, orderIds),
        collectedAtSchool,
        onlyWaiting ? isNull(onlineOrderItems.distributedAt) : undefined,
      ),
    )
    .orderBy(asc(onlineOrderItems.id));
  const byOrder = new Map<number, DistributionBuyer>();
  for (const { order, item } of rows) {
    let buyer = byOrder.get(order.id);
    if (!buyer) {
      buyer = {
        orderId: order.id,
        orderNumber: order.orderNumber,
        studentFirstName: order.studentFirstName,
        studentLastName: order.studentLastName,
        grade: order.grade,
        homeroom: order.homeroom,
        parentName: order.parentName,
        items: [],
      };
      byOrder.set(order.id, buyer);
    }
    buyer.items.push({
      id: item.id,
      typeProduct: item.typeProduct,
      typeSubProduct: item.typeSubProduct,
      label: itemLabel(item),
      quantity: item.quantity,
      personalizationName: item.personalizationName,
      dedicationText: item.dedicationText,
      adSize: item.adSize,
      customPages: item.customPages,
      isDonated: item.isDonated,
      distributedAt: item.distributedAt?.toISOString() ?? null,
      distributedByUserId: item.distributedByUserId,
    });
  }
  // The order asked (by homeroom and name), not the items' order.
  return orderIds.flatMap((id) => byOrder.get(id) ?? []);
}

const buyerOrder = [
  sql`${onlineOrders.homeroom} asc nulls last`,
  sql`lower(${onlineOrders.studentLastName}) asc nulls last`,
  sql`lower(${onlineOrders.studentFirstName}) asc nulls last`,
  asc(onlineOrders.id),
];

/** Orders of the store with an item collected at school, matching the search (student, homeroom, number). */
async function searchBuyerIds(db: Db, storeId: number, search: string): Promise<number[]> {
  const rows = await db
    .select({ id: onlineOrders.id })
    .from(onlineOrders)
    .innerJoin(onlineOrderItems, eq(onlineOrderItems.onlineOrderId, onlineOrders.id))
    .where(
      and(
        ofStore(storeId),
        textSearch(
          search,
          onlineOrders.studentFirstName,
          onlineOrders.studentLastName,
          sql`concat_ws(' ', ${onlineOrders.studentFirstName}, ${onlineOrders.studentLastName})`,
          onlineOrders.homeroom,
          onlineOrders.orderNumber,
          onlineOrderItems.personalizationName,
        ),
      ),
    )
    // One row per order (the other columns depend on its key), however many items matched.
    .groupBy(onlineOrders.id)
    .orderBy(...buyerOrder)
    .limit(MAX_DISTRIBUTION_RESULTS);
  return rows.map((row) => row.id);
}

async function notCollectedIds(db: Db, storeId: number): Promise<number[]> {
  const rows = await db
    .select({ id: onlineOrders.id })
    .from(onlineOrders)
    .innerJoin(onlineOrderItems, eq(onlineOrderItems.onlineOrderId, onlineOrders.id))
    .where(and(ofStore(storeId), isNull(onlineOrderItems.distributedAt)))
    .groupBy(onlineOrders.id)
    .orderBy(...buyerOrder)
    .limit(MAX_NOT_COLLECTED);
  return rows.map((row) => row.id);
}

interface ItemState {
  id: number;
  distributedAt: Date | null;
  distributedByUserId: number | null;
  distributionMarkedAt: Date | null;
  distributionMarkId: string | null;
}

/** Whether a mark comes after the item's last one: by device time, ties broken by id so every replay agrees. */
function isLater(mark: { at: Date; clientMarkId: string }, state: ItemState): boolean {
  if (!state.distributionMarkedAt || !state.distributionMarkId) return true;
  const difference = mark.at.getTime() - state.distributionMarkedAt.getTime();
  return difference > 0 || (difference === 0 && mark.clientMarkId > state.distributionMarkId);
}

/**
 * Applies a batch of marks: each once (its id), the latest by device time winning, an undo only on
 * the day the item was handed out. Every item must be the caller's and collected at school, or
 * the whole batch is a 404 and nothing changes.
 */
export async function applyMarks(db: Db, viewer: Viewer, marks: DistributionMark[], now: Date) {
  const parsed = marks.map((mark, index) => {
    const at = new Date(mark.at);
    if (at.getTime() > now.getTime() + MAX_CLOCK_AHEAD_MS) {
      throw invalidField(`marks.${index}.at`, "Later than the server's time: check the device's clock");
    }
    return { ...mark, at };
  });
  const itemIds = [...new Set(parsed.map((mark) => mark.itemId))];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: onlineOrderItems.id,
        distributedAt: onlineOrderItems.distributedAt,
        distributedByUserId: onlineOrderItems.distributedByUserId,
        distributionMarkedAt: onlineOrderItems.distributionMarkedAt,
        distributionMarkId: onlineOrderItems.distributionMarkId,
      })
      .from(onlineOrderItems)
      .innerJoin(onlineOrders, eq(onlineOrders.id, onlineOrderItems.onlineOrderId))
      .where(
        and(
          inArray(onlineOrderItems.id, itemIds),
          collectedAtSchool,
          accountVisible(viewer, onlineOrderItems.accountId),
        ),
      )
      .orderBy(asc(onlineOrderItems.id))
      .for('update', { of: onlineOrderItems });
    if (found.length !== itemIds.length) throw notFound('An item');
    const states = new Map<number, ItemState>(found.map((row) => [row.id, { ...row }]));
    const changed = new Set<number>();
    const today = londonDate(now);
    const results: { clientMarkId: string; itemId: number; outcome: MarkOutcome }[] = [];
    // In device time, so a batch holding an item's mark and its undo ends as the later says.
    const ordered = [...parsed].sort(
      (a, b) => a.at.getTime() - b.at.getTime() || (a.clientMarkId < b.clientMarkId ? -1 : 1),
    );
    for (const mark of ordered) {
      const state = states.get(mark.itemId) as ItemState;
      let outcome: MarkOutcome;
      if (mark.clientMarkId === state.distributionMarkId) outcome = 'duplicate';
      else if (!isLater(mark, state)) outcome = 'superseded';
      else if (!mark.handedOut && state.distributedAt && londonDate(state.distributedAt) !== today)
        outcome = 'too_late';
      else {
        outcome = 'applied';
        if (mark.handedOut) {
          // Handed out twice stays the first time and hand; an undo clears both.
          if (!state.distributedAt) {
            state.distributedAt = mark.at;
            state.distributedByUserId = viewer.user.id;
          }
        } else {
          state.distributedAt = null;
          state.distributedByUserId = null;
        }
        state.distributionMarkedAt = mark.at;
        state.distributionMarkId = mark.clientMarkId;
        changed.add(state.id);
      }
      results.push({ clientMarkId: mark.clientMarkId, itemId: mark.itemId, outcome });
    }
    for (const id of changed) {
      const state = states.get(id) as ItemState;
      await tx
        .update(onlineOrderItems)
        .set({
          distributedAt: state.distributedAt,
          distributedByUserId: state.distributedByUserId,
          distributionMarkedAt: state.distributionMarkedAt,
          distributionMarkId: state.distributionMarkId,
          updatedAt: now,
        })
        .where(eq(onlineOrderItems.id, id));
    }
    // Answered in the order sent, so a device matches each result to its queue.
    const position = new Map(marks.map((mark, index) => [mark.clientMarkId, index]));
    results.sort((a, b) => (position.get(a.clientMarkId) ?? 0) - (position.get(b.clientMarkId) ?? 0));
    return {
      results,
      items: [...states.values()].map((state) => ({
        id: state.id,
        distributedAt: state.distributedAt?.toISOString() ?? null,
        distributedByUserId: state.distributedByUserId,
      })),
    };
  });
}

export async function registerDistributionRoutes(app: FastifyInstance) {
  implement(app, searchDistribution, async function findDistributionBuyers(request) {
    const { db, auth } = requestContext(app, request);
    const { accountId, year, search } = request.query;
    const store = await visibleStore(db, auth, accountId, year);
    const [data, counts] = await Promise.all([
      searchBuyerIds(db, store.id, search).then((ids) => buyersOf(db, ids, false)),
      distributionCounts(db, store.id),
    ]);
    return { data, counts };
  });

  implement(app, getDistributionCounts, async function countDistribution(request) {
    const { db, auth } = requestContext(app, request);
    const store = await visibleStore(db, auth, request.query.accountId, request.query.year);
    return distributionCounts(db, store.id);
  });

  implement(app, listNotCollected, async function notCollected(request) {
    const { db, auth } = requestContext(app, request);
    const store = await visibleStore(db, auth, request.query.accountId, request.query.year);
    const [data, counts] = await Promise.all([
      notCollectedIds(db, store.id).then((ids) => buyersOf(db, ids, true)),
      distributionCounts(db, store.id),
    ]);
    return { data, counts };
  });

  implement(app, syncDistributionMarks, async function syncMarks(request) {
    const { db, auth } = requestContext(app, request);
    return applyMarks(db, auth, request.body.marks, app.services.clock.now());
  });
}
