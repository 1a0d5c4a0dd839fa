import { defineEnumeration } from './enumeration';

/**
 * Shipping method codes and their carrier services (part 3). Given by the spec: FG, UG, GC, FC, PR,
 * PP, LTL, PA, NS, DL. The international codes are not listed by the spec; the ones below (FI, FE,
 * UW, UX, US, PI, FCI, CP) are a reasonable set of ours. An unknown code shows as the code itself.
 */
export const shippingMethod = defineEnumeration([
  { code: 'FG', label: 'FedEx Ground' },
  { code: 'UG', label: 'UPS Ground' },
  { code: 'GC', label: 'UPS Ground', name: 'UPSGroundGC' },
  { code: 'FC', label: 'First Class' },
  { code: 'PR', label: 'Priority Mail' },
  { code: 'PP', label: 'Plant Pickup' },
  { code: 'LTL', label: 'Common Carrier (LTL)' },
  { code: 'PA', label: 'Pre Addressed Ship-to-Home' },
  { code: 'NS', label: 'TBD' },
  { code: 'DL', label: 'Consolidated' },
  { code: 'FI', label: 'FedEx International Priority' },
  { code: 'FE', label: 'FedEx International Economy' },
  { code: 'UW', label: 'UPS Worldwide Expedited' },
  { code: 'UX', label: 'UPS Worldwide Express' },
  { code: 'US', label: 'UPS Standard to Canada' },
  { code: 'PI', label: 'Priority Mail International' },
  { code: 'FCI', label: 'First Class International' },
  { code: 'CP', label: 'Canada Post' },
] as const);
export type ShippingMethodCode = (typeof shippingMethod.codes)[number];

/** Plant pickup: a shipped order with this method waits at the plant (part 4). */
export const PLANT_PICKUP = shippingMethod.PlantPickup;

/** How an online order is delivered (part 3). */
export const onlineOrderShipping = defineEnumeration([
  { code: 0, label: 'Digital' },
  { code: 1, label: 'Bulk to School' },
  { code: 2, label: 'Summer Single' },
  { code: 3, label: 'Bulk to Home' },
] as const);
export type OnlineOrderShippingCode = (typeof onlineOrderShipping.codes)[number];

/** Whether the delivery address has a loading dock (part 3). */
export const dock = defineEnumeration([
  { code: 0, label: 'Unknown' },
  { code: 1, label: 'Yes' },
  { code: 2, label: 'No' },
] as const);
export type DockCode = (typeof dock.codes)[number];
