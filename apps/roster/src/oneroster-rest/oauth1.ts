import { createHmac } from 'node:crypto';

/**
 * OAuth 1.0a request signing (RFC 5849 §3.4) as OneRoster 1.1 asks for it: two-legged (no token),
 * HMAC-SHA256 by default (the 1EdTech profile) and HMAC-SHA1 where a vendor still wants it. Every
 * query parameter (limit, offset, filter …) is part of the signature base string, so a server that
 * recomputes the signature rejects any parameter added or changed after signing.
 */
export type OAuth1SignatureMethod = 'HMAC-SHA256' | 'HMAC-SHA1';

export const OAUTH1_SIGNATURE_METHODS = [
  'HMAC-SHA256',
  'HMAC-SHA1',
] as const satisfies readonly OAuth1SignatureMethod[];

const hashOf: Record<OAuth1SignatureMethod, 'sha256' | 'sha1'> = {
  'HMAC-SHA256': 'sha256',
  'HMAC-SHA1': 'sha1',
};

/**
 * RFC 5849 §3.6: every octet but the unreserved set (ALPHA, DIGIT, '-', '.', '_', '~') is
 * percent-encoded in upper-case hex. encodeURIComponent leaves !'()* alone, which would make our
 * base string differ from the server's for a filter such as dateLastModified>'…'.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** RFC 5849 §3.4.1.2: scheme and host lower case, the default port left out, no query or fragment. */
export function baseStringUri(url: URL): string {
  const scheme = url.protocol.toLowerCase();
  const defaultPort = (scheme === 'http:' && url.port === '80') || (scheme === 'https:' && url.port === '443');
  const port = url.port === '' || defaultPort ? '' : `:${url.port}`;
  return `${scheme}//${url.hostname.toLowerCase()}${port}${url.pathname}`;
}

/** RFC 5849 §3.4.1.3.2: each name and value encoded, sorted by name then value, joined with & and =. */
export function normalizeParameters(parameters: ReadonlyArray<readonly [string, string]>): string {
  return parameters
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([nameA, valueA], [nameB, valueB]) =>
      nameA < nameB ? -1 : nameA > nameB ? 1 : valueA < valueB ? -1 : valueA > valueB ? 1 : 0,
    )
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** RFC 5849 §3.4.1.1: METHOD&encoded base URI&encoded normalized parameters. */
export function signatureBaseString(
  method: string,
  url: URL,
  parameters: ReadonlyArray<readonly [string, string]>,
): string {
  return [method.toUpperCase(), percentEncode(baseStringUri(url)), percentEncode(normalizeParameters(parameters))].join(
    '&',
  );
}

/** RFC 5849 §3.4.2: the key is the encoded client secret and the encoded token secret (empty here). */
export function oauth1Signature(
  signatureMethod: OAuth1SignatureMethod,
  baseString: string,
  consumerSecret: string,
  tokenSecret = '',
): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac(hashOf[signatureMethod], key).update(baseString).digest('base64');
}

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  signatureMethod?: OAuth1SignatureMethod;
  /** Three-legged OAuth only; OneRoster is two-legged, the RFC's and Twitter's examples are not. */
  token?: string;
  tokenSecret?: string;
}

export interface OAuth1Nonce {
  /** Seconds since the epoch. */
  timestamp: number;
  nonce: string;
}

/** The oauth_* protocol parameters of one request, signature included. */
export function oauth1Parameters(
  method: string,
  url: URL,
  credentials: OAuth1Credentials,
  { timestamp, nonce }: OAuth1Nonce,
  extraParameters: ReadonlyArray<readonly [string, string]> = [],
): Array<[string, string]> {
  const signatureMethod = credentials.signatureMethod ?? 'HMAC-SHA256';
  const protocol: Array<[string, string]> = [
    ['oauth_consumer_key', credentials.consumerKey],
    ['oauth_nonce', nonce],
    ['oauth_signature_method', signatureMethod],
    ['oauth_timestamp', String(timestamp)],
    ...(credentials.token === undefined ? [] : ([['oauth_token', credentials.token]] as Array<[string, string]>)),
    ['oauth_version', '1.0'],
  ];
  const queryParameters = [...url.searchParams.entries()];
  const baseString = signatureBaseString(method, url, [...queryParameters, ...extraParameters, ...protocol]);
  const signature = oauth1Signature(signatureMethod, baseString, credentials.consumerSecret, credentials.tokenSecret);
  return [...protocol, ['oauth_signature', signature]];
}

/** RFC 5849 §3.5.1: the Authorization header, each value encoded and quoted. */
export function oauth1AuthorizationHeader(protocolParameters: ReadonlyArray<readonly [string, string]>): string {
  return `OAuth ${protocolParameters.map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`).join(', ')}`;
}
