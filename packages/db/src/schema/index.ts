export * from './identity';
export * from './manufacturing';
