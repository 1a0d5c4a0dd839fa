import { notifications, proofInternalActions, proofs, queueEpubs } from '@colophon/db';
import { notificationType, proofStatus } from '@colophon/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProofWorkers } from '../src/modules/proofs/workers';
import { ADVISER, OWNER, type TestApp } from './harness';
import { type AccountProject, closeProofTestApp, createProofTestApp, insertProof } from './proof-fixtures';

let t: TestApp;
let workers: ProofWorkers;
let lincoln: AccountProject;

beforeAll(async () => {
  ({ t, workers, lincoln } = await createProofTestApp());
  // Sign both people in before the race, so the race is between decisions and not sign-ins.
  await t.tokenFor(ADVISER);
  await t.tokenFor(OWNER);
}, 90_000);
afterAll(() => closeProofTestApp(t, workers));

const decisionNotifications = () =>
  t.handle.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.projectId, lincoln.projectId),
        inArray(notifications.typeNotification, [notificationType.ProofApproved, notificationType.ProofRejected]),
      ),
    );

type Decision = 'approve' | 'reject';
const DECISIONS = ['approve', 'reject'] as const satisfies readonly Decision[];

describe('two people deciding one proof at once (reject checks the status; approve must too)', () => {
  it.each([
    { first: 'approve', round: 21 },
    { first: 'reject', round: 22 },
  ] as const)(
    'of 10 approvals and rejections fired together ($first first), exactly one wins',
    async ({ first, round }) => {
      const proof = await insertProof(t, lincoln.projectId, { roundNumber: round });
      const before = (await decisionNotifications()).length;
      const order = first === 'approve' ? DECISIONS : [...DECISIONS].reverse();
      const calls = Array.from({ length: 10 }, (_, index) => {
        const decision: Decision = order[index % 2] as Decision;
        return { decision, as: index % 4 < 2 ? ADVISER : OWNER };
      });

      const responses = await Promise.all(
        calls.map(({ decision, as }) =>
          t.call({
            method: 'POST',
            url: `/api/proofs/${proof.id}/${decision}`,
            as,
            payload: decision === 'reject' ? { reason: 'Page 2 photo is blurry' } : {},
          }),
        ),
      );

      const winners = responses.flatMap((response, index) => (response.statusCode === 200 ? [calls[index]!] : []));
      const statuses = responses.map((response) => response.statusCode).join(' ');
      expect(winners, `statuses: ${statuses}`).toHaveLength(1);
      const winner = winners[0]!;
      const outcome = winner.decision === 'approve' ? 'approved' : 'rejected';
      for (const response of responses.filter((response) => response.statusCode !== 200)) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().detail).toBe(`Proof ${proof.id} was already ${outcome}.`);
      }

      const [stored] = await t.handle.db.select().from(proofs).where(eq(proofs.id, proof.id));
      expect(stored?.status).toBe(winner.decision === 'approve' ? proofStatus.Approved : proofStatus.Rejected);
      expect(stored?.unlockedForEdits).toBe(winner.decision === 'reject');
      const history = await t.handle.db
        .select({ action: proofInternalActions.action })
        .from(proofInternalActions)
        .where(eq(proofInternalActions.proofId, proof.id));
      expect(history).toEqual([{ action: outcome }]);
      expect(await decisionNotifications()).toHaveLength(before + 1);
      const epubs = await t.handle.db
        .select({ id: queueEpubs.id })
        .from(queueEpubs)
        .where(sql`${queueEpubs.payload}->>'proofId' = ${String(proof.id)}`);
      expect(epubs).toHaveLength(winner.decision === 'approve' ? 1 : 0);
    },
  );
});
