import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, signInAs } from '../test/fixtures';
import { isChunkLoadError, reloadOnce } from './chunk-reload';
import { consoleErrorReporter, type ErrorReport, reportError, setErrorReporter } from './error-reporter';

afterEach(() => setErrorReporter(consoleErrorReporter));

function capture() {
  const reports: ErrorReport[] = [];
  setErrorReporter({ report: (report) => reports.push(report) });
  return reports;
}

describe('the error reporter (part 8)', () => {
  it("reports with the session user's id, e-mail and name and the first five stack lines", () => {
    signInAs(makeUser({ id: 9, email: 'ada@school.test', firstName: 'Ada', lastName: 'Adviser' }));
    const reports = capture();
    const error = new Error('Proof viewer failed');
    error.stack = ['Error: Proof viewer failed', 'at a', 'at b', 'at c', 'at d', 'at e', 'at f'].join('\n');
    expect(reportError(error)).toBe(true);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.user).toEqual({ id: 9, email: 'ada@school.test', name: 'Ada Adviser' });
    expect(reports[0]?.stack.split('\n')).toHaveLength(5);
    expect(reports[0]?.message).toBe('Proof viewer failed');
  });

  it('only logs browser noise to the console', () => {
    const reports = capture();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(reportError(new TypeError("Cannot read properties of undefined (reading 'getMonth')"))).toBe(false);
    expect(reportError(new Error("Failed to execute 'removeChild' on 'Node'"))).toBe(false);
    expect(reports).toHaveLength(0);
    expect(consoleError).toHaveBeenCalledTimes(2);
  });

  it('reports without a user when nobody is signed in', () => {
    const reports = capture();
    reportError('plain text failure');
    expect(reports[0]?.user).toBeNull();
    expect(reports[0]?.message).toBe('plain text failure');
  });
});

describe('a failed page chunk (part 8)', () => {
  it('is recognised from the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/UsersPage-x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });

  it('reloads the page once, not in a loop', () => {
    const reload = vi.fn();
    expect(reloadOnce('chunk-a', reload)).toBe(true);
    expect(reloadOnce('chunk-a', reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
