import type { AddressInfo } from 'node:net';
import { accounts, auditLog, paymentCustomers, queuePayments, storedCards } from '@colophon/db';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DETACH_ATTEMPTS, createPaymentsWorker } from '../src/modules/cards/detach';
import { QueueStatus } from '../src/queue';
import { FakeStripe } from './fake-stripe';
import { ADVISER, createTestApp, SUPER, type TestApp } from './harness';

/*
 * Stored cards (issue 13): saving a card in the embedded (offline) mode and through Stripe Elements
 * (a SetupIntent, then the PaymentMethod it saved), one default per account, removal that names the
 * provider's card and customer, and who sees which cards.
 */

const SCHOOL_ADMIN = 'schooladmin@colophon.test';
const TREASURER = 'treasurer@colophon.test';
const VISA = '4242 4242 4242 4242';
const MASTERCARD = '5555555555554444';
const card = (number: string, fields: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2034,
  cvc: '123',
  ...fields,
});
const pathsOf = (response: { json(): unknown }) =>
  ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);

async function accountNamed(t: TestApp, name: string): Promise<number> {
  const [row] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

/** A school of the demo without stored cards (the seed gives some schools theirs). */
async function schoolWithoutCards(t: TestApp, except: number[] = []): Promise<number> {
  const [row] = await t.handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      sql`${accounts.depth} >= 1 and ${accounts.id} not in (select account_id from stripe_cards)${
        except.length ? sql` and ${accounts.id} not in ${except}` : sql``
      }`,
    )
    .orderBy(accounts.id)
    .limit(1);
  if (!row) throw new Error('every school has cards');
  return row.id;
}

const cardsOf = (t: TestApp, accountId: number) =>
  t.handle.db.select().from(storedCards).where(eq(storedCards.accountId, accountId)).orderBy(storedCards.id);

