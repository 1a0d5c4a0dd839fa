import type { FastifyInstance } from 'fastify';
import { registerUploadJobRoutes } from './jobs';
import { registerUploadSessionRoutes } from './sessions';
import { registerSignedUploadRoutes } from './signed-urls';

export type { UploadJobPayload } from './jobs';

/**
 * A school's PDFs go straight to the file store (one signed PUT, or a resumable upload in parts),
 * then `POST /api/uploads` checks the stored file and queues it to become a proof.
 */
export async function registerUploadRoutes(app: FastifyInstance) {
  await registerSignedUploadRoutes(app);
  await registerUploadSessionRoutes(app);
  await registerUploadJobRoutes(app);
}
