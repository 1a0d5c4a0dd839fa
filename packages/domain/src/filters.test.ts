import { describe, expect, it } from 'vitest';
import { type Filters, parseFilters, parseQueryString, serializeFilters } from './filters';

describe('serializeFilters (part 7: empty values are dropped, arrays become repeated bracketed keys, include becomes a comma list)', () => {
  it.each<{ name: string; filters: Filters | null; expected: string }>([
    { name: 'writes plain values', filters: { year: 2025, accountId: 7 }, expected: 'year=2025&accountId=7' },
    {
      name: 'drops empty values (undefined, null, empty string, empty array)',
      filters: { a: undefined, b: null, c: '', d: [], year: 2025 },
      expected: 'year=2025',
    },
    {
      name: 'keeps false and zero, which are not empty',
      filters: { showInactive: false, limit: 0 },
      expected: 'showInactive=false&limit=0',
    },
    {
      name: 'turns arrays into repeated bracketed keys',
      filters: { status: [1, 2] },
      expected: 'status[]=1&status[]=2',
    },
    {
      name: 'drops empty items inside arrays',
      filters: { status: [1, null, '', 2] },
      expected: 'status[]=1&status[]=2',
    },
    { name: 'drops an array whose items are all empty', filters: { status: [null, ''] }, expected: '' },
    {
      name: 'turns include into a comma list',
      filters: { include: ['account', 'project'] },
      expected: 'include=account,project',
    },
    { name: 'keeps an include given as text', filters: { include: 'account' }, expected: 'include=account' },
    {
      name: 'URL-encodes values',
      filters: { search: 'a&b c', tags: ['x/y'] },
      expected: 'search=a%26b%20c&tags[]=x%2Fy',
    },
    {
      name: 'writes dates as ISO instants',
      filters: { since: new Date('2025-01-02T03:04:05Z') },
      expected: 'since=2025-01-02T03%3A04%3A05.000Z',
    },
    { name: 'returns nothing without filters', filters: null, expected: '' },
  ])('$name', ({ filters, expected }) => {
    expect(serializeFilters(filters)).toBe(expected);
  });
});

describe('parseFilters (the server side of part 7)', () => {
  it.each<{
    name: string;
    query: Record<string, string | string[] | undefined>;
    expected: Record<string, string | string[]>;
  }>([
    { name: 'keeps plain values as text', query: { year: '2025' }, expected: { year: '2025' } },
    { name: 'reads key[] as an array', query: { 'status[]': ['1', '2'] }, expected: { status: ['1', '2'] } },
    { name: 'reads a single key[] as an array of one', query: { 'status[]': '1' }, expected: { status: ['1'] } },
    {
      name: 'splits include on commas',
      query: { include: 'account,project' },
      expected: { include: ['account', 'project'] },
    },
    {
      name: 'reads a single include as an array of one',
      query: { include: 'account' },
      expected: { include: ['account'] },
    },
    {
      name: 'drops empty values',
      query: { a: '', 'b[]': [''], include: ',', c: undefined, year: '2025' },
      expected: { year: '2025' },
    },
    { name: 'reads a repeated plain key as an array', query: { id: ['1', '2'] }, expected: { id: ['1', '2'] } },
  ])('$name', ({ query, expected }) => {
    expect(parseFilters(query)).toEqual(expected);
  });

  it('reads names of Object.prototype as plain filters and never touches the prototype', () => {
    const query = JSON.parse('{"__proto__":["1","2"],"constructor":["x","y"],"toString[]":"z"}');
    const parsed = parseFilters(query);
    expect(parsed).toEqual({ constructor: ['x', 'y'], toString: ['z'] });
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('reads back what serializeFilters writes', () => {
    const filters = { year: 2025, status: [1, 2], include: ['account', 'project'], search: 'a&b c', empty: '' };
    const query: Record<string, string | string[]> = {};
    for (const pair of serializeFilters(filters).split('&')) {
      const [key = '', value = ''] = pair.split('=').map(decodeURIComponent);
      const existing = query[key];
      query[key] = existing === undefined ? value : [...(typeof existing === 'string' ? [existing] : existing), value];
    }
    expect(parseFilters(query)).toEqual({
      year: '2025',
      status: ['1', '2'],
      include: ['account', 'project'],
      search: 'a&b c',
    });
  });
});

describe('parseQueryString (how both servers read a query)', () => {
  it.each<{ query: string; expected: Record<string, string | string[]> }>([
    { query: 'grade[]=09&grade[]=10&search=Ann', expected: { grade: ['09', '10'], search: 'Ann' } },
    { query: 'grade=09&grade=10', expected: { grade: ['09', '10'] } },
    { query: 'search=a%26b+c&empty=&flag', expected: { search: 'a&b c' } },
    { query: 'search=100%', expected: { search: '100%' } },
    { query: '__proto__=1&__proto__[]=2&constructor=x', expected: { constructor: 'x' } },
  ])('$query', ({ query, expected }) => {
    const parsed = parseQueryString(query);
    expect(parsed).toEqual(expected);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});
