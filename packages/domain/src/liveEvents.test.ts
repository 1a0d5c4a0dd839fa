import { describe, expect, it } from 'vitest';
import { can } from './access';
import { isLiveEventTopic, isProcessorStale, liveEventTopics, processorHealth } from './liveEvents';

const now = new Date('2026-11-25T08:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('processor staleness (3 missed pulses, judged at an injected now)', () => {
  it.each([
    ['beat just now', { lastHeartbeatAt: ago(0), stoppedAt: null, pulseMs: 15_000, state: 'idle' }, false, 'idle'],
    [
      'busy, one pulse late',
      { lastHeartbeatAt: ago(30_000), stoppedAt: null, pulseMs: 15_000, state: 'busy' },
      false,
      'busy',
    ],
    [
      'exactly 3 pulses',
      { lastHeartbeatAt: ago(45_000), stoppedAt: null, pulseMs: 15_000, state: 'idle' },
      false,
      'idle',
    ],
    ['past 3 pulses', { lastHeartbeatAt: ago(45_001), stoppedAt: null, pulseMs: 15_000, state: 'busy' }, true, 'stale'],
    [
      'a fast pulse goes stale sooner',
      { lastHeartbeatAt: ago(3_001), stoppedAt: null, pulseMs: 1_000, state: 'idle' },
      true,
      'stale',
    ],
    [
      'stopped is never stale',
      { lastHeartbeatAt: ago(3_600_000), stoppedAt: ago(3_600_000), pulseMs: 15_000, state: 'idle' },
      false,
      'stopped',
    ],
    [
      'a Date works as well as a string',
      { lastHeartbeatAt: new Date(now.getTime() - 60_000), stoppedAt: null, pulseMs: 15_000, state: 'idle' },
      true,
      'stale',
    ],
  ] as const)('%s', (_, beat, stale, health) => {
    expect(isProcessorStale(beat, now)).toBe(stale);
    expect(processorHealth(beat, now)).toBe(health);
  });
});

describe('live event topics', () => {
  it.each([
    ['queue', true],
    ['orders', false],
    ['toString', false],
  ])('%s is a topic: %s', (topic, known) => {
    expect(isLiveEventTopic(topic)).toBe(known);
  });

  it.each([
    ['a super administrator hears the queues', { role: 1, bSuperAdmin: true }, true],
    ['a school adviser does not', { role: 5, bSuperAdmin: false }, false],
  ])('%s', (_, subject, hears) => {
    expect(can(subject, liveEventTopics.queue.permission)).toBe(hears);
  });
});
