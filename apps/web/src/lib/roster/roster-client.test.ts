import { ROSTER_NO_RESPONSE_MESSAGE, ROSTER_UNEXPECTED_MESSAGE } from '@colophon/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';
import { configureApiClient, resetApiClient } from '../api-client';
import { sessionStore } from '../session';
import { createRosterClient, isRosterError, type RosterClient, RosterError } from '.';

/** One request as the roster saw it. */
interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
}

type Handler = (request: Seen) => Response | Promise<Response>;

/**
 * The browser boundary: one fetch that plays the dashboard API's `GET /api/client_config` and the
 * roster service, which opens sessions for a bearer token and refuses any call without live headers.
 */
function fakeServers({ rosterUrl = null as string | null } = {}) {
  const live = new Set<string>();
  const sessionsOpenedFor: string[] = [];
  const calls: Seen[] = [];
  let configReads = 0;
  let handler: Handler = () => jsonResponse({ data: [] });
  const openDefault = (bearer: string): Response => {
    const header = `roster-session-${sessionsOpenedFor.length - 1}-${bearer}`;
    live.add(header);
    return jsonResponse({ headers: { 'X-Roster-Session': header } });
  };
  let openSession: (bearer: string) => Response | Promise<Response> = openDefault;
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init = {}) => {
    const url = String(input);
    const request: Seen = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal,
    };
    if (url === '/api/client_config') {
      configReads += 1;
      return jsonResponse({ sentryDsn: null, environment: 'test', rosterUrl });
    }
    if (url.endsWith('/session') && request.method === 'POST') {
      const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
      sessionsOpenedFor.push(bearer);
      return openSession(bearer);
    }
    calls.push(request);
    if (!live.has(request.headers.get('X-Roster-Session') ?? '')) {
      return jsonResponse({ message: 'Roster session headers required' }, { status: 401 });
    }
    return handler(request);
  });
  return {
    fetch,
    sessionsOpenedFor,
    calls,
    configReads: () => configReads,
    /** The roster forgets every session (it restarted, or they expired). */
    endAllSessions: () => live.clear(),
    answer(next: Handler) {
      handler = next;
    },
    answerSessions(next: (bearer: string) => Response | Promise<Response>) {
      openSession = next;
    },
    openDefault,
  };
}

type Servers = ReturnType<typeof fakeServers>;

let servers: Servers;
let roster: RosterClient;

function start(options: { rosterUrl?: string | null } = {}): void {
  servers = fakeServers(options);
  configureApiClient({ fetch: servers.fetch });
  roster = createRosterClient({ fetch: servers.fetch });
}

beforeEach(() => {
  signInAs(makeUser());
  start();
});

afterEach(() => resetApiClient());

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A fetch that never answers, and rejects as the browser's does when its signal aborts. */
function hangUntilAborted(request: Seen): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal?.addEventListener('abort', () => reject(request.signal?.reason));
  });
}

async function failure(promise: Promise<unknown>): Promise<RosterError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isRosterError(error)).toBe(true);
  return error as RosterError;
}

describe('the base URL', () => {
  it('is /roster at the dashboard origin when the dashboard has no ROSTER_URL', async () => {
    await roster.get('/districts');
    expect(servers.calls[0]?.url).toBe('/roster/districts');
  });

  it("is ROSTER_URL's /roster when the dashboard names the roster's own process, session included", async () => {
    start({ rosterUrl: 'https://roster.example.org' });
    await roster.get('/districts');
    expect(servers.fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/client_config',
      'https://roster.example.org/roster/session',
      'https://roster.example.org/roster/districts',
    ]);
  });

  it('is learnt once per page, not per call', async () => {
    await roster.get('/districts');
    await roster.get('/schools');
    expect(servers.configReads()).toBe(1);
  });

  it('is asked again after the dashboard could not say, and that failure is a roster failure', async () => {
    let configDown = true;
    const fetch = servers.fetch.getMockImplementation();
    servers.fetch.mockImplementation(async (input, init) => {
      if (String(input) === '/api/client_config' && configDown) throw new TypeError('Failed to fetch');
      return fetch?.(input, init) ?? jsonResponse(null);
    });
    const error = await failure(roster.get('/districts'));
    expect(error.message).toBe(ROSTER_NO_RESPONSE_MESSAGE);
    configDown = false;
    await expect(roster.get('/districts')).resolves.toMatchObject({ status: 200 });
  });
});

