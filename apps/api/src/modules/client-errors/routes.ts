import { clientErrorOperations, clientErrorsContract } from '@colophon/contract';
import { clientErrorReports, clientErrors, users } from '@colophon/db';
import { CLIENT_ERROR_REPORTS_KEPT } from '@colophon/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement, registerResource } from '../../engine/implement';
import { AppError } from '../../errors';
import { takeHit } from '../../rate-limit';
import { fileClientErrors } from './service';

const iso = (value: Date | null) => value?.toISOString() ?? '';

type GroupRow = typeof clientErrors.$inferSelect & { lastUserName?: string | null; lastUserEmail?: string | null };

/** The last reporter's name and e-mail for a page of groups, in one query. */
async function fillLastUsers(rows: GroupRow[], db: FastifyInstance['services']['db']): Promise<void> {
  const ids = [...new Set(rows.map((row) => row.lastUserId).filter((id) => id !== null))];
  const found = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(found.map((user) => [user.id, user]));
  for (const row of rows) {
    const user = row.lastUserId === null ? undefined : byId.get(row.lastUserId);
    row.lastUserName = user ? `${user.firstName} ${user.lastName}`.trim() || null : null;
    row.lastUserEmail = user?.email ?? null;
  }
}

/**
 * Part 8's error reporting to the API (issue 15): the web's reports in, grouped; the groups and a
 * group's latest reports out, for super administrators; the web's runtime settings (Sentry or us).
 */
export async function registerClientErrorRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, clientErrorOperations.report, async function reportClientErrors(request, reply) {
    await takeHit(services, 'clientErrors', request.ip);
    const filed = await fileClientErrors(services, request.body.reports, {
      auth: request.auth,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return reply.code(202).send(filed);
  });

  registerResource(app, clientErrorsContract, {
    table: clientErrors,
    hooks: { fill: (rows, context) => fillLastUsers(rows, context.db) },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Message', value: (row) => row.message },
      { header: 'Where', value: (row) => row.firstFrame },
      { header: 'Count', value: (row) => row.count },
      { header: 'First seen', value: (row) => iso(row.firstSeenAt) },
      { header: 'Last seen', value: (row) => iso(row.lastSeenAt) },
      { header: 'Last user', value: (row) => row.lastUserEmail },
      { header: 'Last URL', value: (row) => row.lastUrl },
    ],
  });

  implement(app, clientErrorOperations.reports, async function latestClientErrorReports(request) {
    const [group] = await services.db
      .select({ id: clientErrors.id })
      .from(clientErrors)
      .where(eq(clientErrors.id, request.params.id));
    if (!group) throw new AppError('not_found', `Client error ${request.params.id} was not found.`);
    const rows = await services.db
      .select()
      .from(clientErrorReports)
      .where(eq(clientErrorReports.groupId, group.id))
      .orderBy(desc(clientErrorReports.createdAt), desc(clientErrorReports.id))
      .limit(CLIENT_ERROR_REPORTS_KEPT);
    return {
      data: rows.map((row) => ({
        id: row.id,
        message: row.message,
        stack: row.stack,
        context: row.context,
        url: row.url,
        userId: row.userId,
        userEmail: row.userEmail,
        userName: row.userName,
        userAgent: row.userAgent,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });

  implement(app, clientErrorOperations.config, async function clientConfig() {
    return {
      sentryDsn: services.config.sentry.dsn ?? null,
      environment: services.config.sentry.environment,
      rosterUrl: services.config.rosterUrl,
    };
  });
}
