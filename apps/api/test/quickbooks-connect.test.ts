import { accountingConnections, accounts, auditLog, invoiceLines, invoices, users } from '@colophon/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type QuickBooksSettings } from '../src/config';
import { loadAccountingInvoice } from '../src/integrations/accounting/invoice-source';
import { createQuickBooksAccounting } from '../src/integrations/accounting/quickbooks';
import { openToken } from '../src/integrations/accounting/token-crypto';
import { signConnectState } from '../src/modules/accounting/connection';
import { FakeQuickBooks } from './fake-quickbooks';
import { createTestApp, OWNER, SUPER, type TestApp } from './harness';

/*
 * "Connect QuickBooks" (issue 13) against the local fake of Intuit: the authorize address with a
 * signed state, the callback's code exchange, the tokens kept sealed, the disconnect's revocation;
 * super administrators only, and every change in the audit log.
 */

let t: TestApp;
let bare: TestApp;
let fake: FakeQuickBooks;
let settings: QuickBooksSettings;
let superId: number;

const db = () => t.handle.db;
const connectionRow = async () => (await db().select().from(accountingConnections))[0];

/** Starts a connection as the super administrator: the state Intuit will hand back. */
async function startConnecting(): Promise<{ authorizeUrl: URL; state: string }> {
  const response = await t.call({ method: 'GET', url: '/api/quickbooks/connect', as: SUPER });
  expect(response.statusCode, response.body).toBe(200);
  const authorizeUrl = new URL(response.json<{ authorizeUrl: string }>().authorizeUrl);
  return { authorizeUrl, state: authorizeUrl.searchParams.get('state') ?? '' };
}

