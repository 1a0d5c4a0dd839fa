import { projects } from '@colophon/db';
import { heldRecordMessage } from '@colophon/domain';
import { and, count, eq } from 'drizzle-orm';
import type { ResourceContext } from '../../engine/resource';
import { AppError } from '../../errors';

/**
 * An account is deactivated only once its projects are (issue 15): an active project under an
 * inactive account would be left without its school. 409 saying what holds it. (Its active child
 * accounts are refused before this, by the account's own rule.)
 */
export async function refuseAccountWithProjects(
  context: Pick<ResourceContext, 'db'>,
  accountId: number,
): Promise<void> {
  const [active] = await context.db
    .select({ total: count() })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), eq(projects.isActive, true)));
  const held = heldRecordMessage('Account', accountId, [
    { one: 'active project', many: 'active projects', count: Number(active?.total ?? 0) },
  ]);
  if (held) throw new AppError('conflict', `${held} Close them first.`);
}
