import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A OneRoster rostering server for the adapter's tests, on a free local port. It checks what a real
 * one checks (the OAuth 1.0a signature recomputed from the request it received, or the OAuth 2
 * bearer and its scope), pages its records by limit and offset, filters on dateLastModified, and can
 * misbehave the ways vendors do: ignore limit, ignore offset, answer 429/503, fail, or hang.
 */
export type TestServerAuth =
  | { kind: 'oauth1'; consumerKey: string; consumerSecret: string }
  | { kind: 'oauth2'; clientId: string; clientSecret: string; tokenLifetimeSeconds: number };

export interface TestServerBehaviour {
  /** Serve this many records per page whatever limit was asked. */
  ignoreLimit?: number;
  /** Always serve from offset 0. */
  ignoreOffset?: boolean;
  /** Answer the next N resource requests with this status (429 or 503) and Retry-After. */
  busy?: { remaining: number; status: 429 | 503; retryAfter?: string };
  /** Answer every resource request with this status and body. */
  failWith?: { status: number; body: string; contentType?: string };
  /** Answer this many resource requests with 401 however good their token (a restarted server). */
  rejectTokens?: number;
  /** Never answer. */
  hang?: boolean;
}

export interface ReceivedRequest {
  path: string;
  /** The query as it came on the wire, before any decoding. */
  rawQuery: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

export interface TestServerOptions {
  basePath: string;
  auth: TestServerAuth;
  /** Records by collection path (users, students, orgs, demographics …). */
  collections: Record<string, Array<Record<string, unknown>>>;
  /** The server's clock, in seconds, to check OAuth 1 timestamps against. */
  nowSeconds: () => number;
  /** The response key of each collection path; the path itself by default. */
  responseKeys?: Record<string, string>;
  /** Where the OAuth 2 token endpoint is; `/token` by default (vendors put it elsewhere). */
  tokenPath?: string;
}

export interface OneRosterTestServer {
  baseUrl: string;
  tokenUrl: string;
  behaviour: TestServerBehaviour;
  requests: ReceivedRequest[];
  tokenRequests: Array<{ scope: string }>;
  /** Bearer tokens the server stops accepting (as if revoked). */
  revokeTokens(): void;
  close(): Promise<void>;
}

const CORE_SCOPE = /\/scope\/roster-core\.readonly$/;
const DEMOGRAPHICS_SCOPE = /\/scope\/roster-demographics\.readonly$/;

export async function startOneRosterTestServer(options: TestServerOptions): Promise<OneRosterTestServer> {
  const behaviour: TestServerBehaviour = {};
  const requests: ReceivedRequest[] = [];
  const tokenRequests: Array<{ scope: string }> = [];
  const tokens = new Map<string, string[]>();
  let issued = 0;
  let origin = '';
  const hanging = new Set<ServerResponse>();
  const tokenPath = options.tokenPath ?? '/token';

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const [path = '', rawQuery = ''] = (request.url ?? '').split('?', 2);
    if (request.method === 'POST' && path === tokenPath) return issueToken(request, response);
    const query = new URLSearchParams(rawQuery);
    requests.push({ path, rawQuery, query, authorization: request.headers.authorization });
    if (behaviour.hang) {
      hanging.add(response);
      return;
    }
    const refusal = checkAuthorization(request, path, query);
    if (refusal) return imsx(response, 401, refusal);
    if (behaviour.busy && behaviour.busy.remaining > 0) {
      behaviour.busy.remaining -= 1;
      if (behaviour.busy.retryAfter !== undefined) response.setHeader('retry-after', behaviour.busy.retryAfter);
      return imsx(response, behaviour.busy.status, 'Slow down');
    }
    if (behaviour.failWith) {
      response.writeHead(behaviour.failWith.status, {
        'content-type': behaviour.failWith.contentType ?? 'application/json',
      });
      response.end(behaviour.failWith.body);
      return;
    }
    if (!path.startsWith(`${options.basePath}/`)) return imsx(response, 404, 'Unknown service');
    const collection = path.slice(options.basePath.length + 1);
    const records = options.collections[collection];
    if (!records) return imsx(response, 404, `Unknown collection ${collection}`);
    const filtered = applyFilter(records, query.get('filter'));
    const limit = behaviour.ignoreLimit ?? Number(query.get('limit') ?? '100');
    const offset = behaviour.ignoreOffset ? 0 : Number(query.get('offset') ?? '0');
    const page = filtered.slice(offset, offset + limit);
    response.writeHead(200, {
      'content-type': 'application/json',
      // Wrong on purpose: the adapter must not trust it.
      'x-total-count': '3',
    });
    response.end(JSON.stringify({ [options.responseKeys?.[collection] ?? collection]: page }));
  }

