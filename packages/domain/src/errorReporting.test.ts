import { describe, expect, it } from 'vitest';
import {
  clientErrorGroupKey,
  errorReportStack,
  firstStackFrame,
  isConsoleOnlyError,
  isStoredClientError,
  redactReportUrl,
} from './errorReporting';

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

describe('client error groups (POST /api/client_errors)', () => {
  const v8 =
    'TypeError: Order 12 is missing\n    at loadOrder (https://app/assets/orders-1a2b.js:3:1402)\n    at run (https://app/assets/index.js:1:10)';
  const firefox = 'loadOrder@https://app/assets/orders-1a2b.js:3:1402\nrun@https://app/assets/index.js:1:10';

  it.each([
    { stack: v8, frame: 'at loadOrder (https://app/assets/orders-1a2b.js:3:1402)' },
    { stack: firefox, frame: 'loadOrder@https://app/assets/orders-1a2b.js:3:1402' },
    { stack: 'Error: no frames', frame: '' },
    { stack: '', frame: '' },
    { stack: null, frame: '' },
  ])('firstStackFrame: $frame', ({ stack, frame }) => {
    expect(firstStackFrame(stack)).toBe(frame);
  });

  it.each([
    { a: ['Order 12 is missing', v8], b: ['Order 9071 is missing', v8], same: true },
    {
      a: ['Job 6f1c2a3b-1111-4222-8333-444455556666 failed', ''],
      b: ['Job 0a1b2c3d-aaaa-4bbb-8ccc-ddddeeeeffff failed', ''],
      same: true,
    },
    { a: ['Order 12 is missing', v8], b: ['Order 12 is missing', firefox], same: false },
    { a: ['Order is missing', v8], b: ['Project is missing', v8], same: false },
  ])('groups $a.0 with $b.0: $same', ({ a, b, same }) => {
    expect(clientErrorGroupKey(a[0] ?? '', a[1]) === clientErrorGroupKey(b[0] ?? '', b[1])).toBe(same);
  });

  it.each([
    { message: 'Network Error', stored: true },
    { message: "Cannot read properties of undefined (reading 'id')", stored: false },
    { message: "Failed to execute 'removeChild' on 'Node'", stored: false },
    { message: '   ', stored: false },
    { message: null, stored: false },
  ])('isStoredClientError($message): $stored', ({ message, stored }) => {
    expect(isStoredClientError(message)).toBe(stored);
  });
});

describe('redactReportUrl (a report keeps no secret of its page address)', () => {
  it.each([
    ['https://c.test/new-password?token=abc123', 'https://c.test/new-password?token=[redacted]'],
    [
      'https://c.test/confirm-email?token=abc&next=%2Fhome',
      'https://c.test/confirm-email?token=[redacted]&next=%2Fhome',
    ],
    [
      'https://c.test/x?accessToken=1&AUTH=2&apiKey=3&code=4',
      'https://c.test/x?accessToken=[redacted]&AUTH=[redacted]&apiKey=[redacted]&code=[redacted]',
    ],
    ['https://c.test/x?%74oken=1', 'https://c.test/x?%74oken=[redacted]'],
    ['https://c.test/x?%E0%A4%A=1', 'https://c.test/x?%E0%A4%A=1'],
    ['https://c.test/admin/orders/12?tab=files&page=2', 'https://c.test/admin/orders/12?tab=files&page=2'],
    ['https://c.test/admin/orders/12#access_token=abc', 'https://c.test/admin/orders/12'],
    ['https://c.test/x?flag&password=p', 'https://c.test/x?flag&password=[redacted]'],
    ['', ''],
  ])('%s keeps %s', (url, kept) => {
    expect(redactReportUrl(url)).toBe(kept);
  });
});