const callback = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/quickbooks/callback?${new URLSearchParams(query)}` });

beforeAll(async () => {
  fake = new FakeQuickBooks();
  const base = await fake.listen();
  const config = loadConfig({
    QUICKBOOKS_CLIENT_ID: 'client',
    QUICKBOOKS_CLIENT_SECRET: 'secret',
    QUICKBOOKS_ENVIRONMENT: 'sandbox',
    QUICKBOOKS_API_BASE: base,
    QUICKBOOKS_TOKEN_URL: `${base}/oauth2/v1/tokens/bearer`,
    QUICKBOOKS_REVOKE_URL: `${base}/oauth2/v1/tokens/revoke`,
    QUICKBOOKS_AUTHORIZE_URL: `${base}/connect/oauth2`,
    PUBLIC_URL: 'https://colophon.example',
    INTEGRATION_TIMEOUT_MS: '5000',
  });
  if (!config.quickbooks) throw new Error('QuickBooks not configured');
  settings = config.quickbooks;
  [t, bare] = await Promise.all([createTestApp({ quickbooks: settings }), createTestApp()]);
  const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, SUPER));
  if (!admin) throw new Error('no super administrator');
  superId = admin.id;
});

afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
  await fake?.close();
});

describe('Connect QuickBooks', () => {
  it('is for super administrators only', async () => {
    for (const [method, url] of [
      ['GET', '/api/quickbooks/connection'],
      ['GET', '/api/quickbooks/connect'],
      ['POST', '/api/quickbooks/disconnect'],
    ] as const) {
      const response = await t.call({ method, url, as: OWNER });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('says the embedded books are in use when QuickBooks is not configured', async () => {
    const connection = await bare.call({ method: 'GET', url: '/api/quickbooks/connection', as: SUPER });
    expect(connection.json()).toMatchObject({ configured: false, connected: false, source: null });
    const connect = await bare.call({ method: 'GET', url: '/api/quickbooks/connect', as: SUPER });
    expect(connect.statusCode).toBe(409);
    expect(connect.json<{ detail: string }>().detail).toMatch(/embedded books/);
  });

  it("answers Intuit's authorize address: the app, the accounting scope, the callback and a signed state", async () => {
    const before = await t.call({ method: 'GET', url: '/api/quickbooks/connection', as: SUPER });
    expect(before.json()).toMatchObject({ configured: true, connected: false, environment: 'sandbox' });
    const { authorizeUrl, state } = await startConnecting();
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(settings.authorizeUrl);
    expect(authorizeUrl.searchParams.get('client_id')).toBe('client');
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('https://colophon.example/api/quickbooks/callback');
    expect(state).toMatch(new RegExp(`^${superId}\\.\\d+\\.`));
  });

  it('refuses a bad, altered, expired or unauthorised state with 400 naming state (or 403), and keeps nothing', async () => {
    fake.codes.add('code-unused');
    const { state } = await startConnecting();
    const [head, mac = ''] = [state.slice(0, state.lastIndexOf('.')), state.slice(state.lastIndexOf('.') + 1)];
    const altered = `${head}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const otherUser = `${Number(state.split('.')[0]) + 1}.${state.split('.').slice(1).join('.')}`;
    const expired = signConnectState(t.app.services.tokenSecret, superId, new Date(Date.now() - 11 * 60_000)).state;
    for (const [bad, words] of [
      ['nonsense', /not valid/],
      [altered, /not valid/],
      [otherUser, /not valid/],
      [expired, /expired/],
    ] as const) {
      const response = await callback({ state: bad, code: 'code-unused', realmId: fake.realmId });
      expect(response.statusCode, bad).toBe(400);
      const problem = response.json<{ errors: { path: string; message: string }[] }>();
      expect(problem.errors).toEqual([{ path: 'state', message: expect.stringMatching(words) }]);
    }
    const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, OWNER));
    const ownersState = signConnectState(t.app.services.tokenSecret, owner?.id ?? 0, new Date()).state;
    expect((await callback({ state: ownersState, code: 'code-unused', realmId: fake.realmId })).statusCode).toBe(403);
    expect(fake.exchanges).toEqual([]);
    expect(await connectionRow()).toBeUndefined();
  });

  it('sends the browser back saying so when the administrator declines, or Intuit refuses the code', async () => {
    const { state } = await startConnecting();
    const declined = await callback({ state, error: 'access_denied' });
    expect(declined.statusCode).toBe(302);
    expect(declined.headers.location).toBe('/admin/super/quickbooks-invoices?quickbooks=declined');
    const refused = await callback({ state, code: 'never-issued', realmId: fake.realmId });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/admin/super/quickbooks-invoices?quickbooks=failed');
    expect(await connectionRow()).toBeUndefined();
  });

  it('exchanges the code, keeps the tokens sealed, audits it, and the books use them', async () => {
    const { state } = await startConnecting();
    fake.codes.add('code-1');
    const response = await callback({ state, code: 'code-1', realmId: fake.realmId });
    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe('/admin/super/quickbooks-invoices?quickbooks=connected');
    expect(fake.exchanges.at(-1)).toEqual({
      code: 'code-1',
      redirectUri: 'https://colophon.example/api/quickbooks/callback',
    });

    const row = await connectionRow();
    expect(row).toMatchObject({ realmId: fake.realmId, connectedById: superId });
    expect(row?.refreshToken).not.toContain(fake.refreshToken);
    expect(openToken(row?.refreshToken ?? '', t.app.services.tokenSecret)).toBe(fake.refreshToken);
    expect(openToken(row?.accessToken ?? '', t.app.services.tokenSecret)).toBe(fake.accessToken);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'quickbooks/callback'), eq(auditLog.actorUserId, superId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'CONNECT', resourceId: fake.realmId });
    expect(JSON.stringify(audit?.detail)).not.toContain('code-1');

    const connection = await t.call({ method: 'GET', url: '/api/quickbooks/connection', as: SUPER });
    expect(connection.json()).toMatchObject({
      configured: true,
      connected: true,
      source: 'connected',
      realmId: fake.realmId,
      connectedBy: { id: superId },
    });
    expect(connection.json<{ connectedAt: string | null }>().connectedAt).not.toBeNull();

    // The accounting adapter books with the connected company's tokens, no refresh needed.
    const [account] = await db().select({ id: accounts.id }).from(accounts).limit(1);
    const [invoice] = await db()
      .insert(invoices)
      .values({
        accountId: account?.id ?? 0,
        number: `CONN-${process.pid % 1000}`,
        status: 'open',
        subtotalCents: 10_000,
        totalCents: 10_000,
        issuedAt: new Date('2026-04-01T12:00:00Z'),
      })
      .returning();
    await db()
      .insert(invoiceLines)
      .values({
        invoiceId: invoice?.id ?? 0,
        position: 1,
        kind: 'book',
        label: 'Yearbooks',
        quantity: 40,
        unitCents: 250,
        amountCents: 10_000,
      });
    const loaded = await loadAccountingInvoice(db(), invoice?.id ?? 0);
    if (!loaded) throw new Error('no invoice');
    const refreshes = fake.refreshes.length;
    const books = createQuickBooksAccounting({ settings, db: db(), secret: t.app.services.tokenSecret });
    const pushed = await books.pushInvoice({ invoice: loaded, idempotencyKey: `conn-${loaded.invoiceId}` });
    expect(pushed).toMatchObject({ status: 'Open', balanceCents: 10_000 });
    expect(fake.refreshes).toHaveLength(refreshes);
  });

  it('disconnects: revokes the refresh token at Intuit, forgets the tokens, audits it', async () => {
    const held = openToken((await connectionRow())?.refreshToken ?? '', t.app.services.tokenSecret);
    expect(held).toBeTruthy();
    const response = await t.call({ method: 'POST', url: '/api/quickbooks/disconnect', as: SUPER });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ configured: true, connected: false, realmId: null });
    expect(fake.revoked.at(-1)).toBe(held);
    expect(await connectionRow()).toBeUndefined();
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'quickbooks/disconnect'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'POST', actorUserId: superId });
    expect(JSON.stringify(audit?.detail)).toContain(fake.realmId);

    // Nothing connected: disconnecting again is harmless.
    const again = await t.call({ method: 'POST', url: '/api/quickbooks/disconnect', as: SUPER });
    expect(again.statusCode).toBe(200);
  });
});
