import { describe, expect, it } from 'vitest';
import {
  cartOf,
  deliveryChoices,
  formatCardNumber,
  formatExpiry,
  newUuid,
  personalizationNameProblem,
  readCard,
} from './cart';
import { imageProblem } from './ProductCard';

const TODAY = new Date(2026, 10, 25);

describe('the storefront cart', () => {
  it.each([
    ['Ada Lovelace', null],
    ['   ', 'Enter the name to print on the cover.'],
    ['x'.repeat(40), null],
    ['x'.repeat(41), 'At most 40 characters.'],
    ['Zoë O’Brien-Núñez', null],
    ['tab\there', 'Use letters, digits, spaces and punctuation only.'],
  ])('judges the cover name %j', (name, problem) => {
    expect(personalizationNameProblem(name)).toBe(problem);
  });

  it.each([
    [[], [0]],
    [[{ typeShipping: 0 }], [0]],
    [
      [{ typeShipping: 0 }, { typeShipping: 1 }],
      [1, 3],
    ],
    [[{ typeShipping: 1 }, { typeShipping: 2 }], [2]],
  ])('offers the deliveries of part 3 for products shipped %j', (products, choices) => {
    expect(deliveryChoices(products)).toEqual(choices);
  });

  it.each([
    [{ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, null],
    [{ number: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, ['number']],
    [{ number: '4242424242424242', expiry: '10/26', cvc: '12' }, ['expiry', 'cvc']],
    [{ number: '4242424242424242', expiry: '13/30', cvc: '1234' }, ['expiry']],
  ])('reads the card %j', (card, fields) => {
    const read = readCard(card, TODAY);
    if (fields === null)
      expect(read).toEqual({ card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    else expect('problems' in read ? Object.keys(read.problems) : []).toEqual(fields);
  });

  it('formats the card as it is typed', () => {
    expect(formatCardNumber('4000000000000002')).toBe('4000 0000 0000 0002');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('sends the cart without page keys, the coupon and a ZIP only when given', () => {
    const lines = [{ key: 'a', productId: 1, quantity: 2 }];
    expect(cartOf(lines, ' spring10 ', 3, '60601')).toEqual({
      items: [{ productId: 1, quantity: 2 }],
      shipping: 3,
      couponCode: 'spring10',
      zip: '60601',
    });
    expect(cartOf(lines, '', 1, '606')).toEqual({ items: [{ productId: 1, quantity: 2 }], shipping: 1 });
  });

  it('takes JPEG and PNG images of at most 10 MB', () => {
    const file = (type: string, size: number) => {
      const made = new File(['x'], 'ad', { type });
      Object.defineProperty(made, 'size', { value: size });
      return made;
    };
    expect(imageProblem(file('image/png', 1_000))).toBeNull();
    expect(imageProblem(file('image/gif', 1_000))).toBe('Choose a JPEG or PNG image.');
    expect(imageProblem(file('image/jpeg', 10 * 1024 * 1024 + 1))).toBe('Choose an image of at most 10 MB.');
  });

  it('makes a v4 UUID without randomUUID (plain HTTP on a school network)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
