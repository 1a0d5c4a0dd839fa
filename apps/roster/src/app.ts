import type { Db } from '@colophon/db';
import { DASHBOARD_VERSION, type Permission, parseQueryString } from '@colophon/domain';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { callerOfRosterToken, openRosterSession, type RosterContext } from './access';
import { ROSTER_SESSION_HEADER, sessionResponseSchema } from './contract';
import type { DashboardCaller, RosterHost } from './host';
import { MAX_ROSTER_BUNDLE_BYTES } from './imports';
import { migrateRoster } from './migrate';
import { addProblemMessage } from './problem-message';
import { registerDistrictRoutes } from './routes/districts';
import { registerExportPresetRoutes } from './routes/export-presets';
import { registerExportRoutes } from './routes/exports';
import { registerImportRoutes } from './routes/imports';
import { registerIndividualRoutes } from './routes/individuals';
import { registerJobRoutes } from './routes/jobs';
import { registerPortraitRoutes } from './routes/portraits';
import { registerSchoolRoutes } from './routes/schools';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The dashboard permission a roster call needs (reading: roster.view, changing: roster.manage). */
    rosterPermission?: Permission;
    /** Answered without a roster session (opening one, the OpenAPI document). */
    rosterOpen?: boolean;
  }
  interface FastifyRequest {
    rosterCaller: DashboardCaller | null;
  }
  interface FastifyInstance {
    /** Every roster route with the permission it needs: the dashboard lists them in docs/permissions.md. */
    rosterRoutes: RosterRoute[];
  }
}

export interface RosterRoute {
  method: string;
  url: string;
  /** Answered without a roster session. */
  open: boolean;
  permission: Permission | undefined;
}

export interface RosterConfig {
  /** The dashboard's origin, allowed to call a roster running on its own (CORS); none when mounted. */
  dashboardOrigin?: string | undefined;
  bodyLimitBytes?: number;
  /** The largest OneRoster bundle POST /roster/imports takes (default MAX_ROSTER_BUNDLE_BYTES). */
  maxImportBytes?: number;
}

export interface BuildRosterAppOptions {
  db: Db;
  config: RosterConfig;
  host: RosterHost;
  logger?: boolean;
  logLevel?: string;
}

export type RosterApp = FastifyInstance;

/**
 * The roster service: its own Fastify instance, OpenAPI document (/roster/docs) and session headers,
 * on its own tables (schema `roster`, migrated here before it answers). The dashboard's process
 * serves it under /roster (apps/api mounts it), or main.ts runs it alone.
 */
