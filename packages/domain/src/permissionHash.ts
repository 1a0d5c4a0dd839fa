/**
 * The permission-hash check of parts 6 and 8: the client stores a hash of the user id plus the
 * user's permissions, and every request is cancelled ('Invalid state. 403 Not Authorized.') when
 * the stored hash no longer matches. The hash must be synchronous and identical in the browser and
 * in Node, so it is a small pure-JS 64-bit FNV-1a over the UTF-8 bytes of
 * `${userId}:${stableJson(userPermission)}`, as 16 hex digits. It detects tampering and drift,
 * it is not a cryptographic signature.
 */

/** JSON with object keys sorted at every level, so equal objects always give equal text. */
export function stableJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if ('toJSON' in value && typeof value.toJSON === 'function') return stableJson(value.toJSON());
  if (Array.isArray(value)) return `[${value.map((item) => (isOmitted(item) ? 'null' : stableJson(item))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => !isOmitted(record[key]))
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
}

function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

const FNV_OFFSET_BASIS = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** The UTF-8 bytes of a string (TextEncoder is not in the ES library this package targets). */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (point < 0x80) bytes.push(point);
    else if (point < 0x800) bytes.push(0xc0 | (point >> 6), 0x80 | (point & 0x3f));
    else if (point < 0x10000) bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
    else {
      bytes.push(
        0xf0 | (point >> 18),
        0x80 | ((point >> 12) & 0x3f),
        0x80 | ((point >> 6) & 0x3f),
        0x80 | (point & 0x3f),
      );
    }
  }
  return bytes;
}

/** 64-bit FNV-1a of a string's UTF-8 bytes, as 16 lower-case hex digits. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of utf8Bytes(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

export function permissionHash(userId: number, userPermission: unknown): string {
  return fnv1a64(`${userId}:${stableJson(userPermission)}`);
}

export function permissionHashMatches(
  stored: string | null | undefined,
  userId: number,
  userPermission: unknown,
): boolean {
  return typeof stored === 'string' && stored === permissionHash(userId, userPermission);
}
