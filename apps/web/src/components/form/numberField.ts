import type { UseFormReturnType } from '@mantine/form';

/**
 * A number field of the form shown in a widget that speaks another type (a NumberInput's '', a
 * Select's strings): `show` turns the number into the widget's value, `read` the widget's value back
 * into a number or null when emptied. Emptied, an optional field (`nullable`) becomes null and a
 * required one 0 (its schema then says why).
 */
export function numberFieldProps<Values extends Record<string, unknown>, Shown, Given>(
  form: UseFormReturnType<Values>,
  path: keyof Values & string,
  nullable: boolean | undefined,
  show: (value: unknown) => Shown,
  read: (next: Given) => number | null,
) {
  const inputProps = form.getInputProps(path);
  return {
    value: show(form.getValues()[path]),
    onChange: (next: Given) => inputProps.onChange(read(next) ?? (nullable ? null : 0)),
    onBlur: inputProps.onBlur,
    onFocus: inputProps.onFocus,
    error: inputProps.error,
  };
}