describe('the requests', () => {
  it('sends the query the spec way and a JSON body, with the roster headers and no dashboard bearer', async () => {
    await roster.get('/individuals', { query: { grade: ['09', 'KG'], search: '', page: 2 } });
    await roster.post('/districts', { body: { name: 'North' } });
    await roster.put('/districts/7', { body: { name: 'South' } });
    await roster.delete('/districts/7');
    expect(servers.calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /roster/individuals?grade[]=09&grade[]=KG&page=2',
      'POST /roster/districts',
      'PUT /roster/districts/7',
      'DELETE /roster/districts/7',
    ]);
    const post = servers.calls[1];
    expect(post?.body).toBe('{"name":"North"}');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.headers.get('X-Roster-Session')).toBe('roster-session-0-test-token');
    expect(post?.headers.get('Authorization')).toBeNull();
  });

  it('opens the session with the dashboard bearer token', async () => {
    await roster.get('/districts');
    expect(servers.sessionsOpenedFor).toEqual(['test-token']);
  });

  it('sends a portrait as form data, leaving its content type to the browser', async () => {
    const form = new FormData();
    form.append('image', new Blob(['jpeg'], { type: 'image/jpeg' }), 'ada.jpg');
    await roster.post('/individuals/3/image', { body: form });
    expect(servers.calls[0]?.body).toBe(form);
    expect(servers.calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('answers the status and the data', async () => {
    servers.answer(() => jsonResponse({ id: 7, name: 'North' }, { status: 201 }));
    await expect(roster.post('/districts', { body: { name: 'North' } })).resolves.toEqual({
      status: 201,
      data: { id: 7, name: 'North' },
    });
  });

  it('reads a portrait as bytes when asked, and its refusal as usual', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
    servers.answer(() => new Response(jpeg, { status: 200, headers: { 'Content-Type': 'image/jpeg' } }));
    const answer = await roster.get<Blob>('/individuals/3/image', { query: { size: 'thumb' }, read: 'blob' });
    expect(answer.status).toBe(200);
    expect(new Uint8Array(await (answer.data as Blob).arrayBuffer())).toEqual(jpeg);
    expect(servers.calls[0]?.headers.get('Accept')).toBe('*/*');
    servers.answer(() => jsonResponse({ message: 'This person has no portrait.' }, { status: 404 }));
    const error = await failure(roster.get('/individuals/4/image', { read: 'blob' }));
    expect(error).toMatchObject({ statusCode: 404, message: 'This person has no portrait.' });
  });
});

describe('an empty roster response is status 204 with empty data (part 8)', () => {
  it.each<{ name: string; response: () => Response }>([
    { name: 'a 204', response: () => new Response(null, { status: 204 }) },
    { name: 'a 200 with no body', response: () => new Response(null, { status: 200 }) },
    {
      name: 'a 200 JSON answer with an empty body',
      response: () => new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    },
    { name: 'a 202 with an empty text body', response: () => new Response('', { status: 202 }) },
  ])('$name', async ({ response }) => {
    servers.answer(response);
    await expect(roster.delete('/districts/7')).resolves.toEqual({ status: 204, data: null });
  });
});

