import { defineEnumeration } from './enumeration';

/** Order and shipment status (part 3); shipments use the same codes. */
export const orderStatus = defineEnumeration([
  { code: -2, label: 'Error' },
  { code: -1, label: 'Processing' },
  { code: 0, label: 'Waiting' },
  { code: 1, label: 'Submitted' },
  { code: 2, label: 'Shipped' },
  { code: 3, label: 'Delivered' },
  { code: 4, label: 'Customizing' },
  { code: 5, label: 'Customized' },
  { code: 6, label: 'Only School Copies Delivered' },
  { code: 7, label: 'Only Studio Copies Delivered' },
  { code: 8, label: 'Both Copies Delivered' },
  { code: 9, label: 'Canceled in Manufacturing' },
  { code: 10, label: 'On Hold in Manufacturing' },
  { code: 11, label: 'In Production' },
  { code: 12, label: 'Lost in Transit' },
] as const);
export type OrderStatusCode = (typeof orderStatus.codes)[number];

/** Order type (part 3). */
export const orderType = defineEnumeration([
  { code: 0, label: 'Proof' },
  { code: 1, label: 'Production' },
  { code: 2, label: 'Sample' },
  { code: 3, label: 'Redo' },
  { code: 5, label: 'Summer Single (Ship to Home)' },
] as const);
export type OrderTypeCode = (typeof orderType.codes)[number];
