import type { WorkInProgress } from '@colophon/contract';

/** The project whose work in progress is asked for. */
export interface WorkInProgressRequest {
  projectId: number;
}

/**
 * The layout configurator's view of a book being made (`GET dashboard/wip/{id}`): the HTTP adapter
 * asks the configurator with a bearer access token; the offline default shows the pages of the
 * project's latest processed proof.
 */
export interface ConfiguratorAdapter {
  /** 'http' or 'offline'. */
  readonly name: string;
  /** The work in progress; throws an IntegrationError (502) when the configurator fails. */
  workInProgress(request: WorkInProgressRequest): Promise<WorkInProgress>;
}

/** Where the configurator is and the access token it is called with (CONFIGURATOR_URL, CONFIGURATOR_ACCESS_TOKEN). */
export interface ConfiguratorSettings {
  url: string;
  accessToken: string;
  timeoutMs: number;
}

/**
 * The configurator's settings from the environment: both or neither (a URL without a token is a
 * configuration error, said at start-up, not a failure on the project screen).
 */
export function configuratorSettings(
  url: string | undefined,
  accessToken: string | undefined,
  timeoutMs: number,
): ConfiguratorSettings | null {
  if (!url && !accessToken) return null;
  if (!url || !accessToken) {
    throw new Error(
      'Invalid configuration: CONFIGURATOR_URL and CONFIGURATOR_ACCESS_TOKEN go together (set both, or neither for the offline default)',
    );
  }
  return { url: url.replace(/\/+$/, ''), accessToken, timeoutMs };
}
