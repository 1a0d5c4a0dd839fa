import { afterEach, describe, expect, it } from 'vitest';
import { createOneRosterClient, type OneRosterClock, type OneRosterRecord, retryAfterMs } from './client';
import { sinceFilter } from './collections';
import {
  OneRosterHttpError,
  OneRosterNetworkError,
  OneRosterRepeatedPageError,
  OneRosterResponseError,
  OneRosterTimeoutError,
} from './errors';
import { type OneRosterTestServer, startOneRosterTestServer, type TestServerAuth } from './test-server';

const V1P1 = '/ims/oneroster/v1p1';
const V1P2 = '/ims/oneroster/rostering/v1p2';
const oauth1 = { kind: 'oauth1', consumerKey: 'colophon', consumerSecret: 's3cret&more' } as const;
const oauth2 = {
  kind: 'oauth2',
  clientId: 'colophon-client',
  clientSecret: 'shh secret',
  tokenLifetimeSeconds: 3600,
} as const;

/** A clock the test moves; sleeps are recorded and pass at once. */
function testClock(start = '2026-11-25T12:00:00Z') {
  let now = Date.parse(start);
  const sleeps: number[] = [];
  const clock: OneRosterClock & { sleeps: number[]; advance(ms: number): void } = {
    now: () => new Date(now),
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    sleeps,
  };
  return clock;
}

/** Students modified one a day from 2026-10-01, one of them with the password some systems send. */
function students(count: number): OneRosterRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    sourcedId: `stu-${index + 1}`,
    status: 'active',
    dateLastModified: new Date(Date.parse('2026-10-01T08:00:00Z') + index * 86_400_000).toISOString(),
    givenName: `Given${index + 1}`,
    familyName: 'Roster',
    role: 'student',
    password: 'hunter2-do-not-log',
  }));
}

let server: OneRosterTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(
  auth: TestServerAuth,
  clock: OneRosterClock,
  basePath: string,
  collections: Record<string, OneRosterRecord[]>,
) {
  server = await startOneRosterTestServer({
    basePath,
    auth,
    collections,
    nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
    responseKeys: { students: 'users', teachers: 'users', schools: 'orgs' },
  });
  return server;
}

async function collect(iterable: AsyncIterable<OneRosterRecord>): Promise<OneRosterRecord[]> {
  const records: OneRosterRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the pull to fail');
}

