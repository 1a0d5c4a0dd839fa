/**
 * Filter serialisation of the generic resource calls (part 7): empty values are dropped, arrays
 * become repeated bracketed keys (`key[]=a&key[]=b`) and `include` becomes a comma list
 * (`include=a,b`). `parseFilters` is the server's inverse.
 */
export type FilterScalar = string | number | boolean | Date | null | undefined;
export type FilterValue = FilterScalar | readonly FilterScalar[];
export type Filters = Readonly<Record<string, FilterValue>>;

const INCLUDE = 'include';

function isEmpty(value: unknown): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

function scalarText(value: Exclude<FilterScalar, null | undefined>): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** The query string of a filter object, without a leading '?'; values are URL-encoded. */
export function serializeFilters(filters: Filters | null | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filters ?? {})) {
    const encodedKey = encodeURIComponent(key);
    if (Array.isArray(value)) {
      const items = (value as readonly FilterScalar[])
        .filter((item): item is Exclude<FilterScalar, null | undefined | ''> => !isEmpty(item))
        .map((item) => encodeURIComponent(scalarText(item)));
      if (items.length === 0) continue;
      if (key === INCLUDE) parts.push(`${encodedKey}=${items.join(',')}`);
      else for (const item of items) parts.push(`${encodedKey}[]=${item}`);
    } else if (!isEmpty(value)) {
      parts.push(`${encodedKey}=${encodeURIComponent(scalarText(value as Exclude<FilterScalar, null | undefined>))}`);
    }
  }
  return parts.join('&');
}

export type ParsedFilters = Record<string, string | string[]>;

/**
 * The server side: a parsed query (values already URL-decoded) back to filters. `key[]` gives an
 * array, `include` gives an array split on commas, a repeated plain key gives an array, and empty
 * values are dropped. Values stay strings; typing them is the contract's job.
 */
export function parseFilters(query: Readonly<Record<string, string | readonly string[] | undefined>>): ParsedFilters {
  const parsed: ParsedFilters = {};
  for (const [rawKey, rawValue] of Object.entries(query)) {
    if (rawValue === undefined) continue;
    const values = (typeof rawValue === 'string' ? [rawValue] : [...rawValue]).filter((item) => item !== '');
    if (rawKey === INCLUDE) {
      const names = values
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== '');
      if (names.length > 0) parsed[INCLUDE] = names;
      continue;
    }
    const isArrayKey = rawKey.endsWith('[]');
    const key = isArrayKey ? rawKey.slice(0, -2) : rawKey;
    // `__proto__` would replace the object's prototype rather than name a filter; no filter has that name.
    if (values.length === 0 || key === '' || key === '__proto__') continue;
    // Own properties only: `constructor` or `toString` must not read Object.prototype's.
    const existing = Object.hasOwn(parsed, key) ? parsed[key] : undefined;
    const merged =
      existing === undefined ? values : [...(typeof existing === 'string' ? [existing] : existing), ...values];
    parsed[key] = isArrayKey || merged.length > 1 ? merged : (merged[0] ?? '');
  }
  return parsed;
}

/**
 * A request's query string as the servers read it (the dashboard's API and the roster service):
 * repeated keys grouped, then `parseFilters`. A `__proto__` key would set the prototype, so it is
 * dropped; `constructor` must not read Object.prototype's.
 */
export function parseQueryString(queryString: string): ParsedFilters {
  const grouped: Record<string, string | string[]> = {};
  for (const pair of queryString.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decodeQueryPart(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodeQueryPart(pair.slice(equals + 1));
    if (key === '__proto__' || key === '__proto__[]') continue;
    const existing = Object.hasOwn(grouped, key) ? grouped[key] : undefined;
    if (existing === undefined) grouped[key] = value;
    else grouped[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return parseFilters(grouped);
}

/** A key or value of a query as a form encodes it (`+` a space); a malformed escape is kept as written. */
function decodeQueryPart(part: string): string {
  const spaced = part.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
