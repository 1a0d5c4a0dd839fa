import { isParentAccountType } from '@colophon/domain';
import { z } from 'zod';
import {
  accountAddressInputSchema,
  accountContactInputSchema,
  accountSchema,
  accountTypeSchema,
  countrySchema,
  softwareTypeSchema,
} from './accounts';
import { emailSchema, idSchema, nameSchema, problemResponses } from './common';
import { timeZoneSchema, userSchema } from './identity';
import { defineOperation } from './operation';
import { agreementYearSchema, bookSpecificationShape, projectSchema } from './projects';

/**
 * `POST school_signups` (/admin/ypa): a school, its adviser, its project and its agreement year in
 * one transaction; the adviser then gets a welcome e-mail with a set-password link.
 */
export const schoolSignupBodySchema = z.object({
  account: z.object({
    name: z.string().trim().min(1, 'Required').max(200),
    type: accountTypeSchema.refine((type) => !isParentAccountType(type), {
      message: 'A school sign-up creates a school-like account, not a studio or branch office',
    }),
    typeSoftware: softwareTypeSchema.default(0),
    country: countrySchema.default('US'),
    /** The studio, sub-studio or branch office the school signs up under (null: direct, super admins only). */
    parentAccountId: idSchema.nullable(),
    mfaRequired: z.boolean().default(false),
    addresses: z.array(accountAddressInputSchema).max(10).default([]),
    contacts: z.array(accountContactInputSchema).max(20).default([]),
  }),
  adviser: z.object({
    email: emailSchema,
    firstName: nameSchema,
    lastName: nameSchema,
    timezone: timeZoneSchema.default('CST'),
  }),
  /** The book; its name defaults to "<school> Yearbook <agreement year>". */
  project: z.object({
    name: z.string().trim().min(1).max(200).optional(),
    ...z.object(bookSpecificationShape).partial().shape,
  }),
  /** Only 2025-2026 and 2024-2025 (part 9); the project's year is the spring of it. */
  agreementYear: agreementYearSchema,
});
export type SchoolSignupBody = z.input<typeof schoolSignupBodySchema>;

export const schoolSignupResponseSchema = z
  .object({
    account: accountSchema,
    adviser: userSchema,
    project: projectSchema,
    agreementYear: agreementYearSchema,
    /** `failed` when the e-mail could not be sent: the adviser can still use "forgot password". */
    welcomeEmail: z.enum(['sent', 'failed']),
  })
  .meta({ id: 'SchoolSignup' });
export type SchoolSignup = z.infer<typeof schoolSignupResponseSchema>;

export const signUpSchool = defineOperation({
  method: 'POST',
  path: '/api/school_signups',
  body: schoolSignupBodySchema,
  responses: { 201: schoolSignupResponseSchema, ...problemResponses(409) },
  permission: 'schoolSignup.create',
  summary: 'Sign a school up: account, adviser, project and agreement year in one step',
  tags: ['school sign-up'],
});
