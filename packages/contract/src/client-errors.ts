import {
  CLIENT_ERROR_MAX_BATCH,
  CLIENT_ERROR_MAX_BODY_BYTES,
  CLIENT_ERROR_MAX_MESSAGE,
  CLIENT_ERROR_MAX_STACK,
  CLIENT_ERROR_REPORTS_KEPT,
} from '@colophon/domain';
import { z } from 'zod';
import { clientErrorList } from './client-error-lists';
import { idParamsSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import { defineResourceContract } from './resource-contract';

/*
 * Part 8's error reporting to the API's own service (issue 15): the web posts uncaught interface
 * errors in batches; the API stores them grouped by message and first stack frame; super
 * administrators read the groups. Who reported comes from the session, never from the body.
 */

const tags = ['client_errors'] as const;

/** One uncaught interface error as the web's reporter sends it. */
export const clientErrorReportSchema = z.object({
  message: z.string().trim().min(1).max(CLIENT_ERROR_MAX_MESSAGE),
  /** The first five lines of the stack (part 8). */
  stack: z.string().max(CLIENT_ERROR_MAX_STACK).default(''),
  /** Where the web caught it: 'react.uncaught', 'window.error', 'route'… */
  context: z.string().trim().max(60).optional(),
  url: z.string().max(2000).optional(),
});
export type ClientErrorReport = z.input<typeof clientErrorReportSchema>;

export const clientErrorBatchSchema = z.object({
  reports: z.array(clientErrorReportSchema).min(1).max(CLIENT_ERROR_MAX_BATCH),
});

/** A group of reports: one fault, however often it was seen. */
export const clientErrorGroupSchema = z
  .object({
    id: z.number().int(),
    message: z.string(),
    /** The first stack frame below the message: where it was thrown. */
    firstFrame: z.string(),
    count: z.number().int(),
    firstSeenAt: timestampSchema,
    lastSeenAt: timestampSchema,
    lastUserId: z.number().int().nullable(),
    lastUserName: z.string().nullable(),
    lastUserEmail: z.string().nullable(),
    lastUrl: z.string().nullable(),
  })
  .meta({ id: 'ClientErrorGroup' });
export type ClientErrorGroup = z.infer<typeof clientErrorGroupSchema>;

/** `GET /api/client_errors` (super administrators): the groups, the latest seen first. */
export const clientErrorsContract = defineResourceContract({
  name: 'client_errors',
  label: 'Client error',
  item: clientErrorGroupSchema,
  ...clientErrorList,
  offers: ['list', 'get'],
  permission: { read: 'super.audit', write: 'super.audit' },
});

export const clientErrorReportItemSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  stack: z.string(),
  context: z.string().nullable(),
  url: z.string().nullable(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: timestampSchema,
});
export type ClientErrorReportItem = z.infer<typeof clientErrorReportItemSchema>;

/** What the web needs before it can report: whether to send to Sentry, and where. */
export const clientConfigSchema = z.object({
  /** The public DSN of the Sentry project; null: reports go to `POST /api/client_errors`. */
  sentryDsn: z.string().nullable(),
  /** The environment Sentry files reports under (`production`, `staging`…). */
  environment: z.string(),
  /** The roster service's ROSTER_URL when it runs on its own; null: `/roster` at this origin. */
  rosterUrl: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const clientErrorOperations = {
  /**
   * Reports one batch. Open without a session (the sign-in page breaks too), rate-limited per address
   * (429) and size-limited (413 over 16 kB, refused from its length before the body is read).
   */
  report: defineOperation({
    method: 'POST',
    path: '/api/client_errors',
    body: clientErrorBatchSchema,
    responses: {
      202: z.object({
        /** Reports stored in their group. */
        stored: z.number().int(),
        /** Console-only noise (part 8's list), not stored. */
        ignored: z.number().int(),
      }),
      ...problemResponses(400, 413, 429),
    },
    public: true,
    bodyLimit: CLIENT_ERROR_MAX_BODY_BYTES,
    summary: 'Report uncaught interface errors',
    tags,
  }),
  /** A group's latest reports (at most `CLIENT_ERROR_REPORTS_KEPT`), newest first. */
  reports: defineOperation({
    method: 'GET',
    path: '/api/client_errors/:id/reports',
    params: idParamsSchema,
    responses: {
      200: z.object({ data: z.array(clientErrorReportItemSchema).max(CLIENT_ERROR_REPORTS_KEPT) }),
      ...problemResponses(401, 403, 404),
    },
    permission: 'super.audit',
    summary: "A client error group's latest reports",
    tags,
  }),
  config: defineOperation({
    method: 'GET',
    path: '/api/client_config',
    responses: { 200: clientConfigSchema },
    public: true,
    summary: "The web app's runtime settings (error reporting, the roster's address)",
    tags,
  }),
};
