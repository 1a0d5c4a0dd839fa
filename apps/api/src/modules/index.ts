import type { FastifyInstance } from 'fastify';
import { registerResource } from '../engine/resource';
import { accountsResource } from './accounts/resource';
import { registerAuditRoutes } from './audit/routes';
import { registerMfaRoutes } from './auth/mfa-routes';
import { registerAuthRoutes } from './auth/routes';
import { manufacturersResource, manufacturingPlantsResource } from './manufacturing/resources';
import { registerProfileRoutes } from './profile/routes';
import { usersResource } from './users/resource';
import { registerUserRoutes } from './users/routes';

/** Every capability of the API, registered in one place. */
export async function registerModules(app: FastifyInstance) {
  await registerAuthRoutes(app);
  await registerMfaRoutes(app);
  await registerProfileRoutes(app);
  await registerUserRoutes(app);
  registerResource(app, usersResource);
  registerResource(app, accountsResource);
  registerResource(app, manufacturingPlantsResource);
  registerResource(app, manufacturersResource);
  await registerAuditRoutes(app);
}