describe('stored cards, embedded mode', () => {
  let t: TestApp;
  let lincoln: number;
  beforeAll(async () => {
    t = await createTestApp();
    lincoln = await accountNamed(t, 'Lincoln High School');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const add = (as: string, accountId: number, body: object = { card: card(VISA) }) =>
    t.call({ method: 'POST', url: '/api/stripe_cards', as, payload: { accountId, ...body } });

  it('saves the token, brand, last four and expiry; the first card is the default', async () => {
    const accountId = await schoolWithoutCards(t);
    const response = await add(SUPER, accountId);
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json();
    expect(saved).toMatchObject({
      accountId,
      provider: 'embedded',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      isDefault: true,
    });
    expect(saved.cardRef).toMatch(/^emb_pm_/);
    expect(saved.customerRef).toMatch(/^emb_cus_/);
    const second = await add(SUPER, accountId, { card: card(MASTERCARD) });
    expect(second.json()).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    // One customer per account, reused.
    expect(second.json().customerRef).toBe(saved.customerRef);
    const customers = await t.handle.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.accountId, accountId));
    expect(customers).toHaveLength(1);
  });

  it('its audit row names the card by brand, last four and expiry only', async () => {
    const response = await add(TREASURER, lincoln, {
      card: card('6011 1111 1111 1117', { expMonth: 3, expYear: 2031 }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'stripe_cards'), eq(auditLog.action, 'POST')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.detail).toEqual({
      params: {},
      body: { accountId: lincoln, storedCard: { brand: 'discover', last4: '1117', expMonth: 3, expYear: 2031 } },
    });
  });

  it('two first cards at once make one customer and one default', async () => {
    const accountId = await schoolWithoutCards(t);
    const answers = await Promise.all([
      add(SUPER, accountId),
      add(SUPER, accountId, { card: card(MASTERCARD) }),
      add(SUPER, accountId, { card: card('378282246310005', { cvc: '1234' }) }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const rows = await cardsOf(t, accountId);
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
    expect(new Set(rows.map((row) => row.customerRef)).size).toBe(1);
    const customers = await t.handle.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.accountId, accountId));
    expect(customers).toHaveLength(1);
  });

  it.each([
    ['an expired card', card(VISA, { expMonth: 1, expYear: 2020 }), ['card.expMonth', 'card.expYear']],
    ['a mistyped number', card('4242 4242 4242 4241'), ['card.number']],
    ['a brand we do not take (JCB)', card('3566 0020 2036 0505'), ['card.number']],
    ['letters for a number', card('4242-abcd'), ['card.number']],
    ['a month 13', card(VISA, { expMonth: 13 }), ['card.expMonth']],
    ['a short security code', card(VISA, { cvc: '1' }), ['card.cvc']],
  ])('refuses %s with 400 naming the field, and keeps nothing', async (_name, body, paths) => {
    const before = (await cardsOf(t, lincoln)).length;
    const response = await add(SCHOOL_ADMIN, lincoln, { card: body });
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsOf(response)).toEqual(paths);
    expect(response.body).not.toContain(body.number.replace(/\D/g, '').slice(0, 12));
    expect(await cardsOf(t, lincoln)).toHaveLength(before);
  });

  it('refuses neither card nor payment method, and a payment method in the offline mode', async () => {
    expect(pathsOf(await add(SUPER, lincoln, {}))).toEqual(['card']);
    expect(pathsOf(await add(SUPER, lincoln, { paymentMethodId: 'pm_card_visa' }))).toEqual(['paymentMethodId']);
  });

  it('a card for an account the caller does not see is a 404, and who may not manage cards gets 403', async () => {
    const other = await schoolWithoutCards(t, [lincoln]);
    const response = await add(SCHOOL_ADMIN, other);
    expect(response.statusCode).toBe(404);
    expect(await cardsOf(t, other)).toHaveLength(0);
    expect((await add(ADVISER, lincoln)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/stripe_cards', as: ADVISER })).statusCode).toBe(403);
  });

  it('a school sees only its own cards; a super administrator filters by account', async () => {
    const mine = await t.call({ method: 'GET', url: '/api/stripe_cards?perPage=100', as: SCHOOL_ADMIN });
    expect(mine.statusCode, mine.body).toBe(200);
    const rows = mine.json().data as { accountId: number; id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.accountId))).toEqual(new Set([lincoln]));
    const other = await schoolWithoutCards(t, [lincoln]);
    expect((await add(SUPER, other)).statusCode).toBe(201);
    const [foreign] = await cardsOf(t, other);
    if (!foreign) throw new Error('no foreign card');
    expect((await t.call({ method: 'GET', url: `/api/stripe_cards/${foreign.id}`, as: SCHOOL_ADMIN })).statusCode).toBe(
      404,
    );
    const byAccount = await t.call({
      method: 'GET',
      url: `/api/stripe_cards?accountId[]=${other}&include=account`,
      as: SUPER,
    });
    expect(byAccount.json().data).toEqual([
      expect.objectContaining({ accountId: other, account: expect.objectContaining({ id: other }) }),
    ]);
  });

  it('makes another card the default in one step; an expired card cannot be the default', async () => {
    const accountId = await schoolWithoutCards(t);
    const first = (await add(SUPER, accountId)).json();
    const second = (await add(SUPER, accountId, { card: card(MASTERCARD) })).json();
    const response = await t.call({ method: 'POST', url: `/api/stripe_cards/${second.id}/default`, as: SUPER });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, isDefault: true });
    const rows = await cardsOf(t, accountId);
    expect(rows.map((row) => [row.id, row.isDefault])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    // Two at once: still exactly one default.
    await Promise.all([
      t.call({ method: 'POST', url: `/api/stripe_cards/${first.id}/default`, as: SUPER }),
      t.call({ method: 'POST', url: `/api/stripe_cards/${second.id}/default`, as: SUPER }),
    ]);
    expect((await cardsOf(t, accountId)).filter((row) => row.isDefault)).toHaveLength(1);
    await t.handle.db.update(storedCards).set({ expYear: 2020 }).where(eq(storedCards.id, first.id));
    const expired = await t.call({ method: 'POST', url: `/api/stripe_cards/${first.id}/default`, as: SUPER });
    expect(expired.statusCode).toBe(400);
    expect(pathsOf(expired)).toEqual(['id']);
  });

  it('removes a card only when cardId and customerId are the row’s; the newest good card becomes the default', async () => {
    const accountId = await schoolWithoutCards(t);
    const first = (await add(SUPER, accountId)).json();
    const second = (await add(SUPER, accountId, { card: card(MASTERCARD) })).json();
    const third = (await add(SUPER, accountId, { card: card('6011111111111117') })).json();
    await t.handle.db.update(storedCards).set({ expYear: 2021 }).where(eq(storedCards.id, third.id));
    const remove = (id: number, cardId: string, customerId: string) =>
      t.call({
        method: 'DELETE',
        url: `/api/stripe_cards/${id}?cardId=${encodeURIComponent(cardId)}&customerId=${encodeURIComponent(customerId)}`,
        as: SUPER,
      });
    const wrongCard = await remove(first.id, second.cardRef, first.customerRef);
    expect(wrongCard.statusCode).toBe(400);
    expect(pathsOf(wrongCard)).toEqual(['cardId']);
    const wrongCustomer = await remove(first.id, first.cardRef, 'emb_cus_someone_else');
    expect(pathsOf(wrongCustomer)).toEqual(['customerId']);
    const missing = await t.call({ method: 'DELETE', url: `/api/stripe_cards/${first.id}`, as: SUPER });
    expect(missing.statusCode).toBe(400);
    expect(pathsOf(missing).sort()).toEqual(['cardId', 'customerId']);
    expect(await cardsOf(t, accountId)).toHaveLength(3);

    const removed = await remove(first.id, first.cardRef, first.customerRef);
    expect(removed.statusCode, removed.body).toBe(204);
    // The embedded mode keeps nothing outside the row: no detachment is queued.
    expect(
      await t.handle.db
        .select()
        .from(queuePayments)
        .where(sql`${queuePayments.payload}->>'cardRef' = ${first.cardRef}`),
    ).toHaveLength(0);
    const rows = await cardsOf(t, accountId);
    // The third is newer but expired: the second takes over as the default.
    expect(rows.map((row) => [row.id, row.isDefault])).toEqual([
      [second.id, true],
      [third.id, false],
    ]);
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'DELETE'), like(auditLog.resource, 'stripe_cards%')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ body: { accountId, storedCard: { brand: 'visa', last4: '4242' } } });
    // A school cannot remove another's card: 404, and it stays.
    const foreign = await t.call({
      method: 'DELETE',
      url: `/api/stripe_cards/${second.id}?cardId=${second.cardRef}&customerId=${second.customerRef}`,
      as: SCHOOL_ADMIN,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      await t.handle.db
        .select()
        .from(storedCards)
        .where(inArray(storedCards.id, [second.id])),
    ).toHaveLength(1);
  });

  it('the setup call tells the screen to take the card itself in the offline mode', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/stripe_cards/setup',
      as: TREASURER,
      payload: { accountId: lincoln },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ mode: 'embedded' });
  });
});

