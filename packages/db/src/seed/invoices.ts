import { type InvoiceLineInput, invoiceLineAmount, invoiceTotals } from '@colophon/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../create-db';
import { type accounts, invoiceLines, invoicePayments, invoices, storedCards } from '../schema/index';

type School = Pick<typeof accounts.$inferSelect, 'id' | 'code' | 'name'>;

interface DemoLine extends InvoiceLineInput {
  label: string;
}

/** What happens to a demo invoice after it is made, in order. */
type Step =
  | { kind: 'card'; last4: string; cents?: number; declined?: string }
  | { kind: 'manual'; method: 'ach' | 'check' | 'online_sales_credits'; cents: number; reference: string }
  | { kind: 'refund'; of: number; cents: number; reason: string }
  | { kind: 'void'; reason: string };

interface DemoInvoice {
  school: number;
  typeProduct: number;
  daysAgo: number;
  draft?: boolean;
  taxBasisPoints?: number;
  lines: DemoLine[];
  steps: Step[];
}

const books = (copies: number, unit: number, shipping: number): DemoLine[] => [
  { kind: 'book', label: 'Hard cover, 8.5 x 11, 96 pages', quantity: copies, unitCents: unit },
  { kind: 'extra', label: 'Laminate Gloss', quantity: copies, unitCents: 35 },
  { kind: 'shipping', label: 'Shipping to the school', quantity: copies, unitCents: shipping },
];

/**
 * The demo's invoices (issue 13), on the schools that have stored cards (seed/cards.ts): one in every
 * state — paid by card, a declined charge, partly paid, refunded, fully refunded and void, void,
 * paid by check and ACH, a draft. Lincoln (index 2) is left to the money timeline's seed.
 */
const DEMO_INVOICES: DemoInvoice[] = [
  { school: 0, typeProduct: 1, daysAgo: 60, lines: books(120, 1650, 95), steps: [{ kind: 'card', last4: '4242' }] },
  {
    school: 0,
    typeProduct: 3,
    daysAgo: 45,
    taxBasisPoints: 825,
    lines: [{ kind: 'manual', label: 'Yearbook creation kit', quantity: 2, unitCents: 12_500 }],
    steps: [
      { kind: 'card', last4: '4242' },
      { kind: 'refund', of: 0, cents: 2_500, reason: 'One kit came damaged' },
    ],
  },
  {
    school: 0,
    typeProduct: 5,
    daysAgo: 30,
    lines: [{ kind: 'manual', label: 'Sales posters (set of 10)', quantity: 1, unitCents: 4_900 }],
    steps: [
      { kind: 'card', last4: '4242' },
      { kind: 'refund', of: 0, cents: 4_900, reason: 'Billed twice' },
      { kind: 'void', reason: 'Billed twice' },
    ],
  },
  {
    school: 1,
    typeProduct: 1,
    daysAgo: 50,
    lines: [...books(80, 1800, 110), { kind: 'adjustment', label: 'Loyalty discount', quantity: 1, unitCents: -5_000 }],
    steps: [{ kind: 'card', last4: '0005', cents: 60_000 }],
  },
  {
    school: 1,
    typeProduct: 4,
    daysAgo: 20,
    lines: [{ kind: 'manual', label: 'Money collection envelopes (500)', quantity: 1, unitCents: 3_750 }],
    steps: [{ kind: 'card', last4: '0002', declined: 'Your card was declined.' }],
  },
  {
    school: 3,
    typeProduct: 1,
    daysAgo: 15,
    lines: books(45, 2100, 140),
    steps: [{ kind: 'card', last4: '0002', declined: 'Your card was declined.' }],
  },
  {
    school: 4,
    typeProduct: 1,
    daysAgo: 40,
    lines: books(200, 1450, 80),
    steps: [
      { kind: 'manual', method: 'ach', cents: 200_000, reference: 'ACH trace 021000021-7731' },
      { kind: 'manual', method: 'check', cents: 113_000, reference: 'Check 10442' },
    ],
  },
  {
    school: 5,
    typeProduct: 6,
    daysAgo: 25,
    lines: [{ kind: 'manual', label: 'Layout software licence, one year', quantity: 1, unitCents: 19_900 }],
    steps: [{ kind: 'void', reason: 'Licence included in the book price' }],
  },
  {
    school: 5,
    typeProduct: 1,
    daysAgo: 2,
    draft: true,
    lines: books(60, 1950, 120),
    steps: [],
  },
];

