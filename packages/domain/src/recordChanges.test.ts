import { describe, expect, it } from 'vitest';
import { CHANGE_REASON_MAX_LENGTH, checkChangeReason, encodeChangeReason, heldRecordMessage } from './recordChanges';

describe('checkChangeReason (the record editor says why)', () => {
  it.each([
    { raw: undefined, required: false, expected: { ok: true, reason: null } },
    { raw: undefined, required: true, expected: { ok: false, message: 'Say why you make this change.' } },
    { raw: '   ', required: false, expected: { ok: false, message: 'Say why you make this change.' } },
    { raw: 'School asked', required: true, expected: { ok: true, reason: 'School asked' } },
    { raw: encodeChangeReason('  Élève renamed  '), required: true, expected: { ok: true, reason: 'Élève renamed' } },
    { raw: '%E0%A4%A', required: true, expected: { ok: false, message: 'The reason is not readable text.' } },
    { raw: ['a', 'b'], required: true, expected: { ok: false, message: 'Give one reason for the change.' } },
    {
      raw: 'x'.repeat(CHANGE_REASON_MAX_LENGTH + 1),
      required: true,
      expected: { ok: false, message: 'The reason can be at most 500 characters.' },
    },
    { raw: 'x'.repeat(CHANGE_REASON_MAX_LENGTH), required: true, expected: { ok: true, reason: 'x'.repeat(500) } },
  ])('$raw (required: $required)', ({ raw, required, expected }) => {
    expect(checkChangeReason(raw, required)).toEqual(expected);
  });
});

describe('heldRecordMessage (a delete that would orphan records says what holds it)', () => {
  const orders = (count: number) => ({ one: 'order', many: 'orders', count });
  const proofs = (count: number) => ({ one: 'proof', many: 'proofs', count });
  const projects = (count: number) => ({ one: 'active project', many: 'active projects', count });
  it.each([
    { noun: 'Project', holders: [orders(0), proofs(0)], expected: null },
    { noun: 'Project', holders: [orders(4)], expected: 'Project 123 has 4 orders.' },
    { noun: 'Project', holders: [orders(1), proofs(0)], expected: 'Project 123 has 1 order.' },
    { noun: 'Project', holders: [orders(4), proofs(2)], expected: 'Project 123 has 4 orders and 2 proofs.' },
    {
      noun: 'Account',
      holders: [orders(1), proofs(1), projects(3)],
      expected: 'Account 123 has 1 order, 1 proof and 3 active projects.',
    },
  ])('$expected', ({ noun, holders, expected }) => {
    expect(heldRecordMessage(noun, 123, holders)).toBe(expected);
  });
});
