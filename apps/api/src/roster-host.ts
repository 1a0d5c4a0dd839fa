import { createHash } from 'node:crypto';
import { can, isMethodAllowedDuringImpersonation } from '@colophon/domain';
import type { DashboardCaller, ProblemCode, RosterHost } from '@colophon/roster';
import { visibleAccountIds } from './access/scope';
import type { AuthContext, Services } from './context';
import { AppError } from './errors';
import { openWithKey, sealWithKey } from './integrations/accounting/token-crypto';
import { readCaller, resolveSession } from './modules/auth/sessions';
import { registerErrorHandler, sendProblem } from './plugins/problems';

/**
 * What the roster service takes from the dashboard (see apps/roster/src/host.ts): the dashboard's
 * own session resolution, tenant visibility, problem+json handler and sealing, handed over as
 * functions so the roster never imports the dashboard that mounts it.
 */
export function createRosterHost(services: Services, options: { secretKey?: string | undefined } = {}): RosterHost {
  const callerOf = (auth: AuthContext): DashboardCaller => ({
    sessionId: auth.sessionId,
    user: { id: auth.user.id, bSuperAdmin: auth.user.bSuperAdmin },
    mfaPending: auth.mfaRequired && !auth.mfaValidated,
    can: (permission) => can(auth.user, permission),
    allowsMethod: (method) =>
      !auth.originalUser ||
      isMethodAllowedDuringImpersonation(method, auth.originalUser.id, services.config.privilegedUserIds),
  });
  // ROSTER_SECRET_KEY when set; else (the embedded default) derived from the token secret, which every
  // process of one database shares.
  const key = createHash('sha256')
    .update('colophon:roster-secrets:')
    .update(options.secretKey ?? services.tokenSecret)
    .digest();
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
    secrets: {
      seal: (plain) => sealWithKey(plain, key),
      open: (sealed) => openWithKey(sealed, key),
    },
  };
}
