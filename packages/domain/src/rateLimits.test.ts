import { describe, expect, it } from 'vitest';
import { LONGEST_RATE_LIMIT_WINDOW_SECONDS, type RateLimitBucket, rateLimits, rateLimitWindowOf } from './rateLimits';

describe('rateLimits (the public endpoints)', () => {
  it.each([
    { bucket: 'storefrontQuote', limit: 300, windowSeconds: 600 },
    { bucket: 'storefrontCheckout', limit: 30, windowSeconds: 600 },
    { bucket: 'storefrontCouponMiss', limit: 10, windowSeconds: 3600 },
    { bucket: 'storefrontUpload', limit: 30, windowSeconds: 600 },
    { bucket: 'shippingCalculator', limit: 60, windowSeconds: 600 },
    { bucket: 'clientErrors', limit: 120, windowSeconds: 600 },
    { bucket: 'rosterSession', limit: 60, windowSeconds: 600 },
  ] satisfies { bucket: RateLimitBucket; limit: number; windowSeconds: number }[])(
    '$bucket: $limit per $windowSeconds s',
    ({ bucket, limit, windowSeconds }) => {
      expect(rateLimits[bucket]).toMatchObject({ limit, windowSeconds });
      expect(rateLimits[bucket].message(90)).toMatch(/Try again in 2 minutes\./);
    },
  );

  it('lets a guesser of coupon codes fewer tries than a parent gets quotes, for longer', () => {
    const miss = rateLimits.storefrontCouponMiss;
    const quote = rateLimits.storefrontQuote;
    expect(miss.limit / miss.windowSeconds).toBeLessThan(quote.limit / quote.windowSeconds / 10);
  });

  it('knows the longest window', () => {
    expect(LONGEST_RATE_LIMIT_WINDOW_SECONDS).toBe(3600);
  });
});

describe('rateLimitWindowOf', () => {
  it.each([
    { at: '2026-05-04T10:00:00.000Z', start: '2026-05-04T10:00:00.000Z', secondsLeft: 600 },
    { at: '2026-05-04T10:09:59.500Z', start: '2026-05-04T10:00:00.000Z', secondsLeft: 1 },
    { at: '2026-05-04T10:10:00.000Z', start: '2026-05-04T10:10:00.000Z', secondsLeft: 600 },
    { at: '2026-05-04T10:14:30.000Z', start: '2026-05-04T10:10:00.000Z', secondsLeft: 330 },
  ])('at $at the 10-minute window started $start, $secondsLeft s left', ({ at, start, secondsLeft }) => {
    const window = rateLimitWindowOf('storefrontQuote', new Date(at));
    expect(window.start.toISOString()).toBe(start);
    expect(window.secondsLeft).toBe(secondsLeft);
  });

  it('aligns the hour-long windows on the hour', () => {
    expect(rateLimitWindowOf('storefrontCouponMiss', new Date('2026-05-04T10:59:00Z')).start.toISOString()).toBe(
      '2026-05-04T10:00:00.000Z',
    );
  });
});
