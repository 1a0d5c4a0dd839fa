import { describe, expect, it } from 'vitest';
import { displayOrderStatus, type OrderStatusDisplayInput } from './displayOrderStatus';

const shipped: OrderStatusDisplayInput = {
  status: 2,
  typeOrder: 1,
  shippingMethod: 'FG',
  bCombineCopies: false,
  countExtras: 3,
  schoolTracking: '1Z-SCHOOL',
  studioTracking: '1Z-STUDIO',
};

describe('displayOrderStatus (part 4: displayed order status is derived)', () => {
  it.each<{ name: string; order: OrderStatusDisplayInput; expected: string }>([
    {
      name: 'shows Ready for Pickup for a shipped plant-pickup order',
      order: { ...shipped, shippingMethod: 'PP' },
      expected: 'Ready for Pickup',
    },
    {
      name: 'shows Ready for Pickup for a shipped plant-pickup order even with separate extras missing tracking',
      order: { ...shipped, shippingMethod: 'PP', schoolTracking: null, studioTracking: null },
      expected: 'Ready for Pickup',
    },
    {
      name: 'shows Shipped when status 2 and copies are combined',
      order: { ...shipped, bCombineCopies: true, schoolTracking: null },
      expected: 'Shipped',
    },
    {
      name: 'shows Shipped when status 2 and copies are combined (flag given as 1)',
      order: { ...shipped, bCombineCopies: 1 },
      expected: 'Shipped',
    },
    {
      name: 'shows Shipped when status 2 and there are no extras',
      order: { ...shipped, countExtras: 0, studioTracking: null },
      expected: 'Shipped',
    },
    {
      name: 'shows Shipped when status 2 and the extras count is missing',
      order: { ...shipped, countExtras: null },
      expected: 'Shipped',
    },
    {
      name: 'shows Only Studio Copies Shipped when, with separate extras, school tracking is missing',
      order: { ...shipped, schoolTracking: '' },
      expected: 'Only Studio Copies Shipped',
    },
    {
      name: 'shows Only School Copies Shipped when, with separate extras, studio tracking is missing',
      order: { ...shipped, studioTracking: null },
      expected: 'Only School Copies Shipped',
    },
    {
      name: 'shows Both Copies Shipped when, with separate extras, both trackings are there',
      order: shipped,
      expected: 'Both Copies Shipped',
    },
    {
      name: 'shows Only Studio Copies Shipped when both trackings are missing (school tracking is checked first)',
      order: { ...shipped, schoolTracking: null, studioTracking: null },
      expected: 'Only Studio Copies Shipped',
    },
    {
      name: "shows Waiting for Payment for status 1 on a production order whose account's parent must pay before production",
      order: { status: 1, typeOrder: 1, account: { parent: { bMustPayBeforeProduction: true } } },
      expected: 'Waiting for Payment',
    },
    {
      name: 'shows Submitted for status 1 on a production order whose parent need not pay first',
      order: { status: 1, typeOrder: 1, account: { parent: { bMustPayBeforeProduction: false } } },
      expected: 'Submitted',
    },
    {
      name: 'shows Submitted for status 1 on a production order without a parent account',
      order: { status: 1, typeOrder: 1, account: {} },
      expected: 'Submitted',
    },
    {
      name: 'shows Submitted for status 1 on a proof order (type 0) even when the parent must pay first',
      order: { status: 1, typeOrder: 0, account: { parent: { bMustPayBeforeProduction: 1 } } },
      expected: 'Submitted',
    },
    {
      name: 'shows the status label otherwise: 3 Delivered',
      order: { status: 3, shippingMethod: 'PP' },
      expected: 'Delivered',
    },
    { name: 'shows the status label otherwise: -2 Error', order: { status: -2 }, expected: 'Error' },
    {
      name: 'shows the status label otherwise: 12 Lost in Transit',
      order: { status: 12 },
      expected: 'Lost in Transit',
    },
  ])('$name', ({ order, expected }) => {
    expect(displayOrderStatus(order)).toBe(expected);
  });
});
