/**
 * What a pull fails with. Messages name the collection, the status and the server's own message,
 * never a record: some information systems send passwords in user records, and errors end up in
 * logs and on the jobs page.
 */
export class OneRosterError extends Error {
  override name = 'OneRosterError';
}

/** The server answered with a status outside 2xx (after the retries a 429 or 503 gets). */
export class OneRosterHttpError extends OneRosterError {
  override name = 'OneRosterHttpError';
  constructor(
    readonly status: number,
    /** The response's own message (imsx_description, message, error_description), cut short. */
    readonly serverMessage: string | null,
    readonly what: string,
  ) {
    super(`${what} failed with HTTP ${status}${serverMessage ? `: ${serverMessage}` : ''}`);
  }
}

/** The server did not answer within the timeout. */
export class OneRosterTimeoutError extends OneRosterError {
  override name = 'OneRosterTimeoutError';
  constructor(
    readonly timeoutMs: number,
    readonly what: string,
  ) {
    super(`${what} got no answer within ${timeoutMs} ms`);
  }
}

/** The server could not be reached at all (refused, reset, DNS). */
export class OneRosterNetworkError extends OneRosterError {
  override name = 'OneRosterNetworkError';
  constructor(
    readonly what: string,
    reason: string,
  ) {
    super(`${what} could not reach the server: ${reason}`);
  }
}

/** A 2xx whose body is not the collection we asked for (not JSON, or no array under its key). */
export class OneRosterResponseError extends OneRosterError {
  override name = 'OneRosterResponseError';
}

/**
 * The server sent the same page for two offsets: it ignores `offset`, and paging on would loop
 * forever. Stopping with an error (not a short list) keeps a sync from treating the rest as removed.
 */
export class OneRosterRepeatedPageError extends OneRosterError {
  override name = 'OneRosterRepeatedPageError';
  constructor(
    readonly collection: string,
    readonly offset: number,
  ) {
    super(`${collection}: the page at offset ${offset} repeats the one before it; the server seems to ignore offset`);
  }
}

const MESSAGE_FIELDS = ['imsx_description', 'message', 'error_description', 'error', 'detail', 'title'] as const;
const MAX_MESSAGE_LENGTH = 300;

/**
 * The server's message out of an error body: only a known message field of a JSON object (the
 * imsx_StatusInfo of the standard, or the usual OAuth and framework shapes), one line, cut short.
 * A text or HTML body is not quoted: it could be anything, records included.
 */
export function serverMessageOf(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const candidates: unknown[] = [parsed];
  if (isObject(parsed)) {
    // imsx_StatusInfo is sometimes wrapped (statusInfoSet, imsx_statusInfo, errors) and sometimes an
    // array. Only wrappers named like a status or an error are read: a record array never is.
    for (const [key, value] of Object.entries(parsed)) {
      if (!/status|error/i.test(key)) continue;
      if (Array.isArray(value)) candidates.push(...value.slice(0, 1));
      else candidates.push(value);
    }
  }
  for (const candidate of candidates) {
    if (!isObject(candidate)) continue;
    for (const field of MESSAGE_FIELDS) {
      const value = candidate[field];
      if (typeof value === 'string' && value.trim() !== '') return oneLine(value);
    }
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > MAX_MESSAGE_LENGTH ? `${flat.slice(0, MAX_MESSAGE_LENGTH)}…` : flat;
}
