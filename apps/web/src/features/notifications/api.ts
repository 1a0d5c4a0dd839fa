import type { Notification } from '@colophon/contract';
import { createResource } from '../../lib/resource';

/** /api/notifications: read-only, newest first. */
export const notificationsResource = createResource<Notification, never, never>('notifications');
