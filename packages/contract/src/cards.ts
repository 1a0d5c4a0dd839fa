import { z } from 'zod';
import { storedCardList } from './card-lists';
import { idParam, idParamsSchema, idSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import { defineResourceContract } from './resource-contract';

/*
 * Stored cards (issue 13, `/admin/manage-credit-cards`): an account's cards on file at the payment
 * provider, which invoices are charged to. We keep the provider's tokens, the brand, the last four
 * digits and the expiry; a card number (embedded mode only) is read in memory and never kept,
 * logged, audited or echoed in an error.
 */

export const storedCardSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    /** 'stripe' or 'embedded' (the offline default). */
    provider: z.string(),
    /** The provider's customer ('cus_…'): the `customerId` a delete names. */
    customerRef: z.string(),
    /** The provider's saved card ('pm_…'): the `cardId` a delete names. */
    cardRef: z.string(),
    /** A `cardBrand` code: visa, mastercard, amex, discover. */
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    isDefault: z.boolean(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'StoredCard' });
export type StoredCard = z.infer<typeof storedCardSchema>;

/**
 * The card as the embedded (offline) mode takes it. The messages never repeat what was typed: a
 * validation error is logged and shown, and the number must not be in either.
 */
export const storedCardNumberSchema = z.object({
  number: z
    .string({ error: 'Enter the card number' })
    .max(40, 'Enter the card number')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number')),
  expMonth: z
    .number({ error: 'A month from 1 to 12' })
    .int('A month from 1 to 12')
    .min(1, 'A month from 1 to 12')
    .max(12, 'A month from 1 to 12'),
  expYear: z
    .number({ error: 'A year such as 2030' })
    .int('A year such as 2030')
    .min(2000, 'A year such as 2030')
    .max(2100, 'A year such as 2030'),
  cvc: z.string({ error: 'Enter the security code' }).regex(/^\d{3,4}$/, 'Enter the security code'),
});

/**
 * A new card for an account: `card` in the embedded mode, or in Stripe mode the `paymentMethodId`
 * of the SetupIntent that Stripe Elements confirmed (after `POST /api/stripe_cards/setup`).
 */
export const storedCardCreateSchema = z
  .object({
    accountId: idSchema,
    card: storedCardNumberSchema.optional(),
    paymentMethodId: z
      .string()
      .regex(/^pm_\w{1,90}$/, 'Not a payment method')
      .optional(),
    /** Make it the account's default card (an account's first card is its default anyway). */
    makeDefault: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if (body.card === undefined && body.paymentMethodId === undefined) {
      context.addIssue({ code: 'custom', path: ['card'], message: 'Enter a card' });
    }
    if (body.card !== undefined && body.paymentMethodId !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['paymentMethodId'],
        message: 'Send a card or a payment method, not both',
      });
    }
  })
  .meta({ id: 'StoredCardCreate' });
export type StoredCardCreate = z.input<typeof storedCardCreateSchema>;

export const storedCardsContract = defineResourceContract({
  name: 'stripe_cards',
  label: 'Card',
  item: storedCardSchema,
  create: storedCardCreateSchema,
  ...storedCardList,
  includes: ['account'],
  offers: ['list', 'get', 'create'],
  permission: { read: 'cards.manage', write: 'cards.manage' },
});

/** `POST /api/stripe_cards/setup`: how the screen takes a new card for this account. */
export const startStoredCardSetup = defineOperation({
  method: 'POST',
  path: '/api/stripe_cards/setup',
  body: z.object({ accountId: idSchema }),
  responses: {
    200: z.discriminatedUnion('mode', [
      /** The offline default: the form takes the number (test numbers only). */
      z.object({ mode: z.literal('embedded') }),
      /** Stripe Elements confirms this SetupIntent, then the screen posts its PaymentMethod. */
      z.object({ mode: z.literal('stripe'), clientSecret: z.string(), publishableKey: z.string() }),
    ]),
    ...problemResponses(400, 404, 502),
  },
  permission: 'cards.manage',
  summary: "Starts adding a card to an account (Stripe: a SetupIntent's client secret)",
  tags: ['stripe_cards'],
});

/**
 * `DELETE /api/stripe_cards/{id}?cardId&customerId`: both must be the row's (a stale screen's
 * delete refused with 400 naming the field). The card is detached at the provider first.
 */
export const removeStoredCard = defineOperation({
  method: 'DELETE',
  path: '/api/stripe_cards/:id',
  params: idParamsSchema,
  query: z.object({
    cardId: z.string({ error: 'Required' }).min(1, 'Required').max(100),
    customerId: z.string({ error: 'Required' }).min(1, 'Required').max(100),
  }),
  responses: { 204: z.null(), ...problemResponses(400, 404, 502) },
  permission: 'cards.manage',
  summary: 'Removes a stored card (at the provider too)',
  tags: ['stripe_cards'],
});

/** `POST /api/stripe_cards/{id}/default`: this card becomes its account's default, the others not. */
export const setDefaultStoredCard = defineOperation({
  method: 'POST',
  path: '/api/stripe_cards/:id/default',
  params: z.object({ id: idParam }),
  responses: { 200: storedCardSchema, ...problemResponses(400, 404) },
  permission: 'cards.manage',
  summary: "Makes a stored card its account's default",
  tags: ['stripe_cards'],
});
