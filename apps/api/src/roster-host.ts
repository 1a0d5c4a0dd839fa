import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { queueContracts } from '@colophon/contract';
import { auditLog } from '@colophon/db';
import { can, isMethodAllowedDuringImpersonation } from '@colophon/domain';
import type { DashboardCaller, ProblemCode, RosterHost } from '@colophon/roster';
import { visibleAccountIds } from './access/scope';
import type { AuthContext, Services } from './context';
import { AppError } from './errors';
import { openWithKey, sealWithKey } from './integrations/accounting/token-crypto';
import { readCaller, resolveSession } from './modules/auth/sessions';
import { refusedTransition } from './modules/processing/resources';
import { auditDetail } from './plugins/audit';
import { registerErrorHandler, sendProblem } from './plugins/problems';
import { applyPersonAction } from './queue';
import { takeHit } from './rate-limit';

/**
 * What the roster service takes from the dashboard (see apps/roster/src/host.ts): the dashboard's
 * own session resolution, tenant visibility, problem+json handler and sealing, handed over as
 * functions so the roster never imports the dashboard that mounts it.
 */
export function createRosterHost(services: Services, options: { secretKey?: string | undefined } = {}): RosterHost {
  // The dashboard session behind each caller handed to the roster: the person at the keyboard during
  // an impersonation is read from it for the job's history and the audit row.
  const authOf = new WeakMap<DashboardCaller, AuthContext>();
  const actorOf = (caller: DashboardCaller) => {
    const auth = authOf.get(caller);
    return {
      actorUserId: auth?.originalUser?.id ?? caller.user.id,
      asUserId: auth?.originalUser ? caller.user.id : null,
    };
  };
  const callerOf = (auth: AuthContext): DashboardCaller => {
    const caller: DashboardCaller = {
      sessionId: auth.sessionId,
      user: { id: auth.user.id, bSuperAdmin: auth.user.bSuperAdmin },
      mfaPending: auth.mfaRequired && !auth.mfaValidated,
      can: (permission) => can(auth.user, permission),
      allowsMethod: (method) =>
        !auth.originalUser ||
        isMethodAllowedDuringImpersonation(method, auth.originalUser.id, services.config.privilegedUserIds),
    };
    authOf.set(caller, auth);
    return caller;
  };
  // ROSTER_SECRET_KEY when set; else (the embedded default) derived from the token secret, which every
  // process of one database shares.
  const key = createHash('sha256')
    .update('colophon:roster-secrets:')
    .update(options.secretKey ?? services.tokenSecret)
    .digest();
  // Links get their own key, so a link's signature can never be a sealed secret's or a session's.
  const linkKey = createHash('sha256').update('colophon:roster-links:').update(services.tokenSecret).digest();
  const signLink = (text: string) => createHmac('sha256', linkKey).update(text).digest('base64url');
  return {
    async resolveBearer(token) {
      const auth = await resolveSession(services, token);
      return auth ? callerOf(auth) : null;
    },
    async callerOfSession(sessionId, userId) {
      const auth = await readCaller(services, sessionId, userId);
      return auth ? callerOf(auth) : null;
    },
    visibleAccountIds: (caller) => visibleAccountIds(caller),
    registerErrorHandler,
    sendProblem,
    problem(code: ProblemCode, detail, field) {
      return field
        ? new AppError(code, `${field}: ${detail}`, { errors: [{ path: field, message: detail }] })
        : new AppError(code, detail);
    },
    files: services.files,
    async moveRosterJob(caller, id, action) {
      const outcome = await applyPersonAction(services.db, 'roster', id, action, {
        userId: actorOf(caller).actorUserId,
      });
      if (outcome.outcome !== 'moved') refusedTransition(queueContracts.queue_roster.label, id, outcome);
      return outcome.row;
    },
    async audit(caller, request) {
      // The same row the dashboard's audit hook (plugins/audit.ts) writes for its own writes.
      const { actorUserId, asUserId } = actorOf(caller);
      const params = (request.params ?? {}) as Record<string, unknown>;
      await services.db.insert(auditLog).values({
        actorUserId,
        asUserId,
        action: request.method,
        resource: (request.routeOptions.url ?? request.url).replace(/^\//, '').slice(0, 64),
        resourceId: params.id !== undefined ? String(params.id) : null,
        detail: auditDetail(
          params,
          request.body,
          Boolean(request.routeOptions.schema?.body),
          Number(request.headers['content-length']) || undefined,
        ),
        ip: request.ip,
        userAgent: request.headers['user-agent']?.replaceAll('\u0000', '').slice(0, 500) ?? null,
      });
    },
    takeHit: (bucket, subject) => takeHit(services, bucket, subject),
    signLink,
    verifyLink(text, signature) {
      const expected = Buffer.from(signLink(text));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    secrets: {
      seal: (plain) => sealWithKey(plain, key),
      open: (sealed) => openWithKey(sealed, key),
    },
  };
}
