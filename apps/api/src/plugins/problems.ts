import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../errors';
import { isClientRoute } from './web-delivery';

const PROBLEM_TYPE = 'https://colophon.test/problems/';

export function sendProblem(
  reply: FastifyReply,
  status: number,
  title: string,
  detail: string,
  extra: { code?: string; errors?: FieldError[] } = {},
) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send({ type: `${PROBLEM_TYPE}${extra.code ?? status}`, title, status, detail, ...extra });
}

/** Unique and foreign-key violations carry the constraint; this names the field behind it. */
const constraintFields = new Map<string, { path: string; message: string }>();
export function describeConstraint(constraint: string, path: string, message: string) {
  constraintFields.set(constraint, { path, message });
}

interface DatabaseErrorShape {
  code?: string;
  constraint?: string;
  cause?: unknown;
}
function databaseError(error: unknown): DatabaseErrorShape | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as DatabaseErrorShape;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/**
 * PostgreSQL's "this value cannot go in this column" errors. Validation should have refused such a
 * value naming its field (idSchema, smallintSchema, the NUL check); when one slips through it is still
 * the caller's input, so a 400, never a 500, and a warning in the log to add the missing rule.
 */
export const invalidValueCodes: ReadonlyMap<string, string> = new Map([
  ['22001', 'A value is longer than its field allows'],
  ['22003', 'A number is out of range'],
  ['22007', 'A date or time is not valid'],
  ['22008', 'A date or time is out of range'],
  ['22021', 'A value contains a character that cannot be stored'],
  ['22P02', 'A value is not valid for its field'],
  ['22P05', 'A value contains a character that cannot be stored'],
  ['54001', 'The input is too deeply nested'],
]);

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
};

/**
 * Unknown API paths and missing files get a problem; with the web app built, a navigation to any
 * other path gets its index.html (client routing).
 */
export function registerNotFound(app: FastifyInstance, serveWebApp: boolean) {
  app.setNotFoundHandler((request, reply) => {
    if (serveWebApp && (request.method === 'GET' || request.method === 'HEAD') && isClientRoute(request.url)) {
      return reply.code(200).type('text/html').sendFile('index.html');
    }
    return sendProblem(reply, 404, 'Not Found', `No route ${request.method} ${request.url.split('?')[0]}.`);
  });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(reply, error.status, titles[error.status] ?? 'Error', error.message, {
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = error.validationContext ?? 'body';
      const errors = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || location;
        return { path, message: issue.message ?? 'Invalid value' };
      });
      const detail = errors.map((fieldError) => `${fieldError.path}: ${fieldError.message}`).join('; ');
      return sendProblem(reply, 400, 'Bad Request', detail, { code: 'validation', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendProblem(reply, 500, 'Internal Server Error', 'Something went wrong on our side. It has been logged.');
    }
    const dbError = databaseError(error);
    if (dbError?.code === '23505' || dbError?.code === '23503') {
      const known = dbError.constraint ? constraintFields.get(dbError.constraint) : undefined;
      const conflict = dbError.code === '23505';
      const path = known?.path ?? 'body';
      const message = known?.message ?? (conflict ? 'Already exists' : 'Refers to a record that does not exist');
      if (conflict || request.method !== 'DELETE') {
        return sendProblem(reply, conflict ? 409 : 400, conflict ? 'Conflict' : 'Bad Request', `${path}: ${message}`, {
          code: conflict ? 'conflict' : 'validation',
          errors: [{ path, message }],
        });
      }
      return sendProblem(reply, 409, 'Conflict', 'Other records still use this one; remove or move them first.', {
        code: 'conflict',
      });
    }
    const invalidValue = dbError?.code ? invalidValueCodes.get(dbError.code) : undefined;
    if (invalidValue) {
      request.log.warn({ err: error }, 'the database refused a value that validation let through');
      const path = request.method === 'GET' || request.method === 'DELETE' ? 'query' : 'body';
      return sendProblem(reply, 400, 'Bad Request', `${path}: ${invalidValue}`, {
        code: 'validation',
        errors: [{ path, message: invalidValue }],
      });
    }
    // Fastify's own client errors: malformed JSON, body too large, wrong content type.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const path = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : 'body';
      return sendProblem(reply, status, titles[status] ?? 'Bad Request', error.message, {
        code: error.code ?? 'bad_request',
        errors: [{ path, message: error.message }],
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'Internal Server Error', 'Something went wrong on our side. It has been logged.');
  });
}
