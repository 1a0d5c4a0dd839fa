import { auditLog } from '@colophon/db';
import type { FastifyInstance } from 'fastify';

const SECRET_KEY = /password|token|code|secret|data|hash/i;

/** Keeps the shape of what was sent without keeping a password, code or file body. */
function redact(value: unknown, depth = 0): unknown {
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? '[redacted]' : redact(inner, depth + 1)]),
  );
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return payload;
    if (reply.statusCode >= 400 || !request.routeOptions.url) return payload;
    const auth = request.auth;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const resource = request.routeOptions.url.replace(/^\/api\//, '');
    const resourceId = params.id !== undefined ? String(params.id) : idFromPayload(payload);
    await app.services.db.insert(auditLog).values({
      actorUserId: auth ? (auth.originalUser?.id ?? auth.user.id) : null,
      asUserId: auth?.originalUser ? auth.user.id : null,
      action: request.method,
      resource: resource.slice(0, 64),
      resourceId,
      detail: { params: redact(params), body: redact(request.body) },
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    });
    return payload;
  });
}