const DAY = 86_400_000;

export async function seedInvoices(db: Db, schools: School[], now: number): Promise<void> {
  for (const [index, demo] of DEMO_INVOICES.entries()) {
    const school = schools[demo.school];
    if (!school) continue;
    const createdAt = new Date(now - demo.daysAgo * DAY);
    const totals = invoiceTotals(demo.lines, demo.taxBasisPoints ?? 0);
    const [row] = await db
      .insert(invoices)
      .values({
        accountId: school.id,
        typeProduct: demo.typeProduct,
        status: demo.draft ? 'draft' : 'open',
        taxBasisPoints: demo.taxBasisPoints ?? 0,
        ...totals,
        year: new Date(now).getUTCFullYear(),
        dueOn: new Date(createdAt.getTime() + 30 * DAY).toISOString().slice(0, 10),
        issuedAt: demo.draft ? null : createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error('demo invoice insert returned nothing');
    const invoiceId = row.id;
    await db.insert(invoiceLines).values(
      demo.lines.map((line, position) => ({
        invoiceId,
        position: position + 1,
        kind: line.kind,
        label: line.label,
        quantity: line.quantity,
        unitCents: line.unitCents,
        amountCents: invoiceLineAmount(line),
      })),
    );

    let paid = 0;
    let refunded = 0;
    let status = demo.draft ? 'draft' : 'open';
    let paidAt: Date | null = null;
    let voidedAt: Date | null = null;
    const payments: { id: number; cents: number }[] = [];
    for (const [position, step] of demo.steps.entries()) {
      const at = new Date(createdAt.getTime() + (position + 1) * 2 * DAY);
      const key = `demo-invoice:${index}:${position}`;
      if (step.kind === 'card') {
        const [card] = await db
          .select()
          .from(storedCards)
          .where(and(eq(storedCards.accountId, school.id), eq(storedCards.last4, step.last4)))
          .orderBy(asc(storedCards.id))
          .limit(1);
        const cents = step.cents ?? totals.totalCents - paid + refunded;
        const [payment] = await db
          .insert(invoicePayments)
          .values({
            invoiceId,
            kind: 'payment',
            method: 'credit_card',
            provider: 'embedded',
            providerRef: `emb_pi_demo_${index}_${position}`,
            cardId: card?.id ?? null,
            cardLabel: card ? `${card.brand} •••• ${card.last4}` : null,
            amountCents: cents,
            status: step.declined ? 'failed' : 'succeeded',
            failureMessage: step.declined ?? null,
            idempotencyKey: key,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: invoicePayments.id });
        if (!step.declined && payment) {
          paid += cents;
          payments.push({ id: payment.id, cents });
        }
      } else if (step.kind === 'manual') {
        const [payment] = await db
          .insert(invoicePayments)
          .values({
            invoiceId,
            kind: 'payment',
            method: step.method,
            provider: 'manual',
            amountCents: step.cents,
            status: 'succeeded',
            reference: step.reference,
            idempotencyKey: key,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: invoicePayments.id });
        if (payment) payments.push({ id: payment.id, cents: step.cents });
        paid += step.cents;
      } else if (step.kind === 'refund') {
        const of = payments[step.of];
        if (!of) continue;
        await db.insert(invoicePayments).values({
          invoiceId,
          kind: 'refund',
          method: 'credit_card',
          provider: 'embedded',
          providerRef: `emb_re_demo_${index}_${position}`,
          amountCents: step.cents,
          status: 'succeeded',
          reference: step.reason,
          idempotencyKey: key,
          refundOfId: of.id,
          createdAt: at,
          updatedAt: at,
        });
        refunded += step.cents;
      } else {
        status = 'void';
        voidedAt = at;
      }
      if (status !== 'void' && !demo.draft) {
        const wasPaid = status === 'paid';
        status = paid - refunded >= totals.totalCents ? 'paid' : 'open';
        if (status === 'paid' && !wasPaid) paidAt = at;
        if (status === 'open') paidAt = null;
      }
    }
    await db
      .update(invoices)
      .set({
        number: demo.draft ? null : `INV-${String(invoiceId).padStart(6, '0')}`,
        status,
        paidCents: paid,
        refundedCents: refunded,
        paidAt,
        voidedAt,
        notes: status === 'void' ? `Voided: ${demo.steps.find((step) => step.kind === 'void')?.reason ?? ''}` : null,
      })
      .where(eq(invoices.id, invoiceId));
  }
}
