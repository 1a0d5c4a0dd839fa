import { randomInt } from 'node:crypto';
import { authOperations } from '@colophon/contract';
import { mfaAttempts, mfaCodes, sessions, users } from '@colophon/db';
import { MFA_SENDS_PER_USER, MFA_WINDOW_MINUTES } from '@colophon/domain';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { generateSecret, generateURI } from 'otplib';
import type { AuthContext } from '../../context';
import { implement } from '../../engine/implement';
import { AppError, invalidField } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import { rememberDevice } from './known-devices';
import { alertOwnerOfWrongCodes, mfaRefusalOf, verifyTotp } from './mfa-limits';
import { sha256 } from './password-links';

export const MFA_CODE_MINUTES = 10;
export const MFA_MAX_TRIES = 5;
const WINDOW_MS = MFA_WINDOW_MINUTES * 60_000;

const codeHashOf = (sessionId: string, code: string) => sha256(`${sessionId}:${code}`);

/** The body repeats the user id and token (spec part 7); both must be the caller's own. */
function assertOwnSession(request: FastifyRequest, auth: AuthContext, body: { user_id: number; token: string }) {
  if (body.user_id !== auth.user.id) throw invalidField('user_id', 'This is not the signed-in user.');
  const bearer = request.headers.authorization?.slice(7).trim();
  if (body.token !== bearer) throw invalidField('token', 'This is not the token of the current session.');
}

