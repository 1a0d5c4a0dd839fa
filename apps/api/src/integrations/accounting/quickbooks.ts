import { accountingConnections, type Db } from '@colophon/db';
import { eq } from 'drizzle-orm';
import OAuthClient from 'intuit-oauth';
import QuickBooks from 'node-quickbooks';
import type { QuickBooksSettings } from '../../config';
import {
  type AccountingAdapter,
  type AccountingInvoice,
  type AccountingInvoiceStatus,
  AccountingNotFoundError,
  AccountingRejectedError,
  type PushInvoiceResult,
} from './accounting-adapter';
import { bookedLines } from './invoice-source';
import { openToken, sealToken } from './token-crypto';

/** An access token this close to its expiry is refreshed first (QuickBooks' live an hour). */
const REFRESH_MARGIN_MS = 5 * 60_000;
const PROVIDER = 'quickbooks';

export interface QuickBooksAccountingOptions {
  settings: QuickBooksSettings;
  db: Db;
  /** The app's token secret: the OAuth tokens are sealed with it at rest. */
  secret: Uint8Array;
  clock?: { now(): Date };
}

/** What QuickBooks answers of an invoice that we read. */
interface QboInvoice {
  Id: string;
  SyncToken: string;
  DocNumber?: string;
  TotalAmt?: number;
  Balance?: number;
  PrivateNote?: string;
  CustomerRef?: { value: string };
}

interface QboFault {
  Fault?: { type?: string; Error?: { Message?: string; Detail?: string; code?: string }[] };
}

/** A failed call: the HTTP status and QuickBooks' own words, never the request (it has the token). */
class QuickBooksCallError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly faultType: string | undefined,
  ) {
    super(message);
  }
}

const toCents = (dollars: number | undefined) => Math.round((dollars ?? 0) * 100);
const toDollars = (cents: number) => cents / 100;

function callErrorOf(error: unknown, body: unknown, response: unknown): QuickBooksCallError {
  const status =
    (response as { status?: number } | undefined)?.status ??
    (error as { response?: { status?: number } } | undefined)?.response?.status;
  const fault = (body as QboFault | null)?.Fault ?? (error as QboFault | null)?.Fault;
  const first = fault?.Error?.[0];
  const words = first ? [first.Message, first.Detail].filter(Boolean).join(': ') : undefined;
  const message =
    words ?? (error instanceof Error ? error.message : typeof body === 'string' ? body.slice(0, 200) : 'no answer');
  return new QuickBooksCallError(`QuickBooks${status ? ` ${status}` : ''}: ${message}`, status, fault?.type);
}

/** The status QuickBooks' amounts say: a voided invoice keeps no amount at all. */
function statusOfQbo(invoice: QboInvoice): AccountingInvoiceStatus {
  const total = toCents(invoice.TotalAmt);
  const balance = toCents(invoice.Balance);
  const voided = total === 0 && balance === 0 && /\bVoided\b/i.test(invoice.PrivateNote ?? '');
  const status = voided ? 'Voided' : balance <= 0 ? 'Paid' : balance < total ? 'Partially paid' : 'Open';
  return { balanceCents: balance, status };
}

/** The customer's name in QuickBooks, which ends in the account's code: how it is found again. */
export const quickBooksCustomerName = (invoice: AccountingInvoice) =>
  `${invoice.customer.name.slice(0, 80)} [${invoice.customer.code}]`;

/** The invoice's DocNumber (21 characters at most): our number, or one made from its id. */
export const quickBooksDocNumber = (invoice: AccountingInvoice) =>
  (invoice.number ?? `COL-${invoice.invoiceId}`).slice(0, 21);

/**
 * QuickBooks Online through `node-quickbooks`, its OAuth 2 tokens through `intuit-oauth`. Each push
 * finds the customer by the account's code and the invoice by its DocNumber before making either, and
 * sends a request id QuickBooks deduplicates on: a retried job never makes two.
 */
