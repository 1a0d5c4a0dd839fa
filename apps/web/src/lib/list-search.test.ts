import { manufacturersContract } from '@colophon/contract';
import { describe, expect, it } from 'vitest';
import { clearedFilters, filtersActive } from './list-search';

describe('the filters of a contract in the URL', () => {
  it('are active when any has a value, paging and sort aside', () => {
    expect(filtersActive(manufacturersContract, { page: 2, sort: 'name' })).toBe(false);
    expect(filtersActive(manufacturersContract, { isActive: false })).toBe(true);
    expect(filtersActive(manufacturersContract, { plantId: [3] })).toBe(true);
    expect(filtersActive(manufacturersContract, { search: '' })).toBe(false);
  });

  it('clear to every declared filter, search included', () => {
    expect(clearedFilters(manufacturersContract)).toEqual({
      search: undefined,
      plantId: undefined,
      isActive: undefined,
    });
  });
});
