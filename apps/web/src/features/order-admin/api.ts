import {
  manufacturersContract,
  manufacturingPlantsContract,
  ordersContract,
  personalizationUploadsContract,
} from '@colophon/contract';
import { createResource } from '../../lib/resource';

/** The order admin's resources, path and types from their contracts (`orders` keys are shared with Order Status). */
export const ordersResource = createResource(ordersContract);
export const personalizationUploadsResource = createResource(personalizationUploadsContract);
export const manufacturersResource = createResource(manufacturersContract);
export const plantsResource = createResource(manufacturingPlantsContract);

/** Every order query starts with this key: an action here reads the order, its ticket and its invoice again. */
export const ORDER_QUERIES = [ordersResource.keys.all] as const;
