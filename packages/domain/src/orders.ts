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

/**
 * What a line of an order's timeline records (ours; the spec shows the statuses, not the history).
 * An order's timeline reads: placed, sent to the plant, the plant's statuses, shipments with their
 * tracking numbers, delivery; and what people did on the plant side (status set, ticket edited,
 * moved, resent, paid).
 */
export const orderEventKind = defineEnumeration([
  { code: 'placed', label: 'Order placed' },
  { code: 'waiting_payment', label: 'Waiting for payment' },
  { code: 'paid', label: 'Payment received' },
  { code: 'sent', label: 'Sent to the plant' },
  { code: 'moved', label: 'Moved to another plant' },
  { code: 'status', label: 'Status changed' },
  { code: 'shipment', label: 'Shipment' },
  { code: 'plant_error', label: 'Plant reported an error' },
  { code: 'ticket_edited', label: 'Job ticket edited' },
  { code: 'personalization', label: 'Personalization names sent' },
] as const);
export type OrderEventKindCode = (typeof orderEventKind.codes)[number];

/** Who wrote a timeline line. */
export const orderEventSource = defineEnumeration([
  { code: 'user', label: 'Person' },
  { code: 'plant', label: 'Plant' },
  { code: 'system', label: 'Colophon' },
] as const);
export type OrderEventSourceCode = (typeof orderEventSource.codes)[number];

/** Whose copies a tracking number carries (the notification's `typeTrackingNumber`). */
export const trackingNumberType = defineEnumeration([
  { code: 1, label: 'School copies' },
  { code: 2, label: 'Studio copies' },
] as const);
export type TrackingNumberTypeCode = (typeof trackingNumberType.codes)[number];

/** An invoice's status (the money capability's; ordering reads whether it is paid). */
export const invoiceStatus = defineEnumeration([
  { code: 'draft', label: 'Draft' },
  { code: 'open', label: 'Open' },
  { code: 'paid', label: 'Paid' },
  { code: 'void', label: 'Void' },
] as const);
export type InvoiceStatusCode = (typeof invoiceStatus.codes)[number];
