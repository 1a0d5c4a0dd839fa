import type { UseFormReturnType } from '@mantine/form';
import { numberFieldProps } from './numberField';

/**
 * A Select works with strings; many contract fields are numeric codes or ids. These props show a
 * number field in a Select (0 or null: nothing chosen) and write the number back.
 */
export function numberSelectProps<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  path: keyof Values & string,
  options: { nullable?: boolean } = {},
) {
  return numberFieldProps(
    form,
    path,
    options.nullable,
    (value) => (typeof value === 'number' && value !== 0 ? String(value) : null),
    (next: string | null) => (next === null ? null : Number(next)),
  );
}
