import { auditLog } from '@colophon/db';
import { CHANGE_REASON_HEADER, checkChangeReason } from '@colophon/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What the audit row keeps as the body, set by a route whose body is not JSON (an upload's
     * bytes: what was stored). Otherwise the row keeps the body the route's schema validated.
     */
    auditBody: Record<string, unknown> | null;
    /**
     * Who did it, set by a route that acts for someone not yet signed in (the sign-in itself: the
     * person signing in). Otherwise the signed-in user is the actor.
     */
    auditActorId: number | null;
    /**
     * Why the change is made (`x-change-reason`, the record editor's reason): the audit row keeps it.
     * A write may send it; the super administrator's proof writes must (`requireChangeReason`).
     */
    changeReason: string | null;
  }
}

const reasonRefused = (message: string) =>
  new AppError('validation', message, { errors: [{ path: CHANGE_REASON_HEADER, message }] });

/** A 400 naming `x-change-reason` when the write came without a reason. */
export function requireChangeReason(request: FastifyRequest): string {
  const check = checkChangeReason(request.headers[CHANGE_REASON_HEADER], true);
  if (!check.ok) throw reasonRefused(check.message);
  return check.reason ?? '';
}

const SECRET_KEY = /password|token|code|secret|data|hash/i;
/** A payment card (the checkout's `payment.card`, a stored card's `card`): never kept, whatever it holds. */
const CARD_KEY = /^(card|cvc)$/i;

/** The most JSON one audit row keeps of the request (its params and validated body). */
export const AUDIT_DETAIL_MAX_CHARS = 8192;
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;
const MAX_STRING = 500;

/**
 * Keeps the shape of what was sent without keeping a password, code or file body, and within
 * bounds: deeper levels, long lists and long strings are cut with a marker.
 */
function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…[cut]` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `[${value.length - MAX_ITEMS} more]`] : items;
  }
  const entries = Object.entries(value);
  const kept = entries
    .slice(0, MAX_ITEMS)
    .map(([key, inner]) => [
      key.slice(0, 100),
      SECRET_KEY.test(key) || CARD_KEY.test(key) ? '[redacted]' : redact(inner, depth + 1),
    ]);
  if (entries.length > MAX_ITEMS) kept.push(['[more]', entries.length - MAX_ITEMS]);
  return Object.fromEntries(kept);
}

/**
 * What the row keeps of the request: the params and the body as the route's schema validated them
 * (unknown fields already dropped), redacted. A route that declares no body schema never reads its
 * body, so only its size is kept. Over AUDIT_DETAIL_MAX_CHARS of JSON, the body gives way to a marker.
 */
export function auditDetail(
  params: unknown,
  body: unknown,
  hasBodySchema: boolean,
  bodyBytes: number | undefined,
): Record<string, unknown> {
  const detail: Record<string, unknown> = { params: redact(params ?? {}) };
  if (hasBodySchema && body !== undefined) detail.body = redact(body);
  else if (bodyBytes) detail.bodyBytes = bodyBytes;
  const size = JSON.stringify(detail).length;
  if (size <= AUDIT_DETAIL_MAX_CHARS) return detail;
  return { params: '[cut]', truncated: true, detailChars: size, ...(bodyBytes ? { bodyBytes } : {}) };
}

function idFromPayload(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  const match = /^\{"id":(\d+)/.exec(payload);
  return match?.[1] ?? null;
}

/**
 * One audit row for every successful write (any method but GET/HEAD/OPTIONS): who, as whom, what,
 * when and from where. Written before the response leaves, so a write is never seen without its row.
 */
export function registerAudit(app: FastifyInstance) {
  app.decorateRequest('auditBody', null);
  app.decorateRequest('auditActorId', null);
  app.decorateRequest('changeReason', null);
  // A reason sent with any write is checked before the route runs (400 naming the header), so a
  // blank or overlong one never lands in the audit log.
  app.addHook('preHandler', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const check = checkChangeReason(request.headers[CHANGE_REASON_HEADER], false);
    if (!check.ok) throw reasonRefused(check.message);
    request.changeReason = check.reason;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return payload;
    if (reply.statusCode >= 400 || !request.routeOptions.url) return payload;
    const auth = request.auth;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const resource = request.routeOptions.url.replace(/^\/api\//, '');
    const resourceId = params.id !== undefined ? String(params.id) : idFromPayload(payload);
    await app.services.db.insert(auditLog).values({
      actorUserId: auth ? (auth.originalUser?.id ?? auth.user.id) : request.auditActorId,
      asUserId: auth?.originalUser ? auth.user.id : null,
      action: request.method,
      resource: resource.slice(0, 64),
      resourceId,
      detail: {
        ...auditDetail(
          params,
          request.auditBody ?? request.body,
          request.auditBody !== null || Boolean(request.routeOptions.schema?.body),
          Number(request.headers['content-length']) || undefined,
        ),
        ...(request.changeReason ? { reason: request.changeReason } : {}),
      },
      ip: request.ip,
      // Text columns cannot hold NUL (a header can, through a proxy that does not check).
      userAgent: request.headers['user-agent']?.replaceAll('\u0000', '').slice(0, 500) ?? null,
    });
    return payload;
  });
}
