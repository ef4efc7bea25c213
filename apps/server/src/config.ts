import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_SIGN_SECRET, WEB_CID } from '@cc/contracts';
import { z } from 'zod';

/**
 * Environment → typed configuration, read once at start (ARCHITECTURE.md). Every variable is documented
 * in the README's configuration table; defaults give the embedded default (PGlite under ./data).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** The development secret of the HMAC that signs upload-file secrets; refused in production. */
export const DEV_APP_SECRET = 'creator-centre-dev-app-secret';

const defaultSiblingSites = [
  { name: '汽车之家', url: 'https://www.autohome.com.cn/' },
  { name: '车家号', url: 'https://chejiahao.autohome.com.cn/' },
  { name: '二手车', url: 'https://www.che168.com/' },
  { name: '新车报价', url: 'https://car.autohome.com.cn/' },
  { name: '论坛', url: 'https://club.autohome.com.cn/' },
];

const jsonFromString = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const rateLimitSchema = z.object({
  /** failed logins per account within the window */
  perAccount: z.number().int().min(1).default(5),
  /** failed logins per client IP within the window */
  perIp: z.number().int().min(1).default(20),
  /** registrations per client IP within the window */
  registerPerIp: z.number().int().min(1).default(10),
  /** window length, minutes */
  windowMinutes: z.number().int().min(1).default(15),
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SIGN_SECRETS: jsonFromString(z.record(z.string(), z.string().min(1))).optional(),
  APP_SECRET: z.string().min(16).optional(),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  IMAGE_HOSTS: z.string().default(''),
  SIBLING_SITES: jsonFromString(z.array(z.object({ name: z.string(), url: z.string() }))).optional(),
  FEEDBACK_URL: z.string().default('https://www.wjx.cn/vm/creator-centre-feedback.aspx'),
  /** encoded in the contact-support QR code (API.md §6 common_material) */
  SUPPORT_URL: z.string().url().default('https://creator.example.com/support'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false', '1', '0']).default('auto'),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  WEB_DIST: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_RATE_LIMIT: jsonFromString(rateLimitSchema.partial()).optional(),
  // File service (issue #3): where shards are staged, which storage holds media, the probe tools.
  UPLOAD_DIR: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
});

/** S3-compatible object storage (STORAGE_DRIVER=s3); credentials fall back to the AWS SDK's own chain. */
export interface S3Config {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** absolute */
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite */
  databaseUrl: string | undefined;
  /** PGlite data directory (absolute), or `memory://` for an in-memory database (tests) */
  pgliteDir: string;
  /** absolute directory of media objects (local-disk storage) */
  mediaDir: string;
  /** signing secret per cid (API.md §2) */
  signSecrets: Record<string, string>;
  /** HMAC key of upload-file secrets */
  appSecret: string;
  seedDemo: boolean;
  imageHosts: string[];
  siblingSites: { name: string; url: string }[];
  feedbackUrl: string;
  /** the address the contact-support QR code encodes */
  supportUrl: string;
  /** 'auto': Secure when the request came over https */
  cookieSecure: boolean | 'auto';
  trustProxy: boolean;
  /** absolute path of the built web app */
  webDist: string;
  logLevel: string;
  /** session lifetime, days */
  sessionTtlDays: number;
  loginRateLimit: z.infer<typeof rateLimitSchema>;
  /** absolute directory where video shards are staged until merge (file service) */
  uploadDir: string;
  /** where media bytes live: local disk under mediaDir, or S3 */
  storageDriver: 'local' | 's3';
  /** set when storageDriver is s3 */
  s3: S3Config | undefined;
  /** ffprobe / ffmpeg executables (names on PATH or paths) */
  ffprobePath: string;
  ffmpegPath: string;
  /** argon2id cost; lowered only by testConfig */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /**
   * An answer that does not match its route's response schema fails (10500) instead of being logged and
   * sent: on in development and tests, off in production (docs/decisions/0002-response-schemas.md).
   */
  strictResponses: boolean;
}

const truthy = (v: string | undefined) => v === '1' || v === 'true';

/**
 * Reads the configuration from an environment (usually `process.env`).
 * @throws Error naming every invalid variable; in production also when the development signing or app
 *   secret would be used.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(process.cwd(), e.DATA_DIR);
  const signSecrets = e.SIGN_SECRETS ?? { [WEB_CID]: DEV_SIGN_SECRET };
  const appSecret = e.APP_SECRET ?? DEV_APP_SECRET;
  if (e.NODE_ENV === 'production') {
    if (Object.values(signSecrets).includes(DEV_SIGN_SECRET)) {
      throw new Error('refusing to start: SIGN_SECRETS uses the development secret in production');
    }
    if (appSecret === DEV_APP_SECRET) throw new Error('refusing to start: set APP_SECRET in production');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    throw new Error('invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  // The demo belongs to the embedded default (API.md §5): seeded on PGlite unless SEED_DEMO=0; on PostgreSQL
  // only when SEED_DEMO=1 asks for it; never in production.
  const seedDemo =
    e.NODE_ENV !== 'production' && (e.SEED_DEMO === undefined ? !e.DATABASE_URL : truthy(e.SEED_DEMO));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    mediaDir: e.MEDIA_DIR ? path.resolve(process.cwd(), e.MEDIA_DIR) : path.join(dataDir, 'media'),
    signSecrets,
    appSecret,
    seedDemo,
    imageHosts: e.IMAGE_HOSTS.split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    siblingSites: e.SIBLING_SITES ?? defaultSiblingSites,
    feedbackUrl: e.FEEDBACK_URL,
    supportUrl: e.SUPPORT_URL,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : truthy(e.COOKIE_SECURE),
    trustProxy: truthy(e.TRUST_PROXY),
    webDist: e.WEB_DIST ? path.resolve(process.cwd(), e.WEB_DIST) : path.resolve(here, '../../web/dist'),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    loginRateLimit: rateLimitSchema.parse(e.LOGIN_RATE_LIMIT ?? {}),
    uploadDir: e.UPLOAD_DIR ? path.resolve(process.cwd(), e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    storageDriver: e.STORAGE_DRIVER,
    s3:
      e.STORAGE_DRIVER === 's3'
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: truthy(e.S3_FORCE_PATH_STYLE),
          }
        : undefined,
    ffprobePath: e.FFPROBE_PATH,
    ffmpegPath: e.FFMPEG_PATH,
    // OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    strictResponses: e.NODE_ENV !== 'production',
  };
}

/**
 * A configuration for tests: in-memory PGlite (or `DATABASE_URL` from the environment, so the same tests
 * run on PostgreSQL), a temporary data dir, silent logs, cheap argon2 (never used outside tests).
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join('/tmp', `cc-test-${process.pid}-${Date.now()}`),
  });
  return {
    ...base,
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: 'memory://',
    seedDemo: false,
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    ...overrides,
  };
}
