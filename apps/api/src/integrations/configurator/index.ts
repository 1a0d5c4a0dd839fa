import type { Db } from '@colophon/db';
import type { FileStore } from '../files/file-store';
import type { ConfiguratorAdapter, ConfiguratorSettings } from './adapter';
import { createHttpConfigurator } from './http';
import { createOfflineConfigurator } from './offline';

export type { ConfiguratorAdapter, ConfiguratorSettings, WorkInProgressRequest } from './adapter';
export { configuratorSettings } from './adapter';
export { createHttpConfigurator } from './http';
export { createOfflineConfigurator } from './offline';

/** The configurator over HTTP when CONFIGURATOR_URL is set, else the offline default (the latest proof's pages). */
export function createConfigurator(services: {
  db: Db;
  files: FileStore;
  config: { configurator: ConfiguratorSettings | null };
}): ConfiguratorAdapter {
  const settings = services.config.configurator;
  return settings ? createHttpConfigurator(settings) : createOfflineConfigurator(services.db, services.files);
}