describe('OneRoster 1.1 with OAuth 1.0a', () => {
  it('pages by limit and offset until a short page, every request signed (HMAC-SHA256), X-Total-Count ignored', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { students: students(250) });
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock, pageSize: 100 });

    const records = await collect(client.pull('students'));

    expect(records.map((record) => record.sourcedId)).toEqual(students(250).map((record) => record.sourcedId));
    expect(
      sis.requests.map((request) => [request.path, request.query.get('limit'), request.query.get('offset')]),
    ).toEqual([
      [`${V1P1}/students`, '100', '0'],
      [`${V1P1}/students`, '100', '100'],
      [`${V1P1}/students`, '100', '200'],
    ]);
    expect(
      sis.requests.every((request) => request.authorization?.includes('oauth_signature_method="HMAC-SHA256"')),
    ).toBe(true);
  });

  it('asks once more after a full last page and stops on the empty one', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(200) });
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock, pageSize: 100 });

    const pages = [];
    for await (const page of client.pages('users'))
      pages.push([page.offset, page.records.length, page.nextOffset, page.last]);

    expect(pages).toEqual([
      [0, 100, 100, false],
      [100, 100, 200, false],
      [200, 0, 200, true],
    ]);
  });

  it('signs with HMAC-SHA1 when the vendor asks for it', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { orgs: [{ sourcedId: 'district-1' }, { sourcedId: 'school-1' }] });
    const client = createOneRosterClient({
      baseUrl: sis.baseUrl,
      version: '1.1',
      auth: { ...oauth1, signatureMethod: 'HMAC-SHA1' },
      clock,
    });

    expect(await collect(client.pull('orgs'))).toHaveLength(2);
    expect(sis.requests[0]?.authorization).toContain('oauth_signature_method="HMAC-SHA1"');
  });

  it("pulls only what changed since the last sync with dateLastModified>'…', encoded and signed", async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(60) });
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock, pageSize: 10 });

    const records = await collect(client.pull('users', { since: new Date('2026-11-20T00:00:00.250Z') }));

    // Day 51 onward is 2026-11-20T08:00Z: ten records, a full page, then an empty one.
    expect(records.map((record) => record.sourcedId)).toEqual(
      students(60)
        .slice(50)
        .map((record) => record.sourcedId),
    );
    expect(sis.requests[0]?.rawQuery).toBe(
      'limit=10&offset=0&filter=dateLastModified%3E%272026-11-20T00%3A00%3A00Z%27',
    );
    expect(sis.requests[0]?.query.get('filter')).toBe("dateLastModified>'2026-11-20T00:00:00Z'");
  });

  it('is refused (401 with the server message) when the signature does not match', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(3) });
    const client = createOneRosterClient({
      baseUrl: sis.baseUrl,
      version: '1.1',
      auth: { ...oauth1, consumerSecret: 'wrong' },
      clock,
    });

    const error = await failureOf(collect(client.pull('users')));

    expect(error).toBeInstanceOf(OneRosterHttpError);
    expect(error).toMatchObject({ status: 401, serverMessage: 'Invalid signature' });
    expect((error as Error).message).toBe('OneRoster users page at offset 0 failed with HTTP 401: Invalid signature');
  });

  it('advances by what came when the server ignores limit, and stops only on a short page', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(600) });
    sis.behaviour.ignoreLimit = 250;
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock, pageSize: 100 });

    const records = await collect(client.pull('users'));

    expect(records).toHaveLength(600);
    expect(new Set(records.map((record) => record.sourcedId)).size).toBe(600);
    // 250, 250, then 100: none is fewer than the 100 asked, so only the empty page at 600 ends it.
    expect(sis.requests.map((request) => request.query.get('offset'))).toEqual(['0', '250', '500', '600']);
  });

  it('stops with an error when the server ignores offset and repeats a page', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(300) });
    sis.behaviour.ignoreOffset = true;
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock, pageSize: 100 });

    const error = await failureOf(collect(client.pull('users')));

    expect(error).toBeInstanceOf(OneRosterRepeatedPageError);
    expect(error).toMatchObject({ collection: 'users', offset: 100 });
    expect(sis.requests).toHaveLength(2);
  });

  it('resumes from a given offset', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(150) });
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock, pageSize: 100 });

    const records = await collect(client.pull('users', { startOffset: 100 }));

    expect(records.map((record) => record.sourcedId)).toEqual(
      students(150)
        .slice(100)
        .map((record) => record.sourcedId),
    );
  });

  it('serves a vendor that mounts OneRoster under its own path', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, '/aeries/api/v1p1', { users: students(2) });
    const client = createOneRosterClient({
      baseUrl: `${sis.baseUrl}/aeries/`,
      basePath: 'api/v1p1/',
      version: '1.1',
      auth: oauth1,
      clock,
    });

    expect(await collect(client.pull('users'))).toHaveLength(2);
    expect(sis.requests[0]?.path).toBe('/aeries/api/v1p1/users');
  });
});