export function createQuickBooksAccounting(options: QuickBooksAccountingOptions): AccountingAdapter {
  const { settings, db, secret } = options;
  const clock = options.clock ?? { now: () => new Date() };
  let refreshing: Promise<{ token: string; realmId: string }> | null = null;

  async function connection() {
    const [row] = await db.select().from(accountingConnections).where(eq(accountingConnections.provider, PROVIDER));
    return row ?? null;
  }

  async function refresh(): Promise<{ token: string; realmId: string }> {
    const row = await connection();
    const realmId = row?.realmId ?? settings.realmId;
    const stored = row?.refreshToken ? openToken(row.refreshToken, secret) : null;
    const refreshToken = stored ?? settings.refreshToken;
    if (!realmId || !refreshToken) {
      throw new AccountingRejectedError(
        'QuickBooks is not connected: set QUICKBOOKS_REALM_ID and QUICKBOOKS_REFRESH_TOKEN (or connect the company).',
      );
    }
    // intuit-oauth reads its token endpoint from the class (one per process, as one app is configured).
    OAuthClient.tokenEndpoint = settings.tokenUrl;
    const client = new OAuthClient({
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      environment: settings.environment,
      redirectUri: 'http://localhost/quickbooks/callback',
    });
    let json: {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      x_refresh_token_expires_in?: number;
    };
    try {
      const response = await withTimeout(client.refreshUsingToken(refreshToken), settings.timeoutMs);
      json = (response.getJson() ?? {}) as typeof json;
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      const message = `QuickBooks refused the refresh token${status ? ` (${status})` : ''}: the company must be connected again.`;
      // A refused refresh token does not heal by itself; anything else (the network) may.
      if (status === 400 || status === 401) throw new AccountingRejectedError(message);
      throw new Error(`QuickBooks' token endpoint did not answer: ${(error as Error).message ?? 'unknown error'}`);
    }
    if (!json.access_token) throw new Error('QuickBooks answered no access token.');
    const now = clock.now().getTime();
    const values = {
      realmId,
      accessToken: sealToken(json.access_token, secret),
      // QuickBooks rotates the refresh token: the new one must be kept, or the next refresh fails.
      refreshToken: sealToken(json.refresh_token ?? refreshToken, secret),
      accessTokenExpiresAt: new Date(now + (json.expires_in ?? 3600) * 1000),
      refreshTokenExpiresAt: json.x_refresh_token_expires_in
        ? new Date(now + json.x_refresh_token_expires_in * 1000)
        : null,
      updatedAt: new Date(now),
    };
    await db
      .insert(accountingConnections)
      .values({ provider: PROVIDER, ...values })
      .onConflictDoUpdate({ target: accountingConnections.provider, set: values });
    return { token: json.access_token, realmId };
  }

  /** A live access token: the stored one while it has over five minutes left, else a fresh one. */
  async function accessToken(force = false): Promise<{ token: string; realmId: string }> {
    if (!force) {
      const row = await connection();
      const token = row?.accessToken ? openToken(row.accessToken, secret) : null;
      const realmId = row?.realmId ?? settings.realmId;
      const expires = row?.accessTokenExpiresAt?.getTime() ?? 0;
      if (token && realmId && expires - clock.now().getTime() > REFRESH_MARGIN_MS) return { token, realmId };
    }
    // One refresh at a time in this process: a second would spend the refresh token the first rotated.
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function clientOf({ token, realmId }: { token: string; realmId: string }) {
    const qbo = new QuickBooks(
      settings.clientId,
      settings.clientSecret,
      token,
      false,
      realmId,
      settings.environment === 'sandbox',
      false,
      null,
      '2.0',
      null,
    );
    qbo.endpoint = `${settings.apiBase}/v3/company/`;
    return qbo;
  }

  /** One call with a live token; a 401 (a token revoked early) refreshes once and tries again. */
  async function call<T>(
    run: (qbo: QuickBooks, done: (error: unknown, body: unknown, response?: unknown) => void) => void,
  ) {
    const attempt = async (force: boolean) => {
      const qbo = clientOf(await accessToken(force));
      return withTimeout(
        new Promise<T>((resolve, reject) => {
          run(qbo, (error, body, response) => {
            if (error) reject(callErrorOf(error, body, response));
            else resolve(body as T);
          });
        }),
        settings.timeoutMs,
      );
    };
    try {
      try {
        return await attempt(false);
      } catch (error) {
        if (error instanceof QuickBooksCallError && error.status === 401) return await attempt(true);
        throw error;
      }
    } catch (error) {
      if (error instanceof QuickBooksCallError && (error.status === 400 || error.faultType === 'ValidationFault'))
        throw new AccountingRejectedError(error.message);
      if (error instanceof QuickBooksCallError && error.status === 404)
        throw new AccountingNotFoundError(error.message);
      throw error;
    }
  }

  const query = <T>(entity: 'Customer' | 'Invoice', field: string, value: string, operator: '=' | 'LIKE') =>
    call<{ QueryResponse?: Record<string, unknown> }>((qbo, done) => {
      const criteria = [{ field, value, operator }];
      if (entity === 'Customer') qbo.findCustomers(criteria, done);
      else qbo.findInvoices(criteria, done);
    }).then((body) => ((body.QueryResponse?.[entity] as T[] | undefined) ?? [])[0] ?? null);

  async function customerOf(invoice: AccountingInvoice): Promise<string> {
    // QuickBooks' LIKE takes % wildcards only; the code's own characters are letters, digits and dashes.
    const found = await query<{ Id: string }>('Customer', 'DisplayName', `%[${invoice.customer.code}]`, 'LIKE');
    if (found) return found.Id;
    const made = await call<{ Id: string }>((qbo, done) =>
      qbo.createCustomer(
        {
          DisplayName: quickBooksCustomerName(invoice),
          CompanyName: invoice.customer.name.slice(0, 100),
          ...(invoice.customer.billingAddress?.country
            ? { BillAddr: { Country: invoice.customer.billingAddress.country } }
            : {}),
        },
        done,
      ),
    );
    return made.Id;
  }

  function linesOf(invoice: AccountingInvoice, itemId: string) {
    return bookedLines(invoice).map((line) => {
      // QuickBooks checks Amount = Qty × UnitPrice: a line that does not divide evenly is booked as one.
      const even = line.quantity > 0 && line.quantity * line.unitCents === line.amountCents;
      return {
        Description: line.label.slice(0, 4000),
        Amount: toDollars(line.amountCents),
        DetailType: 'SalesItemLineDetail',
        SalesItemLineDetail: {
          ItemRef: { value: itemId },
          Qty: even ? line.quantity : 1,
          UnitPrice: toDollars(even ? line.unitCents : line.amountCents),
        },
      };
    });
  }

  const getInvoice = (id: string) => call<QboInvoice>((qbo, done) => qbo.getInvoice(id, done));

  return {
    provider: 'quickbooks',
    async pushInvoice({ invoice, idempotencyKey }): Promise<PushInvoiceResult> {
      const docNumber = quickBooksDocNumber(invoice);
      const customerId = await customerOf(invoice);
      let booked = await query<QboInvoice>('Invoice', 'DocNumber', docNumber, '=');
      const line = linesOf(invoice, settings.itemId);
      if (!booked) {
        booked = await call<QboInvoice>((qbo, done) =>
          qbo.createInvoice(
            {
              DocNumber: docNumber,
              CustomerRef: { value: customerId },
              TxnDate: invoice.issuedOn,
              ...(invoice.dueOn ? { DueDate: invoice.dueOn } : {}),
              PrivateNote: `Colophon invoice ${invoice.invoiceId}`,
              Line: line,
              requestId: `${idempotencyKey}-create`,
            } as Parameters<QuickBooks['createInvoice']>[0],
            done,
          ),
        );
      } else if (invoice.status !== 'void' && toCents(booked.TotalAmt) !== invoice.totalCents) {
        const current = booked;
        booked = await call<QboInvoice>((qbo, done) =>
          qbo.updateInvoice(
            { Id: current.Id, SyncToken: current.SyncToken, sparse: true, Line: line } as Parameters<
              QuickBooks['updateInvoice']
            >[0],
            done,
          ),
        );
      }
      if (invoice.status === 'void') {
        if (statusOfQbo(booked).status !== 'Voided') {
          const current = booked;
          await call<unknown>((qbo, done) => qbo.voidInvoice({ Id: current.Id, SyncToken: current.SyncToken }, done));
          booked = await getInvoice(current.Id);
        }
      } else {
        // Money we received that QuickBooks does not know of yet: one payment for the difference. A
        // retry reads the balance again, so a payment already booked is not booked twice.
        const owedThere = toCents(booked.Balance);
        if (owedThere > invoice.balanceCents) {
          const current = booked;
          const amount = toDollars(owedThere - invoice.balanceCents);
          await call<unknown>((qbo, done) =>
            qbo.createPayment(
              {
                CustomerRef: { value: customerId },
                TotalAmt: amount,
                PaymentRefNum: docNumber,
                Line: [{ Amount: amount, LinkedTxn: [{ TxnId: current.Id, TxnType: 'Invoice' }] }],
                requestId: `${idempotencyKey}-paid-${invoice.paidCents - invoice.refundedCents}`,
              } as Parameters<QuickBooks['createPayment']>[0],
              done,
            ),
          );
          booked = await getInvoice(current.Id);
        }
      }
      return { externalId: booked.Id, docNumber: booked.DocNumber ?? docNumber, ...statusOfQbo(booked) };
    },
    async invoiceStatus(externalId) {
      return statusOfQbo(await getInvoice(externalId));
    },
    async invoicePdf(externalId) {
      const body = await call<unknown>((qbo, done) => qbo.getInvoicePdf(externalId, done));
      if (Buffer.isBuffer(body)) return body;
      if (body instanceof ArrayBuffer) return Buffer.from(body);
      if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      throw new Error('QuickBooks answered no PDF.');
    },
  };
}

/** A call that takes longer than this fails (to be retried); the late answer is ignored. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`QuickBooks did not answer within ${ms} ms.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