describe('failures become RosterErrors carrying status code, data and the original error (part 8)', () => {
  it.each<{ name: string; response: () => Response; statusCode: number; message: string; data: unknown }>([
    {
      name: 'the message is the response message first',
      response: () => jsonResponse({ message: 'School not found', error: { message: 'nested' } }, { status: 404 }),
      statusCode: 404,
      message: 'School not found',
      data: { message: 'School not found', error: { message: 'nested' } },
    },
    {
      name: 'then the nested error message',
      response: () => jsonResponse({ error: { message: 'District is locked' } }, { status: 409 }),
      statusCode: 409,
      message: 'District is locked',
      data: { error: { message: 'District is locked' } },
    },
    {
      name: 'then a plain-text body',
      response: () => new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }),
      statusCode: 502,
      message: 'Bad Gateway',
      data: 'Bad Gateway',
    },
    {
      name: 'a JSON-labelled body that is not JSON reads as its text',
      response: () =>
        new Response('upstream timeout', { status: 504, headers: { 'Content-Type': 'application/json' } }),
      statusCode: 504,
      message: 'upstream timeout',
      data: 'upstream timeout',
    },
    {
      name: "and 'An unexpected error occurred' when the answer says nothing, keeping its status",
      response: () => jsonResponse({ code: 'E42' }, { status: 500 }),
      statusCode: 500,
      message: ROSTER_UNEXPECTED_MESSAGE,
      data: { code: 'E42' },
    },
  ])('$name', async ({ response, statusCode, message, data }) => {
    const answer = response();
    servers.answer(() => answer);
    const error = await failure(roster.get('/schools/3'));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RosterError');
    expect(error).toMatchObject({ statusCode, message, data });
    expect(error.originalError).toBe(answer);
  });

  it("says 'No response received from server. Please check your connection.' when nothing came back", async () => {
    const offline = new TypeError('Failed to fetch');
    servers.answer(() => {
      throw offline;
    });
    const error = await failure(roster.get('/districts'));
    expect(error.message).toBe('No response received from server. Please check your connection.');
    expect(error.statusCode).toBeNull();
    expect(error.data).toBeNull();
    expect(error.originalError).toBe(offline);
  });

  it("says 'An unexpected error occurred' with 500 otherwise (a body that cannot be sent, nothing sent)", async () => {
    const error = await failure(roster.post('/districts', { body: { count: 10n } }));
    expect(error).toMatchObject({ statusCode: 500, message: 'An unexpected error occurred', data: null });
    expect(error.originalError).toBeInstanceOf(TypeError);
    expect(servers.fetch).not.toHaveBeenCalled();
  });

  it("says 'An unexpected error occurred' with 500 for a success whose JSON is broken", async () => {
    servers.answer(() => new Response('{"data": [', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const error = await failure(roster.get('/districts'));
    expect(error).toMatchObject({ statusCode: 500, message: ROSTER_UNEXPECTED_MESSAGE });
    expect(error.originalError).toBeInstanceOf(SyntaxError);
  });

  it('reports a refused session opening by the same rules', async () => {
    servers.answerSessions(() => jsonResponse({ message: 'Your dashboard session has ended' }, { status: 401 }));
    const error = await failure(roster.get('/districts'));
    expect(error).toMatchObject({ statusCode: 401, message: 'Your dashboard session has ended' });
    expect(servers.calls).toHaveLength(0);
  });

  it('refuses a session answer without headers as unexpected', async () => {
    servers.answerSessions(() => jsonResponse({ headers: {} }));
    const error = await failure(roster.get('/districts'));
    expect(error).toMatchObject({ statusCode: 500, message: ROSTER_UNEXPECTED_MESSAGE, data: { headers: {} } });
  });
});

