import type { UseFormReturnType } from '@mantine/form';

/**
 * Props that show a number field of the form in a widget that speaks another type (a NumberInput's
 * '', a Select's strings): `show` turns the number into the widget's value, `read` the widget's
 * value back into a number, or null when emptied. Emptied, an optional field (`nullable`) becomes
 * null and a required one 0 (its schema then says why).
 */
export function numberFieldAdapter<Shown, Given>(
  show: (value: unknown, nullable: boolean) => Shown,
  read: (next: Given) => number | null,
) {
  return <Values extends Record<string, unknown>>(
    form: UseFormReturnType<Values>,
    path: keyof Values & string,
    options: { nullable?: boolean } = {},
  ) => {
    const nullable = options.nullable ?? false;
    const inputProps = form.getInputProps(path);
    return {
      value: show(form.getValues()[path], nullable),
      onChange: (next: Given) => inputProps.onChange(read(next) ?? (nullable ? null : 0)),
      onBlur: inputProps.onBlur,
      onFocus: inputProps.onFocus,
      error: inputProps.error,
    };
  };
}