describe('retries, timeouts and errors', () => {
  it('waits as Retry-After says after a 429, then goes on (clock injected, no real wait)', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(5) });
    sis.behaviour.busy = { remaining: 1, status: 429, retryAfter: '7' };
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock });

    expect(await collect(client.pull('users'))).toHaveLength(5);
    expect(clock.sleeps).toEqual([7_000]);
    expect(sis.requests).toHaveLength(2);
  });

  it('backs off 1 s, 2 s, 4 s on a 503 without Retry-After, then gives up with the status', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(5) });
    sis.behaviour.busy = { remaining: 10, status: 503 };
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock, maxRetries: 3 });

    const error = await failureOf(collect(client.pull('users')));

    expect(error).toMatchObject({ status: 503, serverMessage: 'Slow down' });
    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000]);
    expect(sis.requests).toHaveLength(4);
  });

  it('fails at once when Retry-After asks for longer than the adapter waits', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(5) });
    sis.behaviour.busy = { remaining: 1, status: 429, retryAfter: '3600' };
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock });

    expect(await failureOf(collect(client.pull('users')))).toMatchObject({ status: 429 });
    expect(clock.sleeps).toEqual([]);
  });

  it.each([
    ['7', 7_000],
    ['0', 0],
    ['Wed, 25 Nov 2026 12:00:30 GMT', 30_000],
    ['Wed, 25 Nov 2026 11:00:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('reads Retry-After %j as %j ms', (header, expected) => {
    expect(retryAfterMs(header, new Date('2026-11-25T12:00:00Z'))).toBe(expected);
  });

  it('puts the server message in the error, never the records the body carried', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(5) });
    sis.behaviour.failWith = {
      status: 500,
      body: JSON.stringify({
        imsx_codeMajor: 'failure',
        imsx_description: 'Database timeout',
        users: [{ sourcedId: 'stu-1', message: 'password hunter2-do-not-log' }],
        password: 'hunter2-do-not-log',
      }),
    };
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock });

    const error = await failureOf(collect(client.pull('users')));

    expect(error).toMatchObject({ status: 500, serverMessage: 'Database timeout' });
    expect(JSON.stringify(error)).not.toContain('hunter2');
    expect(String(error)).not.toContain('hunter2');
    expect((error as Error).stack).not.toContain('hunter2');
  });

  it('does not quote a plain-text or HTML error body', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(5) });
    sis.behaviour.failWith = { status: 502, body: 'stu-1,Ann,hunter2-do-not-log', contentType: 'text/plain' };
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock });

    const error = await failureOf(collect(client.pull('users')));

    expect((error as Error).message).toBe('OneRoster users page at offset 0 failed with HTTP 502');
  });

  it('names a 2xx that is not the collection without quoting it', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(5) });
    sis.behaviour.failWith = { status: 200, body: JSON.stringify({ people: [{ password: 'hunter2-do-not-log' }] }) };
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock });

    const error = await failureOf(collect(client.pull('users')));

    expect(error).toBeInstanceOf(OneRosterResponseError);
    expect((error as Error).message).toBe('OneRoster users page at offset 0 has no users array of records');
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(250) });
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock });
    const controller = new AbortController();

    const pulled: OneRosterRecord[] = [];
    const error = await failureOf(
      (async () => {
        for await (const record of client.pull('users', { signal: controller.signal })) {
          pulled.push(record);
          if (pulled.length === 100) controller.abort(new Error('sync cancelled'));
        }
      })(),
    );

    expect((error as Error).message).toBe('sync cancelled');
    expect(pulled).toHaveLength(100);
  });

  it('names a server that cannot be reached', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(5) });
    const baseUrl = sis.baseUrl;
    await sis.close();
    server = undefined;
    const client = createOneRosterClient({ baseUrl, version: '1.1', auth: oauth1, clock });

    const error = await failureOf(collect(client.pull('users')));

    expect(error).toBeInstanceOf(OneRosterNetworkError);
    expect((error as Error).message).toBe('OneRoster users page at offset 0 could not reach the server: ECONNREFUSED');
  });

  it('times out a server that never answers', async () => {
    const clock = testClock();
    const sis = await serve(oauth1, clock, V1P1, { users: students(5) });
    sis.behaviour.hang = true;
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.1', auth: oauth1, clock, timeoutMs: 100 });

    const error = await failureOf(collect(client.pull('users')));

    expect(error).toBeInstanceOf(OneRosterTimeoutError);
    expect((error as Error).message).toBe('OneRoster users page at offset 0 got no answer within 100 ms');
  });
});

