import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MONTHLY_PRICE_ILS } from '#contract/constants.ts';
import { EMBEDDED_MAINTENANCE_INTERVAL_MS } from './db/embedded-maintenance.ts';

const flag = z.enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** A text setting where an empty or blank value means unset (`BILLING_BUSINESS_ADDRESS=` in an env file). */
const unsetWhenBlank = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** The address to listen on; default: 0.0.0.0 in production, 127.0.0.1 (this machine only) otherwise. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  PLATFORM_ADMIN_USERNAME: z.string().min(3).optional(),
  PLATFORM_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_DATA: flag.optional(),
  /** An SMTP server (smtp://user:pass@host:587 or smtps://…) for password reset links and the daily e-mail; none: no e-mail is sent. */
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
  /** The seller on tax invoices; required in production, demo values otherwise (docs/decisions/026-fixed-invoices.md). */
  BILLING_BUSINESS_NAME: unsetWhenBlank,
  /** The seller's company or dealer number (ח.פ / ע.מ): 9 digits with the Israeli ID check digit. */
  BILLING_BUSINESS_ID: unsetWhenBlank,
  BILLING_BUSINESS_ADDRESS: unsetWhenBlank,
  /** Lets a billing run be dated after today (tests, sandbox demos); ignored in production. */
  BILLING_ALLOW_FUTURE_DATES: flag.optional(),
});

/** Every environment variable the server reads (README.md "Configuration" lists each; server/readme.test.ts checks). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

/** The seller a development or test server puts on invoices when none is configured. */
export const DEMO_SELLER = { name: 'Shalav (demo)', registrationNumber: '000000000', address: 'Demo address' };

/**
 * An Israeli ID, company (ח.פ) or dealer (ע.מ) number: 9 digits whose last is the check digit —
 * digits weighted 1,2,1,2,…, a two-digit product counted as the sum of its digits, the total a
 * multiple of 10. All zeros passes the sum but is no one's number.
 */
export function isIsraeliBusinessId(value: string): boolean {
  if (!/^\d{9}$/.test(value) || /^0+$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(value[i]) * ((i % 2) + 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

/** What a production server may not start without (docs/decisions/026-fixed-invoices.md). */
function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const unset = (name: string) => !env[name]?.trim();
  if (unset('PUBLIC_URL')) problems.push('PUBLIC_URL: required in production (the links in QR labels and e-mails)');
  if (unset('BILLING_BUSINESS_NAME')) problems.push('BILLING_BUSINESS_NAME: required in production (the seller on tax invoices)');
  if (unset('BILLING_BUSINESS_ID')) problems.push('BILLING_BUSINESS_ID: required in production (the seller’s company or dealer number)');
  else if (!isIsraeliBusinessId(env.BILLING_BUSINESS_ID!.trim())) {
    problems.push('BILLING_BUSINESS_ID: must be a 9-digit Israeli company or dealer number with a valid check digit');
  }
  if (unset('BILLING_BUSINESS_ADDRESS')) problems.push('BILLING_BUSINESS_ADDRESS: required in production (the seller’s address)');
  return problems;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** The address the server listens on. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** PUBLIC_URL is unset: links point to localhost (the start banner says so). */
  publicUrlIsDefault: boolean;
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
  /**
   * How often the embedded database is checked for tables to vacuum and analyze
   * (docs/decisions/038-embedded-maintenance.md); 0 in tests, which run a pass themselves.
   */
  embeddedMaintenanceMs: number;
  /** Outgoing e-mail (password reset links, the daily e-mail); undefined: the server sends none. */
  mail: { smtpUrl: string; from: string } | undefined;
  billing: {
    /** A new project's monthly price before VAT, in agorot. */
    defaultPriceAgorot: number;
    /** Days after the billing date for each retry of a failed charge, ascending. */
    retryDays: number[];
    /** 0: no in-process billing run. */
    intervalMs: number;
    /** The seller named on tax invoices issued from now on; each invoice stores its own copy. */
    business: { name: string; registrationNumber: string; address: string };
    /** Some seller item is not configured: invoices carry DEMO_SELLER's value for it (never in production). */
    demoSeller: boolean;
    /** A billing run may be dated after today (never in production). */
    allowFutureDates: boolean;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Every problem at once, so an operator fixes the configuration in one go.
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const set = (name: string) => Boolean(env[name]);
  if (set('PLATFORM_ADMIN_USERNAME') !== set('PLATFORM_ADMIN_PASSWORD')) {
    problems.push('PLATFORM_ADMIN_USERNAME and PLATFORM_ADMIN_PASSWORD must be set together');
  }
  const s3Vars = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].map(set);
  if (s3Vars.some(Boolean) && !s3Vars.every(Boolean)) {
    problems.push('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (set('SMTP_URL') !== set('MAIL_FROM')) problems.push('SMTP_URL and MAIL_FROM must be set together');
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // Any seller item left unset is filled from DEMO_SELLER, so the invoice is partly a demo's.
  const demoSeller = !e.BILLING_BUSINESS_NAME || !e.BILLING_BUSINESS_ID || !e.BILLING_BUSINESS_ADDRESS;
  const trustProxy =
    e.TRUST_PROXY === 'none' ? false : e.TRUST_PROXY.includes(',') ? e.TRUST_PROXY.split(',').map((v) => v.trim()) : e.TRUST_PROXY;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // A development server is reachable from this machine only unless HOST says otherwise.
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlIsDefault: !e.PUBLIC_URL,
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
    embeddedMaintenanceMs: e.NODE_ENV === 'test' ? 0 : EMBEDDED_MAINTENANCE_INTERVAL_MS,
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM! } : undefined,
    billing: {
      defaultPriceAgorot: Math.round(e.MONTHLY_PRICE_ILS * 100),
      retryDays: [...new Set(e.BILLING_RETRY_DAYS.split(',').map(Number))].sort((a, b) => a - b),
      intervalMs: Math.round(e.BILLING_INTERVAL_MINUTES * 60_000),
      business: {
        name: e.BILLING_BUSINESS_NAME ?? DEMO_SELLER.name,
        registrationNumber: e.BILLING_BUSINESS_ID ?? DEMO_SELLER.registrationNumber,
        address: e.BILLING_BUSINESS_ADDRESS ?? DEMO_SELLER.address,
      },
      demoSeller,
      allowFutureDates: !production && (e.BILLING_ALLOW_FUTURE_DATES ?? false),
    },
  };
}
