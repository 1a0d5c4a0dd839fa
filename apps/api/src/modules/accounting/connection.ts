import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  connectQuickBooks,
  disconnectQuickBooks,
  getQuickBooksConnection,
  type QuickBooksConnection,
  quickBooksCallback,
} from '@colophon/contract';
import { accountingConnections, auditLog, users } from '@colophon/db';
import { can } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import OAuthClient from 'intuit-oauth';
import type { QuickBooksSettings } from '../../config';
import { implement } from '../../engine/implement';
import { AppError, invalidField } from '../../errors';
import {
  type QuickBooksTokenAnswer,
  quickBooksOAuthClient,
  sealedTokens,
} from '../../integrations/accounting/quickbooks';
import { openToken } from '../../integrations/accounting/token-crypto';
import { callerOf } from '../../plugins/authentication';

/*
 * "Connect QuickBooks" (issue 13): the OAuth 2 authorization code flow, for super administrators.
 * Intuit's redirect back carries no session (the app's sessions are bearer tokens), so the `state`
 * is the proof: `<user id>.<expiry, unix seconds>.<nonce>.<HMAC>` under the app's token secret, good
 * for ten minutes. The callback checks it, checks the user may still do this, exchanges the code and
 * keeps the tokens sealed in the one `accounting_connections` row.
 */

const PROVIDER = 'quickbooks';
export const CONNECT_STATE_TTL_MS = 10 * 60_000;
/** Where the callback sends the browser: the page that shows the connection. */
export const QUICKBOOKS_PAGE = '/admin/super/quickbooks-invoices';

const stateMac = (secret: Uint8Array, userId: number, expires: number, nonce: string) =>
  createHmac('sha256', secret).update(`quickbooks-connect:${userId}:${expires}:${nonce}`).digest();

