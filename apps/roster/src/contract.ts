import { z } from 'zod';

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

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

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

export const districtPageSchema = z.object({
  items: z.array(districtSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

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
export const schoolPageSchema = z.object({
  items: z.array(schoolSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

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

export const configurationSchema = z.object({
  id: z.number(),
  schoolId: z.number().nullable(),
  districtId: z.number().nullable(),
  baseUrl: z.string(),
  version: z.enum(oneRosterVersions),
  authKind: z.enum(authKinds),
  clientId: z.string(),
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
  })
  .refine(oneOwner, oneOwnerMessage);
/** Absent `clientSecret` keeps the stored one; `null` removes it. */
export const configurationUpdateSchema = z.object({
  baseUrl,
  version: z.enum(oneRosterVersions),
  authKind: z.enum(authKinds),
  clientId: z.string().trim().min(1).max(500),
  clientSecret: z.string().min(1).max(2000).nullable().optional(),
});

export const inheritedConfigSchema = z.object({
  schoolId: z.number(),
  /** Where the configuration comes from: the school's own, its district's, or none yet. */
  source: z.enum(['school', 'district', 'none']),
  configuration: configurationSchema.nullable(),
});
