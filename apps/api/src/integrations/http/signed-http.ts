import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors';

/**
 * The one way Colophon calls an outside service that has no SDK of its own: a JSON POST signed with
 * an HMAC the service checks, a deadline, and an idempotency key so a retried call is done once.
 * Every failure becomes an `IntegrationError` whose message a person can act on (the API answers it
 * as 502); the service's URL and secret never appear in it.
 */

export const SIGNATURE_HEADER = 'x-colophon-signature';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A call to an outside service that did not succeed: the API answers 502 with the message. */
export class IntegrationError extends AppError {
  constructor(
    /** The service as people know it ("Layout Software B"). */
    readonly service: string,
    message: string,
  ) {
    super('integration_failed', message);
    this.name = 'IntegrationError';
  }
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the receiving service recomputes it. */
export function signBody(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** What a receiver does with the header: the signature matches and is at most `toleranceSeconds` old. */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  toleranceSeconds = 300,
  now = Math.floor(Date.now() / 1000),
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds || !parts.v1) return false;
  const expected = Buffer.from(signBody(secret, body, timestamp).split('v1=')[1] ?? '');
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface SignedPost {
  service: string;
  url: string;
  secret: string;
  body: unknown;
  timeoutMs: number;
  idempotencyKey: string;
}

export interface SignedPostResult {
  status: number;
  /** The answer as JSON when it was JSON, else null. */
  json: unknown;
}

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** The service's own words for a refusal, when its answer carries them. */
function refusalDetail(json: unknown, text: string): string {
  if (json && typeof json === 'object') {
    for (const field of ['message', 'detail', 'error'] as const) {
      const value = (json as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return excerpt(value.trim());
    }
    return '';
  }
  return /^[\x20-\x7e\s]+$/.test(text) ? excerpt(text.trim()) : '';
}

const networkCode = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

export async function signedPost(request: SignedPost): Promise<SignedPostResult> {
  const body = JSON.stringify(request.body);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': 'Colophon',
        [SIGNATURE_HEADER]: signBody(request.secret, body),
        [IDEMPOTENCY_HEADER]: request.idempotencyKey,
      },
      body,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new IntegrationError(
        request.service,
        `${request.service} did not answer within ${Math.round(request.timeoutMs / 100) / 10} s; nothing was changed in Colophon. Try again later.`,
      );
    }
    const code = networkCode(error);
    throw new IntegrationError(
      request.service,
      `${request.service} could not be reached${code ? ` (${code})` : ''}; nothing was changed in Colophon. Try again later.`,
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new IntegrationError(
      request.service,
      `${request.service} broke off its answer; nothing was changed in Colophon.`,
    );
  }
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    const detail = refusalDetail(json, text);
    throw new IntegrationError(
      request.service,
      `${request.service} refused the request (HTTP ${response.status})${detail ? `: ${detail}` : ''}.`,
    );
  }
  return { status: response.status, json };
}

/** The service's reference for what it did (`reference`, else `id`), when it gave one. */
export function referenceOf(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const record = json as Record<string, unknown>;
  for (const value of [record.reference, record.id]) {
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 200);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}