  function checkAuthorization(request: IncomingMessage, path: string, query: URLSearchParams): string | null {
    const header = request.headers.authorization ?? '';
    const auth = options.auth;
    if (auth.kind === 'oauth1') {
      if (!header.startsWith('OAuth ')) return 'OAuth 1.0a signature required';
      const parameters = new Map<string, string>();
      for (const match of header.slice(6).matchAll(/([\w]+)="([^"]*)"/g)) {
        parameters.set(decodeURIComponent(match[1] ?? ''), decodeURIComponent(match[2] ?? ''));
      }
      if (parameters.get('oauth_consumer_key') !== auth.consumerKey) return 'Unknown consumer key';
      if (parameters.get('oauth_version') !== '1.0') return 'oauth_version must be 1.0';
      if (Number(parameters.get('oauth_timestamp')) !== options.nowSeconds()) return 'Stale timestamp';
      const method = parameters.get('oauth_signature_method');
      const hash = method === 'HMAC-SHA256' ? 'sha256' : method === 'HMAC-SHA1' ? 'sha1' : null;
      if (!hash) return 'Unsupported signature method';
      // Recomputed here from the request as received: every query parameter and oauth_* but the signature.
      const signed: Array<[string, string]> = [...query.entries()];
      for (const [name, value] of parameters) if (name !== 'oauth_signature') signed.push([name, value]);
      const normalized = signed
        .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
        .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
        .map(([name, value]) => `${name}=${value}`)
        .join('&');
      const base = `GET&${rfc3986(`${origin}${path}`)}&${rfc3986(normalized)}`;
      const expected = createHmac(hash, `${rfc3986(auth.consumerSecret)}&`)
        .update(base)
        .digest('base64');
      return expected === parameters.get('oauth_signature') ? null : 'Invalid signature';
    }
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const scopes = tokens.get(token);
    if (!scopes) return 'Invalid or expired token';
    if (behaviour.rejectTokens && behaviour.rejectTokens > 0) {
      behaviour.rejectTokens -= 1;
      return 'Invalid or expired token';
    }
    if (!scopes.some((scope) => CORE_SCOPE.test(scope))) return 'roster-core.readonly scope required';
    if (path.endsWith('/demographics') && !scopes.some((scope) => DEMOGRAPHICS_SCOPE.test(scope))) {
      return 'roster-demographics.readonly scope required';
    }
    return null;
  }

  async function issueToken(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const auth = options.auth;
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const form = new URLSearchParams(body);
    tokenRequests.push({ scope: form.get('scope') ?? '' });
    if (auth.kind !== 'oauth2') return oauthError(response, 400, 'unsupported_grant_type');
    // RFC 6749 §2.3.1: the id and the secret are form-encoded inside Basic.
    const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    const [id = '', secret = ''] = basic.split(':', 2).map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
    if (id !== auth.clientId || secret !== auth.clientSecret) return oauthError(response, 401, 'invalid_client');
    if (form.get('grant_type') !== 'client_credentials') return oauthError(response, 400, 'unsupported_grant_type');
    issued += 1;
    const token = `token-${issued}`;
    tokens.set(token, (form.get('scope') ?? '').split(' '));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        access_token: token,
        token_type: 'bearer',
        expires_in: auth.tokenLifetimeSeconds,
        scope: form.get('scope'),
      }),
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: origin,
    tokenUrl: `${origin}${tokenPath}`,
    behaviour,
    requests,
    tokenRequests,
    revokeTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function applyFilter(records: Array<Record<string, unknown>>, filter: string | null): Array<Record<string, unknown>> {
  if (filter === null) return records;
  const match = /^dateLastModified>'([^']+)'$/.exec(filter);
  if (!match?.[1]) throw new Error(`unsupported filter ${filter}`);
  const since = Date.parse(match[1]);
  return records.filter((record) => Date.parse(String(record.dateLastModified)) > since);
}

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function imsx(response: ServerResponse, status: number, description: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      imsx_codeMajor: 'failure',
      imsx_severity: 'error',
      imsx_description: description,
      imsx_CodeMinor: {
        imsx_codeMinorField: [
          { imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: 'unauthorisedrequest' },
        ],
      },
    }),
  );
}

function oauthError(response: ServerResponse, status: number, error: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error }));
}
