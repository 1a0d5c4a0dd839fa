import { healthSchema } from '@colophon/contract';
import { DASHBOARD_VERSION, parseQueryString } from '@colophon/domain';
import { buildRosterApp, mountRoster, type RosterRoute } from '@colophon/roster';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { CataloguedRoute, Services } from './context';
import { registerModules } from './modules';
import { registerAudit } from './plugins/audit';
import { registerAuthentication } from './plugins/authentication';
import { registerInsecureRequestUpgrade, withoutInsecureRequestUpgrade } from './plugins/content-security';
import { registerInputSafety } from './plugins/input-safety';
import { registerErrorHandler, registerNotFound } from './plugins/problems';
import { registerTransportSecurity } from './plugins/transport-security';
import { registerCompression, serveWebApp } from './plugins/web-delivery';
import { createRosterHost } from './roster-host';

export interface BuildAppOptions {
  services: Services;
  logger?: boolean;
  /** Where the log lines go instead of stdout (a test reads what the server logs). */
  logStream?: { write(line: string): void };
}

export async function buildApp({ services, logger = true, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: services.config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: services.config.bodyLimitBytes,
    // X-Forwarded-* only from the configured proxies: anyone else could forge the client's address.
    trustProxy: services.config.trustedProxies.length > 0 ? services.config.trustedProxies : false,
    routerOptions: { querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route with its access settings: the route-table tests and docs/permissions.md read it.
  const routeCatalogue: CataloguedRoute[] = [];
  app.decorate('routeCatalogue', routeCatalogue);
  app.decorate('rosterRouteCatalogue', [] as RosterRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeCatalogue.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        permission: route.config?.permission,
        hasBody: Boolean(route.schema?.body),
        hasIdParam: route.url.includes(':id'),
      });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', services);

  // The roster service, served from this process under /roster unless ROSTER_URL runs it on its own:
  // its own instance (documents, hooks, errors), handed each /roster request before this app's hooks.
  if (!services.config.rosterUrl) {
    const roster = await buildRosterApp({
      db: services.db,
      config: { bodyLimitBytes: services.config.bodyLimitBytes },
      host: createRosterHost(services, { secretKey: services.config.roster.secretKey }),
      logger,
      logLevel: services.config.logLevel,
    });
    await roster.ready();
    mountRoster(app, roster);
    // Its routes and what each needs, for docs/permissions.md (the route-table tests are the API's).
    app.rosterRouteCatalogue.push(...roster.rosterRoutes);
  }

  // Infrastructure first, then the application's own plugins, then routes (fastify/demo's order).
  // With S3 the browser sends upload parts to the bucket and shows page images from it.
  const fileOrigin = services.files.uploadOrigin ? [services.files.uploadOrigin] : [];
  // With Stripe configured the storefront loads Stripe.js, which frames its card fields and calls its API.
  const stripe = services.config.stripe.publishableKey && services.config.stripe.secretKey;
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = stripe ? ['https://api.stripe.com'] : [];
  // With Sentry configured the web app sends its error reports to the DSN's host.
  const sentryOrigin = services.config.sentry.dsn ? [new URL(services.config.sentry.dsn).origin] : [];
  // With the roster on its own (ROSTER_URL) the web app calls it and shows its portraits from there.
  const rosterOrigin = services.config.rosterUrl ? [new URL(services.config.rosterUrl).origin] : [];
  await app.register(helmet, {
    // HSTS is only sent over HTTPS (registerTransportSecurity), never on plain HTTP.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigin, ...rosterOrigin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...stripeScripts],
        connectSrc: ["'self'", ...fileOrigin, ...stripeApi, ...sentryOrigin, ...rosterOrigin],
        ...(stripe ? { frameSrc: ["'self'", ...stripeFrames] } : {}),
        // Only over HTTPS, per request (registerInsecureRequestUpgrade): over plain HTTP it blanks the page.
        upgradeInsecureRequests: null,
      },
    },
  });
  registerInsecureRequestUpgrade(app, services.config.publicUrl);
  registerTransportSecurity(app);
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Colophon API', version: DASHBOARD_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with a registered id (`.meta({ id })`) become components the operations point to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: withoutInsecureRequestUpgrade,
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('X-Dashboard-Version', DASHBOARD_VERSION);
  });
  registerErrorHandler(app);
  registerInputSafety(app);
  registerAuthentication(app);
  registerAudit(app);

  app.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['platform'], response: { 200: healthSchema } } },
    async () => {
      await services.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: services.dbKind, version: DASHBOARD_VERSION };
    },
  );

  await registerModules(app);
  registerNotFound(app, await serveWebApp(app, services.config.webDist));
  return app;
}
