import { proofs } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../context';
import type { ResourceContext } from '../../engine/resource';
import { AppError } from '../../errors';
import { notify } from '../notifications/notify';
import { recordAction, visibleProof } from './query';

type ProofRow = typeof proofs.$inferSelect;
export type VisibleProof = Awaited<ReturnType<typeof visibleProof>>;

const alreadyDecided = (row: Pick<ProofRow, 'id' | 'status'>) =>
  new AppError('conflict', `Proof ${row.id} was already ${row.status === 3 ? 'approved' : 'rejected'}.`);

/** A decision acts only on a proof still Needs Review (409 otherwise). */
export function assertNeedsReview(row: Pick<ProofRow, 'id' | 'status'>): void {
  if (row.status !== 1) throw alreadyDecided(row);
}

export interface Rejection {
  /** Kept on the proof and sent with 2 Proof Rejected; null when the caller gave none. */
  reason: string | null;
  /** The history line (`proof_internal_actions.action`). */
  action: string;
  /** The history note; the reason when not given. */
  note?: string | null;
  /** The notification's details when there is no reason. */
  info?: string | null;
}

/**
 * Rejects a proof (part 4: "Rejecting unlocks the book for edits"): status 2 Rejected, internal 7
 * Customer Resubmitting, the book unlocked until the next upload, a line in the proof's history and
 * 2 Proof Rejected raised. The update holds only while the proof is still Needs Review, so two
 * decisions at once cannot both win (the second gets 409). The same for a rejection made in Colophon
 * and one carried to the software the proof was made in.
 */
export async function rejectProof(
  services: Pick<Services, 'db' | 'mailer'>,
  context: ResourceContext,
  { row, item }: VisibleProof,
  rejection: Rejection,
) {
  const { user } = context.auth;
  const [updated] = await services.db
    .update(proofs)
    .set({
      status: 2,
      internalStatus: 7,
      rejectReason: rejection.reason,
      decidedAt: new Date(),
      decidedBy: user.id,
      unlockedForEdits: true,
      updatedAt: new Date(),
    })
    .where(and(eq(proofs.id, row.id), eq(proofs.status, 1)))
    .returning({ id: proofs.id });
  if (!updated) {
    const [current] = await services.db
      .select({ id: proofs.id, status: proofs.status })
      .from(proofs)
      .where(eq(proofs.id, row.id));
    throw alreadyDecided(current ?? row);
  }
  await recordAction(context, row.id, user.id, rejection.action, rejection.note ?? rejection.reason, 7);
  await notify(services, {
    accountId: item.accountId,
    projectId: item.projectId,
    projectName: item.projectName,
    typeBook: item.typeBook,
    typeNotification: 2,
    userName: `${user.firstName} ${user.lastName}`,
    info: rejection.reason ?? rejection.info ?? null,
  });
  return (await visibleProof(context, row.id)).item;
}
