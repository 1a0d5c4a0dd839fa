import {
  removeStoredCard,
  type StoredCard,
  setDefaultStoredCard,
  startStoredCardSetup,
  storedCardsContract,
} from '@colophon/contract';
import { storedCards } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountVisible } from '../../access/scope';
import { implement, registerResource } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { AppError, invalidField, notFound } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { includeAccountNames, requireVisibleAccount } from '../accounts/tree';
import {
  auditCard,
  cardExpired,
  makeDefaultCard,
  paymentCustomerOf,
  removeCard,
  type StoredCardRow,
  saveStoredCard,
} from './cards';

describeConstraint('stripe_cards_card_ref_key', 'paymentMethodId', 'This card is already stored.');

const cardScope = (context: ResourceContext) => accountVisible(context.auth, storedCards.accountId);
const asCard = (row: StoredCardRow) => jsonRow(row) as unknown as StoredCard;

/** The card a call acts on: 404 when it is missing or of an account the caller does not see. */
async function visibleCard(context: ResourceContext, id: number): Promise<StoredCardRow> {
  const [card] = await context.db
    .select()
    .from(storedCards)
    .where(and(eq(storedCards.id, id), cardScope(context)));
  if (!card) throw notFound(`Card ${id}`);
  return card;
}

/** `stripe_cards`: list, read and store cards; set the default; remove one; start a Stripe Elements setup. */
export function registerCardRoutes(app: FastifyInstance) {
  const { services } = app;
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  registerResource(app, storedCardsContract, {
    table: storedCards,
    scope: cardScope,
    hooks: {
      includes: { account: includeAccountNames },
      async create(input, context) {
        // The account is what the call acts on: another tenant's answers 404 like a missing one.
        const account = await requireVisibleAccount(context, input.accountId);
        const row = await saveStoredCard(services, account, input, context.auth.user.id);
        auditCard(context.request, account.id, row);
        return row;
      },
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Account', value: (row) => row.account?.name ?? row.accountId },
      { header: 'Brand', value: (row) => row.brand },
      { header: 'Last 4', value: (row) => row.last4 },
      { header: 'Expiry', value: (row) => `${String(row.expMonth).padStart(2, '0')}/${row.expYear}` },
      { header: 'Default', value: (row) => (row.isDefault ? 'yes' : 'no') },
      { header: 'Added', value: (row) => row.createdAt.toISOString() },
    ],
  });

  implement(app, startStoredCardSetup, async function startCardSetup(request) {
    const context = contextOf(request);
    const account = await requireVisibleAccount(context, request.body.accountId);
    if (services.payments.name === 'embedded') return { mode: 'embedded' as const };
    const publishableKey = services.config.stripe.publishableKey;
    if (!publishableKey) {
      throw new AppError('integration_failed', 'Cards cannot be added: the Stripe publishable key is not configured.');
    }
    const customerRef = await paymentCustomerOf(services, account);
    const setup = await services.payments.startCardSetup(customerRef).catch(() => null);
    if (!setup) throw new AppError('integration_failed', 'Stripe could not start the card form. Try again.');
    return { mode: 'stripe' as const, clientSecret: setup.clientSecret, publishableKey };
  });

  implement(app, setDefaultStoredCard, async function setDefaultCard(request) {
    const context = contextOf(request);
    const card = await visibleCard(context, request.params.id);
    if (cardExpired(card, services.clock.now())) {
      throw invalidField('id', 'This card has expired: add a new card and make that one the default.');
    }
    const row = await makeDefaultCard(context.db, card);
    auditCard(request as unknown as FastifyRequest, row.accountId, row);
    return asCard(row);
  });

  implement(app, removeStoredCard, async function removeStoredCardOf(request, reply) {
    const context = contextOf(request);
    const card = await visibleCard(context, request.params.id);
    // The screen names the provider's card and customer it showed: a stale one removes nothing.
    if (request.query.cardId !== card.cardRef) throw invalidField('cardId', 'Not this card’s id at the provider.');
    if (request.query.customerId !== card.customerRef) {
      throw invalidField('customerId', 'Not this card’s customer at the provider.');
    }
    await removeCard(services, card);
    auditCard(request as unknown as FastifyRequest, card.accountId, card);
    return reply.status(204).send(null);
  });
}
