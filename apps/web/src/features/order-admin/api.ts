import { personalizationUploadsContract } from '@colophon/contract';
import { createResource } from '../../lib/resource';
import { ordersResource } from '../orders';

export { ordersResource } from '../orders';
export { manufacturersResource, plantsResource } from '../super';

export const personalizationUploadsResource = createResource(personalizationUploadsContract);

/** Every order query starts with this key: an action here reads the order, its ticket and its invoice again. */
export const ORDER_QUERIES = [ordersResource.keys.all] as const;
