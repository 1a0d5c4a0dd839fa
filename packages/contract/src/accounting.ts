import { z } from 'zod';
import { accountingInvoiceList, accountingSyncStatusSchema } from './accounting-lists';
import { idParamsSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import { defineResourceContract } from './resource-contract';

/*
 * The accounting sync (issue 13): each invoice's row in the accounting system (`quickbooks_invoices`:
 * QuickBooks Online when configured, else the embedded books), written by the queue_accounting
 * worker. The PDF and status links are short-lived signed URLs, opened without a session.
 */

export const accountingInvoiceSchema = z
  .object({
    id: z.number().int(),
    invoiceId: z.number().int(),
    accountId: z.number().int(),
    /** 'quickbooks' or 'embedded' (the offline default). */
    provider: z.string(),
    status: accountingSyncStatusSchema,
    /** The accounting system's invoice id and document number. */
    externalId: z.string().nullable(),
    docNumber: z.string().nullable(),
    /** The balance and status the accounting system last reported. */
    externalBalanceCents: z.number().int().nullable(),
    externalStatus: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    syncedAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    /** Our invoice: its number, status and amounts. */
    invoice: z.object({
      number: z.string().nullable(),
      status: z.string(),
      totalCents: z.number().int(),
      balanceCents: z.number().int(),
    }),
    account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  })
  .meta({ id: 'AccountingInvoice' });
export type AccountingInvoiceRow = z.infer<typeof accountingInvoiceSchema>;

export const accountingInvoicesContract = defineResourceContract({
  name: 'quickbooks_invoices',
  label: 'Accounting invoice',
  item: accountingInvoiceSchema,
  ...accountingInvoiceList,
  offers: ['list', 'get'],
  permission: { read: 'super.invoices', write: 'super.invoices' },
});

/** `POST /api/quickbooks_invoices/{id}/retry`: queues the invoice's push again (one waiting job at most). */
export const retryAccountingInvoice = defineOperation({
  method: 'POST',
  path: '/api/quickbooks_invoices/:id/retry',
  params: idParamsSchema,
  responses: { 200: accountingInvoiceSchema, ...problemResponses(404, 409) },
  permission: 'super.invoices',
  summary: "Queues an invoice's accounting push again",
  tags: ['quickbooks_invoices'],
});

/** An invoice's sync as its own screen shows it (anyone who sees the invoice). */
export const invoiceAccountingSyncSchema = z
  .object({
    invoiceId: z.number().int(),
    /** Null: the invoice was never pushed (a draft). */
    status: accountingSyncStatusSchema.nullable(),
    provider: z.string().nullable(),
    docNumber: z.string().nullable(),
    externalStatus: z.string().nullable(),
    externalBalanceCents: z.number().int().nullable(),
    lastError: z.string().nullable(),
    attempts: z.number().int(),
    syncedAt: timestampSchema.nullable(),
    /** The invoice's refunds as booked (a QuickBooks RefundReceipt, or the embedded books' credit), oldest first. */
    credits: z.array(
      z.object({
        refundId: z.number().int(),
        docNumber: z.string(),
        amountCents: z.number().int(),
        bookedAt: timestampSchema,
      }),
    ),
  })
  .meta({ id: 'InvoiceAccountingSync' });
export type InvoiceAccountingSync = z.infer<typeof invoiceAccountingSyncSchema>;

/** `GET /api/quickbooks_invoices/invoice/{id}`: the sync of our invoice {id}. */
export const getInvoiceSync = defineOperation({
  method: 'GET',
  path: '/api/quickbooks_invoices/invoice/:id',
  params: idParamsSchema,
  responses: { 200: invoiceAccountingSyncSchema, ...problemResponses(404) },
  summary: "An invoice's accounting sync status",
  tags: ['quickbooks_invoices'],
});

export const accountingLinksSchema = z
  .object({
    /** `GET` without a session until `expiresAt`: the invoice's PDF from the accounting system. */
    pdfUrl: z.string(),
    /** `GET` without a session until `expiresAt`: its balance and status there. */
    statusUrl: z.string(),
    expiresAt: timestampSchema,
  })
  .meta({ id: 'AccountingLinks' });
export type AccountingLinks = z.infer<typeof accountingLinksSchema>;

/** `POST /api/quickbooks_invoices/{id}/link`: fresh signed links for our invoice {id}, once it is in the books. */
export const linkAccountingInvoice = defineOperation({
  method: 'POST',
  path: '/api/quickbooks_invoices/:id/link',
  params: idParamsSchema,
  responses: { 200: accountingLinksSchema, ...problemResponses(404, 409) },
  summary: "Signed links to an invoice's PDF and status in the accounting system",
  tags: ['quickbooks_invoices'],
});

const tokenQuery = z.object({ token: z.string({ error: 'Required' }).min(1, 'Required').max(300) });

/** `GET /api/quickbooks_invoices/download_invoice_pdf/{id}?token`: our invoice {id}'s PDF from the books. */
export const downloadAccountingInvoicePdf = defineOperation({
  method: 'GET',
  path: '/api/quickbooks_invoices/download_invoice_pdf/:id',
  params: idParamsSchema,
  query: tokenQuery,
  responses: { 200: z.string(), ...problemResponses(400, 403, 404, 409, 502) },
  public: true,
  summary: "An invoice's PDF from the accounting system (a signed link)",
  tags: ['quickbooks_invoices'],
});

export const accountingStatusSchema = z
  .object({
    invoiceId: z.number().int(),
    provider: z.string(),
    externalId: z.string(),
    docNumber: z.string().nullable(),
    balanceCents: z.number().int(),
    status: z.string(),
  })
  .meta({ id: 'AccountingStatus' });

/** `GET /api/check_qbo_status_invoice/{id}?token`: our invoice {id}'s balance and status in the books, asked now. */
export const checkAccountingInvoiceStatus = defineOperation({
  method: 'GET',
  path: '/api/check_qbo_status_invoice/:id',
  params: idParamsSchema,
  query: tokenQuery,
  responses: { 200: accountingStatusSchema, ...problemResponses(400, 403, 404, 409, 502) },
  public: true,
  summary: "An invoice's balance and status in the accounting system (a signed link)",
  tags: ['quickbooks_invoices'],
});

/*
 * "Connect QuickBooks" (super administrators): the OAuth 2 authorization code flow. `connect` answers
 * Intuit's authorize address with a signed state bound to the caller; Intuit sends the browser back
 * to `callback`, which checks the state, exchanges the code and keeps the tokens sealed; `disconnect`
 * revokes them at Intuit and forgets them.
 */

export const quickBooksConnectionSchema = z
  .object({
    /** QuickBooks' app credentials are set (QUICKBOOKS_CLIENT_ID/SECRET): otherwise the embedded books are in use. */
    configured: z.boolean(),
    /** A company's tokens are held (connected here, or from the environment's refresh token). */
    connected: z.boolean(),
    /** 'connected': through "Connect QuickBooks"; 'environment': QUICKBOOKS_REALM_ID/REFRESH_TOKEN. */
    source: z.enum(['connected', 'environment']).nullable(),
    environment: z.enum(['sandbox', 'production']).nullable(),
    /** The QuickBooks company id. */
    realmId: z.string().nullable(),
    connectedAt: timestampSchema.nullable(),
    connectedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    refreshedAt: timestampSchema.nullable(),
    accessTokenExpiresAt: timestampSchema.nullable(),
    /** Past this the company must be connected again (Intuit: about 100 days after the last refresh). */
    refreshTokenExpiresAt: timestampSchema.nullable(),
  })
  .meta({ id: 'QuickBooksConnection' });
export type QuickBooksConnection = z.infer<typeof quickBooksConnectionSchema>;

/** `GET /api/quickbooks/connection`: whether QuickBooks is configured and which company is connected. */
export const getQuickBooksConnection = defineOperation({
  method: 'GET',
  path: '/api/quickbooks/connection',
  responses: { 200: quickBooksConnectionSchema },
  permission: 'super.invoices',
  summary: 'The QuickBooks connection',
  tags: ['quickbooks'],
});

/** `GET /api/quickbooks/connect`: Intuit's authorize address, to send the browser to. */
export const connectQuickBooks = defineOperation({
  method: 'GET',
  path: '/api/quickbooks/connect',
  responses: {
    200: z.object({ authorizeUrl: z.string(), expiresAt: timestampSchema }).meta({ id: 'QuickBooksAuthorization' }),
    ...problemResponses(409),
  },
  permission: 'super.invoices',
  summary: 'Starts connecting a QuickBooks company (OAuth 2)',
  tags: ['quickbooks'],
});

/**
 * `GET /api/quickbooks/callback?code&state&realmId` (or `?error&state` when the administrator
 * declined): where Intuit sends the browser back. No session travels with that redirect, so the
 * signed `state` names the administrator; a bad or expired one is a 400 naming `state`. Answers a
 * redirect to the QuickBooks invoices page.
 */
export const quickBooksCallback = defineOperation({
  method: 'GET',
  path: '/api/quickbooks/callback',
  query: z.object({
    state: z.string({ error: 'Required' }).min(1, 'Required').max(500),
    code: z.string().min(1).max(2000).optional(),
    realmId: z
      .string()
      .regex(/^\d{1,30}$/, 'A QuickBooks company id (digits)')
      .optional(),
    error: z.string().max(200).optional(),
  }),
  responses: { ...problemResponses(400, 409) },
  public: true,
  summary: "Intuit's redirect after connecting QuickBooks",
  tags: ['quickbooks'],
});

/** `POST /api/quickbooks/disconnect`: revokes the company's tokens at Intuit and forgets them. */
export const disconnectQuickBooks = defineOperation({
  method: 'POST',
  path: '/api/quickbooks/disconnect',
  responses: { 200: quickBooksConnectionSchema, ...problemResponses(409, 502) },
  permission: 'super.invoices',
  summary: 'Disconnects the QuickBooks company',
  tags: ['quickbooks'],
});
