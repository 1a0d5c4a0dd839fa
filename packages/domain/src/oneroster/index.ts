export * from './faults';
export * from './fields';
export * from './manifest';
export * from './values';
