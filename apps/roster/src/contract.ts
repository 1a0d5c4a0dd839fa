import { listEnvelopeSchema } from '@colophon/contract';
import {
  individualSorts,
  rosterGrade,
  rosterPersonSource,
  rosterPersonStatus,
  rosterRelationKind,
  rosterRole,
  rosterSignatureMethod,
} from '@colophon/domain';
import { z } from 'zod';
import { rosterJobSchema } from './jobs-contract';
import { pageQuery } from './page-query';

/**
 * The roster service's calls, their inputs and answers, declared once: the service validates and
 * serialises with these, and the web's roster client imports them (`@colophon/roster/contract`,
 * zod only). Paths are under /roster, outside the dashboard contract's /api operations.
 */

export const ROSTER_SESSION_HEADER = 'X-Roster-Session';

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id });

const name = z.string().trim().min(1, 'Enter a name').max(200);
const sourcedId = z.string().trim().min(1).max(255);

export const sessionResponseSchema = z.object({
  headers: z.object({ [ROSTER_SESSION_HEADER]: z.string() }),
});

export const districtSorts = ['name', '-name', 'createdAt', '-createdAt'] as const;
export const districtListQuerySchema = z.object({
  ...pageQuery,
  sort: z.enum(districtSorts).default('name'),
  search: z.string().trim().max(200).optional(),
  studioAccountId: id.optional(),
});

