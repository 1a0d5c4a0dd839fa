import { bookType } from '@colophon/domain';
import { z } from 'zod';
import { codeOf, isoDateSchema } from './codes';
import { idParam, problemResponses } from './common';
import { defineOperation } from './operation';
import { codedReferenceSchema } from './orders';

/** Business days, turn times, ground shipping days, DPI codes and the public shipping calculator (issue 11). */

export const businessDaysQuerySchema = z.object({
  days: z.coerce.number().int().min(0, 'At least 0').max(365, 'At most 365'),
  /** How `formatted` reads: 'YYYY-MM-DD' (default) or 'MM/DD/YYYY'. */
  format: z.enum(['YYYY-MM-DD', 'MM/DD/YYYY']).default('YYYY-MM-DD'),
  /** The day to count from (default: today in London); it is not counted itself. */
  start: isoDateSchema.optional(),
  manufacturer_id: idParam.optional(),
  type_book: z.coerce
    .number()
    .int()
    .refine((code) => bookType.has(code), `Must be one of the book type codes ${bookType.codes.join(', ')}`)
    .optional(),
  is_redo: z.enum(['true', 'false', '1', '0']).optional(),
});

export const businessDaysSchema = z
  .object({
    start: isoDateSchema,
    /** The date reached: `days` business days after `start`, plus the manufacturer's turn time when asked. */
    date: isoDateSchema,
    formatted: z.string(),
    days: z.number().int(),
    turnTimeDays: z.number().int(),
    /** The weekdays passed over: US federal holidays and the manufacturer's closures. */
    skipped: z.array(z.object({ date: isoDateSchema, reason: z.string() })),
  })
  .meta({ id: 'BusinessDays' });
export type BusinessDays = z.infer<typeof businessDaysSchema>;

export const getBusinessDays = defineOperation({
  method: 'GET',
  path: '/api/business_days',
  query: businessDaysQuerySchema,
  responses: { 200: businessDaysSchema, ...problemResponses(400, 404) },
  summary: "Counts business days forward, skipping weekends, US federal holidays and the manufacturer's closures",
  tags: ['orders'],
});

export const turnTimeSchema = z.object({
  manufacturerId: z.number().int(),
  manufacturerCode: z.string(),
  manufacturerName: z.string(),
  typeBook: z.number().int(),
  turnTimeDays: z.number().int(),
  redoTurnTimeDays: z.number().int(),
});
export type TurnTime = z.infer<typeof turnTimeSchema>;

export const getTurnTimes = defineOperation({
  method: 'GET',
  path: '/api/manufacturers/manufacturing/turn_times',
  query: z.object({ manufacturer_id: idParam.optional() }),
  responses: { 200: z.object({ data: z.array(turnTimeSchema) }) },
  summary: "Each active manufacturer's turn time per book type, and for redo orders",
  tags: ['orders'],
});

export const groundShippingDaysSchema = z
  .object({
    zip: z.string(),
    city: z.string(),
    state: z.string(),
    plant: codedReferenceSchema,
    /** Business days in transit by ground from the plant. */
    days: z.number().int(),
  })
  .meta({ id: 'GroundShippingDays' });

export const getGroundShippingDays = defineOperation({
  method: 'GET',
  path: '/api/carrier/groundshippingdays',
  query: z.object({ zip: z.string().trim().min(3).max(10), manufacturer_id: idParam.optional() }),
  responses: { 200: groundShippingDaysSchema, ...problemResponses(400, 404) },
  summary: "Ground transit days from the (manufacturer's) plant to a ZIP code",
  tags: ['orders'],
});

export const dpiCodeSchema = z.object({ code: z.string(), label: z.string(), minimumDpi: z.number().int() });
export const getDpiCodes = defineOperation({
  method: 'GET',
  path: '/api/dpi_codes',
  responses: { 200: z.object({ data: z.array(dpiCodeSchema) }) },
  summary: 'The image-resolution codes the plants print to, with their minimum DPI',
  tags: ['orders'],
});

export const expeditedShippingBodySchema = z.object({
  typeBook: codeOf(bookType, 'book type'),
  quantity: z.number().int().min(1, 'At least 1 book').max(10_000, 'At most 10,000 books'),
  zip: z.string().trim().min(3, 'Enter a ZIP code').max(10),
  /** The date the books must be in hand (YYYY-MM-DD). */
  neededBy: isoDateSchema,
});
export type ExpeditedShippingBody = z.input<typeof expeditedShippingBodySchema>;

export const shippingOptionSchema = z.object({
  shippingMethod: z.string(),
  label: z.string(),
  transitDays: z.number().int(),
  arrival: isoDateSchema,
  arrivesInTime: z.boolean(),
  priceCents: z.number().int(),
});
export const expeditedShippingSchema = z
  .object({
    shipDate: isoDateSchema,
    turnTimeDays: z.number().int(),
    expedited: z.boolean(),
    destination: z.object({ zip: z.string(), city: z.string(), state: z.string() }),
    plant: codedReferenceSchema,
    options: z.array(shippingOptionSchema),
  })
  .meta({ id: 'ExpeditedShipping' });
export type ExpeditedShipping = z.infer<typeof expeditedShippingSchema>;

export const quoteExpeditedShipping = defineOperation({
  method: 'POST',
  path: '/api/orders/expedited/shipping',
  body: expeditedShippingBodySchema,
  responses: { 200: expeditedShippingSchema, ...problemResponses(400) },
  public: true,
  summary: 'The shipping calculator: the ship date, the methods that arrive in time and their prices',
  tags: ['orders'],
});
