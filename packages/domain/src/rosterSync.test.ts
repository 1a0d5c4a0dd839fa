import { describe, expect, it } from 'vitest';
import { queueStatus } from './queues';
import {
  rosterJobActive,
  rosterSignatureMethod,
  rosterSyncActive,
  rosterSyncStatus,
  rosterSyncTone,
} from './rosterSync';

describe('roster sync statuses', () => {
  it.each([
    ['never', 'Never synced', 'gray', false],
    ['queued', 'Sync queued', 'blue', true],
    ['running', 'Syncing', 'blue', true],
    ['succeeded', 'Synced', 'green', false],
    ['failed', 'Sync failed', 'red', false],
  ] as const)('%s reads %s, shown %s, active: %s', (code, label, tone, active) => {
    expect(rosterSyncStatus.label(code)).toBe(label);
    expect(rosterSyncTone(code)).toBe(tone);
    expect(rosterSyncActive(code)).toBe(active);
  });

  it('shows an unknown status as it is, grey and not active', () => {
    expect(rosterSyncStatus.label('paused')).toBe('paused');
    expect(rosterSyncTone('paused')).toBe('gray');
    expect(rosterSyncActive('paused')).toBe(false);
  });
});

describe('a roster job still to finish', () => {
  it.each([
    [0, true],
    [1, true],
    [2, false],
    [3, false],
    [4, false],
    [5, false],
  ])('status %i is active: %s', (status, active) => {
    expect(queueStatus.has(status)).toBe(true);
    expect(rosterJobActive(status)).toBe(active);
  });
});

describe('OAuth 1.0a signature methods', () => {
  it.each([
    ['HMAC-SHA256', 'HMAC-SHA256 (standard)', rosterSignatureMethod.HmacSha256],
    ['HMAC-SHA1', 'HMAC-SHA1 (older systems)', rosterSignatureMethod.HmacSha1],
  ] as const)('%s reads %s and is named', (code, label, named) => {
    expect(rosterSignatureMethod.label(code)).toBe(label);
    expect(named).toBe(code);
  });

  it('lists the standard method first, so a new configuration starts there', () => {
    expect(rosterSignatureMethod.codes).toEqual(['HMAC-SHA256', 'HMAC-SHA1']);
  });
});
