import { manufacturersContract } from '@colophon/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useListPage } from './list-page';

type Search = { page?: number; sort?: string; plantId?: number[]; isActive?: boolean; edit?: number | 'new' };

function setUp(search: Search) {
  let written: Search | undefined;
  const navigate = vi.fn(async (options: { search: (previous: Search) => Search }) => {
    written = options.search(search);
  });
  const resource = {
    useList: vi.fn(() => ({ data: undefined }) as UseQueryResult<{ data: []; total: 0; page: 1; perPage: 25 }>),
    exportCsv: vi.fn(async () => undefined),
  };
  const { result } = renderHook(() =>
    useListPage(search, navigate, resource, manufacturersContract, { include: ['plant'] }),
  );
  return { page: result.current, resource, written: () => written };
}

describe('useListPage', () => {
  it('lists and exports the URL’s page and filters with the includes, the drawer’s `edit` left out', () => {
    const { page, resource } = setUp({ page: 2, plantId: [3], edit: 7 });
    expect(page.edit).toBe(7);
    expect(page.filtersActive).toBe(true);
    expect(resource.useList).toHaveBeenCalledWith({
      plantId: [3],
      page: 2,
      perPage: 25,
      sort: undefined,
      include: ['plant'],
    });
    void page.exportCsv();
    // The export names the same related records as the page, so its columns read as the table does.
    expect(resource.exportCsv).toHaveBeenCalledWith({ plantId: [3], include: ['plant'] });
  });

  it('goes back to the first page when a filter changes or all are cleared', () => {
    const first = setUp({ page: 4, sort: '-name', isActive: true });
    first.page.setFilter({ plantId: [1] });
    expect(first.written()).toEqual({ page: undefined, sort: '-name', isActive: true, plantId: [1] });
    const second = setUp({ page: 4, sort: '-name', isActive: true, plantId: [1] });
    second.page.clearFilters();
    expect(second.written()).toEqual({
      page: undefined,
      sort: '-name',
      search: undefined,
      isActive: undefined,
      plantId: undefined,
    });
  });
});
