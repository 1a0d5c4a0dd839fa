import { describe, expect, it } from 'vitest';
import {
  canApplyQueueTransition,
  canDeleteQueueJob,
  canTransition,
  queuePersonActionFor,
  queueStatus,
  queueTransition,
  queueTransitions,
} from './queues';

const { Waiting, Processing, Complete, Attention, Addressed } = queueStatus;
const Failed = queueStatus.Error;

/** Every pair of statuses, and who (if anyone) may make that move. */
const moves: [from: number, to: number, worker: boolean, person: boolean][] = [
  [Waiting, Waiting, false, false],
  [Waiting, Processing, true, false],
  [Waiting, Complete, false, false],
  [Waiting, Failed, false, false],
  [Waiting, Attention, false, false],
  [Waiting, Addressed, false, true],
  [Processing, Waiting, true, false],
  [Processing, Processing, true, false],
  [Processing, Complete, true, false],
  [Processing, Failed, true, false],
  [Processing, Attention, true, false],
  [Processing, Addressed, false, false],
  [Complete, Waiting, false, false],
  [Complete, Processing, false, false],
  [Complete, Complete, false, false],
  [Complete, Failed, false, false],
  [Complete, Attention, false, false],
  [Complete, Addressed, false, false],
  [Failed, Waiting, false, true],
  [Failed, Processing, false, false],
  [Failed, Complete, false, false],
  [Failed, Failed, false, false],
  [Failed, Attention, false, false],
  [Failed, Addressed, false, true],
  [Attention, Waiting, false, true],
  [Attention, Processing, false, false],
  [Attention, Complete, false, false],
  [Attention, Failed, false, false],
  [Attention, Attention, false, false],
  [Attention, Addressed, false, true],
  [Addressed, Waiting, false, true],
  [Addressed, Processing, false, false],
  [Addressed, Complete, false, false],
  [Addressed, Failed, false, false],
  [Addressed, Attention, false, false],
  [Addressed, Addressed, false, false],
];

describe('queue transitions', () => {
  it('covers every pair of statuses once', () => {
    expect(moves).toHaveLength(queueStatus.codes.length ** 2);
  });

  it.each(moves)('%i → %i: worker %s, person %s', (from, to, worker, person) => {
    expect(canTransition(from, to, 'worker')).toBe(worker);
    expect(canTransition(from, to, 'person')).toBe(person);
    expect(canTransition(from, to)).toBe(worker || person);
  });

  it.each([
    ['retry', Failed, true],
    ['retry', Attention, true],
    ['retry', Addressed, true],
    ['retry', Complete, false],
    ['retry', Waiting, false],
    ['retry', Processing, false],
    ['addressed', Failed, true],
    ['addressed', Attention, true],
    ['addressed', Addressed, false],
    ['addressed', Waiting, false],
    ['addressed', Complete, false],
    ['cancel', Waiting, true],
    ['cancel', Processing, false],
    ['cancel', Failed, false],
    ['cancel', Complete, false],
    ['claim', Waiting, true],
    ['claim', Failed, false],
    ['reclaim', Processing, true],
    ['complete', Processing, true],
    ['complete', Waiting, false],
  ] as const)('%s from %i: %s', (name, from, allowed) => {
    expect(canApplyQueueTransition(name, from)).toBe(allowed);
  });

  it.each([
    [Failed, Waiting, 'retry'],
    [Addressed, Waiting, 'retry'],
    [Attention, Addressed, 'addressed'],
    [Waiting, Addressed, 'cancel'],
    [Complete, Waiting, undefined],
    [Processing, Complete, undefined],
    [Waiting, Processing, undefined],
  ] as const)('an update of status %i → %i is the action %s', (from, to, action) => {
    expect(queuePersonActionFor(from, to)).toBe(action);
  });

  it('gives each transition a target status of the enumeration and a known name', () => {
    for (const transition of queueTransitions) {
      expect(queueStatus.has(transition.to)).toBe(true);
      expect(queueTransition(transition.name)).toBe(transition);
    }
  });

  it.each([
    [Waiting, true],
    [Processing, false],
    [Complete, true],
    [Failed, true],
    [Attention, true],
    [Addressed, true],
  ])('a job in %i may be deleted: %s', (status, allowed) => {
    expect(canDeleteQueueJob(status)).toBe(allowed);
  });
});
