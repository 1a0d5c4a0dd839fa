import type { Db, users } from '@colophon/db';
import type { Permission } from '@colophon/domain';
import type { RosterRoute } from '@colophon/roster';
import type { Config } from './config';
import type { Mailer } from './integrations/email/mailer';
import type { FileStore } from './integrations/files/file-store';
import type { PaymentsAdapter } from './integrations/payments/payments-adapter';
import type { SessionCache } from './modules/auth/session-cache';
import type { EventHub } from './modules/events/hub';

export type UserRow = typeof users.$inferSelect;

/** Who is calling, resolved once per request from the bearer token. */
export interface AuthContext {
  sessionId: string;
  user: UserRow;
  /** The super administrator behind an impersonation. */
  originalUser: UserRow | null;
  mfaRequired: boolean;
  mfaValidated: boolean;
  expiresAt: Date;
}

/** The time rules are judged by (sliding windows, waits); tests move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

/** What every module gets: no module reaches for globals. */
export interface Services {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  mailer: Mailer;
  files: FileStore;
  /** The online stores' payments: Stripe, or the embedded offline default. */
  payments: PaymentsAdapter;
  tokenSecret: Uint8Array;
  clock: Clock;
  /** Resolved sessions of this process; see modules/auth/session-cache.ts. */
  sessionCache: SessionCache;
  /** The database's change events heard by this process, for the live stream (events/hub.ts). */
  events: EventHub;
}

export interface CataloguedRoute {
  method: string;
  url: string;
  public: boolean;
  permission: Permission | undefined;
  hasBody: boolean;
  hasIdParam: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeCatalogue: CataloguedRoute[];
    /** The roster service's routes when this process serves it (empty with ROSTER_URL). */
    rosterRouteCatalogue: RosterRoute[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Opens the route without a session (sign-in, password reset, health). */
    public?: boolean;
    /** Opens the route to a session whose multi-factor step is still pending. */
    mfaStep?: boolean;
    /** Opens the route to a user who must first choose a new password. */
    passwordStep?: boolean;
    /** The permission the caller needs (checked after authentication). */
    permission?: Permission;
  }
}
