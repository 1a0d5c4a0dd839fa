import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineEnumeration, entryName, pascalName } from './enumeration';

describe('a label in PascalCase', () => {
  it.each([
    ['Needs Review', 'NeedsReview'],
    ['Approved', 'Approved'],
    ['Customer Approves as Is', 'CustomerApprovesAsIs'],
    ['None / PDF Submission', 'NonePDFSubmission'],
    ['Layout Software A (Variant 2)', 'LayoutSoftwareAVariant2'],
    ['Saddle Stitched B&W', 'SaddleStitchedBW'],
    ['Pre Addressed Ship-to-Home', 'PreAddressedShipToHome'],
    ['K-8', 'K8'],
    ['EPUB Ready', 'EPUBReady'],
    ['Gloss Laminate 80#', 'GlossLaminate80'],
    ['100pt', '100pt'],
  ])('%s is %s', (label, name) => {
    expect(pascalName(label)).toBe(name);
  });
});

describe('an entry name', () => {
  it.each([
    { entry: { code: 1, label: 'Needs Review' }, name: 'NeedsReview' },
    { entry: { code: 'GC', label: 'UPS Ground', name: 'UPSGroundGC' }, name: 'UPSGroundGC' },
    { entry: { code: 100, label: '100pt' }, name: undefined },
    { entry: { code: 25, label: '25%' }, name: undefined },
  ])('$entry.label ($entry.code) is named $name', ({ entry, name }) => {
    expect(entryName(entry)).toBe(name);
  });
});

describe('defineEnumeration', () => {
  const status = defineEnumeration(
    [
      { code: 1, label: 'Needs Review' },
      { code: 2, label: 'Rejected' },
      { code: 3, label: 'Approved' },
      { code: 100, label: '100pt' },
    ] as const,
    'Unknown',
  );

  it.each([
    ['NeedsReview', status.NeedsReview, 1],
    ['Rejected', status.Rejected, 2],
    ['Approved', status.Approved, 3],
  ] as const)('names code %s %s', (_name, code, expected) => {
    expect(code).toBe(expected);
  });

  it('types each name as its code', () => {
    expectTypeOf(status.NeedsReview).toEqualTypeOf<1>();
    expectTypeOf(status.Approved).toEqualTypeOf<3>();
    expectTypeOf(status).not.toHaveProperty('100pt');
  });

  it('gives no name to a label that does not start with a letter', () => {
    expect(Object.keys(status).filter((key) => /^[A-Z]/.test(key))).toEqual(['NeedsReview', 'Rejected', 'Approved']);
  });

  it('keeps labels, membership, options and the fallback', () => {
    expect(status.label(status.Approved)).toBe('Approved');
    expect(status.label(7)).toBe('Unknown');
    expect(status.label(null)).toBe('Unknown');
    expect(status.has(3)).toBe(true);
    expect(status.has('3')).toBe(false);
    expect(status.codes).toEqual([1, 2, 3, 100]);
    expect(status.options([status.NeedsReview, status.Approved])).toEqual([
      { value: '1', label: 'Needs Review' },
      { value: '3', label: 'Approved' },
    ]);
  });

  it('is read-only', () => {
    expect(Object.isFrozen(status)).toBe(true);
  });

  it('refuses two entries of one name', () => {
    expect(() =>
      defineEnumeration([
        { code: 'UG', label: 'UPS Ground' },
        { code: 'GC', label: 'UPS Ground' },
      ]),
    ).toThrow(/UPSGround is given twice/);
  });

  it('refuses a name that is not PascalCase', () => {
    expect(() => defineEnumeration([{ code: 1, label: 'One', name: 'one' }])).toThrow(/not PascalCase/);
  });
});
