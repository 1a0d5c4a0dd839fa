import type { UseFormReturnType } from '@mantine/form';

/**
 * A Select works with strings; many contract fields are numeric codes or ids. These props show a
 * number field in a Select (0 or null: nothing chosen) and write the number back.
 */
export function numberSelectProps<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  path: keyof Values & string,
  options: { nullable?: boolean } = {},
) {
  const value = form.getValues()[path];
  const inputProps = form.getInputProps(path);
  return {
    value: typeof value === 'number' && value !== 0 ? String(value) : null,
    onChange: (next: string | null) =>
      inputProps.onChange(next === null ? (options.nullable ? null : 0) : Number(next)),
    onBlur: inputProps.onBlur,
    onFocus: inputProps.onFocus,
    error: inputProps.error,
  };
}
