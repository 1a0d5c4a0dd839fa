import { createHash } from 'node:crypto';
import type { Db } from '../create-db';
import { type accounts, paymentCustomers, storedCards } from '../schema/index';

type School = Pick<typeof accounts.$inferSelect, 'id' | 'code' | 'name'>;

interface DemoCard {
  brand: string;
  last4: string;
  expMonth: number;
  /** Years from now (negative: expired). */
  yearsAhead: number;
  /** The embedded adapter's outcome at charge time ('ok', 'declined'…), carried in the card's ref. */
  outcome: string;
  isDefault?: boolean;
}

/**
 * Which schools (by their place in the season's list) have which test cards: Stripe's test brands,
 * one default each, a declining card on one account and an expired card on Lincoln (index 2).
 */
const CARDS_BY_SCHOOL: Record<number, DemoCard[]> = {
  0: [
    { brand: 'visa', last4: '4242', expMonth: 12, yearsAhead: 3, outcome: 'ok', isDefault: true },
    { brand: 'discover', last4: '1117', expMonth: 6, yearsAhead: 2, outcome: 'ok' },
  ],
  1: [
    { brand: 'amex', last4: '0005', expMonth: 9, yearsAhead: 4, outcome: 'ok', isDefault: true },
    // 4000 0000 0000 0002: saved fine, declined when charged.
    { brand: 'visa', last4: '0002', expMonth: 3, yearsAhead: 2, outcome: 'declined' },
  ],
  2: [
    { brand: 'mastercard', last4: '4444', expMonth: 8, yearsAhead: 2, outcome: 'ok', isDefault: true },
    { brand: 'discover', last4: '1117', expMonth: 1, yearsAhead: 3, outcome: 'ok' },
    { brand: 'amex', last4: '0005', expMonth: 5, yearsAhead: -2, outcome: 'ok' },
  ],
  3: [{ brand: 'visa', last4: '0002', expMonth: 11, yearsAhead: 1, outcome: 'declined', isDefault: true }],
  5: [{ brand: 'mastercard', last4: '4444', expMonth: 2, yearsAhead: 5, outcome: 'ok', isDefault: true }],
};

/** The embedded adapter's customer of an account: the same id it would make for the account's key. */
function embeddedCustomerRef(accountId: number): string {
  const digest = createHash('sha256').update(`payment-customer:account:${accountId}`).digest('hex');
  return `emb_cus_${digest.slice(0, 24)}`;
}

/**
 * The demo's stored cards (issue 13), on the embedded (offline) provider: a customer per account and
 * its cards, numbered from the account so the seed stays the same run after run. No card number is
 * kept, as in real use: the ref carries the test card's outcome, as Stripe's `pm_card_…` test cards do.
 */
export async function seedStoredCards(db: Db, schools: School[], now: number) {
  const year = new Date(now).getUTCFullYear();
  const customers: (typeof paymentCustomers.$inferInsert)[] = [];
  const cards: (typeof storedCards.$inferInsert)[] = [];
  for (const [index, demoCards] of Object.entries(CARDS_BY_SCHOOL)) {
    const school = schools[Number(index)];
    if (!school) continue;
    const customerRef = embeddedCustomerRef(school.id);
    customers.push({ accountId: school.id, provider: 'embedded', customerRef });
    demoCards.forEach((card, position) => {
      cards.push({
        accountId: school.id,
        provider: 'embedded',
        customerRef,
        cardRef: `emb_pm_${card.outcome}_demo${school.id}x${position}`,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: year + card.yearsAhead,
        isDefault: card.isDefault === true,
        // Older cards first, so "newest" means what it says on the screen.
        createdAt: new Date(now - (demoCards.length - position) * 30 * 86_400_000),
      });
    });
  }
  if (customers.length) await db.insert(paymentCustomers).values(customers);
  if (cards.length) await db.insert(storedCards).values(cards);
}
