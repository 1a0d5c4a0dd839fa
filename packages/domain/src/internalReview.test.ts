import { describe, expect, it } from 'vitest';
import { effectiveInternalReview } from './internalReview';

const on = { internalReview: true, optOutInternalReview: false };
const off = { internalReview: false, optOutInternalReview: false };
const optedOut = { internalReview: false, optOutInternalReview: true };

describe('effectiveInternalReview', () => {
  it.each([
    { name: 'an account that opted in', lineage: [on], expected: true },
    { name: 'an account with nothing set anywhere', lineage: [off, off, off], expected: false },
    { name: 'a school under a studio that opted in', lineage: [off, off, on], expected: true },
    { name: 'a school that opted out under a studio that opted in', lineage: [optedOut, off, on], expected: false },
    { name: 'a school under a sub-studio that opted out', lineage: [off, optedOut, on], expected: false },
    { name: 'a school that opted in under a sub-studio that opted out', lineage: [on, optedOut], expected: true },
    {
      name: 'a school without stored settings under a studio that opted in',
      lineage: [null, undefined, on],
      expected: true,
    },
    {
      name: 'an account both opted in and out (the opt-out wins)',
      lineage: [{ internalReview: true, optOutInternalReview: true }],
      expected: false,
    },
  ])('$name → $expected', ({ lineage, expected }) => {
    expect(effectiveInternalReview(lineage)).toBe(expected);
  });
});
