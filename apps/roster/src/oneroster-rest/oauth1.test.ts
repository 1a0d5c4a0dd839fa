import { describe, expect, it } from 'vitest';
import {
  baseStringUri,
  oauth1AuthorizationHeader,
  oauth1Parameters,
  oauth1Signature,
  percentEncode,
  signatureBaseString,
} from './oauth1';

describe('percent-encoding (RFC 5849 §3.6)', () => {
  it.each([
    ['abcXYZ019-._~', 'abcXYZ019-._~'],
    [' ', '%20'],
    ['+', '%2B'],
    ["!'()*", '%21%27%28%29%2A'],
    ['=&%', '%3D%26%25'],
    ['é', '%C3%A9'],
    ["dateLastModified>'2026-11-01T00:00:00Z'", 'dateLastModified%3E%272026-11-01T00%3A00%3A00Z%27'],
  ])('encodes %j as %j', (raw, encoded) => {
    expect(percentEncode(raw)).toBe(encoded);
  });
});

describe('the base string URI (RFC 5849 §3.4.1.2)', () => {
  it.each([
    ['http://EXAMPLE.COM:80/r%20v/X?id=123', 'http://example.com/r%20v/X'],
    ['https://www.example.net:8080/?q=1', 'https://www.example.net:8080/'],
    ['https://sis.example.org:443/ims/oneroster/v1p1/users', 'https://sis.example.org/ims/oneroster/v1p1/users'],
  ])('%s → %s', (url, expected) => {
    expect(baseStringUri(new URL(url))).toBe(expected);
  });
});

describe('the signature base string', () => {
  it('matches the example of RFC 5849 §3.4.1.1 (repeated names, encoded values, empty values)', () => {
    const url = new URL('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b');
    const body: Array<[string, string]> = [
      ['c2', ''],
      ['a3', '2 q'],
    ];
    const protocol: Array<[string, string]> = [
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
    ];
    expect(signatureBaseString('POST', url, [...url.searchParams.entries(), ...body, ...protocol])).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });
});

describe('signing', () => {
  // Twitter's (X's) "Creating a signature" worked example; the signature is the one openssl computes
  // from that page's base string and key.
  const twitterUrl = new URL('https://api.twitter.com/1.1/statuses/update.json?include_entities=true');
  const twitterCredentials = {
    consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
    consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
    token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
    tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  };
  const twitterNonce = { nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg', timestamp: 1318622958 };
  const twitterBody: Array<[string, string]> = [['status', 'Hello Ladies + Gentlemen, a signed OAuth request!']];

  it.each([
    ['HMAC-SHA1', 'hCtSmYh+iHYCEqBWrE7C7hYmtUk='],
    // openssl dgst -sha256 -hmac over the same base string and key: this row checks the hash alone.
    ['HMAC-SHA256', 'Tp6gtfOx2bNZeJ2UUOeg9hvSzdsLa5QJoUwc/LeRFRA='],
  ] as const)('reproduces the Twitter example base string with %s', (method, expected) => {
    const baseString = signatureBaseString('POST', twitterUrl, [
      ...twitterUrl.searchParams.entries(),
      ...twitterBody,
      ['oauth_consumer_key', twitterCredentials.consumerKey],
      ['oauth_nonce', twitterNonce.nonce],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', String(twitterNonce.timestamp)],
      ['oauth_token', twitterCredentials.token],
      ['oauth_version', '1.0'],
    ]);
    expect(baseString).toBe(
      'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    );
    expect(oauth1Signature(method, baseString, twitterCredentials.consumerSecret, twitterCredentials.tokenSecret)).toBe(
      expected,
    );
  });

  it('builds the Twitter example header with its protocol parameters', () => {
    const parameters = oauth1Parameters(
      'POST',
      twitterUrl,
      { ...twitterCredentials, signatureMethod: 'HMAC-SHA1' },
      twitterNonce,
      twitterBody,
    );
    const header = oauth1AuthorizationHeader(parameters);
    expect(header).toBe(
      'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1318622958", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0", oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"',
    );
  });

  it('signs a OneRoster page request with HMAC-SHA256 by default, its limit, offset and filter included', () => {
    const url = new URL(
      'https://sis.example.org/ims/oneroster/v1p1/users?limit=100&offset=200&filter=dateLastModified%3E%272026-11-01T00%3A00%3A00Z%27',
    );
    const parameters = oauth1Parameters(
      'GET',
      url,
      { consumerKey: 'colophon', consumerSecret: 's3cret' },
      { nonce: 'n0nce', timestamp: 1795000000 },
    );
    expect(Object.fromEntries(parameters)).toEqual({
      oauth_consumer_key: 'colophon',
      oauth_nonce: 'n0nce',
      oauth_signature_method: 'HMAC-SHA256',
      oauth_timestamp: '1795000000',
      oauth_version: '1.0',
      // openssl dgst -sha256 -hmac 's3cret&' over the base string written out by hand:
      // GET&https%3A%2F%2Fsis.example.org%2Fims%2Foneroster%2Fv1p1%2Fusers&filter%3DdateLastModified%253E%25272026-11-01T00%253A00%253A00Z%2527%26limit%3D100%26oauth_consumer_key%3Dcolophon%26oauth_nonce%3Dn0nce%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1795000000%26oauth_version%3D1.0%26offset%3D200
      oauth_signature: 'P3TD7iAofq8RtO4LBxoUj6p7cQAn+fj8j8Qb+rKht0Q=',
    });
  });
});
