/** Dates leave the API as ISO 8601 UTC strings; secrets never leave it. */
const NEVER_SENT = new Set([
  'passwordHash',
  'totpSecret',
  'totpPendingSecret',
  'tokenVersion',
  'codeHash',
  'tokenHash',
]);

export type JsonRow<T> = {
  [Key in keyof T]: T[Key] extends Date ? string : T[Key] extends Date | null ? string | null : T[Key];
};

export function jsonRow<T extends Record<string, unknown>>(row: T): JsonRow<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (NEVER_SENT.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out as JsonRow<T>;
}
