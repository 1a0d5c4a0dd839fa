export * from './accounts';
export * from './audit';
export * from './common';
export * from './identity';
export * from './manufacturing';
