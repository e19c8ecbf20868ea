import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MONTHLY_PRICE_ILS } from '../contract/constants.ts';

const flag = z.enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  PLATFORM_ADMIN_USERNAME: z.string().min(3).optional(),
  PLATFORM_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_DATA: flag.optional(),
  /** An SMTP server (smtp://user:pass@host:587 or smtps://…) for password reset links; none: no e-mail is sent. */
  SMTP_URL: z.url().optional(),
  /** The sender of those e-mails, e.g. `Shalav <no-reply@example.com>`. */
  MAIL_FROM: z.string().min(3).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies may set X-Forwarded-For (the client address the rate limits count by):
   * 'loopback' (a proxy on this host), 'none', or a comma-separated list of addresses/CIDRs.
   */
  TRUST_PROXY: z.string().min(1).default('loopback'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PATH_STYLE: flag.optional(),
  /** Photo bytes one project may upload per local day (docs/decisions/011-uploads-under-load.md). */
  UPLOAD_QUOTA_MB_PER_DAY: z.coerce.number().positive().default(2000),
  /** How long one photo upload may take to arrive, from its first byte of headers to its last byte of body. */
  UPLOAD_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  /** The price a new project is registered at, in shekels before VAT (docs/product.md "Billing and VAT"). */
  MONTHLY_PRICE_ILS: z.coerce.number().min(0).max(1_000_000).default(DEFAULT_MONTHLY_PRICE_ILS),
  /** Days after a billing date on which a failed charge is tried again; after the last the project goes inactive. */
  BILLING_RETRY_DAYS: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3})*$/, 'must be days as a comma-separated list, e.g. 1,3,7')
    .default('1,3,7'),
  /** How often the server runs billing by itself; 0 turns the in-process run off. */
  BILLING_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  /** The seller on tax invoices. */
  BILLING_BUSINESS_NAME: z.string().min(1).default('Shalav'),
  BILLING_BUSINESS_ID: z.string().min(1).default('000000000'),
  BILLING_BUSINESS_ADDRESS: z.string().default(''),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  platformAdmin: { username: string; password: string } | undefined;
  /** undefined: decide at start (on for an empty embedded database). */
  demoData: boolean | undefined;
  logLevel: string;
  /** Where the built web app is; absent in tests. */
  webRoot: string | undefined;
  /** Fastify's trustProxy: false, or the proxies allowed to name the client address. */
  trustProxy: false | string | string[];
  /** Photo storage in an S3-compatible bucket instead of DATA_DIR/objects. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; pathStyle: boolean } | undefined;
  /** Photo bytes a project may upload per local day, counting open upload addresses at the largest photo. */
  uploadQuotaBytesPerDay: number;
  /** A photo PUT whose body has not fully arrived by then is cut off (its address is freed again). */
  uploadTimeoutMs: number;
  /** Outgoing e-mail (password reset links); undefined: the server sends none. */
  mail: { smtpUrl: string; from: string } | undefined;
  billing: {
    /** A new project's monthly price before VAT, in agorot. */
    defaultPriceAgorot: number;
    /** Days after the billing date for each retry of a failed charge, ascending. */
    retryDays: number[];
    /** 0: no in-process billing run. */
    intervalMs: number;
    /** The seller named on every tax invoice. */
    business: { name: string; registrationNumber: string; address: string };
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.PLATFORM_ADMIN_USERNAME) !== Boolean(e.PLATFORM_ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  - PLATFORM_ADMIN_USERNAME and PLATFORM_ADMIN_PASSWORD must be set together');
  }
  const s3Vars = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Vars.some(Boolean) && !s3Vars.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  - S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    throw new ConfigError('Invalid configuration:\n  - SMTP_URL and MAIL_FROM must be set together');
  }
  const trustProxy =
    e.TRUST_PROXY === 'none' ? false : e.TRUST_PROXY.includes(',') ? e.TRUST_PROXY.split(',').map((v) => v.trim()) : e.TRUST_PROXY;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    platformAdmin: e.PLATFORM_ADMIN_USERNAME ? { username: e.PLATFORM_ADMIN_USERNAME, password: e.PLATFORM_ADMIN_PASSWORD! } : undefined,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    webRoot: path.resolve('dist/web'),
    trustProxy,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          // AWS takes the bucket in the host name; most S3-compatible servers want it in the path.
          pathStyle: e.S3_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    uploadQuotaBytesPerDay: Math.round(e.UPLOAD_QUOTA_MB_PER_DAY * 1_048_576),
    uploadTimeoutMs: Math.round(e.UPLOAD_TIMEOUT_SECONDS * 1000),
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM! } : undefined,
    billing: {
      defaultPriceAgorot: Math.round(e.MONTHLY_PRICE_ILS * 100),
      retryDays: [...new Set(e.BILLING_RETRY_DAYS.split(',').map(Number))].sort((a, b) => a - b),
      intervalMs: Math.round(e.BILLING_INTERVAL_MINUTES * 60_000),
      business: { name: e.BILLING_BUSINESS_NAME, registrationNumber: e.BILLING_BUSINESS_ID, address: e.BILLING_BUSINESS_ADDRESS },
    },
  };
}
