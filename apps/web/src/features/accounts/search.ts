import { accountListUrlSearch, moneyTimelineUrlSearch } from '@colophon/contract';
import { years } from '@colophon/domain';
import { z } from 'zod';
import { listSearchSchema, searchBoolean, searchId } from '../../lib/list-search';

/** The "all accounts" view's filters, as the contract declares them (the overview sorts by its own keys). */
const { search, type, country, isActive } = accountListUrlSearch.shape;

/** A checkbox filter of the overview: only `true` is kept (false is the same as absent). */
const searchFlag = searchBoolean.transform((value) => (value ? true : undefined));

/** The overview's filters of spec part 7, each a checkbox, in the order the filter bar shows them. */
export const overviewFlags = [
  { key: 'hasProject', label: 'Has a project' },
  { key: 'noProof', label: 'No proof' },
  { key: 'noOrder', label: 'No order' },
  { key: 'notShipped', label: 'Not shipped' },
  { key: 'notDelivered', label: 'Not delivered' },
  { key: 'storeOpen', label: 'Store open' },
  { key: 'noNotifications', label: 'No notifications' },
  { key: 'excludeStoreOnly', label: 'Exclude Store Only' },
  { key: 'showInactive', label: 'Show inactive' },
  { key: 'orderBySubmission', label: 'Order by submission' },
] as const;
export type OverviewFlag = (typeof overviewFlags)[number]['key'];

const overviewFlagShape = Object.fromEntries(overviewFlags.map((flag) => [flag.key, searchFlag])) as Record<
  OverviewFlag,
  typeof searchFlag
>;

/**
 * /admin/accounts: which view (the studio overview or every account), that view's page, size, sort
 * and filters, and the drawer open on top (`create`, `edit`).
 */
export const accountsSearchSchema = listSearchSchema.extend({
  view: z.enum(['overview', 'all']).optional().catch(undefined),
  /** The overview's root account (a studio or branch office); the user's first account by default. */
  root: searchId,
  year: z.coerce
    .number()
    .int()
    .refine((year) => (years as readonly number[]).includes(year))
    .optional()
    .catch(undefined),
  ...overviewFlagShape,
  search,
  type,
  country,
  isActive,
  create: searchBoolean,
  edit: searchId,
});
export type AccountsSearch = z.infer<typeof accountsSearchSchema>;

/** The filters of each view: switching views clears the other view's. */
export const overviewFilterKeys = ['root', 'year', 'search', ...overviewFlags.map((flag) => flag.key)] as const;
export const listFilterKeys = ['search', 'type', 'country', 'isActive'] as const;

export const accountTabs = [
  'profile',
  'users',
  'projects',
  'proofs',
  'orders',
  'store',
  'money',
  'notifications',
] as const;
export type AccountTab = (typeof accountTabs)[number];

/**
 * /admin/accounts/$accountId: the tab shown, the edit drawer, and the money tab's filters, page, size
 * and sort (kept in the URL so that a filtered timeline is a link; cleared on leaving the tab).
 */
export const accountDetailSearchSchema = z.object({
  tab: z.enum(accountTabs).optional().catch(undefined),
  edit: searchBoolean,
  ...moneyTimelineUrlSearch.shape,
  ...listSearchSchema.shape,
});

/** The money tab's keys of the account page's URL. */
export const moneySearchKeys = ['kind', 'from', 'to', 'page', 'perPage', 'sort'] as const;
export type AccountDetailSearch = z.infer<typeof accountDetailSearchSchema>;
