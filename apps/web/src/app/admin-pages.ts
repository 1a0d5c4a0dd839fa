import { accountingRoutes } from '../features/accounting/routes';
import { accountRoutes } from '../features/accounts/routes';
import { cardRoutes } from '../features/cards/routes';
import { clientErrorRoutes } from '../features/client-errors/routes';
import { distributionRoutes } from '../features/distribution/routes';
import { fundRequestRoutes } from '../features/fund-requests/routes';
import { invoiceRoutes } from '../features/invoices/routes';
import { myAccountRoutes } from '../features/my-account/routes';
import { onlineOrderRoutes } from '../features/online-orders/routes';
import { onlineSalesRoutes } from '../features/online-sales/routes';
import { orderAdminRoutes } from '../features/order-admin/routes';
import { orderRoutes } from '../features/orders/routes';
import { presetRoutes } from '../features/presets/routes';
import { pricingRoutes } from '../features/pricing/routes';
import { processingRoutes } from '../features/processing/routes';
import { profileRoutes } from '../features/profile/routes';
import { projectRoutes } from '../features/projects/routes';
import { proofRoutes } from '../features/proofs/routes';
import { recordRoutes } from '../features/records/routes';
import { rosterRoutes } from '../features/roster/routes';
import { settingsRoutes } from '../features/settings/routes';
import { signupRoutes } from '../features/signup/routes';
import { storeRoutes } from '../features/stores/routes';
import { submissionStatusRoutes } from '../features/submission-status/routes';
import { superRoutes } from '../features/super/routes';
import { uploadRoutes } from '../features/upload/routes';
import { userRoutes } from '../features/users/routes';

/** Every admin page route, one list per feature (a feature adds its routes in its own routes.ts). */
export const adminPageRoutes = [
  ...profileRoutes,
  ...userRoutes,
  ...superRoutes,
  ...clientErrorRoutes,
  ...recordRoutes,
  ...pricingRoutes,
  ...accountRoutes,
  ...myAccountRoutes,
  ...signupRoutes,
  ...settingsRoutes,
  ...projectRoutes,
  ...rosterRoutes,
  ...submissionStatusRoutes,
  ...presetRoutes,
  ...processingRoutes,
  ...proofRoutes,
  ...orderRoutes,
  ...uploadRoutes,
  ...orderAdminRoutes,
  ...distributionRoutes,
  ...onlineSalesRoutes,
  ...storeRoutes,
  ...onlineOrderRoutes,
  ...fundRequestRoutes,
  ...cardRoutes,
  ...accountingRoutes,
  ...invoiceRoutes,
] as const;
