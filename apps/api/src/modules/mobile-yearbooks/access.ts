import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type Db, digitalYearbookAccess, onlineOrderItems, onlineOrders, products, projects } from '@colophon/db';
import { accessCodeFromBytes, formatAccessCode, isDigitalYearbook, normalizeAccessCode } from '@colophon/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

/*
 * The access codes of digital yearbooks (issue 15). A code is derived from the API's token secret and
 * the order line: HMAC-SHA256 of `digital-yearbook:<line id>`, whose first 12 bytes give the 12
 * symbols. The database keeps only the SHA-256 of the normalised code, and the code is looked up by
 * that hash. The receipt (its e-mail and its PDF) derives the same code again, so nothing stores it
 * in the clear, as with the receipt's own link token. A code set another way (the demo's printed one)
 * has a hash the derivation does not give, and the receipt leaves it out.
 */

/** The code of one order line, as printed. */
export type YearbookCodeMaker = (onlineOrderItemId: number) => string;

export function yearbookCodeMakerOf(services: { tokenSecret: Uint8Array }): YearbookCodeMaker {
  return (onlineOrderItemId) =>
    formatAccessCode(
      accessCodeFromBytes(
        createHmac('sha256', services.tokenSecret).update(`digital-yearbook:${onlineOrderItemId}`).digest(),
      ),
    );
}

/** The stored hash of a code (normalised first); null for a string that cannot be a code. */
export function accessCodeHash(code: string): string | null {
  const normal = normalizeAccessCode(code);
  return normal ? createHash('sha256').update(normal).digest('hex') : null;
}

/**
 * An order just paid: one access row per digital yearbook line, for the school's project of the store's
 * year. Runs in the transaction that marks the order paid, and only in the one that wins that change
 * (so once). A line that already has a row keeps it.
 */
export async function issueYearbookAccess(
  tx: Db,
  order: { id: number; accountId: number; year: number },
  codeOf: YearbookCodeMaker,
  now: Date,
): Promise<void> {
  const lines = await tx
    .select({
      id: onlineOrderItems.id,
      typeProduct: onlineOrderItems.typeProduct,
      productShipping: products.typeShipping,
    })
    .from(onlineOrderItems)
    .leftJoin(products, eq(products.id, onlineOrderItems.productId))
    .where(eq(onlineOrderItems.onlineOrderId, order.id))
    .orderBy(asc(onlineOrderItems.id));
  const digital = lines.filter((line) => isDigitalYearbook(line));
  if (!digital.length) return;
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.accountId, order.accountId), eq(projects.year, order.year)))
    .orderBy(desc(projects.id))
    .limit(1);
  const hashOf = (lineId: number) => {
    const hash = accessCodeHash(codeOf(lineId));
    if (!hash) throw new Error(`The code maker gave no access code for order line ${lineId}`);
    return hash;
  };
  await tx
    .insert(digitalYearbookAccess)
    .values(
      digital.map((line) => ({
        onlineOrderItemId: line.id,
        accountId: order.accountId,
        projectId: project?.id ?? null,
        codeHash: hashOf(line.id),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/**
 * After a refund moved an order's lines (or failed and moved them back): a line refunded in full, or
 * any line of an order refunded in full, loses its book; a line no longer refunded gets it back.
 */
export async function syncYearbookAccessWithRefunds(tx: Db, orderId: number): Promise<void> {
  await tx.execute(sql`
    update ${digitalYearbookAccess} a
    set revoked_at = case when refunded then coalesce(a.revoked_at, now()) else null end,
        updated_at = now()
    from (
      select i.id,
        (i.refunded_cents > 0 and i.refunded_cents >= i.total_cents) or o.status = 'refunded' as refunded
      from ${onlineOrderItems} i join ${onlineOrders} o on o.id = i.online_order_id
      where i.online_order_id = ${orderId}
    ) line
    where a.online_order_item_id = line.id and (a.revoked_at is not null) <> line.refunded`);
}

/** The printed codes of an order's digital yearbooks, for its receipt (only codes the derivation gives). */
export async function yearbookCodesOfOrder(
  db: Db,
  orderId: number,
  codeOf: YearbookCodeMaker,
): Promise<{ onlineOrderItemId: number; code: string; revoked: boolean }[]> {
  const rows = await db
    .select({
      onlineOrderItemId: digitalYearbookAccess.onlineOrderItemId,
      codeHash: digitalYearbookAccess.codeHash,
      revokedAt: digitalYearbookAccess.revokedAt,
    })
    .from(digitalYearbookAccess)
    .innerJoin(onlineOrderItems, eq(onlineOrderItems.id, digitalYearbookAccess.onlineOrderItemId))
    .where(eq(onlineOrderItems.onlineOrderId, orderId))
    .orderBy(asc(digitalYearbookAccess.onlineOrderItemId));
  return rows.flatMap((row) => {
    const code = codeOf(row.onlineOrderItemId);
    return accessCodeHash(code) === row.codeHash
      ? [{ onlineOrderItemId: row.onlineOrderItemId, code, revoked: row.revokedAt !== null }]
      : [];
  });
}

/** The parent's link: `<public URL>/mobile-yearbooks?code=7KQ2-M9XD-4HRT`. */
export function mobileYearbookUrlOf(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/$/, '')}/mobile-yearbooks?code=${encodeURIComponent(code)}`;
}

/** Access rows by id (the reading token's check that the book was not refunded since). */
export async function accessRowsById(db: Db, ids: number[]) {
  return ids.length ? db.select().from(digitalYearbookAccess).where(inArray(digitalYearbookAccess.id, ids)) : [];
}

/*
 * The reading token: `<access id>.<proof id>.<expiry, epoch seconds>.<HMAC>`. It names one book (the
 * proof), so another book's pages are refused with it, and it lasts as long as its signed links.
 */

const tokenSignature = (secret: Uint8Array, accessId: number, proofId: number, expires: number) =>
  createHmac('sha256', secret).update(`mobile-yearbook:${accessId}:${proofId}:${expires}`).digest('base64url');

export function readingToken(secret: Uint8Array, accessId: number, proofId: number, expires: number): string {
  return `${accessId}.${proofId}.${expires}.${tokenSignature(secret, accessId, proofId, expires)}`;
}

/** The token's access id and proof id, when its signature holds and it has not expired; else null. */
export function readReadingToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): { accessId: number; proofId: number; expires: number } | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{20,100})$/.exec(token);
  if (!match) return null;
  const [accessId, proofId, expires] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const expected = Buffer.from(tokenSignature(secret, accessId, proofId, expires));
  const given = Buffer.from(match[4] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (expires * 1000 <= now.getTime()) return null;
  return { accessId, proofId, expires };
}
