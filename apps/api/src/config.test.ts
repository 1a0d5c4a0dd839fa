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

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PRIVILEGED_USER_IDS: 'a,b' })).toThrow(/PRIVILEGED_USER_IDS/);
    expect(() => loadConfig({ TOKEN_SECRET: 'short' })).toThrow(/TOKEN_SECRET/);
  });
});
