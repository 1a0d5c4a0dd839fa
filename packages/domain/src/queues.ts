import { defineEnumeration } from './enumeration';

/**
 * Queue status (parts 3 and 4) of every processing queue — proof processing, upload, order move,
 * notification and epub, and ours of the accounting sync. Allowed transitions are not given by the spec.
 */
export const queueStatus = defineEnumeration([
  { code: 0, label: 'Waiting' },
  { code: 1, label: 'Processing' },
  { code: 2, label: 'Complete' },
  { code: 3, label: 'Error' },
  { code: 4, label: 'Attention' },
  { code: 5, label: 'Addressed' },
] as const);
export type QueueStatusCode = (typeof queueStatus.codes)[number];
