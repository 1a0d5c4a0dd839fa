import { describe, expect, it } from 'vitest';
import { fnv1a64, permissionHash, permissionHashMatches, stableJson } from './permissionHash';

describe('fnv1a64 (a small pure-JS hash, identical in browser and Node)', () => {
  it.each([
    // Published FNV-1a 64-bit test vectors.
    { text: '', expected: 'cbf29ce484222325' },
    { text: 'a', expected: 'af63dc4c8601ec8c' },
    { text: 'foobar', expected: '85944171f73967e8' },
  ])('hashes "$text" to $expected', ({ text, expected }) => {
    expect(fnv1a64(text)).toBe(expected);
  });

  it('hashes non-ASCII text through its UTF-8 bytes', () => {
    expect(fnv1a64('São Paulo 😀')).toMatch(/^[0-9a-f]{16}$/);
    expect(fnv1a64('é')).not.toBe(fnv1a64('e'));
  });
});

describe('stableJson (key-sorted JSON)', () => {
  it.each([
    {
      name: 'sorts object keys at every level',
      value: { b: 1, a: { d: [1, { z: 1, y: 2 }], c: true } },
      expected: '{"a":{"c":true,"d":[1,{"y":2,"z":1}]},"b":1}',
    },
    { name: 'drops undefined properties like JSON', value: { a: undefined, b: null }, expected: '{"b":null}' },
    { name: 'writes undefined array items as null like JSON', value: [undefined, 1], expected: '[null,1]' },
    { name: 'writes a missing value as null', value: undefined, expected: 'null' },
    { name: 'writes strings with JSON escaping', value: 'a"b', expected: '"a\\"b"' },
  ])('$name', ({ value, expected }) => {
    expect(stableJson(value)).toBe(expected);
  });
});

describe('permissionHash (parts 6 and 8: the stored permission hash must match the user id plus permissions)', () => {
  const permission = { bSuperAdmin: false, role: 5, accounts: [10, 11] };

  it('is deterministic', () => {
    expect(permissionHash(42, permission)).toBe(permissionHash(42, { ...permission }));
    expect(permissionHash(42, permission)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('hashes the user id, a colon and the key-sorted JSON of the permissions', () => {
    expect(permissionHash(42, permission)).toBe(fnv1a64('42:{"accounts":[10,11],"bSuperAdmin":false,"role":5}'));
  });

  it('does not depend on the key order of the permissions', () => {
    expect(permissionHash(42, { role: 5, accounts: [10, 11], bSuperAdmin: false })).toBe(
      permissionHash(42, permission),
    );
  });

  it.each([
    { name: 'another user id', userId: 43, userPermission: permission },
    { name: 'a raised super-admin flag', userId: 42, userPermission: { ...permission, bSuperAdmin: true } },
    { name: 'another role', userId: 42, userPermission: { ...permission, role: 3 } },
    { name: 'reordered accounts', userId: 42, userPermission: { ...permission, accounts: [11, 10] } },
  ])('changes with $name', ({ userId, userPermission }) => {
    expect(permissionHash(userId, userPermission)).not.toBe(permissionHash(42, permission));
  });

  it.each([
    {
      name: 'matches the hash stored for the same user and permissions',
      stored: permissionHash(42, permission),
      expected: true,
    },
    {
      name: 'rejects a hash stored for other permissions (Invalid state)',
      stored: permissionHash(42, { ...permission, bSuperAdmin: true }),
      expected: false,
    },
    { name: 'rejects a missing stored hash', stored: null, expected: false },
    { name: 'rejects an empty stored hash', stored: '', expected: false },
  ])('$name', ({ stored, expected }) => {
    expect(permissionHashMatches(stored, 42, permission)).toBe(expected);
  });
});
