/**
 * Typed application errors: a code maps to an HTTP status in one place (the error handler), and the
 * screen shows `detail`.
 */
export const errorStatus = {
  bad_request: 400,
  validation: 400,
  unauthenticated: 401,
  /** The card was declined (the storefront's checkout); `detail` is the card's message. */
  payment_required: 402,
  forbidden: 403,
  mfa_required: 403,
  invalid_method: 403,
  password_change_required: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  too_many_requests: 429,
  /** An outside service (layout software, an automation) refused or failed; nothing changed here. */
  integration_failed: 502,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`);
export const forbidden = (detail = 'You do not have permission to do this.') => new AppError('forbidden', detail);
/** A 400 that names the field, for rules zod cannot see (uniqueness, references). */
export const invalidField = (path: string, message: string) =>
  new AppError('validation', `${path}: ${message}`, { errors: [{ path, message }] });
