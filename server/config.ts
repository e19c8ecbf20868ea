import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
    throw new ConfigError(
      'Invalid configuration:\n  - PLATFORM_ADMIN_USERNAME and PLATFORM_ADMIN_PASSWORD must be set together',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    platformAdmin: e.PLATFORM_ADMIN_USERNAME
      ? { username: e.PLATFORM_ADMIN_USERNAME, password: e.PLATFORM_ADMIN_PASSWORD! }
      : undefined,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    webRoot: path.resolve('dist/web'),
  };
}
