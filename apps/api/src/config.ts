import { isIP } from 'node:net';
import { resolve } from 'node:path';
import {
  DEFAULT_PROCESSING_LIMITS,
  MAX_PROOF_FILE_BYTES,
  MAX_PROOF_FILE_PAGES,
  type ProcessingLimits,
} from '@colophon/domain';
import { z } from 'zod';
import { type ConfiguratorSettings, configuratorSettings } from './integrations/configurator/adapter';

/** `a, b,c`: the comma-separated entries of a setting, trimmed, empty ones dropped; unset: none. */
const commaList = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

const commaSeparatedIds = commaList.transform((parts) => parts.map(Number)).pipe(z.array(z.number().int().positive()));

/** An address, a CIDR range, or one of proxy-addr's names for the usual private ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** `10.0.0.1, 10.1.0.0/16`: the reverse proxies whose X-Forwarded-* headers are believed. */
const proxyList = commaList.pipe(z.array(z.string().refine(isProxyAddress, 'not an IP address or CIDR range')));

/** `name=https://…,other=https://…`: one outside service's URL per name (software code, automation). */
const endpointList = commaList
  .transform((parts) =>
    parts.map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  )
  .pipe(z.array(z.tuple([z.string().regex(/^[a-z0-9-]+$/), z.url({ protocol: /^https?$/ })])))
  .transform((pairs) => Object.fromEntries(pairs) as Record<string, string>);

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** HMAC secret for identity tokens and signed file URLs; generated and kept in the database when unset. */
  TOKEN_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  PRIVILEGED_USER_IDS: commaSeparatedIds,
  PUBLIC_URL: z.string().url().optional(),
  /** Reverse proxies allowed to say who the client is (X-Forwarded-For/-Proto); none by default. */
  TRUSTED_PROXIES: proxyList,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Colophon <no-reply@colophon.test>'),
  DEMO: z.enum(['true', 'false']).default('true'),
  DEMO_PASSWORD: z.string().min(8).default('colophon-demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 * 1024),
  WEB_DIST: z.string().optional(),
  /** Run the queue workers (uploads, proofs) in this process; 'false' for an API-only process. */
  WORKERS: z.enum(['true', 'false']).default('true'),
  /**
   * What this process is: 'api' (HTTP only), 'worker' (the queue workers only) or 'all'; unset: 'all',
   * or 'api' with WORKERS=false. Several of each can share one PostgreSQL (not PGlite: one process).
   */
  COLOPHON_ROLE: z.enum(['api', 'worker', 'all']).optional(),
  /** How long a worker's claim holds a job without a heartbeat; a crashed worker's job waits this long. */
  QUEUE_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  /** Software whose proofs are turned back there (`3=https://…`); unset: the offline default. */
  PROOF_SOFTWARE_ENDPOINTS: endpointList,
  PROOF_SOFTWARE_SECRET: z.string().min(16).optional(),
  /** Automation services proofs are sent to (`prepress=https://…`); unset: the offline default. */
  PROOF_AUTOMATION_ENDPOINTS: endpointList,
  PROOF_AUTOMATION_SECRET: z.string().min(16).optional(),
  /**
   * Plants that take job tickets over HTTP (`blt1=https://…`, by manufacturer code in lower case),
   * signed with the manufacturer's postback secret; unset: the ticket goes to the order's folder.
   */
  PLANT_TICKET_ENDPOINTS: endpointList,
  /** The layout configurator (`GET <url>/dashboard/wip/{id}` with this bearer token); unset: the latest proof's pages. */
  CONFIGURATOR_URL: z.string().url().optional(),
  CONFIGURATOR_ACCESS_TOKEN: z.string().min(16).optional(),
  INTEGRATION_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** A sales tax vendor's "rate by ZIP" JSON API (`GET <url>?zip=…`); unset: our per-state table. */
  SALES_TAX_API_URL: z.string().url().optional(),
  SALES_TAX_API_KEY: z.string().min(1).optional(),
  /** Stripe for the online stores' cards; unset: the embedded (offline, test-mode) payments adapter. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'a Stripe publishable key (pk_…)').optional(),
  /**
   * The roster service's own address (`https://roster.example.org`, its paths under `/roster` there);
   * unset: the dashboard's process serves the roster itself under `/roster`.
   */
  ROSTER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The port of the roster service run as its own process (`npm run roster`). */
  ROSTER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** The key the roster seals OneRoster client secrets with; unset: derived from the token secret. */
  ROSTER_SECRET_KEY: z.string().min(32).optional(),
  /** The dashboard's origin, allowed to call a roster on its own origin; unset: PUBLIC_URL's. */
  DASHBOARD_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** Uncaught interface errors go to this Sentry project (its public DSN); unset: to POST /api/client_errors. */
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).default('production'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'a Stripe webhook secret (whsec_…)')
    .optional(),
  /** Another Stripe endpoint than api.stripe.com (a local fake in tests). */
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * QuickBooks Online for the accounting sync (issue 13); unset: the embedded adapter, which numbers
   * the invoices and renders their PDFs itself. The realm and refresh token may instead come from the
   * accounting_connections row (rotated refresh tokens are kept there).
   */
  QUICKBOOKS_CLIENT_ID: z.string().min(1).optional(),
  QUICKBOOKS_CLIENT_SECRET: z.string().min(1).optional(),
  QUICKBOOKS_REALM_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'a QuickBooks company id (digits)')
    .optional(),
  QUICKBOOKS_REFRESH_TOKEN: z.string().min(1).optional(),
  QUICKBOOKS_ENVIRONMENT: z.enum(['sandbox', 'production']).default('production'),
  /** The product or service item the invoice lines are booked to (QuickBooks needs one per line). */
  QUICKBOOKS_ITEM_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'a QuickBooks item id (digits)')
    .default('1'),
  /** Another QuickBooks API and token endpoint (a local fake in tests). */
  QUICKBOOKS_API_BASE: z.string().url().optional(),
  QUICKBOOKS_TOKEN_URL: z.string().url().optional(),
  QUICKBOOKS_REVOKE_URL: z.string().url().optional(),
  QUICKBOOKS_AUTHORIZE_URL: z.string().url().optional(),
  /** The bank (or clearing) account a refund is paid from: QuickBooks' RefundReceipt needs one. */
  QUICKBOOKS_REFUND_ACCOUNT_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'a QuickBooks account id (digits)')
    .optional(),
  /** Files in this S3 bucket (presigned uploads) instead of ./data/files; credentials: the usual AWS_* chain. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).optional(),
  AWS_REGION: z.string().min(1).optional(),
  /** An S3-compatible service (MinIO, R2…) instead of AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Part size of resumable uploads: S3 takes parts of 5 MiB and more (all but the last). */
  UPLOAD_PART_BYTES: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .max(512 * 1024 * 1024)
    .default(16 * 1024 * 1024),
  /**
   * Proof processing one user may ask for in an hour (pages, and bytes of files); never below one
   * upload of the largest book, so a single upload always fits in an empty hour.
   */
  PROCESSING_PAGES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(MAX_PROOF_FILE_PAGES)
    .default(DEFAULT_PROCESSING_LIMITS.pagesPerHour),
  PROCESSING_BYTES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(MAX_PROOF_FILE_BYTES)
    .default(DEFAULT_PROCESSING_LIMITS.bytesPerHour),
});

