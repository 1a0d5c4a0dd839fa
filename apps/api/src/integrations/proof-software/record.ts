import { type Db, proofSoftwareActions } from '@colophon/db';
import type { ProofSoftwareCall } from '@colophon/domain';
import type { ProofSoftwareActionRecord } from './adapter';

/** Keeps one call carried to a software, whichever adapter carried it. */
export async function recordSoftwareAction(
  db: Db,
  values: {
    proofId: number;
    software: number;
    action: ProofSoftwareCall;
    reason: string | null;
    adapter: string;
    externalRef: string | null;
    requestedBy: number | null;
  },
): Promise<ProofSoftwareActionRecord> {
  const [row] = await db.insert(proofSoftwareActions).values(values).returning();
  if (!row) throw new Error('proof_software_actions: the insert returned nothing');
  return { ...row, action: row.action === 'cancel' ? 'cancel' : 'reject' };
}
