import { describe, expect, it } from 'vitest';
import { dpiCodeOf, dpiCodes } from './dpiCodes';

describe('DPI codes', () => {
  it.each([
    ['STD', 300],
    ['MIN', 200],
    ['LINE', 600],
    ['COVER', 300],
  ] as const)('%s needs at least %i dpi', (code, minimumDpi) => {
    expect(dpiCodeOf(code)?.minimumDpi).toBe(minimumDpi);
  });

  it('has unique codes and an unknown code is undefined', () => {
    expect(new Set(dpiCodes.map((entry) => entry.code)).size).toBe(dpiCodes.length);
    expect(dpiCodeOf('XYZ')).toBeUndefined();
  });
});
