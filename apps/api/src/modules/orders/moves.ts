import { moveOrder, type OrderMoveJob, resendOrder } from '@colophon/contract';
import {
  type Db,
  manufacturers,
  manufacturingPlants,
  orderEvents,
  orders,
  personalizationUploads,
  type queueMoves,
} from '@colophon/db';
import { notificationType, orderStatus } from '@colophon/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../context';
import { implement } from '../../engine/implement';
import { AppError, invalidField } from '../../errors';
import { type PlantSendAction, plantAdapterFor } from '../../integrations/plants';
import { callerOf } from '../../plugins/authentication';
import {
  type BackoffOptions,
  enqueue,
  type JobHandler,
  NeedsAttention,
  PermanentJobError,
  QueueWorker,
} from '../../queue';
import { notify } from '../notifications/notify';
import { orderNotificationFields, recordOrderEvent } from './status';
import { currentTicket, parseTicket } from './ticket';
import { visibleOrder } from './visible';

/** A `queue_moves` job: send an order to its plant, move it to another one, or send it again. */
export interface OrderMovePayload {
  orderId: number;
  action: PlantSendAction;
  manufacturerId: number | null;
  plantId: number | null;
  reason: string | null;
  requestedBy: number | null;
}

/** What a send did, as its timeline line keeps it (and a rerun of the job answers from there). */
export interface OrderSent {
  sent: true;
  jobId: number;
  orderId: number;
  action: PlantSendAction;
  sendNumber: number;
  adapter: string;
  reference: string;
  /** The ticket sent: as edited by hand, or built from the order. */
  ticket: 'edited' | 'built';
}

/** A job's outcome: the send, or why nothing was sent (a move of an order not yet at a plant, a finished order). */
export type OrderMoveResult =
  | OrderSent
  | { sent: false; jobId: number; orderId: number; action: PlantSendAction; why: string };

/** The plant fetches the order's files within a week of the send. */
const PLANT_FILE_URL_TTL_SECONDS = 7 * 24 * 3600;
const ACTIONS: readonly PlantSendAction[] = ['send', 'move', 'resend'];
/** Orders that are finished: nothing goes to a plant for them any more. */
const FINISHED: ReadonlySet<number> = new Set([orderStatus.Delivered, orderStatus.CanceledInManufacturing]);

/** Queues a send, move or resend of an order (in the caller's transaction, when given one). */
export async function enqueueOrderMove(db: Db, payload: OrderMovePayload) {
  return enqueue<OrderMovePayload>(db, 'moves', payload);
}

function jobOf(row: typeof queueMoves.$inferSelect): OrderMoveJob {
  return {
    id: row.id,
    status: row.status,
    payload: row.payload as OrderMovePayload,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function registerOrderMoveRoutes(app: FastifyInstance) {
  const { db } = app.services;

  implement(app, moveOrder, async function queueOrderMove(request, reply) {
    const auth = callerOf(request);
    const { orderId, manufacturerId, plantId, reason } = request.body;
    const order = await visibleOrder(db, auth, orderId);
    const [manufacturer] = await db.select().from(manufacturers).where(eq(manufacturers.id, manufacturerId));
    if (!manufacturer) throw invalidField('manufacturerId', 'No such manufacturer.');
    if (!manufacturer.isActive) throw invalidField('manufacturerId', `${manufacturer.name} is not active.`);
    const targetPlantId = plantId ?? manufacturer.plantId;
    const [plant] = await db.select().from(manufacturingPlants).where(eq(manufacturingPlants.id, targetPlantId));
    if (!plant) throw invalidField('plantId', 'No such plant.');
    if (FINISHED.has(order.status)) {
      throw new AppError('conflict', `The order is ${orderStatus.label(order.status)}: it can no longer move.`);
    }
    if (order.manufacturerId === manufacturer.id && order.plantId === plant.id) {
      throw new AppError('conflict', `The order is already at ${manufacturer.name}, ${plant.name}.`);
    }
    const row = await enqueueOrderMove(db, {
      orderId: order.id,
      action: 'move',
      manufacturerId: manufacturer.id,
      plantId: plant.id,
      reason,
      requestedBy: auth.user.id,
    });
    reply.code(202);
    return jobOf(row);
  });

  implement(app, resendOrder, async function queueOrderResend(request, reply) {
    const auth = callerOf(request);
    const order = await visibleOrder(db, auth, request.params.id);
    if (FINISHED.has(order.status)) {
      throw new AppError('conflict', `The order is ${orderStatus.label(order.status)}: it is not sent again.`);
    }
    if (order.sentAt === null) {
      throw new AppError(
        'conflict',
        'The order has not gone to its plant yet (it waits for payment, or its first send is queued): it goes when it may.',
      );
    }
    if (order.manufacturerId === null || order.plantId === null) {
      throw new AppError('conflict', 'The order has no plant yet: move it to one first.');
    }
    const row = await enqueueOrderMove(db, {
      orderId: order.id,
      action: 'resend',
      manufacturerId: order.manufacturerId,
      plantId: order.plantId,
      reason: request.body.reason,
      requestedBy: auth.user.id,
    });
    reply.code(202);
    return jobOf(row);
  });
}

/** The timeline line of `kind` this job already wrote, if it ran before (its key: data.jobId). */
async function lineOfJob(tx: Db, orderId: number, kind: 'moved' | 'sent', jobId: number) {
  const [line] = await tx
    .select()
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.kind, kind),
        sql`${orderEvents.data} ->> 'jobId' = ${String(jobId)}`,
      ),
    )
    .limit(1);
  return line ?? null;
}

