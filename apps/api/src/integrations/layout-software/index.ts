import type { Db } from '@colophon/db';
import type { LayoutSoftwareAdapter } from './adapter';
import { createOfflineLayoutSoftware } from './offline';

export type { LayoutSoftwareAdapter, LayoutSoftwareUserRequest, LayoutSoftwareUserResult } from './adapter';
export { createOfflineLayoutSoftware } from './offline';

/**
 * The adapter for each layout software code. No vendor adapter is configured (the spec withholds
 * the vendors), so every code uses the offline default; a vendor adapter would be chosen here by
 * configuration, per code.
 */
export function layoutSoftwareAdapterFor(db: Db, _software: number): LayoutSoftwareAdapter {
  return createOfflineLayoutSoftware(db);
}