describe('the roster session', () => {
  it('is opened once for concurrent first calls', async () => {
    const answers = await Promise.all([
      roster.get('/districts'),
      roster.get('/schools'),
      roster.get('/individuals'),
      roster.post('/export-presets', { body: { name: 'Layout' } }),
    ]);
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200]);
    expect(servers.sessionsOpenedFor).toEqual(['test-token']);
    expect(new Set(servers.calls.map(({ headers }) => headers.get('X-Roster-Session')))).toEqual(
      new Set(['roster-session-0-test-token']),
    );
  });

  it('is kept for later calls', async () => {
    await roster.get('/districts');
    await roster.get('/schools');
    expect(servers.sessionsOpenedFor).toHaveLength(1);
  });

  it('is reopened once on a 401, and the call retried once with the new headers', async () => {
    await roster.get('/districts');
    servers.endAllSessions();
    await expect(roster.get('/schools')).resolves.toMatchObject({ status: 200 });
    expect(servers.sessionsOpenedFor).toHaveLength(2);
    expect(servers.calls.map(({ url, headers }) => `${url} ${headers.get('X-Roster-Session')}`)).toEqual([
      '/roster/districts roster-session-0-test-token',
      '/roster/schools roster-session-0-test-token',
      '/roster/schools roster-session-1-test-token',
    ]);
  });

  it('is reopened once for several calls refused together', async () => {
    await roster.get('/districts');
    servers.endAllSessions();
    await Promise.all([roster.get('/schools'), roster.get('/individuals')]);
    expect(servers.sessionsOpenedFor).toHaveLength(2);
  });

  it('is not retried twice: a second 401 is the error', async () => {
    servers.answer(() => jsonResponse({ message: 'Not allowed here' }, { status: 401 }));
    const error = await failure(roster.get('/districts'));
    expect(error).toMatchObject({ statusCode: 401, message: 'Not allowed here' });
    expect(servers.sessionsOpenedFor).toHaveLength(2);
    expect(servers.calls).toHaveLength(2);
  });

  it('does not retry other failures', async () => {
    servers.answer(() => jsonResponse({ message: 'Nope' }, { status: 403 }));
    await failure(roster.get('/districts'));
    expect(servers.calls).toHaveLength(1);
    expect(servers.sessionsOpenedFor).toHaveLength(1);
  });

  it('is dropped on sign-out: signed out, nothing is sent; signed in again, a new one is opened', async () => {
    await roster.get('/districts');
    sessionStore.clear();
    const signedOut = await failure(roster.get('/districts'));
    expect(signedOut.statusCode).toBe(401);
    expect(servers.calls).toHaveLength(1);
    // The same token again proves the headers were forgotten at sign-out, not merely outmatched.
    signInAs(makeUser());
    await roster.get('/districts');
    expect(servers.sessionsOpenedFor).toEqual(['test-token', 'test-token']);
  });

  it('is dropped when the dashboard session changes (impersonation), and opened for the new one', async () => {
    await roster.get('/districts');
    const acting = makeUser({ id: 77, email: 'school@colophon.test' });
    const { permissionHash } = makeSessionState(acting);
    sessionStore.start({ token: 'impersonation-token', user: acting, permissionHash }, { impersonating: true });
    await roster.get('/districts');
    expect(servers.sessionsOpenedFor).toEqual(['test-token', 'impersonation-token']);
    expect(servers.calls[1]?.headers.get('X-Roster-Session')).toBe('roster-session-1-impersonation-token');
  });

  it('keeps its headers when the same dashboard session is only refreshed', async () => {
    await roster.get('/districts');
    sessionStore.update({ mfaValidated: true });
    await roster.get('/districts');
    expect(servers.sessionsOpenedFor).toHaveLength(1);
  });
});

describe('an abort passes through', () => {
  it('rejects with the abort itself, not a RosterError, when the call is cancelled in flight', async () => {
    servers.answer(hangUntilAborted);
    const controller = new AbortController();
    const pending = roster.get('/individuals', { signal: controller.signal });
    await vi.waitFor(() => expect(servers.calls).toHaveLength(1));
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBe(controller.signal.reason);
    expect(error).not.toBeInstanceOf(RosterError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('sends nothing for a signal already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(roster.get('/districts', { signal: controller.signal })).rejects.toBe(controller.signal.reason);
    expect(servers.fetch).not.toHaveBeenCalled();
  });

  it("cancels one caller's wait for the session while the opening goes on for the others", async () => {
    const release = deferred<void>();
    servers.answerSessions(async (bearer) => {
      await release.promise;
      return servers.openDefault(bearer);
    });
    const controller = new AbortController();
    const cancelled = roster.get('/districts', { signal: controller.signal });
    const waiting = roster.get('/schools');
    await vi.waitFor(() => expect(servers.sessionsOpenedFor).toHaveLength(1));
    controller.abort();
    await expect(cancelled).rejects.toBe(controller.signal.reason);
    release.resolve();
    await expect(waiting).resolves.toMatchObject({ status: 200 });
    expect(servers.sessionsOpenedFor).toHaveLength(1);
    expect(servers.calls.map(({ url }) => url)).toEqual(['/roster/schools']);
  });
});
