import { numberFieldAdapter } from './numberField';

/**
 * A Select works with strings; many contract fields are numeric codes or ids. These props show a
 * number field in a Select (0 or null: nothing chosen) and write the number back.
 */
export const numberSelectProps = numberFieldAdapter(
  (value) => (typeof value === 'number' && value !== 0 ? String(value) : null),
  (next: string | null) => (next === null ? null : Number(next)),
);
