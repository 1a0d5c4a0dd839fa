import { manufacturingPlantsContract } from '@colophon/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { createTestQueryClient, TestProviders } from '../test/render';
import { configureApiClient, resetApiClient } from './api-client';
import { createQueryKeys, createResource } from './resource';

const plants = createResource(manufacturingPlantsContract);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ id: 3, code: 'B', name: 'Beltsville' }));
  configureApiClient({ fetch: fetchMock });
});
afterEach(() => resetApiClient());

describe('query keys', () => {
  it('nest all / lists / list(query) / details / detail(id)', () => {
    const keys = createQueryKeys('users');
    expect(keys.all).toEqual(['users']);
    expect(keys.lists()).toEqual(['users', 'list']);
    expect(keys.list({ page: 2 })).toEqual(['users', 'list', { page: 2 }]);
    expect(keys.details()).toEqual(['users', 'detail']);
    expect(keys.detail(7)).toEqual(['users', 'detail', 7]);
  });
});

describe('resource mutations', () => {
  it('invalidate their resource even when the caller passes its own onSuccess', async () => {
    const queryClient = createTestQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onSuccess = vi.fn();
    const { result } = renderHook(() => plants.useCreate({ onSuccess }), {
      wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
    });
    await act(() => result.current.mutateAsync({ code: 'B', name: 'Beltsville' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['manufacturing_plants'] });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]?.[0]).toEqual({ id: 3, code: 'B', name: 'Beltsville' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/manufacturing_plants');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('refetch an active list after an update', async () => {
    const queryClient = createTestQueryClient();
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/manufacturing_plants?')
        ? jsonResponse({ data: [], total: 0, page: 1, perPage: 25 })
        : jsonResponse({ id: 3, code: 'B', name: 'Beltsville' }),
    );
    const { result } = renderHook(() => ({ list: plants.useList({ page: 1 }), update: plants.useUpdate() }), {
      wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
    });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    const listCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('?')).length;
    expect(listCalls()).toBe(1);
    await act(() => result.current.update.mutateAsync({ id: 3, body: { name: 'Beltsville East' } }));
    await waitFor(() => expect(listCalls()).toBe(2));
  });
});
