import { presetsContract } from '@colophon/contract';
import { presets } from '@colophon/db';
import { type BookSpecification, bookSpecViolations } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisibleOrAbove } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import type { ResourceContext } from '../../engine/resource';
import { forbidden, invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { findVisibleAccount, requireReferencedAccount } from '../accounts/tree';

describeConstraint('presets_account_name_key', 'name', 'This account already has a preset with this name.');

type Preset = typeof presets.$inferSelect;

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
    // A preset is read from the caller's tree and from the accounts above it (whose presets they may start from).
    scope: (context) => accountVisibleOrAbove(context.auth, presets.accountId),
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
