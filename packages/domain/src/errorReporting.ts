/**
 * Part 8: uncaught interface errors go to the error-reporting service, except those whose message
 * contains one of these fragments — browser and extension noise, which are only logged to the
 * console.
 */
export const consoleOnlyErrorFragments = [
  'insertBefore',
  'removeChild',
  'clientWidth',
  'toUpperCase',
  'removeEventListener',
  'querySelector',
  'getMonth',
  'getFullYear',
  'addEventListener',
  'Invalid number',
] as const;

/**
 * The spec's "undefined or null access": reading a property of undefined or null, as each engine
 * words it — "Cannot read properties of undefined (reading 'x')", "Cannot read property 'x' of
 * null", "undefined is not an object (evaluating 'a.b')", "can't access property "x", a is null".
 */
const undefinedOrNullAccess = [
  /\bof (?:undefined|null)\b/,
  /\b(?:undefined|null) is not an object\b/,
  /can't access property .*\bis (?:undefined|null)\b/,
] as const;

export function isConsoleOnlyError(message: string | null | undefined): boolean {
  if (!message) return false;
  return (
    consoleOnlyErrorFragments.some((fragment) => message.includes(fragment)) ||
    undefinedOrNullAccess.some((pattern) => pattern.test(message))
  );
}

export const ERROR_REPORT_STACK_LINES = 5;

/** Part 8: the report includes the first five lines of the stack. */
export function errorReportStack(stack: string | null | undefined): string {
  if (!stack) return '';
  return stack.split(/\r?\n/).slice(0, ERROR_REPORT_STACK_LINES).join('\n');
}

/*
 * The API's own error-reporting service (`POST /api/client_errors`, issue 15): reports are grouped by
 * a fingerprint of the message and the first line of the stack below it (where it was thrown), so
 * one fault seen a thousand times is one group with a count.
 */

/** The most bytes one report's body may have: over it, 413 before the body is read. */
export const CLIENT_ERROR_MAX_BODY_BYTES = 16 * 1024;
/** The longest message and stack kept (the stack is the first five lines anyway). */
export const CLIENT_ERROR_MAX_MESSAGE = 2000;
export const CLIENT_ERROR_MAX_STACK = 5000;
/** The reports one batch may carry (the web's reporter sends at most this many at once). */
export const CLIENT_ERROR_MAX_BATCH = 10;
/** The latest reports kept per group: the count goes on, older reports are dropped. */
export const CLIENT_ERROR_REPORTS_KEPT = 20;

/**
 * The first frame of a stack: the first line after the message's own lines (V8 starts a stack with
 * "TypeError: message", Firefox and Safari with the first frame). Numbers of lines and columns stay:
 * one build's fault is one place.
 */
export function firstStackFrame(stack: string | null | undefined): string {
  if (!stack) return '';
  const lines = stack
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const frame = lines.find((line) => /^at\s|@|:\d+:\d+\)?$/.test(line));
  return (frame ?? '').slice(0, 500);
}

/**
 * What identifies a group: the message with the ids and numbers that vary per occurrence made
 * alike (`Order 123 not found` and `Order 456 not found` are one fault), then the first frame.
 */
export function clientErrorGroupKey(message: string, stack: string | null | undefined): string {
  const normalized = message
    .trim()
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\d+/g, '<n>')
    .slice(0, CLIENT_ERROR_MAX_MESSAGE);
  return `${normalized}\n${firstStackFrame(stack)}`;
}

/**
 * Whether the API stores a report: not the console-only noise (a reporter that did not filter, or an
 * old build), and not an empty message.
 */
export function isStoredClientError(message: string | null | undefined): boolean {
  return Boolean(message?.trim()) && !isConsoleOnlyError(message);
}

/** Query parameters whose value is a secret (a sign-in link's token, a code, a key): never kept with a report. */
const SECRET_URL_PARAM = /token|code|secret|passw|key|signature|auth/i;

/**
 * The page address a report keeps: a secret parameter's value is replaced by `[redacted]` and the
 * fragment is dropped (a token may ride there), so an error on the new-password page does not put
 * the link's token in the reports that super administrators read and export.
 */
export function redactReportUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const address = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = address.indexOf('?');
  if (queryAt < 0) return address;
  const params = address
    .slice(queryAt + 1)
    .split('&')
    .map((param) => {
      const equalsAt = param.indexOf('=');
      if (equalsAt < 0) return param;
      const rawName = param.slice(0, equalsAt);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A name that is not valid percent-encoding is matched as it was sent.
      }
      return SECRET_URL_PARAM.test(name) ? `${rawName}=[redacted]` : param;
    });
  return `${address.slice(0, queryAt)}?${params.join('&')}`;
}
