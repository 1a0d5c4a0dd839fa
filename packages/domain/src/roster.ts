/**
 * The roster service's error and empty-response rules (part 8). Failures become errors carrying a
 * status code, the response data and the original error.
 */
export const ROSTER_NO_RESPONSE_MESSAGE = 'No response received from server. Please check your connection.';
export const ROSTER_UNEXPECTED_MESSAGE = 'An unexpected error occurred';

export interface RosterFailureInput {
  /** The response, when the server answered. */
  readonly response?: { readonly status: number; readonly data?: unknown } | null;
  /** Whether the request went out (and no response came back). */
  readonly requestSent?: boolean;
}

export interface RosterFailure {
  readonly statusCode: number | null;
  readonly message: string;
  readonly data: unknown;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The message of a roster response body, in order: the response message, the nested error
 * message, then a plain-text body.
 */
export function rosterErrorMessage(data: unknown): string | undefined {
  return (
    nonEmptyString(field(data, 'message')) ??
    nonEmptyString(field(field(data, 'error'), 'message')) ??
    nonEmptyString(data)
  );
}

/**
 * A roster failure as the app reports it: with a response, its status and message (falling back to
 * the unexpected message); sent but unanswered, the no-response message; otherwise, the unexpected
 * message with status 500.
 */
export function describeRosterFailure(input: RosterFailureInput): RosterFailure {
  if (input.response) {
    const { status, data } = input.response;
    return { statusCode: status, message: rosterErrorMessage(data) ?? ROSTER_UNEXPECTED_MESSAGE, data: data ?? null };
  }
  if (input.requestSent) return { statusCode: null, message: ROSTER_NO_RESPONSE_MESSAGE, data: null };
  return { statusCode: 500, message: ROSTER_UNEXPECTED_MESSAGE, data: null };
}

/** An empty roster response (no body, or an empty string) is treated as status 204 with empty data. */
export function normalizeRosterResponse<Data>(
  status: number,
  data: Data | '' | null | undefined,
): { status: number; data: Data | null } {
  if (data === undefined || data === null || data === '') return { status: 204, data: null };
  return { status, data };
}

/** Where the roster is when the operator has not set ROSTER_URL: the dashboard's origin, under `/roster`. */
export const DEFAULT_ROSTER_BASE = '/roster';

/**
 * The base every roster path is appended to. Unset: `/roster` at the dashboard's origin. Set to a
 * bare origin (`https://roster.example.org`): its `/roster`, where the roster process serves its
 * paths. Set with a path: that path, for a proxy that mounts the roster elsewhere. A trailing slash
 * is dropped, so `${base}/districts` never doubles it.
 */
export function rosterBaseUrl(rosterUrl: string | null | undefined): string {
  const configured = rosterUrl?.trim();
  if (!configured) return DEFAULT_ROSTER_BASE;
  const trimmed = configured.replace(/\/+$/, '');
  const bareOrigin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+$/i.test(trimmed);
  return bareOrigin ? `${trimmed}${DEFAULT_ROSTER_BASE}` : trimmed;
}
