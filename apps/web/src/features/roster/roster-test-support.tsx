import type { SessionUser } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { createRosterClient, rosterClient } from '../../lib/roster';
import { jsonResponse, makeSessionState, signInAs } from '../../test/fixtures';
import { setRosterClient } from './api';

/**
 * The browser boundary of the roster screens' tests: one fetch playing the dashboard API (session,
 * client config) and the roster service (its session headers, then each test's own answers).
 */

export interface SeenRosterCall {
  method: string;
  /** The roster path, without the /roster base: `/schools/1/sync`. */
  path: string;
  url: URL;
  body: BodyInit | null | undefined;
}

export type RosterAnswer = (call: SeenRosterCall) => Response | undefined;

/** A roster problem as the roster sends it: problem+json with `message` beside `detail` (part 8). */
export function rosterProblem(
  status: number,
  message: string,
  errors: { path: string; message: string }[] = [],
): Response {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: status === 409 ? 'Conflict' : 'Bad Request',
      status,
      detail: message,
      message,
      ...(errors.length > 0 ? { code: 'validation', errors } : {}),
    }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
}

export const emptyPage = () => jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });

/**
 * Signs `user` in and routes every roster call to `answer` (an empty page when it has none); a
 * dashboard API call goes to `api` (an account picker's accounts), else an empty page too.
 */
export function startRoster(
  user: SessionUser,
  answer: RosterAnswer,
  api: (url: URL) => Response | undefined = () => undefined,
) {
  const seen: SeenRosterCall[] = [];
  queryClient.clear();
  signInAs(user);
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(user));
    if (url.pathname === '/api/client_config')
      return jsonResponse({ sentryDsn: null, environment: 'test', rosterUrl: null });
    if (url.pathname === '/roster/session') return jsonResponse({ headers: { 'X-Roster-Session': 'roster-1' } });
    if (url.pathname.startsWith('/roster/')) {
      if (new Headers(init.headers).get('X-Roster-Session') !== 'roster-1') return jsonResponse({}, { status: 401 });
      const call = { method, path: url.pathname.replace(/^\/roster/, ''), url, body: init.body };
      seen.push(call);
      return answer(call) ?? emptyPage();
    }
    return api(url) ?? emptyPage();
  });
  configureApiClient({ fetch: fetchMock });
  setRosterClient(createRosterClient({ fetch: fetchMock }));
  return { seen, calls: (method: string, path: string) => seen.filter((c) => c.method === method && c.path === path) };
}

export function stopRoster(): void {
  setRosterClient(rosterClient);
  resetApiClient();
  queryClient.clear();
}

export function renderAt(path: string) {
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

/** The first load of a page chunk and its roster session takes a while in jsdom. */
export const SLOW = { timeout: 10_000 };
