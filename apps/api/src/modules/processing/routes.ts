import type { FastifyInstance } from 'fastify';
import { registerQueueJobRoutes } from './jobs';
import { registerProcessorRoutes } from './processors';
import { registerQueueResources } from './resources';

/**
 * The processing pages' API: the queues as part 7 resources (resources.ts), a person's actions on a
 * job, the counts per status and the bulk retry (jobs.ts), and the workers (processors.ts).
 */
export async function registerProcessingRoutes(app: FastifyInstance) {
  registerQueueResources(app);
  registerQueueJobRoutes(app);
  registerProcessorRoutes(app);
}
