import { createHash, createHmac } from 'node:crypto';

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

export interface PresignGetInput {
  /** The object's URL without a query (`https://bucket.s3.region.amazonaws.com/key`). */
  objectUrl: URL;
  region: string;
  credentials: SigningCredentials;
  signingDate: Date;
  expiresInSeconds: number;
  /** S3 answers with this Content-Disposition (`response-content-disposition`, signed with the rest). */
  contentDisposition?: string;
}

/** RFC 3986 encoding, as Signature Version 4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** `20261103T140000Z` */
const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A presigned S3 GetObject URL, computed synchronously (the file store's `signedUrl` is synchronous
 * for every caller). It is the AWS SDK presigner's URL, parameter for parameter: a test compares the
 * two for the same instant. Query-string Signature Version 4, unsigned payload, only `host` signed.
 */
export function presignGetUrl(input: PresignGetInput): string {
  const { objectUrl, region, credentials, signingDate, expiresInSeconds, contentDisposition } = input;
  const datetime = amzDate(signingDate);
  const scope = `${datetime.slice(0, 8)}/${region}/s3/aws4_request`;
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    'X-Amz-Credential': `${credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': datetime,
    'X-Amz-Expires': String(Math.max(1, Math.min(604_800, Math.round(expiresInSeconds)))),
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    'X-Amz-SignedHeaders': 'host',
    ...(contentDisposition ? { 'response-content-disposition': contentDisposition } : {}),
    'x-id': 'GetObject',
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((name) => `${encode(name)}=${encode(query[name] ?? '')}`)
    .join('&');
  const canonicalRequest = [
    'GET',
    objectUrl.pathname,
    canonicalQuery,
    `host:${objectUrl.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', datetime, scope, sha256Hex(canonicalRequest)].join('\n');
  const dateKey = hmac(`AWS4${credentials.secretAccessKey}`, datetime.slice(0, 8));
  const signingKey = hmac(hmac(hmac(dateKey, region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${objectUrl.origin}${objectUrl.pathname}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

/** A key's path segments encoded for a URL (file keys are plain, but a store must not trust that). */
export const encodeKeyPath = (key: string) => key.split('/').map(encode).join('/');
