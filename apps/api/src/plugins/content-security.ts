import type { FastifyInstance } from 'fastify';

export const UPGRADE_INSECURE_REQUESTS = 'upgrade-insecure-requests';

/**
 * Issue 9: `upgrade-insecure-requests` only where the dashboard is reached over HTTPS. Over plain
 * HTTP it makes the browser fetch every asset over https from a server that speaks none, and a
 * colleague who opens the server by its LAN address sees a blank page (localhost is exempt in
 * browsers, which hid it). Like HSTS (transport-security.ts): per request when it came over HTTPS
 * (`request.protocol`, X-Forwarded-Proto believed only from TRUSTED_PROXIES), or always when
 * PUBLIC_URL says the product is published over https.
 *
 * Helmet's policy is fixed per registration and its directive functions can add a value but not
 * a valueless directive, so helmet is registered without it (`upgradeInsecureRequests: null`) and
 * this hook, added after helmet's, appends it to the header helmet has just set.
 */
export function registerInsecureRequestUpgrade(app: FastifyInstance, publicUrl: string): void {
  const publishedOverHttps = new URL(publicUrl).protocol === 'https:';
  app.addHook('onRequest', async (request, reply) => {
    if (!publishedOverHttps && request.protocol !== 'https') return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string' || policy.includes(UPGRADE_INSECURE_REQUESTS)) return;
    reply.header('content-security-policy', `${policy};${UPGRADE_INSECURE_REQUESTS}`);
  });
}

/**
 * Swagger UI sends its own fixed policy, which always upgrades: the API documentation would be as
 * blank over a LAN address as the dashboard was. Its policy does without the upgrade everywhere.
 */
export function withoutInsecureRequestUpgrade(policy: string): string {
  return policy
    .split(';')
    .filter((directive) => directive.trim() !== UPGRADE_INSECURE_REQUESTS)
    .join(';');
}
