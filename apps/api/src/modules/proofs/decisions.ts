import { type Db, proofFindings, proofs } from '@colophon/db';
import { internalProofStatus, notificationType, proofProcessingStatus, proofStatus } from '@colophon/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Services } from '../../context';
import type { ResourceContext } from '../../engine/resource';
import { AppError } from '../../errors';
import { type NotificationInput, notify } from '../notifications/notify';
import { enqueueEpub } from './epub';
import { recordAction, visibleProof } from './query';

type ProofRow = typeof proofs.$inferSelect;
export type VisibleProof = Awaited<ReturnType<typeof visibleProof>>;

const alreadyDecided = (row: Pick<ProofRow, 'id' | 'status'>) =>
  new AppError(
    'conflict',
    `Proof ${row.id} was already ${row.status === proofStatus.Approved ? 'approved' : 'rejected'}.`,
  );

/** A decision acts only on a proof still Needs Review (409 otherwise). */
export function assertNeedsReview(row: Pick<ProofRow, 'id' | 'status'>): void {
  if (row.status !== proofStatus.NeedsReview) throw alreadyDecided(row);
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
 * A decision on a proof still Needs Review: its status change, what goes with it (`record`: the
 * history line…) and its notification (with its queued e-mail), in one transaction. The update holds
 * only while the proof is still Needs Review, so two decisions at once cannot both win: the second
 * gets 409. Answers the proof as it is now.
 */
async function decide(
  services: Pick<Services, 'db'>,
  context: ResourceContext,
  { row, item }: VisibleProof,
  decision: Pick<typeof proofs.$inferInsert, 'status' | 'internalStatus' | 'rejectReason' | 'unlockedForEdits'>,
  record: (tx: Db) => Promise<void>,
  notification: Pick<NotificationInput, 'typeNotification' | 'info'>,
) {
  const { user } = context.auth;
  const decided = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(proofs)
      .set({ ...decision, decidedAt: new Date(), decidedBy: user.id, updatedAt: new Date() })
      .where(and(eq(proofs.id, row.id), eq(proofs.status, proofStatus.NeedsReview)))
      .returning({ id: proofs.id });
    if (!updated) return false;
    await record(tx);
    await notify(tx, {
      accountId: item.accountId,
      projectId: item.projectId,
      projectName: item.projectName,
      typeBook: item.typeBook,
      userName: `${user.firstName} ${user.lastName}`,
      ...notification,
    });
    return true;
  });
  if (!decided) {
    const [current] = await services.db
      .select({ id: proofs.id, status: proofs.status })
      .from(proofs)
      .where(eq(proofs.id, row.id));
    throw alreadyDecided(current ?? row);
  }
  return (await visibleProof(context, row.id)).item;
}

/**
 * Rejects a proof (part 4: "Rejecting unlocks the book for edits"): status 2 Rejected, internal 7
 * Customer Resubmitting, the book unlocked until the next upload, a line in the proof's history and
 * 2 Proof Rejected raised. The update holds only while the proof is still Needs Review, so two
 * decisions at once cannot both win (the second gets 409). The same for a rejection made in Colophon
 * and one carried to the software the proof was made in.
 */
export async function rejectProof(
  services: Pick<Services, 'db'>,
  context: ResourceContext,
  { row, item }: VisibleProof,
  rejection: Rejection,
) {
  const { user } = context.auth;
  return decide(
    services,
    context,
    { row, item },
    {
      status: proofStatus.Rejected,
      internalStatus: internalProofStatus.CustomerResubmitting,
      rejectReason: rejection.reason,
      unlockedForEdits: true,
    },
    async (tx) => {
      await recordAction(
        { db: tx },
        row.id,
        user.id,
        rejection.action,
        rejection.note ?? rejection.reason,
        internalProofStatus.CustomerResubmitting,
      );
    },
    { typeNotification: notificationType.ProofRejected, info: rejection.reason ?? rejection.info ?? null },
  );
}

/** A preflight error as the approval's acknowledgement names it. */
export interface AcknowledgedFinding {
  id: number;
  page: number | null;
  message: string;
}

/** The history line of an approval: the person's note, then every error they approved despite. */
export function approvalHistory(note: string | null, acknowledged: readonly AcknowledgedFinding[]) {
  if (acknowledged.length === 0) return { action: 'approved', note };
  const count = acknowledged.length === 1 ? '1 preflight error' : `${acknowledged.length} preflight errors`;
  const lines = acknowledged.map(
    (finding) =>
      `• #${finding.id} ${finding.page === null ? 'Whole file' : `Page ${finding.page}`}: ${finding.message}`,
  );
  return {
    action: 'approved despite preflight errors',
    note: [note, `Acknowledged ${count}:\n${lines.join('\n')}`].filter(Boolean).join('\n\n'),
  };
}

/**
 * Approves a proof for print (status 3): its history line, its EPUB job and 4 Proof Approved in one
 * transaction. A proof whose preflight found errors is approved only when the body acknowledges every
 * one of them (`acknowledgedFindingIds`): approving a wrong page count or a 72 ppi photo must be a
 * choice, not a click past a dialog; the history line lists what was acknowledged. Who may approve at
 * all (not a volunteer) is the route's permission, `proofs.approve`.
 */
export async function approveProof(
  services: Pick<Services, 'db'>,
  context: ResourceContext,
  { row, item }: VisibleProof,
  body: { note?: string | undefined; acknowledgedFindingIds?: number[] | undefined },
) {
  assertNeedsReview(row);
  if (row.processingStatus !== proofProcessingStatus.Processed)
    throw new AppError('conflict', `Proof ${row.id} has not finished processing.`);
  const errors = await services.db
    .select({ id: proofFindings.id, page: proofFindings.page, message: proofFindings.message })
    .from(proofFindings)
    .where(and(eq(proofFindings.proofId, row.id), eq(proofFindings.severity, 'error')))
    .orderBy(sql`${proofFindings.page} nulls first`, asc(proofFindings.id));
  const acknowledged = new Set(body.acknowledgedFindingIds ?? []);
  const errorIds = new Set(errors.map((finding) => finding.id));
  const foreign = [...acknowledged].filter((id) => !errorIds.has(id));
  if (foreign.length > 0) {
    const message = `${foreign.join(', ')} ${foreign.length === 1 ? 'is not an error' : 'are not errors'} of proof ${row.id}'s preflight.`;
    throw new AppError('validation', `acknowledgedFindingIds: ${message}`, {
      errors: [{ path: 'acknowledgedFindingIds', message }],
    });
  }
  const missing = errors.filter((finding) => !acknowledged.has(finding.id));
  if (missing.length > 0) {
    const message = `The preflight found ${errors.length === 1 ? '1 error' : `${errors.length} errors`} in proof ${row.id}; approving it despite them needs every one acknowledged (missing: ${missing.map((finding) => finding.id).join(', ')}).`;
    throw new AppError('conflict', `acknowledgedFindingIds: ${message}`, {
      errors: [{ path: 'acknowledgedFindingIds', message }],
    });
  }
  const { user } = context.auth;
  const history = approvalHistory(body.note ?? null, errors);
  return decide(
    services,
    context,
    { row, item },
    { status: proofStatus.Approved, unlockedForEdits: false },
    async (tx) => {
      await recordAction({ db: tx }, row.id, user.id, history.action, history.note);
      await enqueueEpub(tx, row.id);
    },
    { typeNotification: notificationType.ProofApproved },
  );
}
