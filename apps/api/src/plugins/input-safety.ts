import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Nesting deeper than this is refused before the body is parsed. No request of the API nests past
 * a handful of levels; a 5,000-deep body would otherwise be parsed and then overflow the stack of
 * whatever walks it later (the audit row's JSON, a validator), after the handler had already run.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** How deep the JSON text nests, counted without parsing it; stops counting once past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000)';

/** The dotted path of the first string (or key) holding U+0000, or null. Iterative: no depth limit to hit. */
export function findNul(root: unknown, rootPath: string): string | null {
  const pending: [unknown, string][] = [[root, rootPath]];
  while (pending.length > 0) {
    const [value, path] = pending.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push([item, `${path}.${index}`]);
      });
    } else if (value !== null && typeof value === 'object') {
      // Parsed JSON and query objects only: a streamed upload body is not text.
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) continue;
      for (const [key, inner] of Object.entries(value)) {
        const innerPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return innerPath.replaceAll('\u0000', '\\u0000');
        pending.push([inner, innerPath]);
      }
    }
  }
  return null;
}

/**
 * Input rules that hold for every route, whatever its schema says (or when it declares none):
 * JSON no deeper than MAX_JSON_DEPTH, and no NUL character anywhere in the path, query or body
 * (PostgreSQL text cannot hold one, so it would fail as a server error deep in a handler).
 */
export function registerInputSafety(app: FastifyInstance) {
  // Fastify's own parser (secure-json-parse: `__proto__` and `constructor.prototype` keys refused),
  // after a depth check on the raw text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const message = `Nests deeper than ${MAX_JSON_DEPTH} levels`;
      done(new AppError('validation', `body: ${message}`, { errors: [{ path: 'body', message }] }), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    const sources: [unknown, string][] = [
      [request.params, ''],
      [request.query, ''],
      [request.body, ''],
    ];
    for (const [value, prefix] of sources) {
      const path = findNul(value, prefix);
      if (path !== null) {
        const field = path === '' ? 'body' : path;
        throw new AppError('validation', `${field}: ${NUL_MESSAGE}`, {
          errors: [{ path: field, message: NUL_MESSAGE }],
        });
      }
    }
  });
}
