import {
  accountsContract,
  removeStoredCard,
  type StoredCard,
  type StoredCardCreate,
  setDefaultStoredCard,
  startStoredCardSetup,
  storedCardsContract,
} from '@colophon/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createResource, useInvalidatingMutation } from '../../lib/resource';

export const storedCardsResource = createResource(storedCardsContract);

/** The caller's one account when they have exactly one (a school's user): the page needs no picker then. */
export function useOnlyAccount() {
  return useQuery({
    queryKey: ['accounts', 'list', { perPage: 2, purpose: 'stored-cards' }],
    queryFn: ({ signal }) => call(accountsContract.operations.list, { query: { perPage: 2 } }, signal),
    select: (answer) => (answer.total === 1 ? (answer.data[0] ?? null) : null),
  });
}

/** How this server takes a new card for the account: the number (offline) or Stripe Elements. */
export const startCardSetup = (accountId: number) => call(startStoredCardSetup, { body: { accountId } });

export const useAddCard = () =>
  useInvalidatingMutation<StoredCard, StoredCardCreate>([storedCardsResource.keys.all], {
    mutationFn: (body) => call(storedCardsContract.operations.create, { body }),
  });

export const useMakeDefault = () =>
  useInvalidatingMutation<StoredCard, StoredCard>([storedCardsResource.keys.all], {
    mutationFn: (card) => call(setDefaultStoredCard, { params: { id: card.id } }),
  });

/** Removing names the provider's card and customer the screen showed, as the API asks. */
export const useRemoveCard = () =>
  useInvalidatingMutation<unknown, StoredCard>([storedCardsResource.keys.all], {
    mutationFn: (card) =>
      call(removeStoredCard, {
        params: { id: card.id },
        query: { cardId: card.cardRef, customerId: card.customerRef },
      }),
  });
