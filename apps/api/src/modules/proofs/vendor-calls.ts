import { accounts, type Db, projects } from '@colophon/db';
import {
  type ProofSoftwareCall,
  proofSoftwareCall,
  proofSoftwareCalls,
  softwareOfSlug,
  softwareSlug,
} from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { ResourceContext } from '../../engine/resource';
import { invalidField } from '../../errors';
import { IntegrationError } from '../../integrations/proof-software';
import type { VisibleProof } from './decisions';
import { recordAction } from './query';

/** The software a path name stands for, when it takes this call (400 naming `software` otherwise). */
export function softwareTaking(call: ProofSoftwareCall, slug: string): number {
  const software = softwareOfSlug(slug);
  if (software !== null && proofSoftwareCall(software) === call) return software;
  const takers = proofSoftwareCalls.filter((entry) => entry.call === call).map((entry) => softwareSlug(entry.software));
  throw invalidField(
    'software',
    software === null
      ? `No software is called ${slug}; ${call} is taken by ${takers.join(', ')}.`
      : `${slug} takes no ${call} call; ${call} is taken by ${takers.join(', ')}.`,
  );
}

/**
 * An outside service failed: the proof's history keeps the attempt (staff see why a cancel or a send
 * did not happen), and the error goes on as a 502 with its reason in words. Nothing else changes.
 */
export async function recordFailedCall(
  context: ResourceContext,
  proofId: number,
  userId: number,
  what: string,
  error: unknown,
): Promise<never> {
  if (error instanceof IntegrationError) await recordAction(context, proofId, userId, `${what} failed`, error.message);
  throw error;
}

/** The software the proof's book is built with: the project's own, else its account's (0: none). */
export async function softwareOfProof(db: Db, proof: VisibleProof): Promise<number> {
  const [row] = await db
    .select({ project: projects.typeSoftware, account: accounts.typeSoftware })
    .from(projects)
    .innerJoin(accounts, eq(accounts.id, projects.accountId))
    .where(eq(projects.id, proof.row.projectId));
  return row?.project ?? row?.account ?? 0;
}
