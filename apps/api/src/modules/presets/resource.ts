import { presetCreateSchema, presetListQuerySchema, presetSchema, presetUpdateSchema } from '@colophon/contract';
import { presets } from '@colophon/db';
import { type BookSpecification, bookSpecViolations } from '@colophon/domain';
import { eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountScope } from '../../access/scope';
import { defineResource, type ResourceContext } from '../../engine/resource';
import { forbidden, invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { findVisibleAccount, requireReferencedAccount } from '../accounts/tree';

describeConstraint('presets_account_name_key', 'name', 'This account already has a preset with this name.');

type Row = Record<string, unknown> & { id: number };

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
async function assertMayChange(context: ResourceContext, existing: Row) {
  if (!(await findVisibleAccount(context, existing.accountId as number))) {
    throw forbidden('This preset belongs to the account above yours; its owners change it.');
  }
}

/** Presets: saved book specifications to start a project from (/admin/presets). */
export const presetsResource = defineResource({
  name: 'presets',
  label: 'Preset',
  table: presets,
  item: presetSchema,
  listQuery: presetListQuerySchema,
  createBody: presetCreateSchema,
  updateBody: presetUpdateSchema,
  access: { read: 'projects.view', write: 'presets.manage' },
  sorts: { name: presets.name, createdAt: presets.createdAt },
  defaultSort: 'name',
  scope: (context) => {
    const visible = accountScope(context.auth);
    if (!visible) return undefined;
    return or(
      inArray(presets.accountId, visible),
      inArray(presets.accountId, ancestorAccountIdsSql(context.auth.user.id)),
    );
  },
  filters: (query: z.output<typeof presetListQuerySchema>) => [
    query.search ? ilike(presets.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    query.accountId?.length ? inArray(presets.accountId, query.accountId) : undefined,
  ],
  async validate(input, context) {
    if (input.accountId !== undefined) await requireReferencedAccount(context, input.accountId, 'accountId');
    checkSpecification(input.specification);
  },
  async create(input: z.output<typeof presetCreateSchema>, context) {
    const [row] = await context.db
      .insert(presets)
      .values({ ...input, createdByUserId: context.auth.user.id })
      .returning();
    if (!row) throw new Error('preset insert returned nothing');
    return row as unknown as Row;
  },
  async update(existing, input: z.output<typeof presetUpdateSchema>, context) {
    await assertMayChange(context, existing);
    const [row] = await context.db
      .update(presets)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(presets.id, existing.id))
      .returning();
    return row as unknown as Row;
  },
  async remove(existing, context) {
    await assertMayChange(context, existing);
    await context.db.delete(presets).where(eq(presets.id, existing.id));
    return null;
  },
  csv: [
    { header: 'Name', value: (row) => row.name as string },
    { header: 'Account', value: (row) => row.accountId as number },
    { header: 'Specification', value: (row) => JSON.stringify(row.specification) },
  ],
});
