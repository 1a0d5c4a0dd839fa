import { accountingConnections, type Db } from '@colophon/db';
import { eq } from 'drizzle-orm';
import OAuthClient from 'intuit-oauth';
import QuickBooks from 'node-quickbooks';
import type { QuickBooksSettings } from '../../config';
import {
  type AccountingAdapter,
  type AccountingAddress,
  type AccountingInvoice,
  type AccountingInvoiceStatus,
  AccountingNotFoundError,
  type AccountingRefund,
  AccountingRejectedError,
  type BookRefundResult,
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

/** What Intuit's token endpoint answers (a code exchanged, or a refresh). */
export interface QuickBooksTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  x_refresh_token_expires_in?: number;
}

/** An intuit-oauth client for these settings, its endpoints pointed where the settings say. */
export function quickBooksOAuthClient(settings: QuickBooksSettings, redirectUri: string): OAuthClient {
  // intuit-oauth reads its endpoints from the class (one per process, as one app is configured).
  OAuthClient.tokenEndpoint = settings.tokenUrl;
  OAuthClient.revokeEndpoint = settings.revokeUrl;
  OAuthClient.authorizeEndpoint = settings.authorizeUrl;
  return new OAuthClient({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    environment: settings.environment,
    redirectUri,
  });
}

/** The connection row's token columns from Intuit's answer, sealed (the refresh token rotates). */
export function sealedTokens(json: QuickBooksTokenAnswer, previousRefreshToken: string, secret: Uint8Array, now: Date) {
  const at = now.getTime();
  return {
    accessToken: sealToken(json.access_token ?? '', secret),
    // QuickBooks rotates the refresh token: the new one must be kept, or the next refresh fails.
    refreshToken: sealToken(json.refresh_token ?? previousRefreshToken, secret),
    accessTokenExpiresAt: new Date(at + (json.expires_in ?? 3600) * 1000),
    refreshTokenExpiresAt: json.x_refresh_token_expires_in
      ? new Date(at + json.x_refresh_token_expires_in * 1000)
      : null,
  };
}

/** A customer's billing address as QuickBooks holds it. */
export interface QboAddress {
  Line1?: string;
  Line2?: string;
  City?: string;
  CountrySubDivisionCode?: string;
  PostalCode?: string;
  Country?: string;
}

interface QboCustomer {
  Id: string;
  SyncToken: string;
  BillAddr?: QboAddress & { Id?: string };
  PrimaryEmailAddr?: { Address?: string };
}

/** Our billing address as QuickBooks' BillAddr (its fields that we have); null when we have none. */
export function quickBooksBillAddr(address: AccountingAddress | null): QboAddress | null {
  if (!address) return null;
  const fields: QboAddress = {
    ...(address.line1 ? { Line1: address.line1.slice(0, 500) } : {}),
    ...(address.line2 ? { Line2: address.line2.slice(0, 500) } : {}),
    ...(address.city ? { City: address.city.slice(0, 255) } : {}),
    ...(address.state ? { CountrySubDivisionCode: address.state.slice(0, 255) } : {}),
    ...(address.postalCode ? { PostalCode: address.postalCode.slice(0, 30) } : {}),
    ...(address.country ? { Country: address.country } : {}),
  };
  return Object.keys(fields).length ? fields : null;
}

const ADDRESS_FIELDS = ['Line1', 'Line2', 'City', 'CountrySubDivisionCode', 'PostalCode', 'Country'] as const;
const sameAddress = (held: QboAddress | undefined, ours: QboAddress) =>
  ADDRESS_FIELDS.every((field) => (held?.[field] ?? '') === (ours[field] ?? ''));

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

/** A refund's RefundReceipt DocNumber: 'COL-RF-<refund id>', ours alone and found again on a retry. */
export const quickBooksRefundDocNumber = (refund: Pick<AccountingRefund, 'refundId'>) =>
  `COL-RF-${refund.refundId}`.slice(0, 21);

/**
 * QuickBooks Online through `node-quickbooks`, its OAuth 2 tokens through `intuit-oauth`. Each push
 * finds the customer by the account's code and the invoice by its DocNumber before making either, and
 * sends a request id QuickBooks deduplicates on: a retried job never makes two.
 */
