import { describe, expect, it } from 'vitest';
import { stripDataUrlPrefix } from './dataUrl';

describe('stripDataUrlPrefix (part 5: the data-URL prefix is stripped before sending)', () => {
  it.each([
    { name: 'strips a PNG data-URL prefix', input: 'data:image/png;base64,iVBORw0KGgo=', expected: 'iVBORw0KGgo=' },
    { name: 'strips a JPEG data-URL prefix', input: 'data:image/jpeg;base64,/9j/4AAQ', expected: '/9j/4AAQ' },
    {
      name: 'strips a prefix with parameters',
      input: 'data:image/svg+xml;charset=utf-8;base64,PHN2Zz4=',
      expected: 'PHN2Zz4=',
    },
    { name: 'returns bare base64 unchanged', input: 'iVBORw0KGgo=', expected: 'iVBORw0KGgo=' },
    { name: 'returns an empty string unchanged', input: '', expected: '' },
  ])('$name', ({ input, expected }) => {
    expect(stripDataUrlPrefix(input)).toBe(expected);
  });
});
