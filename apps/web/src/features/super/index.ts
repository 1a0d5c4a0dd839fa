/** The super admin feature's public entry: the plant side's reference records other features list. */
export { manufacturersResource, plantsResource } from './api';
