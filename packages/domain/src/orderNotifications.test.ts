import { describe, expect, it } from 'vitest';
import { orderStatusNotification, orderSubmittedNotification } from './orderNotifications';

describe('orderStatusNotification (part 3: the notification a status raises)', () => {
  it.each<[string, number, string | null, number | null]>([
    ['Shipped → 6 Order Shipped', 2, 'FG', 6],
    ['Shipped by LTL → 108 Freight Order Shipped', 2, 'LTL', 108],
    ['Delivered → 7 Order Delivered', 3, 'UG', 7],
    ['Delivered by LTL → 109 Freight Order Delivered', 3, 'LTL', 109],
    ['Both Copies Delivered → 7', 8, null, 7],
    ['Both Copies Delivered by LTL → 109', 8, 'LTL', 109],
    ['Canceled in Manufacturing → 87 Order Cancelled', 9, 'FG', 87],
    ['In Production → 8 Order In Production', 11, 'FG', 8],
    ['On Hold → 9 Order On Hold', 10, 'FG', 9],
    ['Lost in Transit → 10 Order Lost in Transit', 12, 'FG', 10],
    ['Error → 24 Processor Error', -2, 'FG', 24],
    ['Submitted raises none', 1, 'FG', null],
    ['Waiting raises none', 0, 'FG', null],
    ['Processing raises none', -1, 'FG', null],
    ['Customizing raises none', 4, 'FG', null],
    ['Only School Copies Delivered raises none', 6, 'FG', null],
  ])('%s', (_name, status, method, expected) => {
    expect(orderStatusNotification(status, method)).toBe(expected);
  });
});

describe('orderSubmittedNotification', () => {
  it.each<[number | null, number]>([
    [null, 5],
    [0, 5],
    [1, 101],
    [2, 101],
    [3, 5],
    [4, 101],
  ])('personalization %s → %s', (typePersonalization, expected) => {
    expect(orderSubmittedNotification(typePersonalization)).toBe(expected);
  });
});
