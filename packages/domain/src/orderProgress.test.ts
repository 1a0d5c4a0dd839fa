import { describe, expect, it } from 'vitest';
import { hasShipped, isDelivered, isInProduction } from './orderProgress';
import { orderStatus } from './orders';

describe('order progress', () => {
  it.each(orderStatus.codes.map((code) => ({ code, label: orderStatus.label(code) })))(
    'places $label ($code)',
    ({ code }) => {
      const shipped = [2, 3, 6, 7, 8, 12].includes(code);
      expect(hasShipped(code)).toBe(shipped);
      expect(isDelivered(code)).toBe(code === 3 || code === 8);
      expect(isInProduction(code)).toBe([1, 4, 5, 10, 11].includes(code));
      // Nothing is both in production and shipped.
      expect(isInProduction(code) && hasShipped(code)).toBe(false);
    },
  );

  it('says nothing about a missing order', () => {
    expect(hasShipped(null)).toBe(false);
    expect(isDelivered(undefined)).toBe(false);
    expect(isInProduction(null)).toBe(false);
  });
});
