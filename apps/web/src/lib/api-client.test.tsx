import type { Filters } from '@colophon/domain';
import { DASHBOARD_VERSION, INVALID_METHOD_MESSAGE, INVALID_STATE_MESSAGE } from '@colophon/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../test/fixtures';
import { ApiError, apiRequest, configureApiClient, resetApiClient } from './api-client';

import { SESSION_STORAGE_KEY, sessionStore } from './session';

/** The client's one request function, by method (production code calls it through `call`). */
const api = {
  get: (path: string, query?: Filters) => apiRequest<unknown>(path, { query }),
  post: (path: string, body?: unknown) => apiRequest<unknown>(path, { method: 'POST', body }),
  put: (path: string, body?: unknown) => apiRequest<unknown>(path, { method: 'PUT', body }),
  delete: (path: string) => apiRequest<unknown>(path, { method: 'DELETE' }),
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let reload: ReturnType<typeof vi.fn<() => void>>;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () =>
    jsonResponse({ ok: true }, { headers: { 'X-Dashboard-Version': DASHBOARD_VERSION } }),
  );
  reload = vi.fn();
  navigate = vi.fn();
  configureApiClient({
    fetch: fetchMock,
    reload,
    navigate,
    currentPath: () => '/admin/users?page=2',
  });
});

afterEach(() => resetApiClient());

function sentUrl(call = 0): string {
  return String(fetchMock.mock.calls[call]?.[0]);
}

function sentInit(call = 0): RequestInit {
  return fetchMock.mock.calls[call]?.[1] ?? {};
}

describe('the bearer token and the filters', () => {
  it('adds the stored token as a bearer token', async () => {
    signInAs(makeUser());
    await api.get('/users');
    expect(new Headers(sentInit().headers).get('Authorization')).toBe('Bearer test-token');
  });

  it('sends no token when signed out', async () => {
    await api.post('/auth/login', { email: 'a@b.test', password: 'x' });
    expect(new Headers(sentInit().headers).get('Authorization')).toBeNull();
  });

  it('serialises filters the spec way: arrays repeated with brackets, include as a list, empty dropped', async () => {
    await api.get('/manufacturers', { plantId: [1, 2], search: '', isActive: true, include: ['plant'], page: 2 });
    expect(sentUrl()).toBe('/api/manufacturers?plantId[]=1&plantId[]=2&isActive=true&include=plant&page=2');
  });
});

describe('the permission-hash check (parts 6 and 8)', () => {
  it('cancels every request when the stored hash does not match the user', async () => {
    signInAs(makeUser(), { permissionHash: 'not-the-hash' });
    const error = await api.get('/users').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(INVALID_STATE_MESSAGE);
    expect((error as ApiError).cancelled).toBe(true);
    expect((error as ApiError).status).toBe(403);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cancels requests once someone edits the stored permissions (e.g. makes themselves super)', async () => {
    signInAs(makeUser({ role: 6 }));
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    stored.user.userPermission.bSuperAdmin = true;
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    await expect(api.get('/audit_log')).rejects.toThrow(INVALID_STATE_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets the request through when the hash matches', async () => {
    signInAs(makeUser());
    await expect(api.get('/users')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('impersonation (part 6)', () => {
  const admin = makeUser({ id: 1, bSuperAdmin: true, email: 'super@colophon.test' });

  it('allows GET and POST while impersonating', async () => {
    signInAs(makeUser({ id: 7, role: 5 }), { impersonating: true, originalUser: admin });
    await api.get('/users');
    await api.post('/user_accounts', { userId: 7, accountId: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses PUT and DELETE while impersonating', async () => {
    signInAs(makeUser({ id: 7, role: 5 }), { impersonating: true, originalUser: admin });
    await expect(api.put('/users/9', { firstName: 'X' })).rejects.toThrow(INVALID_METHOD_MESSAGE);
    await expect(api.delete('/user_accounts/3')).rejects.toThrow(INVALID_METHOD_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets a privileged original user use every method', async () => {
    signInAs(makeUser({ id: 7, role: 5 }), {
      impersonating: true,
      originalUser: admin,
      originalUserMayUseAllMethods: true,
    });
    await api.put('/users/9', { firstName: 'X' });
    expect(sentInit().method).toBe('PUT');
  });

  it('does not restrict methods when not impersonating', async () => {
    signInAs(makeUser());
    await api.delete('/users/9');
    expect(sentInit().method).toBe('DELETE');
  });
});

describe('success answers', () => {
  it('reads a 202 with a body (the queued job) and one without as nothing', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 12, status: 0 }, { status: 202 }));
    expect(await api.post('/queue_moves', {})).toEqual({ id: 12, status: 0 });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 202 }));
    expect(await api.post('/auth/password/forgot', {})).toBeUndefined();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await api.delete('/users/3')).toBeUndefined();
  });
});

describe('problems become typed errors', () => {
  it('carries status, detail and the field errors, keyed by form path', async () => {
    fetchMock.mockResolvedValueOnce(
      problemResponse(400, 'email: Another user has this e-mail', {
        code: 'validation',
        errors: [
          { path: 'email', message: 'Another user has this e-mail' },
          { path: '/body/preferences/0/email', message: 'Expected boolean' },
        ],
      }),
    );
    const error = (await api.post('/users', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.detail).toBe('email: Another user has this e-mail');
    expect(error.fieldErrors).toEqual({
      email: 'Another user has this e-mail',
      'preferences.0.email': 'Expected boolean',
    });
  });

  it('keeps a non-JSON error body as the detail', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await api.get('/users').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.detail).toBe('Bad gateway');
  });
});

describe('the dashboard version (part 7)', () => {
  it('reloads the page when the API runs another version', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}, { headers: { 'X-Dashboard-Version': '9.9.9' } }));
    await api.get('/users');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads only once for the same new version (no reload loop)', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}, { headers: { 'X-Dashboard-Version': '9.9.9' } }));
    await api.get('/users');
    await api.get('/users');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the versions match or the header is absent', async () => {
    await api.get('/users');
    fetchMock.mockResolvedValueOnce(jsonResponse({}));
    await api.get('/users');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('an expired session (401)', () => {
  it('clears the session and goes to login with the current path as redirect', async () => {
    signInAs(makeUser());
    fetchMock.mockResolvedValueOnce(problemResponse(401, 'Sign in again'));
    await expect(api.get('/users')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2');
  });

  it('leaves a failed sign-in (no token sent) on the login page', async () => {
    fetchMock.mockResolvedValueOnce(problemResponse(401, 'Wrong e-mail or password'));
    await expect(api.post('/auth/login', {})).rejects.toThrow('Wrong e-mail or password');
    expect(navigate).not.toHaveBeenCalled();
  });
});
