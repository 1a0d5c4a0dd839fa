import type { FastifyInstance } from 'fastify';
import { registerResource } from '../engine/resource';
import { accountManufacturerRelationshipsResource } from './accounts/relationships';
import { accountsResource } from './accounts/resource';
import { registerAccountRoutes } from './accounts/routes';
import { registerAuditRoutes } from './audit/routes';
import { registerMfaRoutes } from './auth/mfa-routes';
import { registerAuthRoutes } from './auth/routes';
import { manufacturersResource, manufacturingPlantsResource } from './manufacturing/resources';
import { notificationsResource } from './notifications/resource';
import { presetsResource } from './presets/resource';
import { registerProcessingRoutes } from './processing/routes';
import { registerProfileRoutes } from './profile/routes';
import { projectsResource } from './projects/resource';
import { registerProjectRoutes } from './projects/routes';
import { registerProofReviewRoutes } from './proofs/review';
import { registerProofRoutes } from './proofs/routes';
import { registerSettingsRoutes } from './settings/routes';
import { registerSignupRoutes } from './signup/routes';
import { registerUploadRoutes } from './uploads/routes';
import { usersResource } from './users/resource';
import { registerUserRoutes } from './users/routes';
import { registerWidgetRoutes } from './widgets/routes';

/** Every capability of the API, registered in one place. */
export async function registerModules(app: FastifyInstance) {
  await registerAuthRoutes(app);
  await registerMfaRoutes(app);
  await registerProfileRoutes(app);
  await registerUserRoutes(app);
  registerResource(app, usersResource);
  registerResource(app, accountsResource);
  await registerAccountRoutes(app);
  registerResource(app, accountManufacturerRelationshipsResource);
  await registerSettingsRoutes(app);
  registerResource(app, projectsResource);
  await registerProjectRoutes(app);
  await registerSignupRoutes(app);
  registerResource(app, notificationsResource);
  registerResource(app, presetsResource);
  await registerWidgetRoutes(app);
  registerResource(app, manufacturingPlantsResource);
  registerResource(app, manufacturersResource);
  await registerAuditRoutes(app);
  await registerUploadRoutes(app);
  await registerProofRoutes(app);
  await registerProofReviewRoutes(app);
  await registerProcessingRoutes(app);
}
