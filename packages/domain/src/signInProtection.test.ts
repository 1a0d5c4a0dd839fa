import { describe, expect, it } from 'vitest';
import { describeWait, SIGN_IN_MAX_BACKOFF_SECONDS, signInBackoffSeconds } from './signInProtection';

describe('signInBackoffSeconds (slow down, never lock out)', () => {
  it.each([
    { failures: 0, seconds: 0 },
    { failures: 2, seconds: 0 },
    { failures: 3, seconds: 1 },
    { failures: 4, seconds: 2 },
    { failures: 5, seconds: 4 },
    { failures: 6, seconds: 8 },
    { failures: 7, seconds: 16 },
    { failures: 8, seconds: 32 },
    { failures: 9, seconds: 60 },
    { failures: 10, seconds: 60 },
    { failures: 10_000, seconds: 60 },
  ])('waits $seconds s after $failures failures', ({ failures, seconds }) => {
    expect(signInBackoffSeconds(failures)).toBe(seconds);
  });

  it('never asks for more than the cap', () => {
    for (let failures = 0; failures < 200; failures++)
      expect(signInBackoffSeconds(failures)).toBeLessThanOrEqual(SIGN_IN_MAX_BACKOFF_SECONDS);
  });
});

describe('describeWait', () => {
  it.each([
    { seconds: 0.2, words: '1 second' },
    { seconds: 1, words: '1 second' },
    { seconds: 1.5, words: '2 seconds' },
    { seconds: 59, words: '59 seconds' },
    { seconds: 60, words: '1 minute' },
    { seconds: 61, words: '2 minutes' },
    { seconds: 900, words: '15 minutes' },
    { seconds: 3540, words: '59 minutes' },
    { seconds: 3600, words: '1 hour' },
    { seconds: 7300, words: '3 hours' },
  ])('$seconds s reads "$words"', ({ seconds, words }) => {
    expect(describeWait(seconds)).toBe(words);
  });
});