/** Outside services reached by signed HTTP calls: a URL per name, one HMAC secret, a timeout. */
export interface SignedEndpoints {
  endpoints: Record<string, string>;
  secret: string | undefined;
  timeoutMs: number;
}

export type RawConfig = z.infer<typeof configSchema>;

/** The S3 file store (S3_BUCKET set). Without `credentials` the AWS SDK's default chain finds them. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  tokenSecret: string | undefined;
  tokenTtlHours: number;
  privilegedUserIds: number[];
  publicUrl: string;
  /** Empty: X-Forwarded-* headers are ignored and the client is the socket's address. */
  trustedProxies: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  demo: boolean;
  demoPassword: string;
  logLevel: RawConfig['LOG_LEVEL'];
  bodyLimitBytes: number;
  webDist: string | undefined;
  /** This process's part: HTTP ('api'), the queue workers ('worker') or both ('all'). */
  role: 'api' | 'worker' | 'all';
  /** Whether the queue workers run here (role 'worker' or 'all'). */
  workers: boolean;
  queueLeaseMs: number;
  proofSoftware: SignedEndpoints;
  proofAutomation: SignedEndpoints;
  /** Job-ticket endpoints per manufacturer code; each manufacturer signs with its own secret. */
  plantTickets: Pick<SignedEndpoints, 'endpoints' | 'timeoutMs'>;
  /** The layout configurator's work in progress (null: the offline default, the latest proof's pages). */
  configurator: ConfiguratorSettings | null;
  /** Null: files on local disk under dataDir/files. */
  s3: S3Settings | null;
  uploadPartBytes: number;
  processingLimits: ProcessingLimits;
  /** The roster service's address when it runs as its own process; null: served here under /roster. */
  rosterUrl: string | null;
  /** The roster run on its own: its port, its secrets' key, and the dashboard origin it answers (CORS). */
  roster: { port: number; secretKey: string | undefined; dashboardOrigin: string };
  /** Error reporting of the web app (part 8): Sentry's DSN, or none (the API's own client_errors). */
  sentry: { dsn: string | undefined; environment: string };
  /** Stripe (secretKey unset: the embedded payments adapter). */
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string | undefined;
  };
  /** The sales tax vendor (null: the per-state table of the domain). */
  salesTaxApi: { url: string; key: string | undefined; timeoutMs: number } | null;
  /** QuickBooks Online (null: the embedded accounting adapter). */
  quickbooks: QuickBooksSettings | null;
}

