import { describe, expect, it } from 'vitest';
import { productSubTypeLabel, productSubTypes } from './products';

describe('product sub types (part 3: sub types for type 2 and for type 8)', () => {
  it.each([
    { name: 'sub type 2 of a Yearbook Ad is a Sponsor Ad', typeProduct: 2, typeSubProduct: 2, expected: 'Sponsor Ad' },
    { name: 'sub type 4 of a Yearbook Ad is a Parent Ad', typeProduct: 2, typeSubProduct: 4, expected: 'Parent Ad' },
    { name: 'sub type 2 of Custom Parent Pages is 2 Pages', typeProduct: 8, typeSubProduct: 2, expected: '2 Pages' },
    { name: 'sub type 0 of Custom Parent Pages is None', typeProduct: 8, typeSubProduct: 0, expected: 'None' },
    { name: 'a Yearbook has no sub types', typeProduct: 1, typeSubProduct: 2, expected: '' },
  ])('$name', ({ typeProduct, typeSubProduct, expected }) => {
    expect(productSubTypeLabel(typeProduct, typeSubProduct)).toBe(expected);
  });

  it.each([
    { typeProduct: 2, count: 5 },
    { typeProduct: 8, count: 3 },
    { typeProduct: 3, count: undefined },
  ])('product type $typeProduct offers $count sub types', ({ typeProduct, count }) => {
    expect(productSubTypes(typeProduct)?.codes.length).toBe(count);
  });
});
