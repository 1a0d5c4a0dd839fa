import {
  agreementYears,
  type BookSpecOptionsKey,
  bookSpecCodedFields,
  bookType,
  commissionTier,
  pricingDesignation,
  softwareType,
  years,
} from '@colophon/domain';
import { z } from 'zod';
import { codeOf, isoDateSchema, optionSchema } from './codes';
import { idParam, idParamsSchema, idSchema, timestampSchema } from './common';
import { defineOperation } from './operation';
import { presetList, projectList } from './project-lists';
import { defineResourceContract, defineSearchOperation } from './resource-contract';

export const bookTypeSchema = codeOf(bookType, 'book type');
export const yearSchema = z
  .number()
  .int()
  .refine((year) => (years as readonly number[]).includes(year), {
    message: `Must be a year from ${years[0]} to ${years[years.length - 1]}`,
  });
export const agreementYearSchema = z.enum(agreementYears);

type CodedField = (typeof bookSpecCodedFields)[number];
/** One code of the field's enumeration: its output type is the enumeration's codes. */
type CodeSchema<Field extends CodedField> = ReturnType<typeof codeOf<Field['enumeration']['codes'][number]>>;
/** A coded field's schema: a list of codes, or one code left open (null) until chosen. */
type CodedFieldSchemas = {
  [Field in CodedField as Field['key']]: Field extends { readonly list: true }
    ? z.ZodArray<CodeSchema<Field>>
    : z.ZodNullable<CodeSchema<Field>>;
};
function codedFieldSchemas(): CodedFieldSchemas {
  const schemas: Record<string, z.ZodType> = {};
  for (const field of bookSpecCodedFields) {
    const code = codeOf<number>(field.enumeration, field.noun);
    // Each code at most once, so never more of them than the enumeration has.
    schemas[field.key] = 'list' in field ? z.array(code).max(field.enumeration.codes.length) : code.nullable();
  }
  return schemas as CodedFieldSchemas;
}
// The book type is never open, and the page count sits after the size (the document's order).
const { typeBook: _openBookType, typeSize, ...codedFieldsAfterSize } = codedFieldSchemas();

/**
 * The book specification with the option lists of part 3. Every field may be left open (null)
 * while the book is planned; `bookSpecViolations` of the domain judges what is filled in.
 */
export const bookSpecificationShape = {
  typeBook: bookTypeSchema,
  typeSize,
  pageCount: z.number().int().min(1).max(1000).nullable(),
  ...codedFieldsAfterSize,
  copies: z.number().int().min(1).max(100_000).nullable(),
  submissionDeadline: isoDateSchema.nullable(),
  inHomeDate: isoDateSchema.nullable(),
};
/** A specification with any field left out (presets, defaults for new projects). */
export const bookSpecificationSchema = z.object(bookSpecificationShape).partial().meta({ id: 'BookSpecification' });
export type BookSpecificationInput = z.infer<typeof bookSpecificationSchema>;

/** `projects/{id}/project_meta`: what the school says about its book. */
export const projectMetaSchema = z
  .object({
    projectId: z.number().int(),
    theme: z.string().nullable(),
    coverTitle: z.string().nullable(),
    enrollment: z.number().int().nullable(),
    staffSize: z.number().int().nullable(),
    notes: z.string().nullable(),
    /** Null until someone saves it. */
    updatedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'ProjectMeta' });
export type ProjectMeta = z.infer<typeof projectMetaSchema>;
const projectAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.number().int(),
  typeSoftware: z.number().int(),
  parentAccountId: z.number().int().nullable(),
});

