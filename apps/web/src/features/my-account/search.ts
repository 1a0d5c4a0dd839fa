import { z } from 'zod';

export const myAccountTabs = ['profile', 'proofs', 'orders', 'sales', 'store'] as const;
export type MyAccountTab = (typeof myAccountTabs)[number];

/** /admin/my-account: the tab shown. */
export const myAccountSearchSchema = z.object({ tab: z.enum(myAccountTabs).optional().catch(undefined) });
