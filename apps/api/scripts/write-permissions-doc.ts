import { writeFileSync } from 'node:fs';
import { createDb } from '@colophon/db';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { renderPermissionsDoc } from '../src/docs/permissions-doc';
import { createServices } from '../src/services';

const handle = createDb();
await handle.migrate();
const app = await buildApp({ services: await createServices(loadConfig({ DEMO: 'false' }), handle), logger: false });
await app.ready();
const target = new URL('../../../docs/permissions.md', import.meta.url);
writeFileSync(target, renderPermissionsDoc(app.routeCatalogue, app.rosterRouteCatalogue));
await app.close();
await handle.close();
console.log(`wrote ${target.pathname}`);
