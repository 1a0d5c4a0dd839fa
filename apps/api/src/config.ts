import { resolve } from 'node:path';
import { z } from 'zod';

const commaSeparatedIds = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(z.array(z.number().int().positive()));

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
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  tokenSecret: string | undefined;
  tokenTtlHours: number;
  privilegedUserIds: number[];
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demo: boolean;
  demoPassword: string;
  logLevel: RawConfig['LOG_LEVEL'];
  bodyLimitBytes: number;
  webDist: string | undefined;
  workers: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const raw = parsed.data;
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    tokenSecret: raw.TOKEN_SECRET,
    tokenTtlHours: raw.TOKEN_TTL_HOURS,
    privilegedUserIds: raw.PRIVILEGED_USER_IDS,
    publicUrl: raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    demo: raw.DEMO === 'true',
    demoPassword: raw.DEMO_PASSWORD,
    logLevel: raw.LOG_LEVEL,
    bodyLimitBytes: raw.BODY_LIMIT_BYTES,
    webDist: raw.WEB_DIST,
    workers: raw.WORKERS === 'true',
  };
}
