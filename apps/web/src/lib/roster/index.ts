export { loadRosterBase } from './roster-base';
export {
  createRosterClient,
  type RosterClient,
  type RosterClientOptions,
  type RosterRequestOptions,
  type RosterResponse,
  rosterClient,
} from './roster-client';
export { isRosterError, RosterError } from './roster-error';