/** A yearbook project. `include=account,meta` adds its account and its project meta. */
export const projectSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    name: z.string(),
    year: z.number().int(),
    agreementYear: z.string().nullable(),
    typeBook: z.number().int(),
    typeSize: z.number().int().nullable(),
    pageCount: z.number().int().nullable(),
    typeCover: z.number().int().nullable(),
    typeCoverStyle: z.number().int().nullable(),
    typeCoverBoardWeight: z.number().int().nullable(),
    coverApplications: z.array(z.number().int()),
    typeEndsheet: z.number().int().nullable(),
    typeFinish: z.number().int().nullable(),
    typePersonalization: z.number().int().nullable(),
    typeCustomPages: z.number().int().nullable(),
    typePrinter: z.number().int().nullable(),
    typeSoftware: z.number().int().nullable(),
    typeCredentialsDestination: z.number().int().nullable(),
    typeCreationKitDestination: z.number().int().nullable(),
    typeDock: z.number().int().nullable(),
    copies: z.number().int().nullable(),
    submissionDeadline: z.string().nullable(),
    inHomeDate: z.string().nullable(),
    isActive: z.boolean(),
    createdByUserId: z.number().int().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    account: projectAccountSchema.optional(),
    meta: projectMetaSchema.nullable().optional(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;
export const projectIncludes = ['account', 'meta'] as const;

/**
 * A new project. A field left out takes the account's default for new projects (its settings, then
 * its parent's and grandparent's); the book type must come from one or the other. A sales rep may
 * choose only the book types 1, 2, 3, 5, 9 and 10.
 */
export const projectCreateSchema = z.object({
  accountId: idSchema,
  name: z.string().trim().min(1, 'Required').max(200),
  year: yearSchema,
  agreementYear: agreementYearSchema.nullable().optional(),
  ...z.object(bookSpecificationShape).partial().shape,
});
export type ProjectCreate = z.input<typeof projectCreateSchema>;
export const projectUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(200),
    year: yearSchema,
    agreementYear: agreementYearSchema.nullable(),
    isActive: z.boolean(),
    ...bookSpecificationShape,
  })
  .partial();
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

/**
 * Yearbook projects: one book of one account for one year (part 3). `search` looks in the project's
 * name and its account's name and code; DELETE deactivates.
 */
export const projectsContract = defineResourceContract({
  name: 'projects',
  label: 'Project',
  item: projectSchema,
  create: projectCreateSchema,
  update: projectUpdateSchema,
  ...projectList,
  includes: projectIncludes,
  permission: { read: 'projects.view', write: 'projects.manage' },
});
export type ProjectListQuery = z.input<typeof projectsContract.listQuery>;

/** `POST projects/get/get_projects_post`: the list's search as a JSON body, and a list of project ids. */
export const searchProjects = defineSearchOperation(
  projectsContract,
  '/api/projects/get/get_projects_post',
  'Search projects with a body of filters',
);
export const projectSearchBodySchema = searchProjects.body;
export type ProjectSearchBody = z.input<typeof projectSearchBodySchema>;

/** POST and PUT both save (only the fields sent change). */
export const projectMetaBodySchema = z
  .object({
    theme: z.string().trim().max(200).nullable(),
    coverTitle: z.string().trim().max(200).nullable(),
    enrollment: z.number().int().min(0).max(100_000).nullable(),
    staffSize: z.number().int().min(0).max(1000).nullable(),
    notes: z.string().trim().max(5000).nullable(),
  })
  .partial();

/** `projects/{id}/sales_rep_project_meta`: the sales side, for studio staff and sales reps only. */
export const salesRepProjectMetaSchema = z
  .object({
    projectId: z.number().int(),
    commissionPercent: z.number().int().nullable(),
    pricePerBookCents: z.number().int().nullable(),
    pricingDesignation: z.string().nullable(),
    estimatedCopies: z.number().int().nullable(),
    followUpDate: z.string().nullable(),
    notes: z.string().nullable(),
    updatedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'SalesRepProjectMeta' });
