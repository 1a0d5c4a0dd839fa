/** The users feature's public entry: what other features may use of it. */
export { usersResource } from './api';
export { userColumns } from './columns';
