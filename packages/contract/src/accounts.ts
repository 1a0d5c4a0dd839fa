import { accountType, country, softwareType, whereCreated } from '@colophon/domain';
import { z } from 'zod';
import { accountList } from './account-lists';
import { bulkUpdateBodySchema, codeOf, textCodeOf } from './codes';
import {
  idParam,
  idParamsSchema,
  idSchema,
  listEnvelopeSchema,
  listQuerySchema,
  problemSchema,
  queryBoolean,
  timestampSchema,
} from './common';
import { immediateAccountSchema } from './identity';
import { defineOperation } from './operation';
import { bookTypeSchema } from './projects';
import { defineResourceContract, defineSearchOperation, filter } from './resource-contract';

export const accountTypeSchema = codeOf(accountType, 'account type');
export const softwareTypeSchema = codeOf(softwareType, 'software');
export const whereCreatedSchema = codeOf(whereCreated, 'where-created');
export const countrySchema = textCodeOf(country, 'country');

/** Address kinds (ours): where mail goes, where books ship, where invoices go. */
export const addressKinds = ['mailing', 'shipping', 'billing'] as const;
export const addressKindSchema = z.enum(addressKinds);

export const accountAddressInputSchema = z.object({
  kind: addressKindSchema,
  line1: z.string().trim().min(1, 'Required').max(200),
  line2: z.string().trim().max(200).nullable().default(null),
  city: z.string().trim().min(1, 'Required').max(100),
  region: z.string().trim().max(100).nullable().default(null),
  postalCode: z.string().trim().max(20).nullable().default(null),
  country: countrySchema,
});
export const accountAddressSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    kind: addressKindSchema,
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string(),
  })
  .meta({ id: 'AccountAddress' });
export type AccountAddress = z.infer<typeof accountAddressSchema>;

export const accountContactInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(200),
  title: z.string().trim().max(100).nullable().default(null),
  email: z.email().max(254).nullable().default(null),
  phone: z.string().trim().max(40).nullable().default(null),
  isPrimary: z.boolean().default(false),
});
export const accountContactSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    name: z.string(),
    title: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    isPrimary: z.boolean(),
  })
  .meta({ id: 'AccountContact' });
export type AccountContact = z.infer<typeof accountContactSchema>;

export const accountParentSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.number().int(),
  country: z.string(),
  depth: z.number().int(),
  parentAccountId: z.number().int().nullable(),
  /**
   * Whether the caller may open the parent (issue 9): a school user sees their studio's name but
   * may not read it, so the screens show the name without a link rather than a link to a 404.
   */
  canOpen: z.boolean(),
});

/**
 * An account (part 3). `include=parent,addresses,contacts,images` adds the parent, the addresses,
 * the contacts and signed URLs of the brand and image (null when none was uploaded).
 */