export async function registerMfaRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, authOperations.sendMfaCode, async function sendMfaCode(request) {
    const auth = callerOf(request);
    assertOwnSession(request, auth, request.body);
    const { method } = request.body;
    if (method === 'totp' && !auth.user.totpSecret) {
      throw invalidField('method', 'No authenticator app is set up for this user. Use e-mail instead.');
    }
    const now = services.clock.now();
    // Per user, not per session: signing in again does not buy more codes (nor more e-mails).
    const [recent] = await services.db
      .select({ sends: count() })
      .from(mfaCodes)
      .where(and(eq(mfaCodes.userId, auth.user.id), gt(mfaCodes.createdAt, new Date(now.getTime() - WINDOW_MS))));
    if (Number(recent?.sends ?? 0) >= MFA_SENDS_PER_USER) {
      throw new AppError(
        'too_many_requests',
        `Too many codes asked for. Wait up to ${MFA_WINDOW_MINUTES} minutes and try again.`,
        { headers: { 'retry-after': String(MFA_WINDOW_MINUTES * 60) } },
      );
    }
    // A new code retires every earlier one of this session.
    await services.db
      .update(mfaCodes)
      .set({ usedAt: now })
      .where(and(eq(mfaCodes.sessionId, auth.sessionId), isNull(mfaCodes.usedAt)));
    const expiresAt = new Date(now.getTime() + MFA_CODE_MINUTES * 60_000);
    if (method === 'totp') {
      await services.db.insert(mfaCodes).values({
        sessionId: auth.sessionId,
        userId: auth.user.id,
        method,
        codeHash: null,
        expiresAt,
        createdAt: now,
      });
      return { method, sentTo: null };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await services.db.insert(mfaCodes).values({
      sessionId: auth.sessionId,
      userId: auth.user.id,
      method,
      codeHash: codeHashOf(auth.sessionId, code),
      expiresAt,
      createdAt: now,
    });
    await services.mailer.send({
      to: auth.user.email,
      subject: 'Your Colophon verification code',
      text: `Your Colophon verification code is ${code}. It works once, for ${MFA_CODE_MINUTES} minutes.\n`,
    });
    if (services.config.demo) request.log.info({ email: auth.user.email, code }, 'MFA code (demo mode)');
    return { method, sentTo: auth.user.email };
  });

  implement(app, authOperations.validateMfaCode, async function validateMfaCode(request, reply) {
    const auth = callerOf(request);
    assertOwnSession(request, auth, request.body);
    const refusal = await mfaRefusalOf(services, auth.user.id);
    if (refusal) throw refusal;
    const [pending] = await services.db
      .select()
      .from(mfaCodes)
      .where(and(eq(mfaCodes.sessionId, auth.sessionId), isNull(mfaCodes.usedAt)))
      .orderBy(desc(mfaCodes.id))
      .limit(1);
    if (!pending) throw invalidField('code', 'Ask for a code first.');
    if (pending.expiresAt.getTime() <= services.clock.now().getTime()) {
      throw new AppError('gone', 'This code has expired. Ask for a new one.', {
        errors: [{ path: 'code', message: 'This code has expired. Ask for a new one.' }],
      });
    }
    if (pending.attempts >= MFA_MAX_TRIES) {
      throw new AppError('too_many_requests', 'Too many wrong codes. Ask for a new one.', {
        errors: [{ path: 'code', message: 'Too many wrong codes. Ask for a new one.' }],
      });
    }
    const { code } = request.body;
    const valid =
      pending.method === 'totp'
        ? auth.user.totpSecret !== null && (await verifyTotp(auth.user.totpSecret, code))
        : pending.codeHash === codeHashOf(auth.sessionId, code);
    await services.db.insert(mfaAttempts).values({
      userId: auth.user.id,
      sessionId: auth.sessionId,
      succeeded: valid,
      ip: request.ip,
      createdAt: services.clock.now(),
    });
    if (!valid) {
      const overLimit = await mfaRefusalOf(services, auth.user.id);
      if (overLimit) {
        await alertOwnerOfWrongCodes(services, auth.user);
        throw overLimit;
      }
      const attempts = pending.attempts + 1;
      await services.db.update(mfaCodes).set({ attempts }).where(eq(mfaCodes.id, pending.id));
      const left = MFA_MAX_TRIES - attempts;
      const message =
        left > 0
          ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : 'Too many wrong codes. Ask for a new one.';
      throw invalidField('code', message);
    }
    await services.db.update(mfaCodes).set({ usedAt: services.clock.now() }).where(eq(mfaCodes.id, pending.id));
    await services.db.update(sessions).set({ mfaValidated: true }).where(eq(sessions.id, auth.sessionId));
    // The sign-in is complete only now: this browser becomes a known device of the user.
    await rememberDevice(services, request, reply, auth.user.id);
    return { mfaValidated: true as const };
  });

  implement(app, authOperations.setUpTotp, async function setUpTotp(request) {
    const auth = callerOf(request);
    const secret = generateSecret();
    await services.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, auth.user.id));
    return { secret, otpauthUrl: generateURI({ issuer: 'Colophon', label: auth.user.email, secret }) };
  });

  implement(app, authOperations.enableTotp, async function enableTotp(request, reply) {
    const auth = callerOf(request);
    const pending = auth.user.totpPendingSecret;
    if (!pending) throw invalidField('code', 'Start the authenticator set-up first.');
    if (!(await verifyTotp(pending, request.body.code))) {
      throw invalidField('code', 'That code is not right. Check the time on your phone and try again.');
    }
    await services.db
      .update(users)
      .set({ totpSecret: pending, totpPendingSecret: null, mfaMethod: 'totp', updatedAt: new Date() })
      .where(eq(users.id, auth.user.id));
    return reply.status(204).send(null);
  });

  implement(app, authOperations.changeMfaMethod, async function changeMfaMethod(request, reply) {
    const auth = callerOf(request);
    const { method } = request.body;
    if (method === 'totp' && !auth.user.totpSecret) {
      throw invalidField('method', 'Set up the authenticator app first.');
    }
    await services.db
      .update(users)
      .set({ mfaMethod: method, ...(method === null ? { totpSecret: null } : {}), updatedAt: new Date() })
      .where(eq(users.id, auth.user.id));
    return reply.status(204).send(null);
  });
}
