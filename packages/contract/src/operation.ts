import type { Permission } from '@colophon/domain';
import type { z } from 'zod';

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, declared once: the API registers it (`implement`, `registerResource`) and the web
 * app calls it (`call`) from the same object, so the path, the input and the answer cannot drift.
 * `path` is the full route (`/api/manufacturers/:id`); `responses` maps each status to its schema.
 */
export interface OperationDefinition {
  method: OperationMethod;
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Partial<Record<number, z.ZodType>>;
  /** The permission the caller needs; none: any signed-in user. */
  permission?: Permission | undefined;
  /** No session needed (sign-in, sign-up). */
  public?: boolean;
  /** Open to a session still owing its second factor (the MFA screen's own calls, sign-out). */
  mfaStep?: boolean;
  /** Open to a user who must first choose a new password (that change itself, sign-out). */
  passwordStep?: boolean;
  /** The most bytes the body may have, below the app's own limit: over it, 413 before the body is read. */
  bodyLimit?: number;
  summary?: string;
  tags?: readonly string[];
}

export function defineOperation<const Operation extends OperationDefinition>(operation: Operation): Operation {
  return operation;
}

type InputPart<Key extends string, Schema> = Schema extends z.ZodType
  ? undefined extends z.input<Schema>
    ? { [K in Key]?: z.input<Schema> }
    : { [K in Key]: z.input<Schema> }
  : { [K in Key]?: never };

/** What a caller passes: `{ params, query, body }`, each typed from its schema (and only those it has). */
export type OperationInput<Operation extends OperationDefinition> = InputPart<'params', Operation['params']> &
  InputPart<'query', Operation['query']> &
  InputPart<'body', Operation['body']>;

/** The answer of a success: the 200 schema, else the 201, else the 202 (queued), else nothing (204). */
export type OperationOutput<Operation extends OperationDefinition> = Operation['responses'] extends {
  200: infer Schema extends z.ZodType;
}
  ? z.output<Schema>
  : Operation['responses'] extends { 201: infer Schema extends z.ZodType }
    ? z.output<Schema>
    : Operation['responses'] extends { 202: infer Schema extends z.ZodType }
      ? z.output<Schema>
      : undefined;

/**
 * `/api/manufacturers/:id` with `{ id: 7 }` → `/api/manufacturers/7` (each value URI-encoded). A
 * parameter's pattern (`:software(^[a-z]…$)`, which only the router reads) goes with it.
 */
export function operationPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)(?:\([^)]*\))?/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
