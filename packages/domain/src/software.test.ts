import { describe, expect, it } from 'vitest';
import { isStoreOnlySoftware } from './software';

describe('isStoreOnlySoftware (part 3: software 9 Store Only)', () => {
  it.each([
    { typeSoftware: 9, expected: true },
    { typeSoftware: 0, expected: false },
    { typeSoftware: 3, expected: false },
    { typeSoftware: null, expected: false },
  ])('software $typeSoftware is Store Only: $expected', ({ typeSoftware, expected }) => {
    expect(isStoreOnlySoftware(typeSoftware)).toBe(expected);
  });
});