export function createQuickBooksAccounting(options: QuickBooksAccountingOptions): AccountingAdapter {
  const { settings, db, secret } = options;
  const clock = options.clock ?? { now: () => new Date() };
  const redirectUri = settings.redirectUri;
  let refreshing: Promise<{ token: string; realmId: string }> | null = null;

  type Live = { token: string; realmId: string };

  async function connection() {
    const [row] = await db.select().from(accountingConnections).where(eq(accountingConnections.provider, PROVIDER));
    return row ?? null;
  }

  /** The stored access token while it has over five minutes left (and is not the one just refused). */
  function liveOf(row: typeof accountingConnections.$inferSelect | null, refused: string | null): Live | null {
    const token = row?.accessToken ? openToken(row.accessToken, secret) : null;
    const realmId = row?.realmId ?? settings.realmId;
    const expires = row?.accessTokenExpiresAt?.getTime() ?? 0;
    if (token && realmId && token !== refused && expires - clock.now().getTime() > REFRESH_MARGIN_MS)
      return { token, realmId };
    return null;
  }

  /**
   * A fresh access token, refreshed under the connection row's lock (`select … for update`): every API
   * process and worker shares the one refresh token, and QuickBooks rotates it on each refresh, so two
   * refreshing at once would spend it twice and lose the company. The first to lock refreshes; the
   * others wait on the lock, read the row again and take the token it left, refreshing only if that
   * one is still expiring (or is the token QuickBooks just refused).
   */
  async function refresh(refused: string | null): Promise<Live> {
    return db.transaction(async (tx) => {
      // A company configured by environment has no row yet: make it, so there is a row to lock.
      await tx
        .insert(accountingConnections)
        .values({ provider: PROVIDER, realmId: settings.realmId ?? null })
        .onConflictDoNothing({ target: accountingConnections.provider });
      const [row] = await tx
        .select()
        .from(accountingConnections)
        .where(eq(accountingConnections.provider, PROVIDER))
        .for('update');
      const fresh = liveOf(row ?? null, refused);
      if (fresh) return fresh;
      const realmId = row?.realmId ?? settings.realmId;
      const stored = row?.refreshToken ? openToken(row.refreshToken, secret) : null;
      const refreshToken = stored ?? settings.refreshToken;
      if (!realmId || !refreshToken) {
        throw new AccountingRejectedError(
          'QuickBooks is not connected: connect the company on the QuickBooks invoices page (or set QUICKBOOKS_REALM_ID and QUICKBOOKS_REFRESH_TOKEN).',
        );
      }
      const client = quickBooksOAuthClient(settings, redirectUri);
      let json: QuickBooksTokenAnswer;
      try {
        const response = await withTimeout(client.refreshUsingToken(refreshToken), settings.timeoutMs);
        json = (response.getJson() ?? {}) as QuickBooksTokenAnswer;
      } catch (error) {
        const status = (error as { response?: { status?: number } }).response?.status;
        const message = `QuickBooks refused the refresh token${status ? ` (${status})` : ''}: the company must be connected again.`;
        // A refused refresh token does not heal by itself; anything else (the network) may.
        if (status === 400 || status === 401) throw new AccountingRejectedError(message);
        throw new Error(`QuickBooks' token endpoint did not answer: ${(error as Error).message ?? 'unknown error'}`);
      }
      if (!json.access_token) throw new Error('QuickBooks answered no access token.');
      const values = {
        realmId,
        ...sealedTokens(json, refreshToken, secret, clock.now()),
        refreshedAt: clock.now(),
        updatedAt: clock.now(),
      };
      await tx.update(accountingConnections).set(values).where(eq(accountingConnections.provider, PROVIDER));
      return { token: json.access_token, realmId };
    });
  }

  /** A live access token: the stored one while it has over five minutes left, else a fresh one. */
  async function accessToken(refused: string | null = null): Promise<Live> {
    const live = liveOf(await connection(), refused);
    if (live) return live;
    // One refresh at a time in this process (the others wait on it rather than on the row's lock).
    refreshing ??= refresh(refused).finally(() => {
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
    const attempt = async (live: Live) => {
      const qbo = clientOf(live);
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
      const live = await accessToken();
      try {
        return await attempt(live);
      } catch (error) {
        // Revoked early: refresh unless another process already has, and try once more.
        if (error instanceof QuickBooksCallError && error.status === 401)
          return await attempt(await accessToken(live.token));
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

  const query = <T>(
    entity: 'Customer' | 'Invoice' | 'RefundReceipt',
    field: string,
    value: string,
    operator: '=' | 'LIKE',
  ) =>
    call<{ QueryResponse?: Record<string, unknown> }>((qbo, done) => {
      const criteria = [{ field, value, operator }];
      if (entity === 'Customer') qbo.findCustomers(criteria, done);
      else if (entity === 'Invoice') qbo.findInvoices(criteria, done);
      else qbo.findRefundReceipts(criteria, done);
    }).then((body) => ((body.QueryResponse?.[entity] as T[] | undefined) ?? [])[0] ?? null);

  async function customerOf(invoice: AccountingInvoice): Promise<string> {
    const { customer } = invoice;
    const billAddr = quickBooksBillAddr(customer.billingAddress);
    const email = customer.email ? { PrimaryEmailAddr: { Address: customer.email.slice(0, 100) } } : {};
    // QuickBooks' LIKE takes % wildcards only; the code's own characters are letters, digits and dashes.
    const found = await query<QboCustomer>('Customer', 'DisplayName', `%[${customer.code}]`, 'LIKE');
    if (found) {
      // The account moved, or its address was added after the customer was made: bring it up to date.
      const emailChanged =
        customer.email !== null && found.PrimaryEmailAddr?.Address !== email.PrimaryEmailAddr?.Address;
      if ((billAddr && !sameAddress(found.BillAddr, billAddr)) || emailChanged) {
        await call<unknown>((qbo, done) =>
          qbo.updateCustomer(
            {
              Id: found.Id,
              SyncToken: found.SyncToken,
              sparse: true,
              ...(billAddr ? { BillAddr: billAddr } : {}),
              ...email,
            } as Parameters<QuickBooks['updateCustomer']>[0],
            done,
          ),
        );
      }
      return found.Id;
    }
    const made = await call<{ Id: string }>((qbo, done) =>
      qbo.createCustomer(
        {
          DisplayName: quickBooksCustomerName(invoice),
          CompanyName: customer.name.slice(0, 100),
          ...(billAddr ? { BillAddr: billAddr } : {}),
          ...email,
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
        // retry reads the balance again, so a payment already booked is not booked twice. Refunds
        // are RefundReceipts of their own (bookRefund) and leave the invoice paid there, so the
        // balance QuickBooks should show is the total less everything received.
        const owedThere = toCents(booked.Balance);
        const owedHere = Math.max(0, invoice.totalCents - invoice.paidCents);
        if (owedThere > owedHere) {
          const current = booked;
          const amount = toDollars(owedThere - owedHere);
          await call<unknown>((qbo, done) =>
            qbo.createPayment(
              {
                CustomerRef: { value: customerId },
                TotalAmt: amount,
                PaymentRefNum: docNumber,
                Line: [{ Amount: amount, LinkedTxn: [{ TxnId: current.Id, TxnType: 'Invoice' }] }],
                requestId: `${idempotencyKey}-paid-${invoice.paidCents}`,
              } as Parameters<QuickBooks['createPayment']>[0],
              done,
            ),
          );
          booked = await getInvoice(current.Id);
        }
      }
      return { externalId: booked.Id, docNumber: booked.DocNumber ?? docNumber, ...statusOfQbo(booked) };
    },
    async bookRefund({ invoice, refund, invoiceExternalId, idempotencyKey }): Promise<BookRefundResult> {
      const docNumber = quickBooksRefundDocNumber(refund);
      const found = await query<{ Id: string; DocNumber?: string }>('RefundReceipt', 'DocNumber', docNumber, '=');
      if (found) return { externalId: found.Id, docNumber: found.DocNumber ?? docNumber };
      if (!settings.refundAccountId)
        throw new AccountingRejectedError(
          'QuickBooks needs the account refunds are paid from: set QUICKBOOKS_REFUND_ACCOUNT_ID, then retry.',
        );
      const customerId = await customerOf(invoice);
      const invoiceDoc = quickBooksDocNumber(invoice);
      const amount = toDollars(refund.amountCents);
      const made = await call<{ Id: string; DocNumber?: string }>((qbo, done) =>
        qbo.createRefundReceipt(
          {
            DocNumber: docNumber,
            TxnDate: refund.refundedOn,
            CustomerRef: { value: customerId },
            DepositToAccountRef: { value: settings.refundAccountId },
            // The invoice refunded, where a person looks for it on the receipt.
            PaymentRefNum: invoiceDoc,
            PrivateNote: `Colophon refund ${refund.refundId} of invoice ${invoiceDoc} (QuickBooks invoice ${invoiceExternalId}), ${refund.method}`,
            Line: [
              {
                Description: `Refund of invoice ${invoiceDoc}`,
                Amount: amount,
                DetailType: 'SalesItemLineDetail',
                SalesItemLineDetail: { ItemRef: { value: settings.itemId }, Qty: 1, UnitPrice: amount },
              },
            ],
            requestId: idempotencyKey,
          } as Parameters<QuickBooks['createRefundReceipt']>[0],
          done,
        ),
      );
      return { externalId: made.Id, docNumber: made.DocNumber ?? docNumber };
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
