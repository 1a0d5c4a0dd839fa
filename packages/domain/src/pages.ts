import type { Permission } from './access';
import { schoolRoles } from './roles';

/**
 * The admin pages of spec part 2 with their title and the permission that opens them (the entry
 * guard). The web app shows a page in the navigation only when it is both built and allowed.
 */
export interface AdminPage {
  readonly path: string;
  readonly title: string;
  readonly permission: Permission;
  readonly group:
    | 'Home'
    | 'School'
    | 'Roster'
    | 'Sales'
    | 'Money'
    | 'Marketing'
    | 'Studio'
    | 'Super admin'
    | 'Processing';
}

export const adminPages = [
  { path: '/admin/profile', title: 'Profile', permission: 'profile.edit', group: 'Home' },
  { path: '/admin/my-account', title: 'My Account', permission: 'accounts.view', group: 'Home' },
  { path: '/admin/settings', title: 'Settings', permission: 'settings.manage', group: 'Studio' },
  { path: '/admin/presets', title: 'Presets', permission: 'presets.manage', group: 'Studio' },
  {
    path: '/admin/submission_status',
    title: 'Submission Status',
    permission: 'submissionStatus.view',
    group: 'School',
  },
  {
    path: '/admin/marketing_import',
    title: 'Import Marketing Contacts',
    permission: 'marketing.import',
    group: 'Marketing',
  },
  { path: '/admin/ypa', title: 'School Sign-up', permission: 'schoolSignup.create', group: 'Studio' },
  { path: '/admin/accounts', title: 'Accounts', permission: 'accounts.view', group: 'Studio' },
  { path: '/admin/users', title: 'Users', permission: 'users.view', group: 'Studio' },
  { path: '/admin/projects', title: 'Project Records', permission: 'projects.view', group: 'School' },
  // The roster (issue 16): its own group, shown to the roles that hold roster.view or roster.manage.
  { path: '/admin/roster/districts', title: 'Districts', permission: 'roster.manage', group: 'Roster' },
  { path: '/admin/roster/schools', title: 'Schools', permission: 'roster.view', group: 'Roster' },
  { path: '/admin/roster/individuals', title: 'Individuals', permission: 'roster.view', group: 'Roster' },
  { path: '/admin/roster/configurations', title: 'Configurations', permission: 'roster.manage', group: 'Roster' },
  { path: '/admin/roster/export-presets', title: 'Export Presets', permission: 'roster.manage', group: 'Roster' },
  // 'Jobs', not 'Roster Jobs': that is the operations console's queue page (super.queues) under Processing.
  { path: '/admin/roster/jobs', title: 'Jobs', permission: 'roster.view', group: 'Roster' },
  { path: '/admin/online-sales', title: 'Online Sales', permission: 'sales.view', group: 'Sales' },
  { path: '/admin/online-sales/orders', title: 'Online Orders', permission: 'sales.view', group: 'Sales' },
  { path: '/admin/online-sales/store', title: 'Store Setup', permission: 'sales.view', group: 'Sales' },
  {
    path: '/admin/online-sales/distribution',
    title: 'Distribution Day',
    permission: 'sales.manage',
    group: 'Sales',
  },
  { path: '/admin/sales-store-coupons', title: 'Store Coupons', permission: 'coupons.manage', group: 'Sales' },
  {
    path: '/admin/marketing-campaigns',
    title: 'Marketing Campaigns',
    permission: 'marketing.manage',
    group: 'Marketing',
  },
  {
    path: '/admin/request-bulk-presale-funds',
    title: 'Bulk Presale Fund Request',
    permission: 'funds.request',
    group: 'Money',
  },
  { path: '/admin/request-sales-tax', title: 'Sales Tax Request', permission: 'salesTax.request', group: 'Money' },
  {
    path: '/admin/request-single-book-funds',
    title: 'Single Book Fund Request',
    permission: 'funds.request',
    group: 'Money',
  },
  { path: '/admin/proofs', title: 'Proofs', permission: 'proofs.view', group: 'School' },
  { path: '/admin/upload', title: 'Upload Proof', permission: 'proofs.upload', group: 'School' },
  { path: '/admin/orders', title: 'Order Status', permission: 'orders.view', group: 'School' },
  { path: '/admin/manage-credit-cards', title: 'Manage Credit Cards', permission: 'cards.manage', group: 'Money' },
  { path: '/admin/invoices', title: 'Invoices', permission: 'sales.view', group: 'Money' },
  { path: '/admin/super/order-admin', title: 'Order Admin', permission: 'super.orderAdmin', group: 'Super admin' },
  {
    path: '/admin/super/personalization-upload',
    title: 'Personalization Upload',
    permission: 'super.personalization',
    group: 'Super admin',
  },
  {
    path: '/admin/super/customer-pricing',
    title: 'Customer Pricing',
    permission: 'super.pricing',
    group: 'Super admin',
  },
  {
    path: '/admin/super/pricing-adjustments',
    title: 'Pricing Adjustments',
    permission: 'super.pricing',
    group: 'Super admin',
  },
  { path: '/admin/super/invoices', title: 'Charge CC', permission: 'super.invoices', group: 'Super admin' },
  {
    path: '/admin/super/quickbooks-invoices',
    title: 'Accounting Invoices',
    permission: 'super.invoices',
    group: 'Super admin',
  },
  {
    path: '/admin/super/manufacturing-plants',
    title: 'Manufacturing Plants',
    permission: 'super.plants',
    group: 'Super admin',
  },
  { path: '/admin/super/manufacturers', title: 'Manufacturers', permission: 'super.plants', group: 'Super admin' },
  { path: '/admin/super/audit-log', title: 'Audit Log', permission: 'super.audit', group: 'Super admin' },
  { path: '/admin/super/outbox', title: 'E-mail Outbox', permission: 'super.audit', group: 'Super admin' },
  { path: '/admin/super/client-errors', title: 'Client Errors', permission: 'super.audit', group: 'Super admin' },
  { path: '/admin/super/records', title: 'Record Editor', permission: 'super.records', group: 'Super admin' },
  {
    path: '/admin/super/processing/proofs',
    title: 'Proof Processing',
    permission: 'super.queues',
    group: 'Processing',
  },
  {
    path: '/admin/super/processing/uploads',
    title: 'Upload Processing',
    permission: 'super.queues',
    group: 'Processing',
  },
  {
    path: '/admin/super/processing/notifications',
    title: 'Notification Processing',
    permission: 'super.queues',
    group: 'Processing',
  },
  {
    path: '/admin/super/processing/order-moves',
    title: 'Order Moves',
    permission: 'super.queues',
    group: 'Processing',
  },
  { path: '/admin/super/processing/epubs', title: 'EPUB Processing', permission: 'super.queues', group: 'Processing' },
  {
    path: '/admin/super/processing/accounting',
    title: 'Accounting Sync',
    permission: 'super.queues',
    group: 'Processing',
  },
  {
    path: '/admin/super/processing/card-detachments',
    title: 'Card Detachments',
    permission: 'super.queues',
    group: 'Processing',
  },
  {
    path: '/admin/super/processing/roster-jobs',
    title: 'Roster Jobs',
    permission: 'super.queues',
    group: 'Processing',
  },
  {
    path: '/admin/super/processing/processor-statuses',
    title: 'Processor Statuses',
    permission: 'super.queues',
    group: 'Processing',
  },
] as const satisfies readonly AdminPage[];

