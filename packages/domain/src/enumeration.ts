/**
 * One spec enumeration (code → label) declared once; label lookup and option lists derive from it,
 * so no screen ever types a label twice.
 */
export interface EnumerationEntry<Code extends string | number> {
  readonly code: Code;
  readonly label: string;
}

export interface Enumeration<Code extends string | number> {
  readonly entries: readonly EnumerationEntry<Code>[];
  readonly codes: readonly Code[];
  /** The label of a code; unknown codes get the enumeration's fallback (or the code itself). */
  label(code: Code | string | number | null | undefined): string;
  has(code: unknown): code is Code;
  /** Select options as `{ value: string, label }`, the shape every picker takes. */
  options(subset?: readonly Code[]): { value: string; label: string }[];
}

export function defineEnumeration<const Code extends string | number>(
  entries: readonly EnumerationEntry<Code>[],
  fallback?: string,
): Enumeration<Code> {
  const byCode = new Map<string, EnumerationEntry<Code>>(entries.map((entry) => [String(entry.code), entry]));
  const codes = entries.map((entry) => entry.code);
  return {
    entries,
    codes,
    label(code) {
      if (code === null || code === undefined) return fallback ?? '';
      return byCode.get(String(code))?.label ?? fallback ?? String(code);
    },
    has(code): code is Code {
      return (typeof code === 'string' || typeof code === 'number') && byCode.get(String(code))?.code === code;
    },
    options(subset) {
      const chosen = subset ? entries.filter((entry) => subset.includes(entry.code)) : entries;
      return chosen.map((entry) => ({ value: String(entry.code), label: entry.label }));
    },
  };
}
