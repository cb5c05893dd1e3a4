import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalUrl = z.url({ message: 'a full URL such as https://example.com' }).optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'true or false' })
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads. Defaults need no configuration at all. */
const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ message: 'a port number' })
    .int({ message: 'a whole port number' })
    .min(0, { message: 'a port number between 0 and 65535' })
    .max(65535, { message: 'a port number between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1, { message: 'a host name or address' }).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1, { message: 'a directory path' }).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'a postgres:// connection URL' })
    .optional(),
  TRUST_PROXY: booleanFlag.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number({ message: 'a number of bytes' })
    .int({ message: 'a whole number of bytes' })
    .positive({ message: 'a positive number of bytes' })
    .default(1_048_576),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  REDIS_URL: optionalUrl,
});

export type Environment = z.infer<typeof environmentSchema>;

export interface AppConfig {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  /** Secure cookies and HSTS only make sense when users reach us over HTTPS. */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** undefined keeps PGlite in memory (tests); otherwise its files live here. */
  pgliteDataDir: string | undefined;
  trustProxy: boolean;
  bodyLimitBytes: number;
  logLevel: Environment['LOG_LEVEL'];
  webDistDir: string;
  redisUrl: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment once at start-up; the first bad variable is reported by name. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (e.g. copied from .env.example) means "use the default".
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = environmentSchema.safeParse(defined);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid environment variable ${variable}=${JSON.stringify(source[variable] ?? '')}: expected ${issue.message}`,
    );
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteDataDir: env.DATABASE_URL ? undefined : path.join(dataDir, 'db'),
    trustProxy: env.TRUST_PROXY,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    redisUrl: env.REDIS_URL,
  };
}
