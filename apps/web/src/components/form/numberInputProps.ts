import type { UseFormReturnType } from '@mantine/form';

/**
 * A NumberInput gives a number, or '' when emptied. These props keep a number field a number:
 * empty becomes null for an optional field, or 0 for a required one (its schema then says why).
 */
export function numberInputProps<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  path: keyof Values & string,
  options: { nullable?: boolean } = {},
) {
  const value = form.getValues()[path];
  const inputProps = form.getInputProps(path);
  return {
    value: typeof value === 'number' && !(value === 0 && !options.nullable) ? value : '',
    onChange: (next: number | string) =>
      inputProps.onChange(typeof next === 'number' ? next : options.nullable ? null : 0),
    onBlur: inputProps.onBlur,
    onFocus: inputProps.onFocus,
    error: inputProps.error,
  };
}
