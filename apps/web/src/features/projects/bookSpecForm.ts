import type { BookSpecificationInput, bookSpecificationSchema, Project } from '@colophon/contract';
import { type BookSpecification, bookSpecificationKeys, bookSpecViolations } from '@colophon/domain';
import type { z } from 'zod';

export type BookSpecKey = (typeof bookSpecificationKeys)[number];

/**
 * The book specification as a form holds it: every field present, an open field null, the cover
 * applications a list. The project form and the preset form both keep their specification this way
 * (the project at the top of its values, the preset under `specification`).
 */
export interface BookSpecValues {
  typeBook: number | null;
  typeSize: number | null;
  pageCount: number | null;
  typeCover: number | null;
  typeCoverStyle: number | null;
  typeCoverBoardWeight: number | null;
  coverApplications: number[];
  typeEndsheet: number | null;
  typeFinish: number | null;
  typePersonalization: number | null;
  typeCustomPages: number | null;
  typePrinter: number | null;
  typeSoftware: number | null;
  typeCredentialsDestination: number | null;
  typeCreationKitDestination: number | null;
  typeDock: number | null;
  copies: number | null;
  submissionDeadline: string | null;
  inHomeDate: string | null;
}

/** The form's values of a (partial) specification: what is not given is open. */
export function bookSpecValues(spec: BookSpecificationInput | Partial<Project> | null | undefined): BookSpecValues {
  const values: Record<string, unknown> = {};
  for (const key of bookSpecificationKeys) {
    const value = spec?.[key];
    values[key] = key === 'coverApplications' ? [...((value as number[] | null | undefined) ?? [])] : (value ?? null);
  }
  return values as unknown as BookSpecValues;
}

/**
 * The fields a preset fills in: those it gives a value (a preset says nothing about the rest, so
 * starting from it keeps what the form already holds there).
 */
export function presetPatch(spec: BookSpecificationInput): Partial<BookSpecValues> {
  const patch: Record<string, unknown> = {};
  for (const key of bookSpecificationKeys) {
    const value = spec[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    patch[key] = Array.isArray(value) ? [...value] : value;
  }
  return patch as Partial<BookSpecValues>;
}

/** Only the fields that say something (a preset keeps no open fields). */
export function filledSpec(values: BookSpecValues): z.input<typeof bookSpecificationSchema> {
  return presetPatch(values as BookSpecificationInput) as z.input<typeof bookSpecificationSchema>;
}

/**
 * The domain's cross-field rules of a book (page count by binding, cover board, cover applications,
 * dates) as form errors, so they show before anything is sent; the server checks them again.
 */
export function refineBookSpec(prefix: readonly string[] = []) {
  return (value: unknown, context: z.RefinementCtx) => {
    const spec = (prefix.reduce<unknown>(
      (inner, key) => (inner as Record<string, unknown> | undefined)?.[key],
      value,
    ) ?? {}) as BookSpecification;
    for (const violation of bookSpecViolations(spec)) {
      context.addIssue({ code: 'custom', message: violation.message, path: [...prefix, violation.path] });
    }
  };
}
