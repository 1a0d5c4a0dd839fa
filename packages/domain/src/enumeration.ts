/**
 * One spec enumeration (code → label) declared once; label lookup, option lists and named codes
 * derive from it, so no screen ever types a label twice and no code reads `status === 3`.
 *
 * Each entry's name is its label in PascalCase ('Needs Review' → `proofStatus.NeedsReview`), unless
 * the entry gives one (`name`) because two labels read alike or the label is not a word. A label
 * that does not start with a letter ('100pt', '25%') gives no name: its code is its name.
 */
export interface EnumerationEntry<Code extends string | number> {
  readonly code: Code;
  readonly label: string;
  /** The entry's PascalCase name, where its label does not make one (or makes a taken one). */
  readonly name?: string;
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

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type IsLetter<C extends string> = Uppercase<C> extends Lowercase<C> ? false : true;

/** A label in PascalCase: words of letters and digits, each starting upper case ('Ship-to-Home' → 'ShipToHome'). */
export type PascalName<
  Label extends string,
  Name extends string = '',
  WordStart extends boolean = true,
> = Label extends `${infer C}${infer Rest}`
  ? IsLetter<C> extends true
    ? PascalName<Rest, `${Name}${WordStart extends true ? Uppercase<C> : C}`, false>
    : C extends Digit
      ? PascalName<Rest, `${Name}${C}`, false>
      : PascalName<Rest, Name, true>
  : Name;

type StartsWithLetter<S extends string> = S extends `${infer C}${string}` ? IsLetter<C> : false;

type EntryName<Entry> = Entry extends { readonly name: infer Name extends string }
  ? Name
  : Entry extends { readonly label: infer Label extends string }
    ? string extends Label
      ? never
      : StartsWithLetter<PascalName<Label>> extends true
        ? PascalName<Label>
        : never
    : never;

/** The named codes of an enumeration: `{ NeedsReview: 1, Rejected: 2, Approved: 3 }`. */
export type EnumerationNames<Entries extends readonly EnumerationEntry<string | number>[]> = {
  readonly [Entry in Entries[number] as EntryName<Entry>]: Entry['code'];
};

function isLetter(char: string): boolean {
  return char.toUpperCase() !== char.toLowerCase();
}

/** The runtime twin of `PascalName`. */
export function pascalName(label: string): string {
  let name = '';
  let wordStart = true;
  for (const char of label) {
    if (isLetter(char)) {
      name += wordStart ? char.toUpperCase() : char;
      wordStart = false;
    } else if (char >= '0' && char <= '9') {
      name += char;
      wordStart = false;
    } else {
      wordStart = true;
    }
  }
  return name;
}

/** An entry's name, or undefined when its label gives none (it does not start with a letter). */
export function entryName(entry: EnumerationEntry<string | number>): string | undefined {
  if (entry.name !== undefined) return entry.name;
  const name = pascalName(entry.label);
  return name !== '' && isLetter(name.charAt(0)) ? name : undefined;
}

export function defineEnumeration<const Entries extends readonly EnumerationEntry<string | number>[]>(
  entries: Entries,
  fallback?: string,
): Enumeration<Entries[number]['code']> & EnumerationNames<Entries> {
  type Code = Entries[number]['code'];
  const byCode = new Map<string, EnumerationEntry<Code>>(entries.map((entry) => [String(entry.code), entry]));
  const codes: Code[] = entries.map((entry) => entry.code);
  const names: Record<string, Code> = {};
  for (const entry of entries) {
    const name = entryName(entry);
    if (name === undefined) continue;
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`Enumeration name ${name} is not PascalCase`);
    if (name in names) throw new Error(`Enumeration name ${name} is given twice; name one entry yourself`);
    names[name] = entry.code;
  }
  const enumeration: Enumeration<Code> = {
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
  return Object.freeze({ ...names, ...enumeration }) as Enumeration<Code> & EnumerationNames<Entries>;
}