describe('stored cards through Stripe (a local fake)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let fakeBase: string;
  const drainPayments = () => createPaymentsWorker(t.app.services).drain();
  const paymentJobsFor = (cardRef: string) =>
    t.handle.db
      .select()
      .from(queuePayments)
      .where(sql`${queuePayments.payload}->>'cardRef' = ${cardRef}`)
      .orderBy(queuePayments.id);
  beforeAll(async () => {
    fake = new FakeStripe();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    fakeBase = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      stripe: {
        secretKey: 'sk_test_colophon',
        publishableKey: 'pk_test_colophon',
        webhookSecret: 'whsec_test_cards',
        apiBase: `http://127.0.0.1:${port}`,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fake?.server.close(resolve));
  });

  it('answers a SetupIntent for Elements, then keeps the PaymentMethod it saved', async () => {
    const accountId = await schoolWithoutCards(t);
    const setup = await t.call({ method: 'POST', url: '/api/stripe_cards/setup', as: SUPER, payload: { accountId } });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json()).toMatchObject({ mode: 'stripe', publishableKey: 'pk_test_colophon' });
    expect(setup.json().clientSecret).toMatch(/_secret_/);
    const [customer] = await t.handle.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.accountId, accountId));
    if (!customer) throw new Error('no customer');
    expect(customer).toMatchObject({ provider: 'stripe' });
    expect(fake.customers.has(customer.customerRef)).toBe(true);
    // What Stripe Elements did in the browser: the card is saved and attached to the customer.
    fake.addCard(customer.customerRef, 'pm_elements_mc', {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 8,
      exp_year: 2033,
    });
    const created = await t.call({
      method: 'POST',
      url: '/api/stripe_cards',
      as: SUPER,
      payload: { accountId, paymentMethodId: 'pm_elements_mc' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      provider: 'stripe',
      customerRef: customer.customerRef,
      cardRef: 'pm_elements_mc',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2033,
      isDefault: true,
    });
    // The same PaymentMethod twice is one card.
    const again = await t.call({
      method: 'POST',
      url: '/api/stripe_cards',
      as: SUPER,
      payload: { accountId, paymentMethodId: 'pm_elements_mc' },
    });
    expect(again.statusCode).toBe(409);
    expect(pathsOf(again)).toEqual(['paymentMethodId']);

    const removed = await t.call({
      method: 'DELETE',
      url: `/api/stripe_cards/${created.json().id}?cardId=pm_elements_mc&customerId=${customer.customerRef}`,
      as: SUPER,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    // Detached by the queue_payments worker, out of the request.
    expect(fake.paymentMethods.get('pm_elements_mc')?.customer).toBe(customer.customerRef);
    expect(await drainPayments()).toBe(1);
    expect(fake.paymentMethods.get('pm_elements_mc')?.customer).toBeNull();
  });

  it('goes through Stripe.js’s confirmation of the SetupIntent, then saves the PaymentMethod it made', async () => {
    const accountId = await schoolWithoutCards(t);
    const setup = await t.call({ method: 'POST', url: '/api/stripe_cards/setup', as: SUPER, payload: { accountId } });
    const clientSecret = setup.json().clientSecret as string;
    const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    // What Stripe.js sends from the browser with the card typed into Elements.
    const confirmed = await fetch(`${fakeBase}/v1/setup_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer pk_test_colophon' },
      body: new URLSearchParams({
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '6011111111111117',
        'payment_method_data[card][exp_month]': '4',
        'payment_method_data[card][exp_year]': '2032',
        'payment_method_data[card][cvc]': '123',
      }),
    });
    const intent = (await confirmed.json()) as { status: string; payment_method: string };
    expect(intent.status).toBe('succeeded');
    const created = await t.call({
      method: 'POST',
      url: '/api/stripe_cards',
      as: SUPER,
      payload: { accountId, paymentMethodId: intent.payment_method },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ brand: 'discover', last4: '1117', expMonth: 4, expYear: 2032 });
    expect(created.body).not.toContain('6011111111111117');
  });

  it('removes the card when Stripe fails to detach it: 204, the row gone, the detachment retried until Stripe takes it', async () => {
    const accountId = await schoolWithoutCards(t);
    await t.call({ method: 'POST', url: '/api/stripe_cards/setup', as: SUPER, payload: { accountId } });
    const [customer] = await t.handle.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.accountId, accountId));
    if (!customer) throw new Error('no customer');
    fake.addCard(customer.customerRef, 'pm_outage_first', { last4: '1881' });
    fake.addCard(customer.customerRef, 'pm_outage_second', { brand: 'mastercard', last4: '4444' });
    const first = (
      await t.call({
        method: 'POST',
        url: '/api/stripe_cards',
        as: SUPER,
        payload: { accountId, paymentMethodId: 'pm_outage_first' },
      })
    ).json();
    const second = (
      await t.call({
        method: 'POST',
        url: '/api/stripe_cards',
        as: SUPER,
        payload: { accountId, paymentMethodId: 'pm_outage_second' },
      })
    ).json();
    expect(first.isDefault).toBe(true);
    fake.failDetaches(2);
    const detachesBefore = fake.detachCalls.length;

    const removed = await t.call({
      method: 'DELETE',
      url: `/api/stripe_cards/${first.id}?cardId=pm_outage_first&customerId=${customer.customerRef}`,
      as: SUPER,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    // Gone here at once (never charged again), the default handed over.
    expect((await cardsOf(t, accountId)).map((row) => [row.id, row.isDefault])).toEqual([[second.id, true]]);
    const [job] = await paymentJobsFor('pm_outage_first');
    expect(job).toMatchObject({
      status: QueueStatus.Waiting,
      maxAttempts: CARD_DETACH_ATTEMPTS,
      payload: { kind: 'card_detach', provider: 'stripe', cardRef: 'pm_outage_first', accountId },
    });
    // The payload names the provider's ids only: brand, digits and expiry stay out of it.
    expect(JSON.stringify(job?.payload)).not.toContain('1881');

    // The worker runs it; Stripe fails twice, the backoff's waits are passed, the third try detaches.
    for (let run = 1; run <= 3; run++) {
      await drainPayments();
      const [now] = await paymentJobsFor('pm_outage_first');
      if (run < 3) {
        expect(now).toMatchObject({ status: QueueStatus.Waiting, attempts: run });
        expect(now?.lastError).toMatch(/fake outage/);
        await t.handle.db
          .update(queuePayments)
          .set({ runAfter: sql`now()` })
          .where(eq(queuePayments.id, now?.id ?? 0));
      } else {
        expect(now).toMatchObject({
          status: QueueStatus.Complete,
          attempts: 3,
          result: { cardRef: 'pm_outage_first', outcome: 'detached' },
        });
      }
    }
    const calls = fake.detachCalls.slice(detachesBefore);
    expect(calls.map((call) => call.status)).toEqual([500, 500, 200]);
    expect(calls.every((call) => call.paymentMethod === 'pm_outage_first')).toBe(true);
    expect(fake.paymentMethods.get('pm_outage_first')?.customer).toBeNull();
    // Run again (a lost lease, a person's retry): Stripe is asked nothing more to detach.
    await t.handle.db
      .update(queuePayments)
      .set({ status: QueueStatus.Waiting, runAfter: sql`now()` })
      .where(eq(queuePayments.id, job?.id ?? 0));
    await drainPayments();
    expect(fake.detachCalls.slice(detachesBefore).filter((call) => call.status === 200)).toHaveLength(1);
    expect(fake.paymentMethods.get('pm_outage_second')?.customer).toBe(customer.customerRef);
  });

  it('counts a card Stripe no longer knows (resource_missing) as detached', async () => {
    const accountId = await schoolWithoutCards(t);
    await t.call({ method: 'POST', url: '/api/stripe_cards/setup', as: SUPER, payload: { accountId } });
    const [customer] = await t.handle.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.accountId, accountId));
    if (!customer) throw new Error('no customer');
    fake.addCard(customer.customerRef, 'pm_deleted_at_stripe');
    const saved = (
      await t.call({
        method: 'POST',
        url: '/api/stripe_cards',
        as: SUPER,
        payload: { accountId, paymentMethodId: 'pm_deleted_at_stripe' },
      })
    ).json();
    fake.paymentMethods.delete('pm_deleted_at_stripe');
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/stripe_cards/${saved.id}?cardId=pm_deleted_at_stripe&customerId=${customer.customerRef}`,
      as: SUPER,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await drainPayments();
    const [job] = await paymentJobsFor('pm_deleted_at_stripe');
    expect(job).toMatchObject({
      status: QueueStatus.Complete,
      attempts: 1,
      result: { outcome: 'already_gone' },
    });
    expect(await cardsOf(t, accountId)).toHaveLength(0);
  });

  it('refuses a card number, another customer’s PaymentMethod and a brand we do not take', async () => {
    const accountId = await schoolWithoutCards(t);
    const post = (payload: object) =>
      t.call({ method: 'POST', url: '/api/stripe_cards', as: SUPER, payload: { accountId, ...payload } });
    expect(pathsOf(await post({ card: card(VISA) }))).toEqual(['card']);
    fake.addCard('cus_someone_else', 'pm_not_yours');
    const notYours = await post({ paymentMethodId: 'pm_not_yours' });
    expect(notYours.statusCode).toBe(400);
    expect(pathsOf(notYours)).toEqual(['paymentMethodId']);
    await t.call({ method: 'POST', url: '/api/stripe_cards/setup', as: SUPER, payload: { accountId } });
    const [customer] = await t.handle.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.accountId, accountId));
    if (!customer) throw new Error('no customer');
    fake.addCard(customer.customerRef, 'pm_jcb', { brand: 'jcb', last4: '0505' });
    const jcb = await post({ paymentMethodId: 'pm_jcb' });
    expect(jcb.statusCode).toBe(400);
    expect(pathsOf(jcb)).toEqual(['paymentMethodId']);
    // Taken off the customer again: nothing of it is kept anywhere.
    expect(fake.paymentMethods.get('pm_jcb')?.customer).toBeNull();
    expect(await cardsOf(t, accountId)).toHaveLength(0);
    expect(await paymentJobsFor('pm_jcb')).toHaveLength(0);
    // Stripe failing to take one off again: the refusal stands, and the detach queue finishes the job.
    fake.addCard(customer.customerRef, 'pm_jcb_outage', { brand: 'jcb', last4: '0505' });
    fake.failDetaches(1);
    const refusedInOutage = await post({ paymentMethodId: 'pm_jcb_outage' });
    expect(refusedInOutage.statusCode).toBe(400);
    expect(pathsOf(refusedInOutage)).toEqual(['paymentMethodId']);
    expect(fake.paymentMethods.get('pm_jcb_outage')?.customer).toBe(customer.customerRef);
    expect(await paymentJobsFor('pm_jcb_outage')).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ storedCardId: null, accountId }) }),
    ]);
    await drainPayments();
    expect(fake.paymentMethods.get('pm_jcb_outage')?.customer).toBeNull();
    expect(await cardsOf(t, accountId)).toHaveLength(0);
  });
});
