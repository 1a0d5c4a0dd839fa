import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, signInAs } from '../test/fixtures';
import { createApiErrorReporter } from './api-error-reporter';
import {
  consoleErrorReporter,
  type ErrorReport,
  installErrorReporting,
  reportError,
  setErrorReporter,
} from './error-reporter';
import { sessionStore } from './session';

afterEach(() => {
  setErrorReporter(consoleErrorReporter);
  sessionStore.clear();
});

const stackAt = (fn: string) => `Error: x\n    at ${fn} (https://colophon.test/assets/index.js:1:20)`;
const report = (message: string, fn = 'load'): ErrorReport => ({
  message,
  stack: stackAt(fn),
  user: null,
  context: 'react.uncaught',
  url: 'https://colophon.test/admin/orders',
  at: '2031-01-01T00:00:00.000Z',
});

/** A reporter whose clock, timer and transport the test holds. */
function harness(answer: () => Promise<{ ok: boolean; status: number }> = async () => ({ ok: true, status: 202 })) {
  let nowMs = 1_000_000;
  const timers: (() => void)[] = [];
  const sent: { body: { reports: { message: string; context?: string; url: string }[] }; token: string | null }[] = [];
  const send = vi.fn(async (body: string, token: string | null) => {
    sent.push({ body: JSON.parse(body), token });
    return answer();
  });
  const reporter = createApiErrorReporter({
    send,
    now: () => nowMs,
    schedule: (run) => timers.push(run),
  });
  return {
    reporter,
    sent,
    send,
    advance: (ms: number) => {
      nowMs += ms;
    },
    /** Runs the waiting timer (the batch's flush) and lets its post settle. */
    async tick() {
      const run = timers.shift();
      run?.();
      await reporter.flush();
    },
  };
}

describe('the API error reporter (part 8, no Sentry DSN)', () => {
  it('posts reports in one batch with the session token, as reportError hands them over', async () => {
    signInAs(makeUser({ id: 9, email: 'ada@school.test' }));
    const h = harness();
    setErrorReporter(h.reporter);
    reportError(new Error('Proof viewer failed'), 'route');
    reportError(new Error('Order list failed'), 'react.uncaught');
    expect(h.send).not.toHaveBeenCalled();
    await h.tick();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]?.body.reports.map((r) => [r.message, r.context])).toEqual([
      ['Proof viewer failed', 'route'],
      ['Order list failed', 'react.uncaught'],
    ]);
    expect(h.sent[0]?.token).toBe(sessionStore.get()?.token);
  });

  it('sends the same fault once a minute, however often it is thrown', async () => {
    const h = harness();
    for (let i = 0; i < 50; i += 1) h.reporter.report(report('Loop failed'));
    h.reporter.report(report('Loop failed', 'elsewhere'));
    await h.tick();
    expect(h.sent[0]?.body.reports).toHaveLength(2);
    h.advance(61_000);
    h.reporter.report(report('Loop failed'));
    await h.tick();
    expect(h.sent).toHaveLength(2);
  });

  it('never throws and never reports its own failure; after one it waits before posting again', async () => {
    const h = harness(async () => {
      throw new TypeError('Failed to fetch');
    });
    const captured: ErrorReport[] = [];
    setErrorReporter({ report: (r) => captured.push(r) });
    h.reporter.report(report('First'));
    await expect(h.tick()).resolves.toBeUndefined();
    expect(h.send).toHaveBeenCalledTimes(1);
    expect(captured).toHaveLength(0);
    h.reporter.report(report('Second'));
    await h.tick();
    expect(h.send).toHaveBeenCalledTimes(1);
    h.advance(31_000);
    h.reporter.report(report('Third'));
    await h.tick();
    expect(h.send).toHaveBeenCalledTimes(2);
  });

  it('sends at most ten reports a batch and at most thirty a minute', async () => {
    const h = harness();
    for (let i = 0; i < 40; i += 1) h.reporter.report(report(`Fault ${i}`, `f${i}`));
    for (let i = 0; i < 5; i += 1) await h.tick();
    expect(h.sent.map((batch) => batch.body.reports.length)).toEqual([10, 10, 10]);
  });
});

const sentryReports: ErrorReport[] = [];
vi.mock('./sentry-reporter', () => ({
  createSentryReporter: vi.fn((dsn: string, environment: string) => {
    expect([dsn, environment]).toEqual(['https://key@sentry.example/42', 'staging']);
    return { report: (r: ErrorReport) => sentryReports.push(r) };
  }),
}));

describe('installErrorReporting', () => {
  it('reports to Sentry, loaded only with the first error, when the API names a DSN', async () => {
    const loadConfig = vi.fn(async () => ({
      sentryDsn: 'https://key@sentry.example/42',
      environment: 'staging',
      rosterUrl: null,
    }));
    installErrorReporting(loadConfig);
    expect(loadConfig).not.toHaveBeenCalled();
    reportError(new Error('Seen by Sentry'));
    reportError(new Error('Also seen'));
    await vi.waitFor(() => expect(sentryReports.map((r) => r.message)).toEqual(['Seen by Sentry', 'Also seen']));
    expect(loadConfig).toHaveBeenCalledTimes(1);
  });
});
