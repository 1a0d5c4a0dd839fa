import { z } from 'zod';

/**
 * A contract's password body plus a 'Confirm …' field that must repeat `field`; the confirmation
 * is checked here and left out of the body that is sent.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  field: keyof Shape & string,
) {
  return schema
    .extend({ confirmPassword: z.string() })
    .refine(
      (values) => {
        const record = values as Record<string, unknown>;
        return record[field] === record.confirmPassword;
      },
      {
        message: 'The passwords do not match',
        path: ['confirmPassword'],
      },
    )
    .transform((values) => {
      const { confirmPassword: _confirmation, ...body } = values as Record<string, unknown>;
      return body as z.output<z.ZodObject<Shape>>;
    });
}
