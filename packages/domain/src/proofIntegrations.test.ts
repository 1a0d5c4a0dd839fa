import { describe, expect, it } from 'vitest';
import {
  automationSendsFile,
  proofAutomation,
  proofSoftwareCall,
  proofSoftwareCalls,
  softwareOfSlug,
  softwareSlug,
} from './proofIntegrations';
import { softwareType } from './software';

describe('proofSoftwareCall (part 4: reject calls exist for two external software kinds)', () => {
  it.each([
    { typeSoftware: 3, expected: 'reject' },
    { typeSoftware: 10, expected: 'cancel' },
    { typeSoftware: 0, expected: null },
    { typeSoftware: 1, expected: null },
    { typeSoftware: 2, expected: null },
    { typeSoftware: 4, expected: null },
    { typeSoftware: 5, expected: null },
    { typeSoftware: 6, expected: null },
    { typeSoftware: 7, expected: null },
    { typeSoftware: 8, expected: null },
    { typeSoftware: 9, expected: null },
    { typeSoftware: 11, expected: null },
    { typeSoftware: null, expected: null },
    { typeSoftware: undefined, expected: null },
  ])('software $typeSoftware takes $expected', ({ typeSoftware, expected }) => {
    expect(proofSoftwareCall(typeSoftware)).toBe(expected);
  });

  it('gives exactly two kinds, one per call, both third-party software', () => {
    expect(proofSoftwareCalls).toEqual([
      { software: 3, call: 'reject' },
      { software: 10, call: 'cancel' },
    ]);
  });
});

describe('software path names', () => {
  it.each([
    { code: 3, slug: 'layout-software-b' },
    { code: 10, slug: 'ordering-software-h' },
    { code: 2, slug: 'layout-software-a-variant-2' },
    { code: 0, slug: 'none-pdf-submission' },
  ])('software $code is /$slug', ({ code, slug }) => {
    expect(softwareSlug(code)).toBe(slug);
    expect(softwareOfSlug(slug)).toBe(code);
  });

  it('gives every software a distinct name that is never a number', () => {
    const slugs = softwareType.codes.map(softwareSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it.each(['3', 'Layout-Software-B', '', 'nope'])('knows no software called %j', (slug) => {
    expect(softwareOfSlug(slug)).toBeNull();
  });
});

describe('proof automations', () => {
  it.each([
    { code: 'prepress', label: 'Prepress Hot Folder', sendsFile: true },
    { code: 'marketing', label: 'Marketing Automation', sendsFile: false },
  ] as const)('$code is $label and sends the file: $sendsFile', ({ code, label, sendsFile }) => {
    expect(proofAutomation.label(code)).toBe(label);
    expect(automationSendsFile(code)).toBe(sendsFile);
  });

  it('has path names only', () => {
    for (const code of proofAutomation.codes) expect(code).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});
