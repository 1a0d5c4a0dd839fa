import { getProjectWorkInProgress } from '@colophon/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { type ConfiguratorAdapter, createConfigurator } from '../../integrations/configurator';
import { visibleProject } from './resource';

/**
 * `GET /api/projects/:id/work_in_progress`: the book's work in progress from the layout
 * configurator (`dashboard/wip/{id}`), or offline the latest proof's pages. The project is checked
 * first (another tenant's: 404), so the configurator is never asked about a book the caller may not see.
 */
export function registerWorkInProgressRoute(
  app: FastifyInstance,
  configurator: ConfiguratorAdapter = createConfigurator(app.services),
) {
  implement(app, getProjectWorkInProgress, async function projectWorkInProgress(request) {
    const project = await visibleProject(requestContext(app, request), request.params.id);
    return configurator.workInProgress({ projectId: project.id });
  });
}
