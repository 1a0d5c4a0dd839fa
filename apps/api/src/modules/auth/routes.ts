import { authOperations } from '@colophon/contract';
import { passwordResetTokens, sessions, users } from '@colophon/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { AppError, invalidField, notFound } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import { forgetDevice, forgetDeviceCookie, knownDeviceOf, rememberDevice } from './known-devices';
import { sendSetPasswordLink, sha256 } from './password-links';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { immediateAccountsOf, permissionHashOf, sessionStateOf, toSessionUser } from './session-user';
import {
  freshSessionRecord,
  invalidateUserTokens,
  isMfaRequired,
  openSession,
  revokeSession,
  sessionHolds,
} from './sessions';
import { alertOwnerOfFailures, recordSignInAttempt, signInRefusalOf, tooManySignIns } from './throttle';
import { signIdentityToken } from './tokens';

export async function registerAuthRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, authOperations.signIn, async function signIn(request, reply) {
    const { email, password } = request.body;
    const refusal = await signInRefusalOf(services, email, request.ip);
    const [user] = await services.db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    // A browser this user completed a sign-in on goes past the limits with the right password (OWASP's
    // device cookie); anyone else meets them before any password check.
    const device = refusal && user ? await knownDeviceOf(services, request, user.id) : null;
    if (refusal && !device) throw tooManySignIns(refusal);
    let passwordOk = false;
    if (user) passwordOk = await verifyPassword(user.passwordHash, password);
    else await burnPasswordCheck(password);
    if (!user || !passwordOk || !user.isActive) {
      await recordSignInAttempt(services, email, request.ip, false);
      if (user) await alertOwnerOfFailures(services, user, email);
      if (refusal && device && !passwordOk) {
        await forgetDevice(services, device.id);
        throw tooManySignIns(refusal, { 'set-cookie': forgetDeviceCookie(request) });
      }
      throw new AppError(
        'unauthenticated',
        user && passwordOk && !user.isActive
          ? 'This user is deactivated. Ask your administrator to reactivate it.'
          : 'The e-mail or password is not right.',
      );
    }
    await recordSignInAttempt(services, email, request.ip, true);
    // The audit row of a sign-in names the person who signed in (no one is signed in yet).
    request.auditActorId = user.id;
    await services.db.update(users).set({ lastSignInAt: services.clock.now() }).where(eq(users.id, user.id));
    const mfaRequired = await isMfaRequired(services, user);
    // Only a complete sign-in makes a known device: with a second factor, that is after the code.
    if (!mfaRequired) await rememberDevice(services, request, reply, user.id);
    const { token } = await openSession(services, {
      userId: user.id,
      tokenVersion: user.tokenVersion,
      mfaRequired,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const sessionUser = toSessionUser(user, services);
    return { token, user: sessionUser, mfaRequired, permissionHash: permissionHashOf(sessionUser) };
  });

  implement(app, authOperations.sessionState, async function sessionState(request) {
    return sessionStateOf(services, callerOf(request));
  });

  implement(app, authOperations.userSessionData, async function userSessionData(request) {
    const auth = callerOf(request);
    // The session data of a user is theirs alone; anyone else's answers as missing.
    if (request.params.id !== auth.user.id) throw notFound(`User ${request.params.id}`);
    return sessionStateOf(services, auth);
  });

  implement(app, authOperations.signOut, async function signOut(request, reply) {
    await revokeSession(services, callerOf(request).sessionId);
    return reply.status(204).send(null);
  });

  implement(app, authOperations.forgotPassword, async function forgotPassword(request, reply) {
    const [user] = await services.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${request.body.email}`)
      .limit(1);
    // The answer is the same whether or not the address is known.
    if (user?.isActive) await sendSetPasswordLink(app, user, 'reset');
    return reply.status(202).send({ accepted: true as const });
  });

  implement(app, authOperations.resetPassword, async function resetPassword(request, reply) {
    const { token, password } = request.body;
    const [resetToken] = await services.db
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!resetToken) throw invalidField('token', 'This link has expired or was already used. Ask for a new one.');
    const passwordHash = await hashPassword(password);
    await services.db.transaction(async (tx) => {
      await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(eq(passwordResetTokens.id, resetToken.id));
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
        .where(eq(users.id, resetToken.userId));
    });
    await invalidateUserTokens(services, resetToken.userId);
    return reply.status(204).send(null);
  });

  implement(app, authOperations.changePassword, async function changePassword(request, reply) {
    const auth = callerOf(request);
    const { currentPassword, newPassword } = request.body;
    if (!(await verifyPassword(auth.user.passwordHash, currentPassword))) {
      throw invalidField('currentPassword', 'This is not your current password.');
    }
    if (currentPassword === newPassword) throw invalidField('newPassword', 'Choose a password you have not used here.');
    await services.db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), mustChangePassword: false, updatedAt: new Date() })
      .where(eq(users.id, auth.user.id));
    // Other devices sign in again; this one carries on.
    await services.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, auth.user.id), ne(sessions.id, auth.sessionId), isNull(sessions.revokedAt)));
    return reply.status(204).send(null);
  });

  implement(app, authOperations.impersonate, async function impersonate(request) {
    const auth = callerOf(request);
    if (auth.originalUser) throw new AppError('conflict', 'End the current impersonation first.');
    const [target] = await services.db.select().from(users).where(eq(users.id, request.body.userId)).limit(1);
    if (!target) throw notFound(`User ${request.body.userId}`);
    if (target.id === auth.user.id) throw invalidField('userId', 'You cannot impersonate yourself.');
    if (target.bSuperAdmin) throw invalidField('userId', 'Super administrators cannot be impersonated.');
    if (!target.isActive) throw invalidField('userId', 'This user is deactivated.');
    const { token } = await openSession(services, {
      userId: target.id,
      tokenVersion: target.tokenVersion,
      mfaRequired: false,
      originalUserId: auth.user.id,
      originalSessionId: auth.sessionId,
      // Logging out of the original session ends this one too; its expiry must not outlast it either.
      notAfter: auth.expiresAt,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const sessionUser = toSessionUser(target, services);
    return { token, user: sessionUser, permissionHash: permissionHashOf(sessionUser) };
  });

  implement(app, authOperations.endImpersonation, async function endImpersonation(request) {
    const auth = callerOf(request);
    const original = auth.originalUser;
    if (!original) throw new AppError('conflict', 'You are not impersonating anyone.');
    const impersonation = await freshSessionRecord(services, auth.sessionId);
    await revokeSession(services, auth.sessionId);
    const originalSession = impersonation?.originalSession ?? null;
    // Only the super administrator's own session, still holding, is restored: never a new one, or an
    // impersonation token would outlive its super admin's logout as a fresh super-admin token.
    const restorable =
      originalSession &&
      impersonation?.originalUser &&
      sessionHolds(
        { session: originalSession, user: impersonation.originalUser, originalSession: null, originalUser: null },
        Date.now(),
      );
    if (!restorable) throw new AppError('unauthenticated', 'Your session has ended. Please sign in again.');
    // Spec part 4: a restored user without accounts is signed out.
    if ((await immediateAccountsOf(services, original.id)).length === 0) {
      await revokeSession(services, originalSession.id);
      return { outcome: 'signedOut' as const };
    }
    // The original session carries on, with its multi-factor requirement cleared.
    await services.db.update(sessions).set({ mfaRequired: false }).where(eq(sessions.id, originalSession.id));
    const token = await signIdentityToken(
      services.tokenSecret,
      { sid: originalSession.id, sub: String(original.id), ver: original.tokenVersion },
      originalSession.expiresAt,
    );
    const sessionUser = toSessionUser(original, services);
    return { outcome: 'restored' as const, token, user: sessionUser, permissionHash: permissionHashOf(sessionUser) };
  });
}
