import { manufacturersContract, presetsContract } from '@colophon/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { configureApiClient, resetApiClient } from './api-client';
import { call } from './call';
import { createResource } from './resource';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ data: [], total: 0, page: 1, perPage: 100 }));
  configureApiClient({ fetch: fetchMock });
});
afterEach(() => resetApiClient());

const sent = (index = 0) => ({
  url: String(fetchMock.mock.calls[index]?.[0]),
  method: fetchMock.mock.calls[index]?.[1]?.method,
  body: fetchMock.mock.calls[index]?.[1]?.body,
});

describe('call', () => {
  it('sends an operation to its path with its method and query, the spec’s way', async () => {
    const answer = await call(presetsContract.operations.list, {
      query: { perPage: 100, sort: 'name', accountId: [3, 4] },
    });
    expect(answer.total).toBe(0);
    expect(sent()).toMatchObject({
      url: '/api/presets?perPage=100&sort=name&accountId[]=3&accountId[]=4',
      method: 'GET',
    });
  });

  it('fills the path from the params and sends the body as JSON', async () => {
    await call(manufacturersContract.operations.update, { params: { id: 7 }, body: { name: 'Phoenix Press' } });
    expect(sent()).toEqual({ url: '/api/manufacturers/7', method: 'PUT', body: '{"name":"Phoenix Press"}' });
  });
});

describe('createResource(contract)', () => {
  it('takes the path from the contract for every operation', async () => {
    const manufacturers = createResource(manufacturersContract);
    expect(manufacturers.keys.all).toEqual(['manufacturers']);
    await manufacturers.list({ page: 2, isActive: true });
    await manufacturers.get(5, { include: ['plant'] });
    await manufacturers.remove(5);
    expect([sent(0), sent(1), sent(2)].map(({ url, method }) => `${method} ${url}`)).toEqual([
      'GET /api/manufacturers?page=2&isActive=true',
      'GET /api/manufacturers/5?include=plant',
      'DELETE /api/manufacturers/5',
    ]);
  });
});