export type SalesRepProjectMeta = z.infer<typeof salesRepProjectMetaSchema>;
export const salesRepProjectMetaBodySchema = z
  .object({
    commissionPercent: codeOf(commissionTier, 'commission').nullable(),
    /** Integer cents. */
    pricePerBookCents: z.number().int().min(0).max(10_000_000).nullable(),
    pricingDesignation: z
      .string()
      .refine((code) => pricingDesignation.has(code) && code !== 'J', {
        message: 'Must be an active pricing designation (A to S, not J)',
      })
      .nullable(),
    estimatedCopies: z.number().int().min(0).max(100_000).nullable(),
    followUpDate: isoDateSchema.nullable(),
    notes: z.string().trim().max(5000).nullable(),
  })
  .partial();

/** `GET projects/upcoming/submissions/{id}?limit&parentId`. */
export const upcomingSubmissionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** Only the schools directly under this account (a sub-studio or branch office of the tree). */
  parentId: idParam.optional(),
});
export const deadlineWarningSchema = z.enum(['overdue', 'due', 'soon', 'later']);
export const upcomingSubmissionSchema = z
  .object({
    projectId: z.number().int(),
    projectName: z.string(),
    year: z.number().int(),
    typeBook: z.number().int(),
    accountId: z.number().int(),
    accountCode: z.string(),
    accountName: z.string(),
    parentAccountId: z.number().int().nullable(),
    submissionDeadline: z.string(),
    inHomeDate: z.string().nullable(),
    /** Whole days left (0 on the day, negative once passed). */
    daysUntilDeadline: z.number().int(),
    /** overdue (passed), due (7 days or fewer), soon (30 or fewer), later. */
    deadlineWarning: deadlineWarningSchema,
  })
  .meta({ id: 'UpcomingSubmission' });
export type UpcomingSubmission = z.infer<typeof upcomingSubmissionSchema>;
export const upcomingSubmissionsSchema = z.object({
  data: z.array(upcomingSubmissionSchema),
  limit: z.number().int(),
});

const codedOptionLists = Object.fromEntries(
  bookSpecCodedFields.map((field) => [field.optionsKey, z.array(optionSchema)]),
) as { [Key in BookSpecOptionsKey]: z.ZodArray<typeof optionSchema> };

/** `GET projects/options`: the option lists of a project form, as the caller may use them. */
export const projectOptionsSchema = z
  .object({
    years: z.array(optionSchema),
    agreementYears: z.array(optionSchema),
    ...codedOptionLists,
  })
  .meta({ id: 'ProjectOptions' });
export type ProjectOptions = z.infer<typeof projectOptionsSchema>;

