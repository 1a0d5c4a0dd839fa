import {
  MAX_PERSONALIZATION_CSV_BYTES,
  type PersonalizationUpload,
  personalizationUploadsContract,
  presignedPersonalizationUpload,
  uploadPersonalizationNames,
} from '@colophon/contract';
import { accounts, type Db, orders, personalizationUploads } from '@colophon/db';
import { notificationType, orderStatus, parsePersonalizationNames } from '@colophon/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible, type Viewer } from '../../access/scope';
import { implement, registerResource } from '../../engine/implement';
import { AppError, notFound } from '../../errors';
import { orderFolder } from '../../integrations/plants';
import { callerOf } from '../../plugins/authentication';
import { notify } from '../notifications/notify';
import { enqueueOrderMove } from './moves';
import { orderNotificationFields, recordOrderEvent } from './status';

const PRESIGNED_TTL_SECONDS = 15 * 60;

/** Where an upload's CSV is kept: in the order's folder, which is the plant's inbox. */
export const personalizationKey = (orderId: number, uploadId: number) =>
  `${orderFolder(orderId)}personalization/${uploadId}.csv`;

/**
 * The external ids a file name may start with: `ORD-26-00012-names.csv` → `ORD-26-00012-names`,
 * `ORD-26-00012`, `ORD-26`, `ORD` (cut at each separator), so one indexed `in (…)` finds the order.
 */
export function externalIdPrefixes(filename: string): string[] {
  const base = filename.replace(/^.*[\\/]/, '').replace(/\.csv$/i, '');
  const prefixes = new Set<string>([base]);
  for (let index = 0; index < base.length; index++) {
    if ('-_ .'.includes(base[index] ?? '') && index > 0) prefixes.add(base.slice(0, index));
  }
  return [...prefixes].filter((prefix) => prefix.length > 0 && prefix.length <= 64);
}

/** The visible order whose external id begins the file name (the longest such), or 404. */
async function orderOfFilename(db: Db, viewer: Viewer, filename: string) {
  const candidates = externalIdPrefixes(filename);
  const rows =
    candidates.length === 0
      ? []
      : await db
          .select()
          .from(orders)
          .where(and(inArray(orders.externalId, candidates), accountVisible(viewer, orders.accountId)));
  const order = rows.sort((a, b) => (b.externalId?.length ?? 0) - (a.externalId?.length ?? 0))[0];
  if (!order) throw notFound(`An order whose external id begins "${filename.slice(0, 64)}"`);
  return order;
}

type UploadRow = typeof personalizationUploads.$inferSelect;
const answerOf = (row: UploadRow): PersonalizationUpload => ({
  ...row,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Orders still to print: a CSV for these goes to the plant; a finished order takes none. */
const FINISHED: ReadonlySet<number> = new Set([orderStatus.Delivered, orderStatus.CanceledInManufacturing]);

export async function registerPersonalizationRoutes(app: FastifyInstance) {
  const { db, files } = app.services;

  registerResource(app, personalizationUploadsContract, {
    table: personalizationUploads,
    scope: (context) => {
      const visible = accountVisible(context.auth, orders.accountId);
      return visible
        ? inArray(personalizationUploads.orderId, db.select({ id: orders.id }).from(orders).where(visible))
        : undefined;
    },
    hooks: {
      includes: {
        async order(rows, context) {
          const ids = [...new Set(rows.map((row) => row.orderId))];
          if (ids.length === 0) return;
          const found = await context.db
            .select({ id: orders.id, externalId: orders.externalId, accountName: accounts.name })
            .from(orders)
            .innerJoin(accounts, eq(accounts.id, orders.accountId))
            .where(inArray(orders.id, ids));
          const byId = new Map(found.map((order) => [order.id, order]));
          for (const row of rows) row.order = byId.get(row.orderId);
        },
      },
    },
    csv: [
      { header: 'Uploaded', value: (row) => row.createdAt.toISOString() },
      { header: 'Order', value: (row) => row.order?.externalId ?? String(row.orderId) },
      { header: 'Account', value: (row) => row.order?.accountName ?? '' },
      { header: 'File', value: (row) => row.filename },
      { header: 'Names', value: (row) => row.rowCount },
      { header: 'Sent', value: (row) => row.sentAt?.toISOString() ?? '' },
    ],
  });

  /**
   * Checks every row first (nothing is saved when one is wrong); then, in one transaction, the
   * upload's row, its CSV in the order's folder, a timeline line, notification 80 and — for an order
   * already at its plant — a resend through `queue_moves`, so the plant gets the names with a fresh
   * ticket. An order not yet sent takes the CSV with its first send.
   */
  implement(app, uploadPersonalizationNames, async function uploadNames(request, reply) {
    const auth = callerOf(request);
    const { filename, data } = request.body;
    const order = await orderOfFilename(db, auth, filename);
    const parsed = parsePersonalizationNames(data);
    if (!parsed.ok) {
      const errors = parsed.problems.map((problem) => ({
        path: 'data',
        message: `Line ${problem.line}: ${problem.message}`,
      }));
      throw new AppError('validation', `data: ${errors[0]?.message ?? 'not a names file'}`, { errors });
    }
    if (FINISHED.has(order.status)) {
      throw new AppError('conflict', `The order is ${orderStatus.label(order.status)}: it takes no more names.`);
    }
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(personalizationUploads)
        .values({ orderId: order.id, filename, fileKey: '', rowCount: parsed.names.length, uploadedBy: auth.user.id })
        .returning();
      if (!created) throw new Error('personalization upload insert returned nothing');
      const fileKey = personalizationKey(order.id, created.id);
      await files.put(fileKey, Buffer.from(data, 'utf8'), 'text/csv');
      const [saved] = await tx
        .update(personalizationUploads)
        .set({ fileKey })
        .where(eq(personalizationUploads.id, created.id))
        .returning();
      if (!saved) throw new Error('personalization upload update returned nothing');
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'personalization',
        source: 'user',
        userId: auth.user.id,
        message: `${parsed.names.length} names (${filename})`,
        data: { uploadId: saved.id, filename, rowCount: parsed.names.length },
      });
      if (order.sentAt && order.manufacturerId !== null && order.plantId !== null) {
        await enqueueOrderMove(tx, {
          orderId: order.id,
          action: 'resend',
          manufacturerId: order.manufacturerId,
          plantId: order.plantId,
          reason: `Personalization names uploaded (${filename})`,
          requestedBy: auth.user.id,
        });
      }
      await notify(tx, {
        ...(await orderNotificationFields(tx, order, auth.user.id)),
        typeNotification: notificationType.PersonalizationUploadComplete,
        info: `${parsed.names.length} names (${filename})`,
      });
      return saved;
    });
    reply.code(201);
    return answerOf(row);
  });

  /** A signed PUT for the CSV, straight to the order's folder of the file store. */
  implement(app, presignedPersonalizationUpload, async function presignedNamesUpload(request) {
    const auth = callerOf(request);
    const externalId = request.query.external_id;
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.externalId, externalId), accountVisible(auth, orders.accountId)));
    if (!order?.externalId) throw notFound('Order');
    const key = `${orderFolder(order.id)}personalization/incoming-${Date.now()}.csv`;
    const target = await files.presignPut(key, {
      contentType: 'text/csv',
      maxBytes: request.query.size ?? MAX_PERSONALIZATION_CSV_BYTES,
      expiresInSeconds: PRESIGNED_TTL_SECONDS,
    });
    return {
      url: target.url,
      key,
      filename: `${order.externalId}.csv`,
      headers: target.headers,
      expiresAt: target.expiresAt.toISOString(),
    };
  });
}
