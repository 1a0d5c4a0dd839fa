import type { FastifyInstance } from 'fastify';

/** Helmet's default: a year, subdomains included. */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on answers to HTTPS requests: browsers ignore it over plain HTTP
 * (RFC 6797 §8.1), and sending it there misleads anyone reading the headers. `request.protocol` is
 * the socket's, or X-Forwarded-Proto when the request came through a trusted proxy.
 */
export function registerTransportSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER);
  });
}
