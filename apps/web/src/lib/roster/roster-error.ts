import { describeRosterFailure, type RosterFailure, type RosterFailureInput } from '@colophon/domain';

/**
 * A failed roster call (part 8): the status code (null when no response came back), the response
 * data and the original error, with the message describeRosterFailure takes from them.
 */
export class RosterError extends Error {
  readonly statusCode: number | null;
  readonly data: unknown;
  /** What failed underneath: the fetch's own error, or the roster's Response when it answered with an error. */
  readonly originalError: unknown;

  constructor(failure: RosterFailure, originalError: unknown) {
    super(failure.message, { cause: originalError });
    this.name = 'RosterError';
    this.statusCode = failure.statusCode;
    this.data = failure.data;
    this.originalError = originalError;
  }
}

export function isRosterError(error: unknown): error is RosterError {
  return error instanceof RosterError;
}

/** A roster failure by part 8's order of messages, carrying what went wrong underneath. */
export function rosterFailure(input: RosterFailureInput, originalError: unknown): RosterError {
  return new RosterError(describeRosterFailure(input), originalError);
}
