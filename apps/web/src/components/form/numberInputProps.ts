import { numberFieldAdapter } from './numberField';

/**
 * A NumberInput gives a number, or '' when emptied. These props keep a number field a number:
 * empty becomes null for an optional field, or 0 for a required one (its schema then says why).
 */
export const numberInputProps = numberFieldAdapter(
  (value, nullable) => (typeof value === 'number' && !(value === 0 && !nullable) ? value : ''),
  (next: number | string) => (typeof next === 'number' ? next : null),
);
