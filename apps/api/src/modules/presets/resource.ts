import { presetsContract } from '@colophon/contract';
import { presets } from '@colophon/db';
import { type BookSpecification, bookSpecViolations } from '@colophon/domain';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountScope } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import type { ResourceContext } from '../../engine/resource';
import { forbidden, invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { findVisibleAccount, requireReferencedAccount } from '../accounts/tree';

describeConstraint('presets_account_name_key', 'name', 'This account already has a preset with this name.');

type Preset = typeof presets.$inferSelect;

/** The accounts above the caller's own (their parents and grandparents), whose presets they may start from. */
function ancestorAccountIdsSql(userId: number): SQL {
  return sql`(
    select a.parent_account_id from accounts a
    where a.id in (select ua.account_id from user_accounts ua where ua.user_id = ${userId}) and a.parent_account_id is not null
    union all
    select p.parent_account_id from accounts a join accounts p on p.id = a.parent_account_id
    where a.id in (select ua.account_id from user_accounts ua where ua.user_id = ${userId}) and p.parent_account_id is not null
  )`;
}

function checkSpecification(specification: BookSpecification | undefined) {
  if (!specification) return;
  const [violation] = bookSpecViolations(specification);
  if (violation) throw invalidField(`specification.${violation.path}`, violation.message);
}

/** Only the owners of a preset's account change it; a school reads its studio's presets but keeps its own. */
async function assertMayChange(context: ResourceContext, existing: Preset) {
  if (!(await findVisibleAccount(context, existing.accountId))) {
    throw forbidden('This preset belongs to the account above yours; its owners change it.');
  }
}

/** Presets: saved book specifications to start a project from (/admin/presets). */
export function registerPresetsResource(app: FastifyInstance) {
  registerResource(app, presetsContract, {
    table: presets,
    scope: (context) => {
      const visible = accountScope(context.auth);
      if (!visible) return undefined;
      return or(
        inArray(presets.accountId, visible),
        inArray(presets.accountId, ancestorAccountIdsSql(context.auth.user.id)),
      );
    },
    hooks: {
      async validate(input, context) {
        if (input.accountId !== undefined) await requireReferencedAccount(context, input.accountId, 'accountId');
        checkSpecification(input.specification);
      },
      async create(input, context) {
        const [row] = await context.db
          .insert(presets)
          .values({ ...input, createdByUserId: context.auth.user.id })
          .returning();
        if (!row) throw new Error('preset insert returned nothing');
        return row;
      },
      async update(existing, input, context) {
        await assertMayChange(context, existing);
        const [row] = await context.db
          .update(presets)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(presets.id, existing.id))
          .returning();
        return row;
      },
      async remove(existing, context) {
        await assertMayChange(context, existing);
        await context.db.delete(presets).where(eq(presets.id, existing.id));
        return null;
      },
    },
    csv: [
      { header: 'Name', value: (row) => row.name },
      { header: 'Account', value: (row) => row.accountId },
      { header: 'Specification', value: (row) => JSON.stringify(row.specification) },
    ],
  });
}
