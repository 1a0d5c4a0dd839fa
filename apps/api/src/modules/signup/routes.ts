import { signUpSchool } from '@colophon/contract';
import { projects, userAccounts, users } from '@colophon/db';
import { userRole, yearOfSchoolYear } from '@colophon/domain';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import type { ResourceContext } from '../../engine/resource';
import { AppError } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import { insertAccount, prepareNewAccount } from '../accounts/service';
import { type AccountRow, lineageOf } from '../accounts/tree';
import { sendSetPasswordLink } from '../auth/password-links';
import { checkProjectSpec, withAccountDefaults } from '../projects/rules';

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') return candidate.constraint === constraint;
    current = candidate.cause;
  }
  return false;
}

/**
 * School sign-up (`POST school_signups`, /admin/ypa): the school's account, its adviser (role 5,
 * no password yet), its project and agreement year, in one transaction — on any error nothing is
 * written. The welcome e-mail with a set-password link goes out after the commit.
 */
export async function registerSignupRoutes(app: FastifyInstance) {
  implement(app, signUpSchool, async function createSchoolSignup(request, reply) {
    const context: ResourceContext = { db: app.services.db, auth: callerOf(request), request };
    const { account: accountInput, adviser: adviserInput, project: projectInput, agreementYear } = request.body;

    // Every rule first, so that a refusal names its field before anything is written.
    const prepared = await prepareNewAccount(context, accountInput, 'account.');
    const parentLineage: AccountRow[] =
      accountInput.parentAccountId === null ? [] : await lineageOf(context, accountInput.parentAccountId);
    // The school does not exist yet: its project takes its parent's and grandparent's defaults.
    const futureAccount = {
      id: 0,
      typeSoftware: accountInput.typeSoftware,
      parentAccountId: accountInput.parentAccountId,
    } as AccountRow;
    const spec =
      parentLineage[0] !== undefined
        ? await withAccountDefaults(context.db, parentLineage[0], projectInput)
        : { ...projectInput };
    spec.typeSoftware = projectInput.typeSoftware !== undefined ? projectInput.typeSoftware : accountInput.typeSoftware;
    checkProjectSpec(context, futureAccount, spec, { prefix: 'project.' });

    const created = await context.db
      .transaction(async (tx) => {
        const account = await insertAccount(tx, accountInput, prepared);
        const [adviser] = await tx
          .insert(users)
          .values({
            email: adviserInput.email,
            firstName: adviserInput.firstName,
            lastName: adviserInput.lastName,
            timezone: adviserInput.timezone,
            role: userRole.SchoolYearbookAdviser,
          })
          .returning();
        if (!adviser) throw new Error('adviser insert returned nothing');
        await tx.insert(userAccounts).values({ userId: adviser.id, accountId: account.id });
        const { name, ...book } = spec;
        const [project] = await tx
          .insert(projects)
          .values({
            ...book,
            typeBook: book.typeBook as number,
            name: name ?? `${account.name} Yearbook ${agreementYear}`,
            accountId: account.id,
            year: yearOfSchoolYear(agreementYear),
            agreementYear,
            createdByUserId: context.auth.user.id,
          })
          .returning();
        if (!project) throw new Error('project insert returned nothing');
        return { account, adviser, project };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'users_email_key')) {
          throw new AppError('conflict', 'adviser.email: Another user already has this e-mail address.', {
            errors: [{ path: 'adviser.email', message: 'Another user already has this e-mail address.' }],
          });
        }
        throw error;
      });

    let welcomeEmail: 'sent' | 'failed' = 'sent';
    try {
      await sendSetPasswordLink(app, created.adviser, 'welcome');
    } catch (error) {
      request.log.error({ err: error }, 'the welcome e-mail of a school sign-up failed');
      welcomeEmail = 'failed';
    }
    return reply.status(201).send({
      account: jsonRow(created.account) as never,
      adviser: jsonRow(created.adviser) as never,
      project: jsonRow(created.project) as never,
      agreementYear,
      welcomeEmail,
    });
  });
}
