import type { Readable } from 'node:stream';
import type { Permission, RateLimitBucket } from '@colophon/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The dashboard user behind a roster call, as the dashboard resolved it. */
export interface DashboardCaller {
  sessionId: string;
  user: { id: number; bSuperAdmin: boolean };
  /** Still owing the second factor: the roster, like the dashboard, waits for it. */
  mfaPending: boolean;
  can(permission: Permission): boolean;
  /** The dashboard's impersonation rule on methods (spec part 6), asked before any other. */
  allowsMethod(method: string): boolean;
}

/**
 * The dashboard's file store (local disk or S3), as far as the roster uses it: an uploaded bundle is
 * kept there so that a worker in another process can read it.
 */
export interface RosterFileStore {
  /** Stores a stream without holding it in memory; nothing is stored if it fails. */
  putStream(
    key: string,
    body: Readable,
    contentType: string,
    options?: { maxBytes?: number },
  ): Promise<{ size: number }>;
  /** The file as a stream; null when there is no such file. */
  getStream(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

/** What a person may do to a roster job from the roster's jobs page. */
export type RosterJobAction = 'retry' | 'cancel';

export type ProblemCode = 'validation' | 'unauthenticated' | 'forbidden' | 'mfa_required' | 'not_found' | 'conflict';

/**
 * What the roster takes from the dashboard it serves, passed in rather than imported: the dashboard
 * mounts the roster, so the roster's code never imports the dashboard's (no cycle). The dashboard
 * builds it in apps/api/src/roster-host.ts, from its own session, visibility and error code.
 */
export interface RosterHost {
  /** A dashboard bearer token → its caller, exactly as the dashboard's own routes resolve it. */
  resolveBearer(token: string): Promise<DashboardCaller | null>;
  /** The caller of a dashboard session still alive (not signed out, expired or revoked), else null. */
  callerOfSession(sessionId: string, userId: number): Promise<DashboardCaller | null>;
  /** The dashboard account ids the caller sees, as a subquery; null for a super administrator. */
  visibleAccountIds(caller: DashboardCaller): SQL | null;
  /** The dashboard's problem+json error handler, registered on the roster's instance. */
  registerErrorHandler(app: FastifyInstance): void;
  sendProblem(reply: import('fastify').FastifyReply, status: number, title: string, detail: string): unknown;
  /** An error the handler answers as problem+json; `field` names the input at fault (a 400). */
  problem(code: ProblemCode, detail: string, field?: string): Error;
  /**
   * A person's action on a roster job (`queue_roster`) through the dashboard's queue engine: only the
   * domain's transitions (else the dashboard's 409 naming from and to, nothing changed; 404 when it is
   * gone), the history line naming the person at the keyboard. The caller has checked access first.
   */
  moveRosterJob(caller: DashboardCaller, id: number, action: RosterJobAction): Promise<unknown>;
  /**
   * Counts one hit of `subject` in the dashboard's rate limiter (counters in the database, so every
   * process counts alike); over the bucket's limit it throws the dashboard's 429 with retry-after.
   */
  takeHit(bucket: RateLimitBucket, subject: string): Promise<void>;
  /** The dashboard's audit row for a roster write that succeeded: who (and as whom), what, from where. */
  audit(caller: DashboardCaller, request: FastifyRequest): Promise<void>;
  /** Where uploaded bundles are kept for the import job (the dashboard's file store). */
  files: RosterFileStore;
  /**
   * Signs the text of a link opened without a session (an export's download): HMAC-SHA256 under a
   * key derived from the dashboard's token secret, which every process of one database shares, so a
   * link signed by one process opens on another. The text names what and until when.
   */
  signLink(text: string): string;
  /** Whether `signature` is signLink's for this text (compared in constant time). */
  verifyLink(text: string, signature: string): boolean;
  /** Seals and opens configuration secrets (AES-256-GCM under ROSTER_SECRET_KEY). */
  secrets: { seal(plain: string): string; open(sealed: string): string | null };
}