export function signConnectState(secret: Uint8Array, userId: number, now: Date, ttlMs = CONNECT_STATE_TTL_MS) {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  const nonce = randomBytes(12).toString('base64url');
  return {
    state: `${userId}.${expires}.${nonce}.${stateMac(secret, userId, expires, nonce).toString('base64url')}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** The user a state was made for; 'invalid' when forged or altered, 'expired' when past its time. */
export function checkConnectState(
  secret: Uint8Array,
  state: string,
  now: Date,
): { userId: number } | 'invalid' | 'expired' {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(state);
  if (!match) return 'invalid';
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  const given = Buffer.from(match[4] ?? '', 'base64url');
  const expected = stateMac(secret, userId, expires, match[3] ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > now.getTime() ? { userId } : 'expired';
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

/** The connection as the page shows it. */
async function connectionOf(app: FastifyInstance): Promise<QuickBooksConnection> {
  const settings = app.services.config.quickbooks;
  const [row] = await app.services.db
    .select({
      connection: accountingConnections,
      by: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(accountingConnections)
    .leftJoin(users, eq(users.id, accountingConnections.connectedById))
    .where(eq(accountingConnections.provider, PROVIDER));
  const held = row?.connection.refreshToken ? row.connection : null;
  const fromEnvironment = !held && Boolean(settings?.realmId && settings.refreshToken);
  const connected = Boolean(settings) && (held !== null || fromEnvironment);
  return {
    configured: Boolean(settings),
    connected,
    source: !connected ? null : held?.connectedAt ? 'connected' : 'environment',
    environment: settings?.environment ?? null,
    realmId: connected ? (held?.realmId ?? settings?.realmId ?? null) : null,
    connectedAt: iso(held?.connectedAt),
    connectedBy: held && row?.by ? { id: row.by.id, name: `${row.by.firstName} ${row.by.lastName}`.trim() } : null,
    refreshedAt: iso(held?.refreshedAt),
    accessTokenExpiresAt: iso(held?.accessTokenExpiresAt),
    refreshTokenExpiresAt: iso(held?.refreshTokenExpiresAt),
  };
}

function settingsOf(app: FastifyInstance): QuickBooksSettings {
  const settings = app.services.config.quickbooks;
  if (!settings)
    throw new AppError(
      'conflict',
      'QuickBooks is not configured (QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET): the embedded books are in use.',
    );
  return settings;
}

const statusOf = (error: unknown) =>
  (error as { response?: { status?: number } } | undefined)?.response?.status ??
  (error as { authResponse?: { response?: { status?: number } } } | undefined)?.authResponse?.response?.status;

export function registerQuickBooksConnectionRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, getQuickBooksConnection, async function quickBooksConnection() {
    return connectionOf(app);
  });

  implement(app, connectQuickBooks, async function startQuickBooksConnection(request) {
    const settings = settingsOf(app);
    const auth = callerOf(request);
    // The person at the keyboard, not whom they impersonate: the tokens are the studio's books.
    const userId = auth.originalUser?.id ?? auth.user.id;
    const { state, expiresAt } = signConnectState(services.tokenSecret, userId, services.clock.now());
    const client = quickBooksOAuthClient(settings, settings.redirectUri);
    const authorizeUrl = client.authorizeUri({ scope: [OAuthClient.scopes.Accounting], state });
    return { authorizeUrl, expiresAt: expiresAt.toISOString() };
  });

  implement(app, quickBooksCallback, async function finishQuickBooksConnection(request, reply) {
    const settings = settingsOf(app);
    const { state, code, realmId, error } = request.query;
    const checked = checkConnectState(services.tokenSecret, state, services.clock.now());
    if (checked === 'invalid') throw invalidField('state', 'This connection request is not valid. Start again.');
    if (checked === 'expired') throw invalidField('state', 'This connection request has expired. Start again.');
    const [user] = await services.db.select().from(users).where(eq(users.id, checked.userId));
    if (!user?.isActive || !can(user, 'super.invoices'))
      throw new AppError('forbidden', 'You do not have permission to do this.');
    if (error) return reply.redirect(`${QUICKBOOKS_PAGE}?quickbooks=declined`);
    if (!code) throw invalidField('code', 'Required');
    if (!realmId) throw invalidField('realmId', 'Required');

    const client = quickBooksOAuthClient(settings, settings.redirectUri);
    let json: QuickBooksTokenAnswer;
    try {
      const params = new URLSearchParams({ code, state, realmId });
      const response = await client.createToken(`${settings.redirectUri}?${params}`);
      json = (response.getJson() ?? {}) as QuickBooksTokenAnswer;
    } catch (failure) {
      request.log.warn({ status: statusOf(failure) }, 'QuickBooks refused the authorization code');
      return reply.redirect(`${QUICKBOOKS_PAGE}?quickbooks=failed`);
    }
    if (!json.access_token || !json.refresh_token) {
      request.log.warn('QuickBooks answered no tokens for the authorization code');
      return reply.redirect(`${QUICKBOOKS_PAGE}?quickbooks=failed`);
    }
    const now = services.clock.now();
    const values = {
      realmId,
      ...sealedTokens(json, json.refresh_token, services.tokenSecret, now),
      connectedAt: now,
      connectedById: user.id,
      refreshedAt: now,
      updatedAt: now,
    };
    await services.db.transaction(async (tx) => {
      await tx
        .insert(accountingConnections)
        .values({ provider: PROVIDER, ...values })
        .onConflictDoUpdate({ target: accountingConnections.provider, set: values });
      // A GET that writes: the audit hook keeps writes of the other methods, so this one keeps its own.
      await tx.insert(auditLog).values({
        actorUserId: user.id,
        action: 'CONNECT',
        resource: 'quickbooks/callback',
        resourceId: realmId,
        detail: { params: {}, body: { realmId, environment: settings.environment } },
        ip: request.ip,
        userAgent: request.headers['user-agent']?.replaceAll('\u0000', '').slice(0, 500) ?? null,
      });
    });
    return reply.redirect(`${QUICKBOOKS_PAGE}?quickbooks=connected`);
  });

  implement(app, disconnectQuickBooks, async function endQuickBooksConnection(request) {
    const settings = settingsOf(app);
    const [row] = await services.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.provider, PROVIDER));
    const refreshToken = row?.refreshToken ? openToken(row.refreshToken, services.tokenSecret) : null;
    if (refreshToken) {
      try {
        await quickBooksOAuthClient(settings, settings.redirectUri).revoke({ refresh_token: refreshToken });
      } catch (failure) {
        const status = statusOf(failure);
        // Intuit refuses a token it no longer knows (revoked in QuickBooks already): nothing to revoke.
        if (status !== 400 && status !== 401) {
          request.log.warn({ status }, 'QuickBooks token revocation failed');
          throw new AppError(
            'integration_failed',
            'Intuit did not answer: QuickBooks is still connected. Try again in a moment.',
          );
        }
      }
    }
    await services.db.delete(accountingConnections).where(eq(accountingConnections.provider, PROVIDER));
    request.auditBody = { realmId: row?.realmId ?? null };
    return connectionOf(app);
  });
}
