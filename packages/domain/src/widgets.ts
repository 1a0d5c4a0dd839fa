import { defineEnumeration } from './enumeration';

/** The profile's dashboard widgets (`widgets/{name}`, part 7). */
export const widgetName = defineEnumeration([
  { code: 'upcoming_deadlines', label: 'Upcoming Deadlines' },
  { code: 'proofs_awaiting_review', label: 'Proofs Awaiting Review' },
  { code: 'orders_in_production', label: 'Orders in Production' },
] as const);
export type WidgetName = (typeof widgetName.codes)[number];

/** How many rows a widget shows unless its user chose otherwise. */
export const WIDGET_DEFAULT_LIMIT = 5;
export const WIDGET_MAX_LIMIT = 50;
