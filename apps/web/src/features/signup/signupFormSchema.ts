import { accountTypeSchema, bookTypeSchema, schoolSignupBodySchema } from '@colophon/contract';
import { isParentAccountType, softwareType, yearOfSchoolYear } from '@colophon/domain';
import { z } from 'zod';

const body = schoolSignupBodySchema.shape;
const bookShape = body.project.shape;

/**
 * The sign-up form: the contract's body, with the choices not made yet said in words (type, book
 * type, parent for anyone but a super administrator), blank texts left out, and open book fields
 * left out so the studio's defaults for new projects apply.
 */
export function signupFormSchema({ parentRequired }: { parentRequired: boolean }) {
  return z.object({
    account: body.account.extend({
      type: z
        .number()
        .positive('Choose a type')
        .refine((type) => !isParentAccountType(type), {
          message: 'A school sign-up creates a school-like account, not a studio or branch office',
        })
        .pipe(accountTypeSchema),
      typeSoftware: body.account.shape.typeSoftware.unwrap(),
      country: body.account.shape.country.unwrap(),
      parentAccountId: body.account.shape.parentAccountId.refine((id) => id !== null || !parentRequired, {
        message: 'Choose the studio or branch office the school signs up under',
      }),
    }),
    adviser: body.adviser.extend({ timezone: body.adviser.shape.timezone.unwrap() }),
    project: z
      .object({
        name: z.string().transform((name) => name.trim() || undefined),
        typeBook: z.number().positive('Choose a book type').pipe(bookTypeSchema),
        copies: bookShape.copies.unwrap(),
        submissionDeadline: bookShape.submissionDeadline.unwrap(),
      })
      .transform(({ name, copies, submissionDeadline, ...project }) => ({
        ...project,
        ...(name ? { name } : {}),
        ...(copies === null ? {} : { copies }),
        ...(submissionDeadline === null ? {} : { submissionDeadline }),
      })),
    agreementYear: body.agreementYear,
  });
}
export type SignupFormValues = z.input<ReturnType<typeof signupFormSchema>>;

export function emptySignup(parentAccountId: number | null): SignupFormValues {
  return {
    account: {
      name: '',
      type: 0,
      typeSoftware: softwareType.NonePDFSubmission,
      country: 'US',
      parentAccountId,
      mfaRequired: false,
      addresses: [],
      contacts: [],
    },
    adviser: { email: '', firstName: '', lastName: '', timezone: 'CST' },
    project: { name: '', typeBook: 0, copies: null, submissionDeadline: null },
    agreementYear: '2025-2026',
  };
}

/** The project's year: the spring of the agreement year (2025-2026 → 2026). */
export const projectYearOf = yearOfSchoolYear;
