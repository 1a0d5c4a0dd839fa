/** The OneRoster REST pull adapter: a school information system's rostering service, 1.1 or 1.2. */
export {
  createOneRosterClient,
  type OneRosterAuth,
  type OneRosterClient,
  type OneRosterClientOptions,
  type OneRosterClock,
  type OneRosterPage,
  type OneRosterRecord,
  type PullOptions,
  retryAfterMs,
  systemClock,
} from './client';
export {
  DEFAULT_BASE_PATHS,
  ONE_ROSTER_COLLECTION_NAMES,
  ONE_ROSTER_COLLECTIONS,
  ONE_ROSTER_VERSIONS,
  type OneRosterCollection,
  type OneRosterVersion,
  ROSTER_SCOPES,
  sinceFilter,
} from './collections';
export {
  OneRosterError,
  OneRosterHttpError,
  OneRosterNetworkError,
  OneRosterRepeatedPageError,
  OneRosterResponseError,
  OneRosterTimeoutError,
} from './errors';
export { OAUTH1_SIGNATURE_METHODS, type OAuth1SignatureMethod } from './oauth1';
