import { createServer, type Server } from 'node:http';

/*
 * A local fake of the QuickBooks Online calls the accounting adapter makes (never the real service):
 * the OAuth 2 token endpoint (refresh, rotating the refresh token), the query endpoint for customers
 * and invoices, customer and invoice creation (deduplicated by `requestid`, as QuickBooks does),
 * sparse invoice updates, voids, payments, refund receipts, customer updates, invoice reads and the
 * invoice PDF; the authorization code exchange and the token revocation of "Connect QuickBooks".
 * Every API call must carry the access token the token endpoint last gave.
 */

export interface FakeQboInvoice {
  Id: string;
  SyncToken: string;
  DocNumber: string;
  TxnDate?: string;
  CustomerRef: { value: string };
  Line: { Amount: number; Description?: string }[];
  TotalAmt: number;
  Balance: number;
  PrivateNote?: string;
}

export interface FakeQboCustomer {
  Id: string;
  SyncToken: string;
  DisplayName: string;
  BillAddr?: Record<string, string>;
  PrimaryEmailAddr?: { Address: string };
}

export interface FakeQboRefundReceipt {
  Id: string;
  DocNumber: string;
  TxnDate?: string;
  CustomerRef: { value: string };
  DepositToAccountRef: { value: string };
  PaymentRefNum?: string;
  TotalAmt: number;
  PrivateNote?: string;
}

export class FakeQuickBooks {
  server: Server;
  customers = new Map<string, FakeQboCustomer>();
  refundReceipts = new Map<string, FakeQboRefundReceipt>();
  /** Authorization codes the token endpoint takes once (`grant_type=authorization_code`). */
  codes = new Set<string>();
  /** The redirect_uri each code exchange named. */
  exchanges: { code: string; redirectUri: string | null }[] = [];
  /** Tokens revoked, in order. */
  revoked: string[] = [];
  /** Hold each token answer this long (ms): two refreshes at once overlap. */
  tokenDelayMs = 0;
  invoices = new Map<string, FakeQboInvoice>();
  payments: { Id: string; TotalAmt: number; invoiceId: string }[] = [];
  /** Every call, as `METHOD path` (query strings left out), in order. */
  calls: string[] = [];
  refreshes: string[] = [];
  /** The query texts received. */
  queries: string[] = [];
  accessToken = 'at-0';
  refreshToken = 'rt-0';
  /** Access tokens live this long (seconds) when handed out. */
  expiresIn = 3600;
  /** Answer the next invoice create with this fault (a 400 ValidationFault). */
  failNextCreate: string | null = null;
  /** Answer every call with 503 until cleared. */
  down = false;
  private sequence = 100;
  private requestIds = new Map<string, unknown>();

