import * as Sentry from '@sentry/react';
import type { ErrorReporter } from './error-reporter';

/*
 * Part 8's reporter when the API names a Sentry DSN (`SENTRY_DSN`): loaded on its own (a dynamic
 * import from `installErrorReporting`), so the sign-in page's script stays within its budget. Only
 * what `reportError` lets through is sent (the console-only list is filtered before), with the
 * session user's id, e-mail and name and the first five lines of the stack.
 */
export function createSentryReporter(dsn: string, environment: string): ErrorReporter {
  Sentry.init({ dsn, environment, defaultIntegrations: false, sendDefaultPii: false });
  return {
    report(report) {
      Sentry.withScope((scope) => {
        scope.setUser(
          report.user ? { id: String(report.user.id), email: report.user.email, username: report.user.name } : null,
        );
        if (report.context) scope.setTag('context', report.context);
        scope.setExtra('stack', report.stack);
        scope.setExtra('url', report.url);
        const error = new Error(report.message);
        error.stack = report.stack || error.stack;
        Sentry.captureException(error);
      });
    },
  };
}