/** `POST api/{software}/add_user`: give a person a login in the book's layout software. */
export const layoutSoftwareParamsSchema = z.object({
  software: z.coerce
    .number()
    .int()
    .refine((code) => softwareType.has(code) && code !== 0 && code !== 9, {
      message: 'Must be a layout software code (1 to 8 or 10)',
    }),
});
export const layoutSoftwareRoleSchema = z.enum(['adviser', 'staff']);
export const layoutSoftwareAddUserBodySchema = z.object({
  projectId: idSchema,
  email: z
    .email()
    .max(254)
    .transform((email) => email.trim().toLowerCase()),
  firstName: z.string().trim().min(1, 'Required').max(100),
  lastName: z.string().trim().min(1, 'Required').max(100),
  role: layoutSoftwareRoleSchema.default('staff'),
});
export const layoutSoftwareUserSchema = z
  .object({
    id: z.number().int(),
    software: z.number().int(),
    projectId: z.number().int(),
    accountId: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: layoutSoftwareRoleSchema,
    externalUserId: z.string(),
    /** `added` the first time, `already_added` when the person was already a user of this book. */
    status: z.enum(['added', 'already_added']),
    /** Which adapter did it: `offline` is the embedded default. */
    adapter: z.string(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'LayoutSoftwareUser' });
export type LayoutSoftwareUser = z.infer<typeof layoutSoftwareUserSchema>;

const projectTags = ['projects'] as const;

/** `GET projects/options`: the option lists of a project form, as the caller may use them. */
export const getProjectOptions = defineOperation({
  method: 'GET',
  path: '/api/projects/options',
  responses: { 200: projectOptionsSchema },
  permission: 'projects.view',
  summary: 'The option lists of the project form, as the caller may use them',
  tags: projectTags,
});

export const getUpcomingSubmissions = defineOperation({
  method: 'GET',
  path: '/api/projects/upcoming/submissions/:id',
  params: idParamsSchema,
  query: upcomingSubmissionsQuerySchema,
  responses: { 200: upcomingSubmissionsSchema },
  permission: 'submissionStatus.view',
  summary: "The submissions to come across an account's tree, soonest first",
  tags: projectTags,
});

/** `projects/{id}/project_meta`: GET reads (empty until saved), POST and PUT both save. */
export const getProjectMeta = defineOperation({
  method: 'GET',
  path: '/api/projects/:id/project_meta',
  params: idParamsSchema,
  responses: { 200: projectMetaSchema },
  permission: 'projects.view',
  summary: "A project's meta",
  tags: projectTags,
});
const saveProjectMeta = {
  path: '/api/projects/:id/project_meta',
  params: idParamsSchema,
  body: projectMetaBodySchema,
  responses: { 200: projectMetaSchema },
  permission: 'projects.manage',
  summary: "Save a project's meta (only the fields sent change)",
  tags: projectTags,
} as const;
export const createProjectMeta = defineOperation({ method: 'POST', ...saveProjectMeta });
export const updateProjectMeta = defineOperation({ method: 'PUT', ...saveProjectMeta });

/** `projects/{id}/sales_rep_project_meta`: the same, for the sales side. */
export const getSalesRepProjectMeta = defineOperation({
  method: 'GET',
  path: '/api/projects/:id/sales_rep_project_meta',
  params: idParamsSchema,
  responses: { 200: salesRepProjectMetaSchema },
  permission: 'projects.view',
  summary: "A project's sales-rep meta (studio staff and sales reps)",
  tags: projectTags,
});
const saveSalesRepProjectMeta = {
  path: '/api/projects/:id/sales_rep_project_meta',
  params: idParamsSchema,
  body: salesRepProjectMetaBodySchema,
  responses: { 200: salesRepProjectMetaSchema },
  permission: 'projects.manage',
  summary: "Save a project's sales-rep meta (only the fields sent change)",
  tags: projectTags,
} as const;
export const createSalesRepProjectMeta = defineOperation({ method: 'POST', ...saveSalesRepProjectMeta });
export const updateSalesRepProjectMeta = defineOperation({ method: 'PUT', ...saveSalesRepProjectMeta });

/** 201 when the person was added, 200 when they already had a login. */
export const addLayoutSoftwareUser = defineOperation({
  method: 'POST',
  path: '/api/api/:software/add_user',
  params: layoutSoftwareParamsSchema,
  body: layoutSoftwareAddUserBodySchema,
  responses: { 200: layoutSoftwareUserSchema, 201: layoutSoftwareUserSchema },
  permission: 'projects.manage',
  summary: "Add a person to a book's layout software",
  tags: projectTags,
});

/** A preset: a saved book specification to start a project from. */
export const presetSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    name: z.string(),
    specification: bookSpecificationSchema,
    createdByUserId: z.number().int().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'Preset' });
export type Preset = z.infer<typeof presetSchema>;
export const presetCreateSchema = z.object({
  accountId: idSchema,
  name: z.string().trim().min(1, 'Required').max(120),
  specification: bookSpecificationSchema,
});
export const presetUpdateSchema = z
  .object({ name: z.string().trim().min(1, 'Required').max(120), specification: bookSpecificationSchema })
  .partial();

/** Presets: saved book specifications (/admin/presets); read with the projects, kept by their account's owners. */
export const presetsContract = defineResourceContract({
  name: 'presets',
  label: 'Preset',
  item: presetSchema,
  create: presetCreateSchema,
  update: presetUpdateSchema,
  ...presetList,
  permission: { read: 'projects.view', write: 'presets.manage' },
});