  constructor(readonly realmId = '9130350000000000') {
    this.server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://fake');
        this.calls.push(`${request.method} ${url.pathname}`);
        if (url.searchParams.get('query')) this.queries.push(url.searchParams.get('query') ?? '');
        const send = (status: number, body: unknown, type = 'application/json') => {
          response.writeHead(status, { 'content-type': type });
          response.end(type === 'application/json' ? JSON.stringify(body) : (body as Buffer));
        };
        if (this.down)
          return send(503, { Fault: { type: 'SystemFault', Error: [{ Message: 'Service unavailable' }] } });
        if (url.pathname === '/oauth2/v1/tokens/bearer') {
          if (this.tokenDelayMs > 0) {
            setTimeout(() => this.token(text, send), this.tokenDelayMs);
            return;
          }
          return this.token(text, send);
        }
        if (url.pathname === '/oauth2/v1/tokens/revoke') {
          const given = text.startsWith('{')
            ? (JSON.parse(text) as { token?: string }).token
            : new URLSearchParams(text).get('token');
          this.revoked.push(given ?? '');
          if (given !== this.refreshToken) return send(400, { error: 'invalid_token' });
          this.refreshToken = 'revoked';
          this.accessToken = 'revoked';
          return send(200, {});
        }
        if (request.headers.authorization !== `Bearer ${this.accessToken}`) {
          return send(401, {
            Fault: { type: 'AUTHENTICATION', Error: [{ Message: 'AuthenticationFailed', code: '3200' }] },
          });
        }
        const prefix = `/v3/company/${this.realmId}/`;
        if (!url.pathname.startsWith(prefix)) return send(404, { Fault: { Error: [{ Message: 'no such company' }] } });
        const path = url.pathname.slice(prefix.length);
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        const requestId = url.searchParams.get('requestid');
        if (requestId && this.requestIds.has(requestId)) return send(200, this.requestIds.get(requestId));
        const answer = this.handle(request.method ?? 'GET', path, url.searchParams, body);
        if (answer.status === 200 && requestId) this.requestIds.set(requestId, answer.body);
        send(answer.status, answer.body, answer.type);
      });
    });
  }

  private token(text: string, send: (status: number, body: unknown) => void) {
    const form: Record<string, string | undefined> = text.startsWith('{')
      ? (JSON.parse(text) as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(text));
    if (form.grant_type === 'authorization_code') {
      const code = form.code ?? '';
      this.exchanges.push({ code, redirectUri: form.redirect_uri ?? null });
      if (!this.codes.delete(code)) return send(400, { error: 'invalid_grant' });
      const n = this.refreshes.length + this.exchanges.length;
      this.accessToken = `at-c${n}`;
      this.refreshToken = `rt-c${n}`;
      return send(200, {
        token_type: 'bearer',
        access_token: this.accessToken,
        refresh_token: this.refreshToken,
        expires_in: this.expiresIn,
        x_refresh_token_expires_in: 8_726_400,
      });
    }
    const given = form.refresh_token ?? null;
    this.refreshes.push(given ?? '');
    if (given !== this.refreshToken) return send(400, { error: 'invalid_grant' });
    const n = this.refreshes.length;
    this.accessToken = `at-${n}`;
    this.refreshToken = `rt-${n}`;
    return send(200, {
      token_type: 'bearer',
      access_token: this.accessToken,
      refresh_token: this.refreshToken,
      expires_in: this.expiresIn,
      x_refresh_token_expires_in: 8_726_400,
    });
  }

  private handle(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): { status: number; body: unknown; type?: string } {
    if (method === 'GET' && path === 'query') return { status: 200, body: this.query(query.get('query') ?? '') };
    if (method === 'POST' && path === 'customer') {
      if (query.get('operation') === 'update') {
        const customer = this.customers.get(String(body.Id));
        if (!customer || customer.SyncToken !== String(body.SyncToken))
          return { status: 400, body: { Fault: { type: 'ValidationFault', Error: [{ Message: 'Stale Object' }] } } };
        if (body.BillAddr) customer.BillAddr = body.BillAddr as Record<string, string>;
        if (body.PrimaryEmailAddr) customer.PrimaryEmailAddr = body.PrimaryEmailAddr as { Address: string };
        customer.SyncToken = String(Number(customer.SyncToken) + 1);
        return { status: 200, body: { Customer: customer } };
      }
      const id = String(this.sequence++);
      const customer: FakeQboCustomer = {
        Id: id,
        SyncToken: '0',
        DisplayName: String(body.DisplayName),
        ...(body.BillAddr ? { BillAddr: body.BillAddr as Record<string, string> } : {}),
        ...(body.PrimaryEmailAddr ? { PrimaryEmailAddr: body.PrimaryEmailAddr as { Address: string } } : {}),
      };
      this.customers.set(id, customer);
      return { status: 200, body: { Customer: customer } };
    }
    if (method === 'POST' && path === 'refundreceipt') {
      if (!(body.DepositToAccountRef as { value?: string } | undefined)?.value)
        return {
          status: 400,
          body: {
            Fault: { type: 'ValidationFault', Error: [{ Message: 'Required param missing: DepositToAccountRef' }] },
          },
        };
      const lines = body.Line as { Amount: number }[];
      const receipt: FakeQboRefundReceipt = {
        Id: String(this.sequence++),
        DocNumber: String(body.DocNumber),
        TxnDate: body.TxnDate as string,
        CustomerRef: body.CustomerRef as { value: string },
        DepositToAccountRef: body.DepositToAccountRef as { value: string },
        PaymentRefNum: body.PaymentRefNum as string,
        TotalAmt: Math.round(lines.reduce((sum, line) => sum + line.Amount, 0) * 100) / 100,
        PrivateNote: body.PrivateNote as string,
      };
      this.refundReceipts.set(receipt.Id, receipt);
      return { status: 200, body: { RefundReceipt: receipt } };
    }
    if (method === 'POST' && path === 'invoice') {
      const operation = query.get('operation');
      if (operation === 'update' || operation === 'void') {
        const invoice = this.invoices.get(String(body.Id));
        if (!invoice)
          return {
            status: 400,
            body: { Fault: { type: 'ValidationFault', Error: [{ Message: 'Object Not Found' }] } },
          };
        if (operation === 'void') {
          Object.assign(invoice, { TotalAmt: 0, Balance: 0, PrivateNote: `Voided - ${invoice.PrivateNote ?? ''}` });
        } else {
          const lines = body.Line as FakeQboInvoice['Line'];
          const total = lines.reduce((sum, line) => sum + line.Amount, 0);
          const paid = invoice.TotalAmt - invoice.Balance;
          Object.assign(invoice, { Line: lines, TotalAmt: total, Balance: total - paid });
        }
        invoice.SyncToken = String(Number(invoice.SyncToken) + 1);
        return { status: 200, body: { Invoice: invoice } };
      }
      if (this.failNextCreate) {
        const message = this.failNextCreate;
        this.failNextCreate = null;
        return {
          status: 400,
          body: { Fault: { type: 'ValidationFault', Error: [{ Message: message, code: '2500' }] } },
        };
      }
      const lines = body.Line as FakeQboInvoice['Line'];
      const total = Math.round(lines.reduce((sum, line) => sum + line.Amount, 0) * 100) / 100;
      const invoice: FakeQboInvoice = {
        Id: String(this.sequence++),
        SyncToken: '0',
        DocNumber: String(body.DocNumber),
        TxnDate: body.TxnDate as string,
        CustomerRef: body.CustomerRef as { value: string },
        Line: lines,
        TotalAmt: total,
        Balance: total,
        PrivateNote: body.PrivateNote as string,
      };
      this.invoices.set(invoice.Id, invoice);
      return { status: 200, body: { Invoice: invoice } };
    }
    if (method === 'POST' && path === 'payment') {
      const line = (body.Line as { Amount: number; LinkedTxn: { TxnId: string }[] }[])[0];
      const invoice = this.invoices.get(line?.LinkedTxn[0]?.TxnId ?? '');
      if (!invoice)
        return { status: 400, body: { Fault: { type: 'ValidationFault', Error: [{ Message: 'no invoice' }] } } };
      invoice.Balance = Math.round((invoice.Balance - Number(body.TotalAmt)) * 100) / 100;
      const payment = { Id: String(this.sequence++), TotalAmt: Number(body.TotalAmt), invoiceId: invoice.Id };
      this.payments.push(payment);
      return { status: 200, body: { Payment: payment } };
    }
    const pdf = /^invoice\/(\d+)\/pdf$/.exec(path);
    if (method === 'GET' && pdf) {
      const invoice = this.invoices.get(pdf[1] ?? '');
      if (!invoice) return { status: 404, body: { Fault: { Error: [{ Message: 'Object Not Found' }] } } };
      return {
        status: 200,
        body: Buffer.from(`%PDF-1.4\n% QuickBooks invoice ${invoice.DocNumber}\n%%EOF\n`),
        type: 'application/pdf',
      };
    }
    const read = /^invoice\/(\d+)$/.exec(path);
    if (method === 'GET' && read) {
      const invoice = this.invoices.get(read[1] ?? '');
      if (!invoice)
        return { status: 400, body: { Fault: { type: 'ValidationFault', Error: [{ Message: 'Object Not Found' }] } } };
      return { status: 200, body: { Invoice: invoice } };
    }
    return { status: 404, body: { Fault: { Error: [{ Message: `no route ${method} ${path}` }] } } };
  }

  /** `select * from Customer where DisplayName LIKE '%[LIN]'`, `select * from Invoice where DocNumber = 'X'`. */
  private query(text: string) {
    const match = /from (\w+) where (\w+) (=|LIKE) '((?:[^'\\]|\\.)*)'/i.exec(text);
    if (!match) return { QueryResponse: {} };
    const [, entity, field, operator, raw = ''] = match;
    const value = raw.replace(/\\'/g, "'");
    const test = (candidate: string) =>
      operator === '=' ? candidate === value : candidate.endsWith(value.replace(/^%/, ''));
    if (entity?.toLowerCase() === 'refundreceipt') {
      const found = [...this.refundReceipts.values()].filter((receipt) => test(String(receipt[field as 'DocNumber'])));
      return { QueryResponse: found.length ? { RefundReceipt: found, maxResults: found.length } : {} };
    }
    if (entity?.toLowerCase() === 'customer') {
      const found = [...this.customers.values()].filter((customer) => test(customer.DisplayName));
      return { QueryResponse: found.length ? { Customer: found, maxResults: found.length } : {} };
    }
    const found = [...this.invoices.values()].filter((invoice) => test(String(invoice[field as 'DocNumber'])));
    return { QueryResponse: found.length ? { Invoice: found, maxResults: found.length } : {} };
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
