import type { UseFormReturnType } from '@mantine/form';
import { numberFieldProps } from './numberField';

/**
 * A NumberInput gives a number, or '' when emptied. These props keep a number field a number:
 * empty becomes null for an optional field, or 0 for a required one (its schema then says why).
 */
export function numberInputProps<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  path: keyof Values & string,
  options: { nullable?: boolean } = {},
) {
  return numberFieldProps(
    form,
    path,
    options.nullable,
    (value) => (typeof value === 'number' && !(value === 0 && !options.nullable) ? value : ''),
    (next: number | string) => (typeof next === 'number' ? next : null),
  );
}
