import { z } from 'zod';
import { searchId } from '../../lib/list-search';

/** /admin/settings: whose settings are shown (the user's first account by default). */
export const settingsSearchSchema = z.object({ accountId: searchId });
export type SettingsSearch = z.infer<typeof settingsSearchSchema>;
