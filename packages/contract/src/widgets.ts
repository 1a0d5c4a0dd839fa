import { WIDGET_DEFAULT_LIMIT, WIDGET_MAX_LIMIT, type WidgetName, widgetName } from '@colophon/domain';
import { z } from 'zod';
import { idParam, idSchema, timestampSchema } from './common';
import { defineOperation } from './operation';
import { upcomingSubmissionSchema } from './projects';

export const widgetNameSchema = z.enum(widgetName.codes as readonly WidgetName[] as [WidgetName, ...WidgetName[]]);
export const widgetParamsSchema = z.object({ name: widgetNameSchema });

/** A user's choices for one widget, kept per user (POST saves them). */
export const widgetSettingsSchema = z.object({
  limit: z.number().int().min(1).max(WIDGET_MAX_LIMIT),
  /** Narrow the widget to this account's tree (null: every account of the user). */
  accountId: idSchema.nullable(),
  hidden: z.boolean(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;
export const defaultWidgetSettings: WidgetSettings = { limit: WIDGET_DEFAULT_LIMIT, accountId: null, hidden: false };

/** `POST widgets/{name}`: only the fields sent change. */
export const widgetSettingsBodySchema = widgetSettingsSchema.partial();
/** `GET widgets/{name}`: the stored settings, overridden for this call by the query. */
export const widgetQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(WIDGET_MAX_LIMIT).optional(),
  accountId: idParam.optional(),
});

export const proofAwaitingReviewSchema = z.object({
  proofId: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  internalStatus: z.number().int().nullable(),
  createdAt: timestampSchema,
});
export const orderInProductionSchema = z.object({
  orderId: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  status: z.number().int(),
  /** The status as the part 4 rule displays it. */
  displayStatus: z.string(),
  typeOrder: z.number().int(),
  submittedAt: timestampSchema.nullable(),
});

const widgetBase = { title: z.string(), settings: widgetSettingsSchema, total: z.number().int() };
/** A widget's data: `items` hold up to `settings.limit` rows, `total` counts them all. */
export const widgetSchema = z
  .discriminatedUnion('name', [
    z.object({ name: z.literal('upcoming_deadlines'), ...widgetBase, items: z.array(upcomingSubmissionSchema) }),
    z.object({ name: z.literal('proofs_awaiting_review'), ...widgetBase, items: z.array(proofAwaitingReviewSchema) }),
    z.object({ name: z.literal('orders_in_production'), ...widgetBase, items: z.array(orderInProductionSchema) }),
  ])
  .meta({ id: 'Widget' });
export type Widget = z.infer<typeof widgetSchema>;

export const getWidget = defineOperation({
  method: 'GET',
  path: '/api/widgets/:name',
  params: widgetParamsSchema,
  query: widgetQuerySchema,
  responses: { 200: widgetSchema },
  permission: 'profile.edit',
  summary: "A profile widget's data, with the caller's settings (the query overrides them once)",
  tags: ['widgets'],
});

export const saveWidgetSettings = defineOperation({
  method: 'POST',
  path: '/api/widgets/:name',
  params: widgetParamsSchema,
  body: widgetSettingsBodySchema,
  responses: { 200: widgetSchema },
  permission: 'profile.edit',
  summary: "Save the caller's settings of a widget and return its data",
  tags: ['widgets'],
});
