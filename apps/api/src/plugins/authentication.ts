import { can, INVALID_METHOD_MESSAGE, isMethodAllowedDuringImpersonation } from '@colophon/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { resolveSession } from '../modules/auth/sessions';

/**
 * Every /api request passes here in this order: identify the caller, the impersonation method rule
 * (spec part 6: before any other access rule), the multi-factor gate, then the route's permission.
 */
export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  // A request that may have written (a role, a password, an MFA step…) drops this process's remembered
  // sessions before it answers, so the caller's next request reads them afresh. Other processes hear
  // of the change from the database (migration 0007); on PGlite that notice is even synchronous.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      app.services.sessionCache.clear();
    }
  });

  app.addHook('onRequest', async (request) => {
    const routeConfig = request.routeOptions.config;
    const url = request.routeOptions.url;
    // Unknown routes (the 404 handler answers), the web app's files and the API docs need no session.
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (token) request.auth = await resolveSession(app.services, token);
    if (routeConfig.public) return;
    const auth = request.auth;
    if (!auth) {
      throw new AppError(
        'unauthenticated',
        token ? 'Your session has ended. Please sign in again.' : 'Please sign in to continue.',
      );
    }
    if (
      auth.originalUser &&
      !isMethodAllowedDuringImpersonation(request.method, auth.originalUser.id, app.services.config.privilegedUserIds)
    ) {
      throw new AppError('invalid_method', INVALID_METHOD_MESSAGE);
    }
    if (auth.mfaRequired && !auth.mfaValidated && !routeConfig.mfaStep) {
      throw new AppError('mfa_required', 'Enter your verification code to continue.');
    }
    if (auth.user.mustChangePassword && !auth.originalUser && !routeConfig.mfaStep && !routeConfig.passwordStep) {
      throw new AppError('password_change_required', 'Choose a new password to continue.');
    }
    if (routeConfig.permission && !can(auth.user, routeConfig.permission)) {
      throw new AppError('forbidden', 'You do not have permission to do this.');
    }
  });
}

/** The caller of an authenticated route (the hook above has already refused anyone else). */
export function callerOf(request: { auth: import('../context').AuthContext | null }) {
  if (!request.auth) throw new AppError('unauthenticated', 'Please sign in to continue.');
  return request.auth;
}