/** QuickBooks Online's app credentials; the company and refresh token may come from the database instead. */
export interface QuickBooksSettings {
  clientId: string;
  clientSecret: string;
  realmId: string | undefined;
  refreshToken: string | undefined;
  environment: 'sandbox' | 'production';
  itemId: string;
  /** Without the `/v3/company/` path: `https://quickbooks.api.intuit.com`. */
  apiBase: string;
  tokenUrl: string;
  /** Intuit's token revocation and authorization addresses (a local fake in tests). */
  revokeUrl: string;
  authorizeUrl: string;
  /** Where Intuit sends the administrator back after "Connect QuickBooks": `<PUBLIC_URL>/api/quickbooks/callback`. */
  redirectUri: string;
  /** The account refunds are paid from (RefundReceipt's DepositToAccountRef); unset: refunds wait for it. */
  refundAccountId: string | undefined;
  timeoutMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const raw = parsed.data;
  const role = raw.COLOPHON_ROLE ?? (raw.WORKERS === 'true' ? 'all' : 'api');
  if (role === 'worker' && !raw.DATABASE_URL) {
    throw new Error(
      `Invalid configuration: COLOPHON_ROLE: '${role}' needs DATABASE_URL (PGlite serves one process: its workers run in it)`,
    );
  }
  for (const [endpoints, secret] of [
    ['PROOF_SOFTWARE_ENDPOINTS', 'PROOF_SOFTWARE_SECRET'],
    ['PROOF_AUTOMATION_ENDPOINTS', 'PROOF_AUTOMATION_SECRET'],
  ] as const) {
    if (Object.keys(raw[endpoints]).length > 0 && !raw[secret])
      throw new Error(`Invalid configuration: ${secret}: required with ${endpoints}`);
  }
  // Stripe without its publishable key leaves the storefront unable to take a card; without the webhook
  // secret, a payment finished by 3-D Secure would never settle.
  if (raw.STRIPE_SECRET_KEY && (!raw.STRIPE_PUBLISHABLE_KEY || !raw.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY',
    );
  }
  if (raw.QUICKBOOKS_CLIENT_ID && !raw.QUICKBOOKS_CLIENT_SECRET) {
    throw new Error('Invalid configuration: QUICKBOOKS_CLIENT_SECRET: required with QUICKBOOKS_CLIENT_ID');
  }
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    tokenSecret: raw.TOKEN_SECRET,
    tokenTtlHours: raw.TOKEN_TTL_HOURS,
    privilegedUserIds: raw.PRIVILEGED_USER_IDS,
    publicUrl: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    trustedProxies: raw.TRUSTED_PROXIES,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    demo: raw.DEMO === 'true',
    demoPassword: raw.DEMO_PASSWORD,
    logLevel: raw.LOG_LEVEL,
    bodyLimitBytes: raw.BODY_LIMIT_BYTES,
    webDist: raw.WEB_DIST,
    role,
    workers: role !== 'api',
    queueLeaseMs: raw.QUEUE_LEASE_MS,
    rosterUrl: raw.ROSTER_URL ?? null,
    roster: {
      port: raw.ROSTER_PORT,
      secretKey: raw.ROSTER_SECRET_KEY,
      dashboardOrigin: new URL(raw.DASHBOARD_ORIGIN ?? raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).origin,
    },
    sentry: { dsn: raw.SENTRY_DSN, environment: raw.SENTRY_ENVIRONMENT },
    stripe: {
      secretKey: raw.STRIPE_SECRET_KEY,
      publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
      apiBase: raw.STRIPE_API_BASE,
    },
    salesTaxApi: raw.SALES_TAX_API_URL
      ? { url: raw.SALES_TAX_API_URL, key: raw.SALES_TAX_API_KEY, timeoutMs: raw.INTEGRATION_TIMEOUT_MS }
      : null,
    quickbooks:
      raw.QUICKBOOKS_CLIENT_ID && raw.QUICKBOOKS_CLIENT_SECRET
        ? {
            clientId: raw.QUICKBOOKS_CLIENT_ID,
            clientSecret: raw.QUICKBOOKS_CLIENT_SECRET,
            realmId: raw.QUICKBOOKS_REALM_ID,
            refreshToken: raw.QUICKBOOKS_REFRESH_TOKEN,
            environment: raw.QUICKBOOKS_ENVIRONMENT,
            itemId: raw.QUICKBOOKS_ITEM_ID,
            apiBase: (
              raw.QUICKBOOKS_API_BASE ??
              (raw.QUICKBOOKS_ENVIRONMENT === 'sandbox'
                ? 'https://sandbox-quickbooks.api.intuit.com'
                : 'https://quickbooks.api.intuit.com')
            ).replace(/\/+$/, ''),
            tokenUrl: raw.QUICKBOOKS_TOKEN_URL ?? 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
            revokeUrl: raw.QUICKBOOKS_REVOKE_URL ?? 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
            authorizeUrl: raw.QUICKBOOKS_AUTHORIZE_URL ?? 'https://appcenter.intuit.com/connect/oauth2',
            redirectUri: `${(raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '')}/api/quickbooks/callback`,
            refundAccountId: raw.QUICKBOOKS_REFUND_ACCOUNT_ID,
            timeoutMs: raw.INTEGRATION_TIMEOUT_MS,
          }
        : null,
    proofSoftware: {
      endpoints: raw.PROOF_SOFTWARE_ENDPOINTS,
      secret: raw.PROOF_SOFTWARE_SECRET,
      timeoutMs: raw.INTEGRATION_TIMEOUT_MS,
    },
    proofAutomation: {
      endpoints: raw.PROOF_AUTOMATION_ENDPOINTS,
      secret: raw.PROOF_AUTOMATION_SECRET,
      timeoutMs: raw.INTEGRATION_TIMEOUT_MS,
    },
    plantTickets: { endpoints: raw.PLANT_TICKET_ENDPOINTS, timeoutMs: raw.INTEGRATION_TIMEOUT_MS },
    configurator: configuratorSettings(raw.CONFIGURATOR_URL, raw.CONFIGURATOR_ACCESS_TOKEN, raw.INTEGRATION_TIMEOUT_MS),
    s3: raw.S3_BUCKET
      ? {
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION ?? raw.AWS_REGION ?? 'us-east-1',
          endpoint: raw.S3_ENDPOINT,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
    uploadPartBytes: raw.UPLOAD_PART_BYTES,
    processingLimits: { pagesPerHour: raw.PROCESSING_PAGES_PER_HOUR, bytesPerHour: raw.PROCESSING_BYTES_PER_HOUR },
  };
}
