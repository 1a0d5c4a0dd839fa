import type { FastifyInstance } from 'fastify';

/**
 * Every problem the roster answers also carries `message` (its `detail`): part 8 has the dashboard's
 * roster client take the message from the response's `message`, then a nested `error.message`, then a
 * plain-text body — a problem+json body with only `detail` would read as 'An unexpected error occurred'.
 */
export function addProblemMessage(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof payload !== 'string' || typeof type !== 'string' || !type.startsWith('application/problem+json')) {
      return payload;
    }
    const problem: unknown = JSON.parse(payload);
    if (typeof problem !== 'object' || problem === null || 'message' in problem) return payload;
    const detail = (problem as { detail?: unknown }).detail;
    return typeof detail === 'string' ? JSON.stringify({ ...problem, message: detail }) : payload;
  });
}
