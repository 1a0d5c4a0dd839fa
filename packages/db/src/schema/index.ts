export * from './accounts';
export * from './identity';
export * from './manufacturing';
export * from './notifications';
export * from './production';
export * from './projects';
export * from './proofs';
export * from './queues';