export const districtSchema = z.object({
  id: z.number(),
  name: z.string(),
  studioAccountId: z.number(),
  sourcedId: z.string().nullable(),
  schoolCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type District = z.infer<typeof districtSchema>;

export const districtPageSchema = listEnvelopeSchema(districtSchema);

export const districtCreateSchema = z.object({
  name,
  studioAccountId: id,
  sourcedId: sourcedId.nullish(),
});
export const districtUpdateSchema = z.object({
  name,
  sourcedId: sourcedId.nullish(),
});

export const districtAccountsSchema = z.array(
  z.object({ accountId: z.number(), accountName: z.string(), schoolId: z.number(), sourcedId: z.string() }),
);

export const syncCountsSchema = z.object({
  added: z.number(),
  changed: z.number(),
  removed: z.number(),
  skipped: z.number(),
});

export const schoolSchema = z.object({
  id: z.number(),
  accountId: z.number(),
  accountName: z.string(),
  sourcedId: z.string(),
  name: z.string(),
  districtId: z.number().nullable(),
  lastSyncAt: z.date().nullable(),
  syncStatus: z.string(),
  syncError: z.string().nullable(),
  syncCounts: syncCountsSchema,
});

export const schoolSorts = ['name', '-name', 'lastSyncAt', '-lastSyncAt'] as const;
export const schoolListQuerySchema = z.object({
  ...pageQuery,
  sort: z.enum(schoolSorts).default('name'),
  districtId: id.optional(),
  search: z.string().trim().max(200).optional(),
});
export const schoolPageSchema = listEnvelopeSchema(schoolSchema);

export const linkDistrictSchema = z.object({ districtId: id });

export const mappingSchema = z.array(
  z.object({
    schoolId: z.number(),
    sourcedId: z.string(),
    name: z.string(),
    accountId: z.number(),
    accountName: z.string(),
    districtId: z.number().nullable(),
  }),
);
export const mappingUpdateSchema = z.object({
  mappings: z
    .array(z.object({ accountId: id, sourcedId, name, districtId: id.nullish() }))
    .min(1)
    .max(500),
});

/** A setting or configuration belongs to exactly one school or one district. */
const ownerFields = { schoolId: id.optional(), districtId: id.optional() };
const oneOwner = <T extends { schoolId?: number | undefined; districtId?: number | undefined }>(value: T) =>
  (value.schoolId === undefined) !== (value.districtId === undefined);
const oneOwnerMessage = { message: 'Name either a schoolId or a districtId', path: ['schoolId'] };

export const ownerQuerySchema = z.object(ownerFields).refine(oneOwner, oneOwnerMessage);

export const syncSchedules = ['off', 'daily', 'weekly'] as const;
const grade = z.string().trim().min(1).max(16);
export const settingsSchema = z.object({
  schoolId: z.number().nullable(),
  districtId: z.number().nullable(),
  syncSchedule: z.enum(syncSchedules),
  grades: z.array(z.string()),
});
export const settingsUpdateSchema = z
  .object({ ...ownerFields, syncSchedule: z.enum(syncSchedules), grades: z.array(grade).max(20) })
  .refine(oneOwner, oneOwnerMessage);

export const oneRosterVersions = ['1.1', '1.2'] as const;
export const authKinds = ['oauth2', 'oauth1'] as const;
const baseUrl = z.url({ protocol: /^https?$/, message: 'Enter an http or https address' }).max(2000);

/*
 * What vendors differ on (issue 16), each for one kind of authentication only. Left out (or null),
 * `tokenUrl` means the OAuth 2 token endpoint is `<origin>/token` and `signatureMethod` means
 * HMAC-SHA256 for OAuth 1; a PUT describes the whole endpoint, so leaving one out there resets it.
 */
const vendorFields = {
  tokenUrl: baseUrl.nullable().optional(),
  signatureMethod: z.enum(rosterSignatureMethod.codes).nullable().optional(),
};
type VendorFields = {
  authKind: (typeof authKinds)[number];
  tokenUrl?: string | null | undefined;
  signatureMethod?: string | null | undefined;
};
const vendorFieldsFitAuthKind = (value: VendorFields, context: z.RefinementCtx) => {
  if (value.authKind !== 'oauth2' && value.tokenUrl != null) {
    context.addIssue({ code: 'custom', path: ['tokenUrl'], message: 'A token URL is for OAuth 2 only' });
  }
  if (value.authKind !== 'oauth1' && value.signatureMethod != null) {
    context.addIssue({
      code: 'custom',
      path: ['signatureMethod'],
      message: 'A signature method is for OAuth 1.0a only',
    });
  }
};

export const configurationSchema = z.object({
  id: z.number(),
  schoolId: z.number().nullable(),
  districtId: z.number().nullable(),
  baseUrl: z.string(),
  version: z.enum(oneRosterVersions),
  authKind: z.enum(authKinds),
  clientId: z.string(),
  /** OAuth 2 only; null: `<origin>/token`. */
  tokenUrl: z.string().nullable(),
  /** OAuth 1 only (null for OAuth 2). */
  signatureMethod: z.enum(rosterSignatureMethod.codes).nullable(),
  /** The secret itself is never sent back. */
  hasSecret: z.boolean(),
  updatedAt: z.date(),
});
export const configurationCreateSchema = z
  .object({
    ...ownerFields,
    baseUrl,
    version: z.enum(oneRosterVersions),
    authKind: z.enum(authKinds),
    clientId: z.string().trim().min(1).max(500),
    clientSecret: z.string().min(1).max(2000).optional(),
    ...vendorFields,
  })
  .refine(oneOwner, oneOwnerMessage)
  .superRefine(vendorFieldsFitAuthKind);
/** Absent `clientSecret` keeps the stored one; `null` removes it. */
export const configurationUpdateSchema = z
  .object({
    baseUrl,
    version: z.enum(oneRosterVersions),
    authKind: z.enum(authKinds),
    clientId: z.string().trim().min(1).max(500),
    clientSecret: z.string().min(1).max(2000).nullable().optional(),
    ...vendorFields,
  })
  .superRefine(vendorFieldsFitAuthKind);

/**
 * GET /roster/configurations?schoolId= or ?districtId= (ownerQuerySchema, exactly one): the owner's own
 * configuration (configurationSchema; the table keeps one per owner), else a 404 whose message is this,
 * which the web tells apart from the 404 of an owner it does not see.
 */
export const NO_CONFIGURATION = 'No configuration';

export const inheritedConfigSchema = z.object({
  schoolId: z.number(),
  /** Where the configuration comes from: the school's own, its district's, or none yet. */
  source: z.enum(['school', 'district', 'none']),
  configuration: configurationSchema.nullable(),
});

/*
 * A school's sync (issue 16): POST schools/{id}/sync queues one, GET schools/{id}/data shows the
 * school's roster at a glance.
 */

/** Optional (no body is a sync of what changed): `full: true` pulls everything, and may remove people. */
export const syncRequestSchema = z
  .object({ full: z.boolean().default(false) })
  .nullish()
  .transform((body) => body ?? { full: false });

const countOf = z.number().int();
export const schoolDataSchema = z.object({
  school: schoolSchema,
  /** Whose OneRoster configuration a sync uses: the school's own, its district's, or none yet. */
  configurationSource: z.enum(['school', 'district', 'none']),
  /** The schedule in force: the school's settings, else its district's, else off. */
  syncSchedule: z.enum(syncSchedules),
  people: z.object({
    /** Active people. */
    total: countOf,
    removed: countOf,
    /** Every role, in the domain's order, with zero where none. */
    byRole: z.array(z.object({ role: z.enum(rosterRole.codes), label: z.string(), count: countOf })),
    /** Grades held by active people, in the school's order; `grade: null` for people without one. */
    byGrade: z.array(z.object({ grade: z.enum(rosterGrade.codes).nullable(), label: z.string(), count: countOf })),
  }),
  /** Active students by homeroom, by name: the first 200, and how many homerooms there are. */
  homerooms: z.object({
    data: z.array(z.object({ homeroom: z.string(), students: countOf })),
    total: countOf,
  }),
  /** The school's newest roster job (import, sync or export), as the jobs page shows it. */
  lastJob: rosterJobSchema.nullable(),
});
export type SchoolData = z.infer<typeof schoolDataSchema>;

/*
 * Individuals: a school's people (issue 16), and the relations between two of them.
 */

const rosterGradeCode = z.enum(rosterGrade.codes);
const personName = (message: string) => z.string().trim().min(1, message).max(100);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
/** The fields a person is written with, by hand or in bulk. */
const individualFields = {
  sourcedId: sourcedId.nullish().transform((value) => value ?? null),
  givenName: personName('Enter a given name'),
  familyName: personName('Enter a family name'),
  middleName: optionalText(100),
  preferredName: optionalText(100),
  grade: rosterGradeCode.nullish().transform((value) => value ?? null),
  homeroom: optionalText(100),
  role: z.enum(rosterRole.codes),
  email: z
    .email('Enter an email address')
    .max(254)
    .or(z.literal(''))
    .nullish()
    .transform((value) => value || null),
};

export const individualSchema = z.object({
  id: z.number(),
  schoolId: z.number(),
  sourcedId: z.string().nullable(),
  givenName: z.string(),
  familyName: z.string(),
  middleName: z.string().nullable(),
  preferredName: z.string().nullable(),
  grade: rosterGradeCode.nullable(),
  homeroom: z.string().nullable(),
  role: z.enum(rosterRole.codes),
  email: z.string().nullable(),
  /** Where the portrait is stored; null until one is uploaded. */
  photoKey: z.string().nullable(),
  status: z.enum(rosterPersonStatus.codes),
  removedAt: z.date().nullable(),
  source: z.enum(rosterPersonSource.codes),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Individual = z.infer<typeof individualSchema>;

export { individualSorts } from '@colophon/domain';

/** `grade=09&grade=10` or `grade=09`: one grade or several. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(20)]).transform((value) => (Array.isArray(value) ? value : [value]));
export const individualListQuerySchema = z.object({
  ...pageQuery,
  sort: z.enum(individualSorts).default('familyName'),
  schoolId: id.optional(),
  districtId: id.optional(),
  /** The start of a given, family or preferred name, or of "given family". */
  search: z.string().trim().max(200).optional(),
  grade: oneOrMany(rosterGradeCode).optional(),
  homeroom: z.string().trim().min(1).max(100).optional(),
  role: z.enum(rosterRole.codes).optional(),
  status: z.enum(rosterPersonStatus.codes).default('active'),
});
export const individualPageSchema = listEnvelopeSchema(individualSchema);

export const individualCreateSchema = z.object({ schoolId: id, ...individualFields });
/** Every field is written; `status: 'active'` brings a removed person back. */
export const individualUpdateSchema = z.object({
  ...individualFields,
  status: z.enum(rosterPersonStatus.codes).optional(),
});
export const individualDeleteQuerySchema = z.object({
  /** Delete the person and their relations for good, rather than marking them removed. */
  purge: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const BULK_INDIVIDUALS_MAX = 5_000;
export const bulkRemoveSchema = z.object({
  schoolId: id,
  ids: z.array(id).min(1).max(BULK_INDIVIDUALS_MAX),
});
export const bulkRemoveResultSchema = z.object({
  removed: z.number(),
  /** Already removed before this call. */
  alreadyRemoved: z.number(),
  /** Ids that are no person of this school. */
  notFound: z.number(),
});

export const bulkInsertUpdateSchema = z.object({
  schoolId: id,
  individuals: z
    .array(z.object(individualFields))
    .min(1)
    .max(BULK_INDIVIDUALS_MAX)
    .superRefine(
      (rows, context) => {
        // Run even when other rows are bad (every fault in one answer), so a row may still be raw here.
        if (!Array.isArray(rows)) return;
        const seen = new Set<string>();
        rows.forEach((row: unknown, index) => {
          const raw = typeof row === 'object' && row !== null ? (row as { sourcedId?: unknown }).sourcedId : null;
          const sourced = typeof raw === 'string' ? raw.trim() : '';
          if (sourced === '') return;
          if (seen.has(sourced))
            context.addIssue({
              code: 'custom',
              path: [index, 'sourcedId'],
              message: 'This sourcedId is in the list twice',
            });
          seen.add(sourced);
        });
      },
      { when: () => true },
    ),
});
export const bulkInsertUpdateResultSchema = z.object({
  added: z.number(),
  changed: z.number(),
  unchanged: z.number(),
});

export const relationSchema = z.object({
  id: z.number(),
  individualId: z.number(),
  relatedIndividualId: z.number(),
  kind: z.enum(rosterRelationKind.codes),
  /** The other person of the relation, as seen from the one asked about. */
  other: z.object({ id: z.number(), givenName: z.string(), familyName: z.string(), role: z.enum(rosterRole.codes) }),
  createdAt: z.date(),
});
export const relationListQuerySchema = z.object({ individualId: id });
export const relationCreateSchema = z.object({
  individualId: id,
  relatedIndividualId: id,
  kind: z.enum(rosterRelationKind.codes),
});

/** Export presets and their form's school and district pickers. */
export * from './export-presets-contract';
/** The jobs page's calls (queue-management/jobs), declared beside the service's other calls. */
export * from './jobs-contract';
export { pageQuery } from './page-query';
