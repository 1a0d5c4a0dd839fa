/** What other features use of the accounts feature. */

export { accountDetailIncludes } from './AccountDrawer';
export { AccountSalesTab } from './AccountRowsTabs';
export { accountsResource, useCanSeeBrazil, useFirstAccountId } from './api';
export { AccountLink } from './columns';
export { sharedAccountTabs } from './sharedTabs';