export type AdminPagePath = (typeof adminPages)[number]['path'];

export function adminPageByPath(path: string): AdminPage | undefined {
  return adminPages.find((page) => page.path === path);
}

/**
 * The navigation group a page is shown under for a person. The 'Studio' pages (accounts, users,
 * settings) manage the person's own organisation: a school's staff see them under 'School', beside
 * the school's other pages, and never a 'Studio' heading that is not theirs.
 */
export function navigationGroupOf(
  page: AdminPage,
  person: { role: number; bSuperAdmin?: boolean } | null | undefined,
): AdminPage['group'] {
  const schoolStaff = person && !person.bSuperAdmin && (schoolRoles as readonly number[]).includes(person.role);
  return page.group === 'Studio' && schoolStaff ? 'School' : page.group;
}

/**
 * Starred for someone who has starred nothing yet: the work pages people open most, those of them
 * the person may open, at most three. (The spec's own defaults, Home and Page 2, both led to the
 * profile; they remain `defaultBookmarks`, and any page can still be starred from its header.)
 */
export const defaultStarredPaths = [
  '/admin/proofs',
  '/admin/projects',
  '/admin/submission_status',
  '/admin/my-account',
] as const satisfies readonly AdminPagePath[];
export const DEFAULT_STARRED_SHOWN = 3;
