import { createHash, randomBytes } from 'node:crypto';
import { knownDevices } from '@colophon/db';
import { KNOWN_DEVICE_DAYS } from '@colophon/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../context';

/**
 * OWASP's device cookie: a browser that completed a sign-in as a user holds a random token (only its
 * hash is kept), and with the right password it is let in even while someone else's wrong guesses
 * slow the account down. The cookie is httpOnly (no script reads it), SameSite=Lax, Secure over HTTPS,
 * and sent to the API only.
 */
export const DEVICE_COOKIE = 'colophon_device';
const MAX_AGE_SECONDS = KNOWN_DEVICE_DAYS * 24 * 3600;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The value of one cookie from the Cookie header (no cookie library is needed for one name). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

function deviceCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${value}; Path=/api; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie that makes the browser drop a device token this server no longer trusts. */
export const forgetDeviceCookie = (request: FastifyRequest) => deviceCookie(request, '', 0);

/** The request's device, when its cookie is a live token of this user's. */
export async function knownDeviceOf(
  services: Services,
  request: FastifyRequest,
  userId: number,
): Promise<{ id: number } | null> {
  const token = cookieValue(request.headers.cookie, DEVICE_COOKIE);
  if (!token) return null;
  const seenSince = new Date(services.clock.now().getTime() - MAX_AGE_SECONDS * 1000);
  const [device] = await services.db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.tokenHash, sha256(token)),
        eq(knownDevices.userId, userId),
        gt(knownDevices.lastSeenAt, seenSince),
      ),
    )
    .limit(1);
  return device ?? null;
}

/**
 * After a complete sign-in (password, and the second factor when asked): the browser becomes, or stays,
 * a known device of the user. One cookie per browser: a shared computer remembers its latest user.
 */
export async function rememberDevice(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const now = services.clock.now();
  const existing = await knownDeviceOf(services, request, userId);
  if (existing) {
    await services.db.update(knownDevices).set({ lastSeenAt: now }).where(eq(knownDevices.id, existing.id));
    const token = cookieValue(request.headers.cookie, DEVICE_COOKIE) ?? '';
    reply.header('set-cookie', deviceCookie(request, token, MAX_AGE_SECONDS));
    return;
  }
  const token = randomBytes(32).toString('base64url');
  await services.db.insert(knownDevices).values({
    userId,
    tokenHash: sha256(token),
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    createdAt: now,
    lastSeenAt: now,
  });
  reply.header('set-cookie', deviceCookie(request, token, MAX_AGE_SECONDS));
}

/** A device that let a wrong password past a limit is trusted no more: a stolen cookie buys one guess. */
export async function forgetDevice(services: Services, deviceId: number): Promise<void> {
  await services.db.delete(knownDevices).where(eq(knownDevices.id, deviceId));
}
