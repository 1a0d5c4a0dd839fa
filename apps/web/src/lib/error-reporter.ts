import type { ClientConfig } from '@colophon/contract';
import { errorReportStack, isConsoleOnlyError } from '@colophon/domain';
import { displayName, sessionStore } from './session';

/**
 * Part 8: uncaught interface errors go to an error-reporting service with the session user's id,
 * e-mail and name and the first five lines of the stack; browser noise (`isConsoleOnlyError`) is
 * only logged to the console. The service is an interface: the default writes to the console, a
 * real one is set with `setErrorReporter`.
 */
export interface ErrorReport {
  message: string;
  stack: string;
  user: { id: number; email: string; name: string } | null;
  context?: string | undefined;
  url: string;
  at: string;
}

export interface ErrorReporter {
  report(report: ErrorReport): void;
}

export const consoleErrorReporter: ErrorReporter = {
  report(report) {
    console.error('[error report]', report);
  },
};

let reporter: ErrorReporter = consoleErrorReporter;

export function setErrorReporter(next: ErrorReporter): void {
  reporter = next;
}

function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  return new Error(typeof error === 'string' ? error : JSON.stringify(error));
}

/** Returns whether the error went to the reporter (false: console only). */
export function reportError(error: unknown, context?: string): boolean {
  const err = toError(error);
  if (isConsoleOnlyError(err.message)) {
    console.error(err);
    return false;
  }
  const user = sessionStore.get()?.user ?? null;
  reporter.report({
    message: err.message,
    stack: errorReportStack(err.stack),
    user: user ? { id: user.id, email: user.email, name: displayName(user) } : null,
    context,
    url: typeof window === 'undefined' ? '' : window.location.href,
    at: new Date().toISOString(),
  });
  return true;
}

let installed = false;

/** Catches what nothing else did: window errors and unhandled promise rejections. */
export function installGlobalErrorHandlers(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'window.error'));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'unhandledrejection'));
}

let reportingInstalled = false;

/**
 * Chooses the reporting service (issue 15) when the first error comes, not before: the sign-in page
 * downloads nothing for it. Then `GET /api/client_config` says whether Sentry takes the reports
 * (`@sentry/react`, loaded only then) or the API's `POST /api/client_errors` does; reports made
 * meanwhile wait and follow. Failing to learn the settings falls back to the API's reporter.
 */
export function installErrorReporting(loadConfig: () => Promise<ClientConfig> = fetchClientConfig): void {
  if (reportingInstalled) return;
  reportingInstalled = true;
  const waiting: ErrorReport[] = [];
  let loading = false;
  const chosen = async (): Promise<ErrorReporter> => {
    const config = await loadConfig().catch(() => null);
    if (config?.sentryDsn) {
      const { createSentryReporter } = await import('./sentry-reporter');
      return createSentryReporter(config.sentryDsn, config.environment);
    }
    const { createApiErrorReporter } = await import('./api-error-reporter');
    return createApiErrorReporter();
  };
  setErrorReporter({
    report(report) {
      waiting.push(report);
      if (loading) return;
      loading = true;
      chosen()
        .then((next) => {
          setErrorReporter(next);
          for (const each of waiting.splice(0)) next.report(each);
        })
        .catch((error: unknown) => console.error('[error reporting]', error));
    },
  });
}

/**
 * `GET /api/client_config` (`clientErrorOperations.config`) by plain fetch, as the reporter posts: the
 * reporter leans on nothing of the app's API client (which may be what broke), and the sign-in page's
 * script does not carry the contract's client-error schemas for it.
 */
async function fetchClientConfig(): Promise<ClientConfig> {
  const response = await fetch('/api/client_config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`client_config answered ${response.status}`);
  return (await response.json()) as ClientConfig;
}
