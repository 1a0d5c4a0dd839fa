import { type Db, proofAutomationSends } from '@colophon/db';
import type { ProofAutomationSendRecord } from './adapter';

/** Keeps one send, whichever adapter made it and however it ended. */
export async function recordAutomationSend(
  db: Db,
  values: Omit<ProofAutomationSendRecord, 'id' | 'createdAt'>,
): Promise<ProofAutomationSendRecord> {
  const [row] = await db.insert(proofAutomationSends).values(values).returning();
  if (!row) throw new Error('proof_automation_sends: the insert returned nothing');
  return { ...row, status: row.status === 'failed' ? 'failed' : 'sent' };
}
