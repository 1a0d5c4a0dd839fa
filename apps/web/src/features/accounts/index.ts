/** What other features use of the accounts feature. */

export { accountDetailIncludes } from './AccountDrawer';
export { AccountProfileTab } from './AccountProfileTab';
export { AccountOrdersTab, AccountProofsTab, AccountSalesTab, AccountStoreTab } from './AccountRowsTabs';
export { accountsResource, useCanSeeBrazil, useFirstAccountId } from './api';
export { AccountLink } from './columns';
