export * from './bundle';
export * from './faults';
export * from './fields';
export * from './manifest';
export * from './people';
export * from './records';
export * from './rows';
export * from './values';
