import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { z } from 'zod';
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
}

export interface SchemaForm<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  /** A refusal that names no field (wrong password, too many tries, …). */
  formError: string | null;
  setFormError: (message: string | null) => void;
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
  const { schema, initialValues, submit, successMessage, onSuccess } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    const body = schema.parse(values);
    try {
      const result = await submit(body);
      const message = typeof successMessage === 'function' ? successMessage(result) : successMessage;
      if (message) notifications.show({ color: 'green', title: 'Saved', message });
      onSuccess?.(result, body);
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });

  return { form, onSubmit, submitting: form.submitting, formError, setFormError };
}
