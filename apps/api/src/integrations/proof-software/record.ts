import { type Db, proofSoftwareActions } from '@colophon/db';
import type { ProofSoftwareActionRecord } from './adapter';

/** Keeps one call carried to a software, whichever adapter carried it. */
export async function recordSoftwareAction(
  db: Db,
  values: Omit<ProofSoftwareActionRecord, 'id' | 'createdAt'>,
): Promise<ProofSoftwareActionRecord> {
  const [row] = await db.insert(proofSoftwareActions).values(values).returning();
  if (!row) throw new Error('proof_software_actions: the insert returned nothing');
  return { ...row, action: row.action === 'cancel' ? 'cancel' : 'reject' };
}
