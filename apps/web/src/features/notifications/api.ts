import { notificationsContract } from '@colophon/contract';
import { createResource } from '../../lib/resource';

/** /api/notifications: read-only, newest first. */
export const notificationsResource = createResource(notificationsContract);
