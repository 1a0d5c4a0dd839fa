import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { type ChangeMethod, useMethodRefusal } from '../../lib/access';
import { ApiError, errorMessage } from '../../lib/api-client';

/**
 * The one form pattern: Mantine form validated by the request's zod schema from the contract, the
 * parsed body handed to `submit`, the server's field errors (problem+json `errors`) put back on the
 * fields, any other refusal shown above the buttons, and a notification on success.
 */
export interface SchemaFormOptions<Values extends Record<string, unknown>, Output, Result> {
  schema: z.ZodType<Output, Values>;
  initialValues: Values;
  submit: (body: Output) => Promise<Result>;
  /** The success notification; `null` for none (the caller navigates away, for instance). */
  successMessage?: string | ((result: Result) => string) | null;
  onSuccess?: (result: Result, body: Output) => void;
  /**
   * The method `submit` sends (POST unless said): a method the session may not use (impersonating
   * without privilege, part 6) disables Save with the reason, before anyone edits (issue 9).
   */
  method?: ChangeMethod;
}

export interface SchemaForm<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  /** A refusal that names no field (wrong password, too many tries, …). */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** Why Save is disabled in this session (the impersonation method rule), or null. */
  changeRefusal: string | null;
}

/**
 * Moves focus to the form's first invalid field and brings it into view (issue 9): an error is seen
 * where it is, not at the top of a long drawer. Runs after React has rendered the errors.
 */
export function focusFirstInvalid(formElement: HTMLFormElement | null): void {
  if (!formElement) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const invalid = formElement.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!invalid) return;
      invalid.focus({ preventScroll: true });
      // Centred, so the sticky action bar at the bottom never covers it.
      invalid.scrollIntoView?.({ block: 'center' });
    }),
  );
}

/** Puts each field error of an ApiError on its field; returns what no field could take. */
export function applyServerErrors<Values>(form: UseFormReturnType<Values>, error: unknown): string | null {
  if (!(error instanceof ApiError)) return errorMessage(error);
  const values = form.getValues() as Record<string, unknown>;
  const unplaced: string[] = [];
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const root = path.split('.')[0] ?? path;
    if (root in values) placed[path] = message;
    else unplaced.push(message);
  }
  if (Object.keys(placed).length > 0) form.setErrors(placed);
  if (Object.keys(placed).length > 0 && unplaced.length === 0) return null;
  return [error.detail || error.title, ...unplaced].filter(Boolean).join(' ');
}

export function useSchemaForm<Values extends Record<string, unknown>, Output, Result>(
  options: SchemaFormOptions<Values, Output, Result>,
): SchemaForm<Values> {
  const { schema, initialValues, submit, successMessage, onSuccess, method = 'POST' } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const changeRefusal = useMethodRefusal(method);
  const formElement = useRef<HTMLFormElement | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    // A field is checked on leaving it once the person has changed it; an untouched one waits for
    // the submit. Checking an empty, autofocused field on blur made its error appear under the
    // pointer of whoever was clicking a link below it, and the link moved away from the click.
    enhanceGetInputProps: ({ inputProps, field, form: current }) => {
      // Mantine merges what this returns into `inputProps`: keep its own handler from before.
      const markTouched: unknown = inputProps.onBlur;
      return {
        onBlur: (event: unknown) => {
          if (typeof markTouched === 'function') markTouched(event);
          if (current.isDirty(field)) current.validateField(field);
        },
      };
    },
  });

  const handleSubmit = form.onSubmit(
    async (values) => {
      setFormError(null);
      if (changeRefusal) {
        setFormError(changeRefusal);
        return;
      }
      const body = schema.parse(values);
      try {
        const result = await submit(body);
        // Saved: what is on screen is no longer unsaved, so closing or leaving asks nothing.
        form.resetDirty(values);
        const message = typeof successMessage === 'function' ? successMessage(result) : successMessage;
        if (message) notifications.show({ color: 'green', title: 'Saved', message });
        onSuccess?.(result, body);
      } catch (error) {
        setFormError(applyServerErrors(form, error));
        focusFirstInvalid(formElement.current);
      }
    },
    () => focusFirstInvalid(formElement.current),
  );
  const onSubmit = (event?: React.FormEvent<HTMLFormElement>) => {
    if (event?.currentTarget) formElement.current = event.currentTarget;
    handleSubmit(event);
  };

  return { form, onSubmit, submitting: form.submitting, formError, setFormError, changeRefusal };
}
