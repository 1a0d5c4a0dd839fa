import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, demo: true, demoPassword: 'colophon-demo' });
    expect(config.privilegedUserIds).toEqual([]);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads the privileged user ids as a comma list', () => {
    expect(loadConfig({ PRIVILEGED_USER_IDS: '3, 17,42' }).privilegedUserIds).toEqual([3, 17, 42]);
  });

  it('trusts no proxy unless told, and reads addresses and ranges', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8, loopback' }).trustedProxies).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['proxy.internal', '10.0.0.1/33', '10.0.0/8', '::1/129', '10.0.0.1/8/1', '10.0.0.1/x'])(
    'refuses the proxy entry %s naming TRUSTED_PROXIES',
    (entry) => {
      expect(() => loadConfig({ TRUSTED_PROXIES: entry })).toThrow(/TRUSTED_PROXIES/);
    },
  );

  it('limits proof processing per user per hour, never below one upload of the largest book', () => {
    expect(loadConfig({}).processingLimits).toEqual({ pagesPerHour: 3000, bytesPerHour: 16 * 1024 ** 3 });
    expect(loadConfig({ PROCESSING_PAGES_PER_HOUR: '5000' }).processingLimits.pagesPerHour).toBe(5000);
    expect(() => loadConfig({ PROCESSING_PAGES_PER_HOUR: '999' })).toThrow(/PROCESSING_PAGES_PER_HOUR/);
    expect(() => loadConfig({ PROCESSING_BYTES_PER_HOUR: String(2 * 1024 ** 3 - 1) })).toThrow(
      /PROCESSING_BYTES_PER_HOUR/,
    );
  });

  it.each([
    ['nothing set: both', {}, 'all', true],
    ['WORKERS=false: HTTP only', { WORKERS: 'false' }, 'api', false],
    ['an API process', { COLOPHON_ROLE: 'api', DATABASE_URL: 'postgres://db/colophon' }, 'api', false],
    ['a worker process', { COLOPHON_ROLE: 'worker', DATABASE_URL: 'postgres://db/colophon' }, 'worker', true],
  ] as const)('runs as %s', (_, env, role, workers) => {
    const config = loadConfig(env);
    expect(config.role).toBe(role);
    expect(config.workers).toBe(workers);
  });

  it('refuses a worker-only process on PGlite (one process owns it) and takes a lease for the queues', () => {
    expect(() => loadConfig({ COLOPHON_ROLE: 'worker' })).toThrow(/COLOPHON_ROLE.*DATABASE_URL/);
    expect(() => loadConfig({ COLOPHON_ROLE: 'both' })).toThrow(/COLOPHON_ROLE/);
    expect(loadConfig({}).queueLeaseMs).toBe(30_000);
    expect(loadConfig({ QUEUE_LEASE_MS: '2000' }).queueLeaseMs).toBe(2_000);
    expect(() => loadConfig({ QUEUE_LEASE_MS: '10' })).toThrow(/QUEUE_LEASE_MS/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PRIVILEGED_USER_IDS: 'a,b' })).toThrow(/PRIVILEGED_USER_IDS/);
    expect(() => loadConfig({ TOKEN_SECRET: 'short' })).toThrow(/TOKEN_SECRET/);
  });
});
