export { allowedEdits, editDistance } from './editDistance';
export { foldName } from './fold';
export * from './nameCheck';
export { NICKNAMES, sameGivenName } from './nicknames';