describe('OneRoster 1.2 with OAuth 2 client credentials', () => {
  const clientAuth = (sis: OneRosterTestServer) =>
    ({ kind: 'oauth2', tokenUrl: sis.tokenUrl, clientId: oauth2.clientId, clientSecret: oauth2.clientSecret }) as const;

  it('takes one roster-core.readonly token for every pull until shortly before it expires', async () => {
    const clock = testClock();
    const sis = await serve(oauth2, clock, V1P2, { users: students(30), classes: [{ sourcedId: 'class-1' }] });
    const client = createOneRosterClient({
      baseUrl: sis.baseUrl,
      version: '1.2',
      auth: clientAuth(sis),
      clock,
      pageSize: 10,
    });

    expect(await collect(client.pull('users'))).toHaveLength(30);
    expect(await collect(client.pull('classes'))).toHaveLength(1);
    expect(sis.tokenRequests).toEqual([
      { scope: 'https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly' },
    ]);
    expect(sis.requests[0]?.path).toBe(`${V1P2}/users`);

    clock.advance(3_540_000 - 1); // the token lives an hour; it is renewed a minute before
    await collect(client.pull('classes'));
    expect(sis.tokenRequests).toHaveLength(1);
    clock.advance(1);
    await collect(client.pull('classes'));
    expect(sis.tokenRequests).toHaveLength(2);
    expect(sis.requests.at(-1)?.authorization).toBe('Bearer token-2');
  });

  it('asks for roster-demographics.readonly as well only when demographics are pulled', async () => {
    const clock = testClock();
    const sis = await serve(oauth2, clock, V1P2, {
      users: students(2),
      demographics: [{ sourcedId: 'stu-1', sex: 'female' }],
    });
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.2', auth: clientAuth(sis), clock });

    await collect(client.pull('users'));
    expect(await collect(client.pull('demographics'))).toEqual([{ sourcedId: 'stu-1', sex: 'female' }]);

    expect(sis.tokenRequests.map((request) => request.scope)).toEqual([
      'https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly',
      'https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly https://purl.imsglobal.org/spec/or/v1p2/scope/roster-demographics.readonly',
    ]);
  });

  it("asks for a vendor's own scope strings when configured", async () => {
    const clock = testClock();
    const sis = await serve(oauth2, clock, V1P2, { users: students(1) });
    const scopes = {
      core: 'https://vendor.example/scope/roster-core.readonly',
      demographics: 'https://vendor.example/scope/roster-demographics.readonly',
    };
    const client = createOneRosterClient({
      baseUrl: sis.baseUrl,
      version: '1.2',
      auth: { ...clientAuth(sis), scopes },
      clock,
    });

    await collect(client.pull('users'));

    expect(sis.tokenRequests).toEqual([{ scope: scopes.core }]);
  });

  it('takes a fresh token once when the server refuses its token before expiry', async () => {
    const clock = testClock();
    const sis = await serve(oauth2, clock, V1P2, { users: students(25) });
    const client = createOneRosterClient({
      baseUrl: sis.baseUrl,
      version: '1.2',
      auth: clientAuth(sis),
      clock,
      pageSize: 10,
    });

    const records: OneRosterRecord[] = [];
    for await (const record of client.pull('users')) {
      records.push(record);
      if (records.length === 10) sis.revokeTokens();
    }

    expect(records).toHaveLength(25);
    expect(sis.tokenRequests).toHaveLength(2);
    expect(sis.requests.map((request) => request.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
      'Bearer token-2',
    ]);
  });

  it('gives up with the 401 when the fresh token is refused too', async () => {
    const clock = testClock();
    const sis = await serve(oauth2, clock, V1P2, { users: students(5) });
    sis.behaviour.rejectTokens = 2;
    const client = createOneRosterClient({ baseUrl: sis.baseUrl, version: '1.2', auth: clientAuth(sis), clock });

    const error = await failureOf(collect(client.pull('users')));

    expect(error).toMatchObject({ status: 401, serverMessage: 'Invalid or expired token' });
    expect(sis.tokenRequests).toHaveLength(2);
  });

  it('reports a refused client with the OAuth error and no secret', async () => {
    const clock = testClock();
    const sis = await serve(oauth2, clock, V1P2, { users: students(5) });
    const client = createOneRosterClient({
      baseUrl: sis.baseUrl,
      version: '1.2',
      auth: { ...clientAuth(sis), clientSecret: 'wrong-secret' },
      clock,
    });

    const error = await failureOf(collect(client.pull('users')));

    expect((error as Error).message).toBe('OneRoster token request failed with HTTP 401: invalid_client');
    expect(String(error)).not.toContain('wrong-secret');
  });
});

describe('the incremental filter', () => {
  it.each([
    ['2026-11-01T00:00:00.000Z', "dateLastModified>'2026-11-01T00:00:00Z'"],
    ['2026-11-01T09:30:15.999Z', "dateLastModified>'2026-11-01T09:30:15Z'"],
  ])('writes %s as %s, floored to the second', (since, filter) => {
    expect(sinceFilter(new Date(since))).toBe(filter);
  });
});
