import { clientErrorOperations } from '@colophon/contract';
import { rosterBaseUrl } from '@colophon/domain';
import { call } from '../call';

/**
 * Where the roster is, learnt at run time (the same build serves either deployment): the API's public
 * `GET /api/client_config` names ROSTER_URL when the roster runs as its own process, and the domain's
 * rule turns that (or its absence: `/roster` here) into the base every roster path is appended to.
 */
export async function loadRosterBase(): Promise<string> {
  const config = await call(clientErrorOperations.config);
  return rosterBaseUrl(config.rosterUrl);
}
