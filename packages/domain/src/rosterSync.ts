import { defineEnumeration } from './enumeration';
import { queueStatus } from './queues';

/**
 * Where a school's roster sync stands (issue 16), as its row in `roster_schools.sync_status` keeps
 * it and the schools page shows it: never synced, a sync waiting or running, the last one done or
 * failed (its error beside it). `tone` is the badge colour the screens give it.
 */
export const rosterSyncStatus = defineEnumeration([
  { code: 'never', label: 'Never synced' },
  { code: 'queued', label: 'Sync queued' },
  { code: 'running', label: 'Syncing' },
  { code: 'succeeded', label: 'Synced' },
  { code: 'failed', label: 'Sync failed' },
]);
export type RosterSyncStatusCode = (typeof rosterSyncStatus.codes)[number];

const tones: Record<RosterSyncStatusCode, 'gray' | 'blue' | 'green' | 'red'> = {
  never: 'gray',
  queued: 'blue',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** The badge colour of a sync status; an unknown one is grey. */
export function rosterSyncTone(status: string): 'gray' | 'blue' | 'green' | 'red' {
  return rosterSyncStatus.has(status) ? tones[status] : 'gray';
}

/** A sync that is waiting or running: its school's page refreshes until it ends. */
export function rosterSyncActive(status: string): boolean {
  return status === 'queued' || status === 'running';
}

/** The queue statuses of a roster job that is not finished yet. */
const ACTIVE_JOB_STATUSES: readonly number[] = [queueStatus.Waiting, queueStatus.Processing];

/** A roster job still waiting or running: the jobs page refreshes while one is on screen. */
export function rosterJobActive(status: number): boolean {
  return ACTIVE_JOB_STATUSES.includes(status);
}

/**
 * How a OneRoster configuration signs OAuth 1.0a requests (issue 16): HMAC-SHA256 by default (the
 * 1EdTech profile), HMAC-SHA1 for the vendors that still ask for it. The codes are the
 * `oauth_signature_method` values sent on the wire.
 */
export const rosterSignatureMethod = defineEnumeration([
  { code: 'HMAC-SHA256', label: 'HMAC-SHA256 (standard)', name: 'HmacSha256' },
  { code: 'HMAC-SHA1', label: 'HMAC-SHA1 (older systems)', name: 'HmacSha1' },
]);
export type RosterSignatureMethodCode = (typeof rosterSignatureMethod.codes)[number];