function payloadOf(raw: unknown): OrderMovePayload {
  const payload = (raw ?? {}) as Partial<OrderMovePayload>;
  if (!Number.isInteger(payload.orderId) || !ACTIONS.includes(payload.action as PlantSendAction)) {
    throw new PermanentJobError(`Not an order move: ${JSON.stringify(raw).slice(0, 200)}`);
  }
  return {
    orderId: Number(payload.orderId),
    action: payload.action as PlantSendAction,
    manufacturerId: payload.manufacturerId ?? null,
    plantId: payload.plantId ?? null,
    reason: payload.reason ?? null,
    requestedBy: payload.requestedBy ?? null,
  };
}

/**
 * `queue_moves`: sends an order to its plant ('send', queued when it is placed or paid), moves it
 * first ('move': another manufacturer or plant, a timeline line and notification 85 Order Moved),
 * or sends it again ('resend'). Run twice, a job changes nothing more: each line it writes carries
 * its job id and is looked for under a lock on the order before anything is written, and the plant
 * is called with an idempotency key of the job (the embedded plant overwrites the same file).
 */
export function orderMoveHandler(
  services: Pick<Services, 'db' | 'files' | 'config'>,
): JobHandler<unknown, OrderMoveResult> {
  return async (job) => {
    const { db } = services;
    const payload = payloadOf(job.payload);

    if (payload.action === 'move') {
      await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, payload.orderId)).for('update');
        if (!order) throw new PermanentJobError(`Order ${payload.orderId} does not exist.`);
        if (await lineOfJob(tx, order.id, 'moved', job.id)) return;
        const [manufacturer] = await tx
          .select()
          .from(manufacturers)
          .where(eq(manufacturers.id, Number(payload.manufacturerId)));
        const [plant] = manufacturer
          ? await tx
              .select()
              .from(manufacturingPlants)
              .where(eq(manufacturingPlants.id, payload.plantId ?? manufacturer.plantId))
          : [];
        const to = manufacturer && plant ? { manufacturer, plant } : null;
        if (!to)
          throw new PermanentJobError(`Manufacturer ${payload.manufacturerId} or plant ${payload.plantId} is gone.`);
        const from = { manufacturerId: order.manufacturerId, plantId: order.plantId };
        await tx
          .update(orders)
          .set({ manufacturerId: to.manufacturer.id, plantId: to.plant.id, updatedAt: new Date() })
          .where(eq(orders.id, order.id));
        await recordOrderEvent(tx, {
          orderId: order.id,
          kind: 'moved',
          source: payload.requestedBy ? 'user' : 'system',
          userId: payload.requestedBy,
          message: payload.reason,
          data: { jobId: job.id, from, to: { manufacturerId: to.manufacturer.id, plantId: to.plant.id } },
        });
        await notify(tx, {
          ...(await orderNotificationFields(tx, order, payload.requestedBy)),
          typeNotification: notificationType.OrderMoved,
          info: `Moved to ${to.manufacturer.name} (${to.plant.name})${payload.reason ? `: ${payload.reason}` : ''}`,
        });
      });
    }

    // The send: the ticket as it stands now (after a move it names the new plant).
    const [order] = await db.select().from(orders).where(eq(orders.id, payload.orderId));
    if (!order) throw new PermanentJobError(`Order ${payload.orderId} does not exist.`);
    const done = await lineOfJob(db, order.id, 'sent', job.id);
    if (done) return done.data as OrderMoveResult;
    // An order that has not gone to a plant yet (it waits for its payment, or its first send is still
    // queued) is only moved: its first send takes it to the new plant, never a move before payment.
    if (payload.action === 'move' && order.sentAt === null) {
      return { sent: false, jobId: job.id, orderId: order.id, action: 'move', why: 'not yet at any plant' };
    }
    // Canceled or delivered since the job was queued: nothing more goes to a plant.
    if (FINISHED.has(order.status)) {
      return {
        sent: false,
        jobId: job.id,
        orderId: order.id,
        action: payload.action,
        why: orderStatus.label(order.status),
      };
    }
    if (order.manufacturerId === null || order.plantId === null) {
      throw new PermanentJobError(`Order ${order.id} has no manufacturer or plant to go to.`);
    }
    const [target] = await db
      .select({ manufacturer: manufacturers, plant: manufacturingPlants })
      .from(manufacturers)
      .innerJoin(manufacturingPlants, eq(manufacturingPlants.id, order.plantId))
      .where(eq(manufacturers.id, order.manufacturerId));
    if (!target) throw new PermanentJobError(`Order ${order.id}'s manufacturer or plant is gone.`);
    const ticket = await currentTicket(db, order.id);
    if (!ticket) throw new PermanentJobError(`Order ${order.id} does not exist.`);
    // A plant never gets a ticket that fails its schema (a book without a page count, a bad edit):
    // a person fixes the order or the ticket, then retries the job from the processing page.
    const checked = parseTicket(ticket.xml);
    if (!checked.ok) {
      return new NeedsAttention<OrderMoveResult>(
        `The job ticket of order ${order.externalId ?? order.id} fails its schema (${checked.message}); correct it in the order admin, then retry.`,
      );
    }
    const uploads = await db
      .select({ filename: personalizationUploads.filename, fileKey: personalizationUploads.fileKey })
      .from(personalizationUploads)
      .where(eq(personalizationUploads.orderId, order.id))
      .orderBy(personalizationUploads.id);
    const absolute = (url: string) => (url.startsWith('/') ? `${services.config.publicUrl}${url}` : url);
    const files = uploads
      .filter((upload) => upload.fileKey !== '')
      .map((upload) => ({
        name: upload.filename,
        key: upload.fileKey,
        url: absolute(services.files.signedUrl(upload.fileKey, PLANT_FILE_URL_TTL_SECONDS)),
      }));
    const sendNumber = order.sendCount + 1;
    const adapter = plantAdapterFor(services, target.manufacturer.code);
    const { reference } = await adapter.send({
      order,
      manufacturer: target.manufacturer,
      plant: target.plant,
      ticketXml: ticket.xml,
      action: payload.action,
      sendNumber,
      idempotencyKey: `colophon-order-${order.id}-job-${job.id}`,
      files,
    });
    const result: OrderSent = {
      sent: true,
      jobId: job.id,
      orderId: order.id,
      action: payload.action,
      sendNumber,
      adapter: adapter.name,
      reference,
      ticket: ticket.source,
    };
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!locked) throw new PermanentJobError(`Order ${order.id} does not exist.`);
      // A second run of this job that got here first already counted the send.
      const earlier = await lineOfJob(tx, order.id, 'sent', job.id);
      if (earlier) return earlier.data as OrderMoveResult;
      const now = new Date();
      await tx
        .update(orders)
        .set({ sentAt: now, sendCount: sql`${orders.sendCount} + 1`, updatedAt: now })
        .where(eq(orders.id, order.id));
      await tx
        .update(personalizationUploads)
        .set({ sentAt: now, updatedAt: now })
        .where(and(eq(personalizationUploads.orderId, order.id), isNull(personalizationUploads.sentAt)));
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'sent',
        source: payload.requestedBy && payload.action !== 'send' ? 'user' : 'system',
        userId: payload.requestedBy,
        message: payload.action === 'send' ? null : payload.reason,
        data: result,
      });
      return result;
    });
  };
}

export interface OrderMoveWorkerOptions {
  onError?: (error: unknown) => void;
  idleMs?: number;
  leaseMs?: number;
  backoff?: BackoffOptions;
}

/** The `queue_moves` worker (started with the others when WORKERS is on). */
export function createOrderMoveWorker(
  services: Pick<Services, 'db' | 'files' | 'config'>,
  options: OrderMoveWorkerOptions = {},
): QueueWorker<unknown, OrderMoveResult> {
  return new QueueWorker({
    db: services.db,
    queue: 'moves',
    handler: orderMoveHandler(services),
    onError: options.onError,
    idleMs: options.idleMs,
    leaseMs: options.leaseMs,
    backoff: options.backoff,
  });
}