export async function buildRosterApp({
  db,
  config,
  host,
  logger = false,
  logLevel = 'info',
}: BuildRosterAppOptions): Promise<RosterApp> {
  await migrateRoster(db);
  const app = Fastify({
    logger: logger
      ? { level: logLevel, redact: ['req.headers.authorization', 'req.headers["x-roster-session"]'] }
      : false,
    bodyLimit: config.bodyLimitBytes ?? 1_048_576,
    // The dashboard's reading of a query: the web sends a list as `grade[]=09&grade[]=10`.
    routerOptions: { querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('rosterCaller', null);
  const rosterRoutes: RosterRoute[] = [];
  app.decorate('rosterRoutes', rosterRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/roster/') || route.url.startsWith('/roster/docs')) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD') continue;
      rosterRoutes.push({
        method,
        url: route.url,
        open: route.config?.rosterOpen === true,
        permission: route.config?.rosterPermission,
      });
    }
  });

  // Before any plugin, so that the documents' routes answer problems too.
  host.registerErrorHandler(app);
  addProblemMessage(app);
  if (config.dashboardOrigin) allowDashboardOrigin(app, config.dashboardOrigin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Colophon roster service', version: DASHBOARD_VERSION },
      components: {
        securitySchemes: {
          rosterSession: { type: 'apiKey', in: 'header', name: ROSTER_SESSION_HEADER },
          // Only POST /roster/session takes the dashboard's own bearer token.
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ rosterSession: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/roster/docs', staticCSP: true });
  // Bundle uploads (POST /roster/imports) only; the route streams the file part to disk itself.
  // Over the cap a file part ends truncated (not thrown), and the route answers 400 naming the file.
  await app.register(multipart, {
    limits: { fileSize: config.maxImportBytes ?? MAX_ROSTER_BUNDLE_BYTES },
    throwFileSizeLimit: false,
  });
  app.setNotFoundHandler((request, reply) =>
    host.sendProblem(reply, 404, 'Not Found', `No route ${request.method} ${request.url.split('?')[0]}.`),
  );

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || url.startsWith('/roster/docs') || request.routeOptions.config.rosterOpen) return;
    const header = request.headers[ROSTER_SESSION_HEADER.toLowerCase()];
    const token = typeof header === 'string' ? header.trim() : '';
    const caller = token ? await callerOfRosterToken(db, host, token) : null;
    if (!caller) {
      throw host.problem(
        'unauthenticated',
        token
          ? 'Your roster session has ended. Open a new one with POST /roster/session.'
          : `Send the ${ROSTER_SESSION_HEADER} header from POST /roster/session.`,
      );
    }
    authorise(host, caller, request);
    request.rosterCaller = caller;
  });

  // One audit row for every roster write that succeeded, as the dashboard's own writes get (its
  // rule and its row), written before the answer leaves so no write is seen without its row.
  app.addHook('onSend', async (request, reply, payload) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return payload;
    if (reply.statusCode >= 400 || !request.rosterCaller) return payload;
    await host.audit(request.rosterCaller, request);
    return payload;
  });

  app.post(
    '/roster/session',
    {
      config: { rosterOpen: true },
      schema: {
        tags: ['session'],
        summary: "Open a roster session with the dashboard's bearer token; answers the headers every other call needs",
        security: [{ bearer: [] }],
        response: { 201: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const authorization = request.headers.authorization;
      const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
      const caller = bearer ? await host.resolveBearer(bearer) : null;
      if (!caller) {
        throw host.problem(
          'unauthenticated',
          bearer ? 'Your session has ended. Please sign in again.' : 'Please sign in to continue.',
        );
      }
      authorise(host, caller, request);
      await host.takeHit('rosterSession', String(caller.user.id));
      const token = await openRosterSession(db, caller);
      return reply.code(201).send({ headers: { [ROSTER_SESSION_HEADER]: token } });
    },
  );

  const contextOf = (request: FastifyRequest): RosterContext => {
    if (!request.rosterCaller) throw host.problem('unauthenticated', 'Please sign in to continue.');
    return { db, host, caller: request.rosterCaller };
  };
  registerDistrictRoutes(app, contextOf);
  registerSchoolRoutes(app, contextOf);
  registerIndividualRoutes(app, contextOf);
  registerPortraitRoutes(app, contextOf);
  registerJobRoutes(app, contextOf);
  registerExportPresetRoutes(app, contextOf);
  registerImportRoutes(app, contextOf, { maxBundleBytes: config.maxImportBytes ?? MAX_ROSTER_BUNDLE_BYTES });
  registerExportRoutes(app, contextOf, { db, host });
  return app;
}

/** The dashboard's gates, in its order: impersonation's methods, the second factor, the permission. */
function authorise(host: RosterHost, caller: DashboardCaller, request: FastifyRequest) {
  if (!caller.allowsMethod(request.method)) throw host.problem('forbidden', 'Invalid HTTP method. 403 Not Authorized.');
  if (caller.mfaPending) throw host.problem('mfa_required', 'Enter your verification code to continue.');
  const permission = request.routeOptions.config.rosterPermission;
  if (permission && !caller.can(permission)) throw host.problem('forbidden', 'You do not have permission to do this.');
}

/** A roster on its own origin answers the dashboard's browser calls (and their preflights) only. */
function allowDashboardOrigin(app: FastifyInstance, origin: string) {
  const allowed = new URL(origin).origin;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Vary', 'Origin');
    if (request.headers.origin !== allowed) return;
    reply.header('Access-Control-Allow-Origin', allowed);
    reply.header('Access-Control-Expose-Headers', 'X-Dashboard-Version');
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
      reply.header('Access-Control-Allow-Headers', `Authorization, Content-Type, ${ROSTER_SESSION_HEADER}`);
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}

/** The dashboard's process serving the roster under /roster: every /roster request goes to its instance. */
export function mountRoster(dashboard: FastifyInstance, rosterApp: RosterApp) {
  dashboard.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    if (path !== '/roster' && !path.startsWith('/roster/')) return done();
    // The body is still unread here, so the roster's own parsers, hooks and limits handle it.
    reply.hijack();
    rosterApp.routing(request.raw, reply.raw);
  });
  dashboard.addHook('onClose', async () => {
    await rosterApp.close();
  });
}