export const accountSchema = z
  .object({
    // What the session lists of each of the user's accounts, first.
    ...immediateAccountSchema.shape,
    mfaRequired: z.boolean(),
    isActive: z.boolean(),
    bMustPayBeforeProduction: z.boolean(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    parent: accountParentSchema.nullable().optional(),
    addresses: z.array(accountAddressSchema).optional(),
    contacts: z.array(accountContactSchema).optional(),
    uriBrand: z.string().nullable().optional(),
    uriImage: z.string().nullable().optional(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;
export const accountIncludes = ['parent', 'addresses', 'contacts', 'images'] as const;

const accountFields = {
  name: z.string().trim().min(1, 'Required').max(200),
  type: accountTypeSchema,
  typeSoftware: softwareTypeSchema,
  typeWhereCreated: whereCreatedSchema,
  country: countrySchema,
  /** Null only for a top-level account, which only a super administrator creates. */
  parentAccountId: idSchema.nullable(),
  mfaRequired: z.boolean(),
  isActive: z.boolean(),
  bMustPayBeforeProduction: z.boolean(),
  addresses: z.array(accountAddressInputSchema).max(10),
  contacts: z.array(accountContactInputSchema).max(20),
};

/**
 * A new account. The code is given by the server (S… studio, R… branch office, A… the others);
 * `typeWhereCreated` defaults to Studio for studio staff, sales reps and super administrators and
 * to School for school staff. Addresses and contacts are written with the account.
 */
export const accountCreateSchema = z.object({
  name: accountFields.name,
  type: accountFields.type,
  typeSoftware: accountFields.typeSoftware.default(0),
  typeWhereCreated: accountFields.typeWhereCreated.optional(),
  country: accountFields.country.default('US'),
  parentAccountId: accountFields.parentAccountId,
  mfaRequired: accountFields.mfaRequired.default(false),
  isActive: accountFields.isActive.default(true),
  bMustPayBeforeProduction: accountFields.bMustPayBeforeProduction.default(false),
  addresses: accountFields.addresses.default([]),
  contacts: accountFields.contacts.default([]),
});
export type AccountCreate = z.input<typeof accountCreateSchema>;

/** Changes to an account; `addresses` or `contacts`, when sent, replace the whole list. */
export const accountUpdateSchema = z.object(accountFields).partial();
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

/**
 * Accounts (part 3): schools, churches, teams, universities, dance groups, studios and branch
 * offices, nested at most two levels. `search` looks in the name and the code; DELETE deactivates.
 */
export const accountsContract = defineResourceContract({
  name: 'accounts',
  label: 'Account',
  item: accountSchema,
  create: accountCreateSchema,
  update: accountUpdateSchema,
  ...accountList,
  includes: accountIncludes,
  permission: { read: 'accounts.view', write: 'accounts.manage' },
});
export type AccountListQuery = z.input<typeof accountsContract.listQuery>;

/**
 * `POST accounts/get/get_accounts_post`: the same search as the list, as a JSON body (for filter
 * sets too long for a URL, such as hundreds of ids).
 */
export const searchAccounts = defineSearchOperation(
  accountsContract,
  '/api/accounts/get/get_accounts_post',
  'Search accounts with a body of filters',
);
export const accountSearchBodySchema = searchAccounts.body;
export type AccountSearchBody = z.input<typeof accountSearchBodySchema>;

/** `POST files/account_brand` and `files/account_image`: base64 image data (data-URL prefix stripped). */
export const accountFileBodySchema = z.object({
  accountId: idSchema,
  data: z.string().min(1).max(3_000_000),
});
export const accountBrandResponseSchema = z.object({ accountId: z.number().int(), uriBrand: z.string() });
export const accountImageResponseSchema = z.object({ accountId: z.number().int(), uriImage: z.string() });

/** The account summary overview's filters (part 7); every flag is a checkbox: false is the same as absent. */
export const accountSummarySortKeys = [
  'accountName',
  'accountCode',
  'projectName',
  'submissionDeadline',
  'submittedAt',
  'lastNotificationAt',
  'proofStatus',
  'orderStatus',
] as const;
export const accountSummaryOverviewQuerySchema = listQuerySchema(accountSummarySortKeys).extend({
  /** The projects of this year (rows without a project of the year remain, with no project). */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  /** Rows whose project has no proof yet (or that have no project). */
  noProof: queryBoolean.optional(),
  /** Rows whose project has no order yet (or that have no project). */
  noOrder: queryBoolean.optional(),
  /** Rows whose store is open (for the project's year, or the year asked). */
  storeOpen: queryBoolean.optional(),
  /** Also inactive accounts and projects (hidden by default). */
  showInactive: queryBoolean.optional(),
  /** Rows whose account has no notification. */
  noNotifications: queryBoolean.optional(),
  /** Only rows with a project. */
  hasProject: queryBoolean.optional(),
  /** Rows whose latest order has not shipped yet. */
  notShipped: queryBoolean.optional(),
  /** Rows whose latest order is not fully delivered yet. */
  notDelivered: queryBoolean.optional(),
  /** Leave out Store Only accounts. */
  excludeStoreOnly: queryBoolean.optional(),
  /** Most recently submitted first, then the ones not submitted by soonest deadline (overrides sort). */
  orderBySubmission: queryBoolean.optional(),
  /** Name or code contains. */
  search: z.string().trim().max(100).optional(),
  /** Only the schools directly under this sub-studio or branch office. */
  parentId: idParam.optional(),
});
export type AccountSummaryOverviewQuery = z.input<typeof accountSummaryOverviewQuerySchema>;

/** One row of the studio's overview: a school and (when it has one) a project of it. */
export const accountSummaryRowSchema = z
  .object({
    accountId: z.number().int(),
    accountCode: z.string(),
    accountName: z.string(),
    accountType: z.number().int(),
    typeSoftware: z.number().int(),
    country: z.string(),
    isActive: z.boolean(),
    parentAccountId: z.number().int().nullable(),
    parentAccountName: z.string().nullable(),
    project: z
      .object({
        id: z.number().int(),
        name: z.string(),
        year: z.number().int(),
        typeBook: z.number().int(),
        isActive: z.boolean(),
      })
      .nullable(),
    latestProof: z
      .object({
        id: z.number().int(),
        status: z.number().int(),
        statusLabel: z.string(),
        internalStatus: z.number().int().nullable(),
        createdAt: timestampSchema,
      })
      .nullable(),
    latestOrder: z
      .object({
        id: z.number().int(),
        status: z.number().int(),
        /** The status as the part 4 rule displays it. */
        displayStatus: z.string(),
        typeOrder: z.number().int(),
        submittedAt: timestampSchema.nullable(),
      })
      .nullable(),
    storeOpen: z.boolean(),
    lastNotification: z
      .object({
        id: z.number().int(),
        typeNotification: z.number().int(),
        label: z.string(),
        date: timestampSchema,
      })
      .nullable(),
    submissionDeadline: z.string().nullable(),
    /** When the latest order was submitted. */
    submittedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'AccountSummaryRow' });
export type AccountSummaryRow = z.infer<typeof accountSummaryRowSchema>;
export const accountSummaryOverviewSchema = listEnvelopeSchema(accountSummaryRowSchema);

export const getAccountSummaryOverview = defineOperation({
  method: 'GET',
  path: '/api/accounts/account_summary_overview/:id',
  params: idParamsSchema,
  query: accountSummaryOverviewQuerySchema,
  responses: { 200: accountSummaryOverviewSchema },
  permission: 'accounts.view',
  summary: "The studio's overview of all its schools",
  tags: ['accounts'],
});

/** An account's brand (logo) and image, uploaded as base64 (413 when too large). */
const uploadAccountFile = {
  method: 'POST',
  body: accountFileBodySchema,
  permission: 'accounts.manage',
  tags: ['files'],
} as const;
export const uploadAccountBrand = defineOperation({
  ...uploadAccountFile,
  path: '/api/files/account_brand',
  responses: { 200: accountBrandResponseSchema, 413: problemSchema },
  summary: "Upload an account's brand (logo)",
});
export const uploadAccountImage = defineOperation({
  ...uploadAccountFile,
  path: '/api/files/account_image',
  responses: { 200: accountImageResponseSchema, 413: problemSchema },
  summary: "Upload an account's image",
});

/** `GET accounts/settings/internal_review/{id}`. */
export const internalReviewSettingsSchema = z
  .object({
    accountId: z.number().int(),
    internalReview: z.boolean(),
    optOutInternalReview: z.boolean(),
    optInAdviserReviewNotes: z.boolean(),
    /** Whether the account's proofs go through internal review, its parent and grandparent considered. */
    effectiveInternalReview: z.boolean(),
    /** The account whose setting decides (null: nobody set anything). */
    decidedByAccountId: z.number().int().nullable(),
    /**
     * That account's name, and whether the caller may open it: the decider is a fact of the tree,
     * named the same for everyone, linked only for those who may read it (issue 9).
     */
    decidedBy: z.object({ id: z.number().int(), name: z.string(), canOpen: z.boolean() }).nullable(),
  })
  .meta({ id: 'InternalReviewSettings' });
export type InternalReviewSettings = z.infer<typeof internalReviewSettingsSchema>;

/** The three bulk updates of part 7 take `{ accountIds, value }`. */
export const internalReviewBulkUpdateBodySchema = bulkUpdateBodySchema;
export const bulkUpdateResultSchema = z.object({
  updated: z.number().int(),
  accountIds: z.array(z.number().int()),
  value: z.boolean(),
});
export type BulkUpdateResult = z.infer<typeof bulkUpdateResultSchema>;

/** An account-manufacturer relationship: who prints this account's books (one book type, or all). */
export const accountManufacturerRelationshipSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    manufacturerId: z.number().int(),
    typeBook: z.number().int().nullable(),
    notes: z.string().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
    manufacturer: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'AccountManufacturerRelationship' });
export type AccountManufacturerRelationship = z.infer<typeof accountManufacturerRelationshipSchema>;
export const accountManufacturerRelationshipCreateSchema = z.object({
  accountId: idSchema,
  manufacturerId: idSchema,
  typeBook: bookTypeSchema.nullable().default(null),
  notes: z.string().trim().max(2000).nullable().default(null),
});
export const accountManufacturerRelationshipUpdateSchema = z
  .object({
    manufacturerId: idSchema,
    typeBook: bookTypeSchema.nullable(),
    notes: z.string().trim().max(2000).nullable(),
  })
  .partial();
/** Which manufacturer prints an account's books; studio and school staff read their own, the plant side edits. */
export const accountManufacturerRelationshipsContract = defineResourceContract({
  name: 'account_manufacturer_relationships',
  label: 'Account-manufacturer relationship',
  item: accountManufacturerRelationshipSchema,
  create: accountManufacturerRelationshipCreateSchema,
  update: accountManufacturerRelationshipUpdateSchema,
  filters: { accountId: filter.ids(), manufacturerId: filter.ids() },
  includes: ['account', 'manufacturer'],
  sorts: ['createdAt', 'typeBook'],
  defaultSort: 'createdAt',
  permission: { read: 'accounts.view', write: 'super.plants' },
});
