import { describe, expect, it } from 'vitest';
import { errorReportStack, isConsoleOnlyError } from './errorReporting';

describe('isConsoleOnlyError (part 8: errors whose message contains these fragments are only logged to the console)', () => {
  it.each([
    "Failed to execute 'insertBefore' on 'Node'",
    "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.",
    "Cannot read properties of null (reading 'clientWidth')",
    'e.toUpperCase is not a function',
    "Cannot read properties of undefined (reading 'id')",
    "Cannot read property 'name' of null",
    "undefined is not an object (evaluating 'a.b')",
    "null is not an object (evaluating 'el.style')",
    'can\'t access property "x", a is undefined',
    't.removeEventListener is not a function',
    "Failed to execute 'querySelector' on 'Document'",
    'date.getMonth is not a function',
    'd.getFullYear is not a function',
    'window.addEventListener is not a function',
    'Invalid number',
  ])('logs only to the console: %s', (message) => {
    expect(isConsoleOnlyError(message)).toBe(true);
  });

  it.each([
    'Network Error',
    'Request failed with status code 500',
    'Loading chunk 42 failed.',
    'x is not defined',
    '',
    null,
    undefined,
  ])('reports to the error-reporting service: %s', (message) => {
    expect(isConsoleOnlyError(message)).toBe(false);
  });
});

describe('errorReportStack (part 8: the report includes the first five lines of the stack)', () => {
  const stack = [
    'TypeError: boom',
    '    at a (a.js:1:1)',
    '    at b (b.js:2:2)',
    '    at c (c.js:3:3)',
    '    at d (d.js:4:4)',
    '    at e (e.js:5:5)',
    '    at f (f.js:6:6)',
  ].join('\n');
  it.each([
    { name: 'keeps the first five lines of a longer stack', stack, expected: stack.split('\n').slice(0, 5).join('\n') },
    {
      name: 'keeps a short stack whole',
      stack: 'Error: x\n    at a (a.js:1:1)',
      expected: 'Error: x\n    at a (a.js:1:1)',
    },
    { name: 'reads Windows line endings', stack: '1\r\n2\r\n3\r\n4\r\n5\r\n6', expected: '1\n2\n3\n4\n5' },
    { name: 'gives nothing without a stack', stack: undefined, expected: '' },
  ])('$name', ({ stack: input, expected }) => {
    expect(errorReportStack(input)).toBe(expected);
  });
});
