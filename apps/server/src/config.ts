import { isIP } from 'node:net';
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
/**
 * The development data key of personal data (issue #11; 32 bytes, hex); refused in production. Data written
 * with it is readable by anyone with the source, so it serves only the embedded default and tests.
 */
export const DEV_DATA_KEY = '63726561746f722d63656e7472652d6465762d646174612d6b65792d30303031';

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
  /** failed logins per (account, client IP) pair within the window (issue #8 item 7) */
  perAccountIp: z.number().int().min(1).default(5),
  /**
   * failed logins per account from all addresses within the window: a loose ceiling against distributed
   * guessing (at 5 per pair, 20 distinct addresses are needed to reach it)
   */
  perAccount: z.number().int().min(1).default(100),
  /** failed logins per client IP within the window */
  perIp: z.number().int().min(1).default(20),
  /** registrations per client IP within the window */
  registerPerIp: z.number().int().min(1).default(10),
  /** window length, minutes */
  windowMinutes: z.number().int().min(1).default(15),
});

/** 1 MiB, in bytes */
const MiB = 1024 * 1024;
/** Default of `REQUEST_LIMITS.anonymousPerMinute`: a flood guard per client address (issue #8 item 5). */
export const ANONYMOUS_REQUESTS_PER_MINUTE = 600;
/** Default of `REQUEST_LIMITS.authorPerMinute`: per signed-in author, so an office behind one address is not one budget. */
export const AUTHOR_REQUESTS_PER_MINUTE = 1200;
/** Default file-service budget per author: 128 MiB/s (a 30 GB upload in about 4 minutes at full budget). */
export const FILE_BYTES_PER_SECOND = 128 * MiB;

/**
 * The request guards of plugins/security.ts (issue #8 item 5; env `REQUEST_LIMITS`, JSON, any subset). Counted
 * per minute in the database or Redis, so several servers share them.
 */
const requestLimitsSchema = z.object({
  /** `/api/` requests per minute per client IP without a session */
  anonymousPerMinute: z.number().int().min(1).default(ANONYMOUS_REQUESTS_PER_MINUTE),
  /** `/api/` requests per minute per signed-in author (whatever address they come from) */
  authorPerMinute: z.number().int().min(1).default(AUTHOR_REQUESTS_PER_MINUTE),
  /** `/fileservice/` request bytes per minute per author (upload token or session) */
  fileBytesPerMinute: z
    .number()
    .int()
    .min(1)
    .default(FILE_BYTES_PER_SECOND * 60),
});

/**
 * `TRUST_PROXY` (issue #8 item 4): `false` (default: the socket's address is the client), or a comma-separated
 * list of the proxies' addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`; also proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`). `true` is refused: it would trust every hop, so anyone could forge
 * `X-Forwarded-For` past the per-IP limits.
 */
const trustProxySchema = z.string().transform((text, ctx): false | string[] => {
  const value = text.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') {
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY=true would trust a forged X-Forwarded-For from anyone; list your proxies instead, e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1',
    });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR range: ${entry}` });
      return z.NEVER;
    }
  }
  return entries;
});

/** An IP address, `address/prefix` within the family's bits, or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

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
  /** with the demo: simulated reader traffic for its numbers (issue #12); `0` skips it (e2e, quick starts) */
  DEMO_TRAFFIC: z.enum(['0', '1', 'true', 'false']).default('1'),
  IMAGE_HOSTS: z.string().default(''),
  SIBLING_SITES: jsonFromString(z.array(z.object({ name: z.string(), url: z.string() }))).optional(),
  FEEDBACK_URL: z.string().default('https://www.wjx.cn/vm/creator-centre-feedback.aspx'),
  /** encoded in the contact-support QR code (API.md §6 common_material) */
  SUPPORT_URL: z.string().url().default('https://creator.example.com/support'),
  /**
   * host (and optional port) of the RTMP ingest that live shows push to (issue #10, docs/api.md "Live shows"); empty:
   * the host name the author's request came to
   */
  LIVE_PUSH_HOST: z
    .string()
    .trim()
    .regex(
      /^$|^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/,
      'a host name or address, optionally :port',
    )
    .default(''),
  /** personal data key (issue #11): 32 bytes as 64 hex digits or base64; its version and earlier keys */
  DATA_KEY: z.string().optional(),
  DATA_KEY_VERSION: z.coerce.number().int().min(1).max(1_000_000).default(1),
  DATA_KEYS_PREVIOUS: jsonFromString(z.record(z.string().regex(/^\d+$/), z.string().min(1))).optional(),
  /** how certification codes reach a phone (issue #11): `log` (development: logged and shown) or `webhook` */
  SMS_SENDER: z.enum(['log', 'webhook']).default('log'),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  /** the directory of the rule centre's Markdown files (issue #11); default apps/server/rules */
  RULES_DIR: z.string().optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false', '1', '0']).default('auto'),
  TRUST_PROXY: trustProxySchema.default(false),
  /** counters of the request limits in Redis instead of the database (issue #8 item 5) */
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REQUEST_LIMITS: jsonFromString(requestLimitsSchema.partial()).optional(),
  WEB_DIST: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  /** bound of the resized-image cache, bytes (issue #8 item 6); default 1 GiB */
  IMAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** `/metrics` (Prometheus) answers only `Authorization: Bearer <this>`; unset: no `/metrics` (issue #16) */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN has at least 16 characters').optional(),
  /**
   * Overload answers (issue #16, @fastify/under-pressure): 503 when the mean event-loop delay of the last sample
   * exceeds this many ms (0: off; default 500 with DATABASE_URL, off on the embedded PGlite: one server, nowhere
   * else to send the request, and PGlite's queries run on the event loop itself) …
   */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** … or the event-loop utilisation of the last sample exceeds this (0–1; 0: off) … */
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /** … or more than this many queries wait for a PostgreSQL connection of this server's pool (0: off) */
  PRESSURE_MAX_DB_WAITING: z.coerce.number().int().min(0).default(200),
  /** how often the load is sampled, ms */
  PRESSURE_SAMPLE_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
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
  /** reader sites' keys of `/open/` (API.md §10): JSON `{"<siteId>":"<key>"}`; default the dev key of `reader` */
  OPEN_SITE_KEYS: jsonFromString(
    z.record(
      z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
      z.string().min(16, 'a site key has at least 16 characters'),
    ),
  ).optional(),
  /** `/open/` requests per minute per site (issue #12 "per-site rate limit") */
  OPEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  /** the time zone of a data day (API.md §10), an IANA name */
  REPORT_TZ: z
    .string()
    .refine((tz) => isTimeZone(tz), 'an IANA time zone such as Asia/Shanghai')
    .default('Asia/Shanghai'),
  /** days raw reader events are kept (issue #12); rollups are kept for good */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(8).max(3650).default(400),
  /**
   * The content assistant's model (issue #14): an OpenAI-compatible endpoint (`POST {url}/chat/completions`, e.g.
   * `https://api.openai.com/v1`), its key and model; all three or none (none: the local suggester alone)
   */
  ASSISTANT_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ASSISTANT_API_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  ASSISTANT_MODEL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** how long the assistant waits for the model, milliseconds (then falls back to the local suggester) */
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** model requests per author per minute (each costs the operator); past it the local suggester answers alone */
  ASSISTANT_MODEL_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
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

/** The content assistant's model endpoint (issue #14, docs/api.md "Content assistant"). */
export interface AssistantModelConfig {
  /** the API's base URL, without `/chat/completions` (a trailing `/` is dropped) */
  apiUrl: string;
  /** sent as `Authorization: Bearer <apiKey>`; never logged */
  apiKey: string;
  model: string;
  /** milliseconds to wait for an answer */
  timeoutMs: number;
  /** model requests per author per minute */
  perMinute: number;
}

/** The development key of the reader site `reader` (API.md §10); refused in production. */
export const DEV_OPEN_SITE_KEY = 'creator-centre-dev-reader-site-key';

/** True when `tz` is a time zone this runtime's Intl knows (IANA names). */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
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
  /** bound of the resized-image cache (`rendition/` objects), bytes; least recently used evicted first */
  imageCacheMaxBytes: number;
  /** signing secret per cid (API.md §2) */
  signSecrets: Record<string, string>;
  /** HMAC key of upload-file secrets */
  appSecret: string;
  seedDemo: boolean;
  /** when the demo is seeded, also simulate its reader traffic (src/simulate/, issue #12) */
  demoTraffic: boolean;
  imageHosts: string[];
  siblingSites: { name: string; url: string }[];
  feedbackUrl: string;
  /** the address the contact-support QR code encodes */
  supportUrl: string;
  /**
   * `host[:port]` of the RTMP ingest in live shows' push address (`rtmp://<host>/live`); undefined: the request's
   * host name. This product runs no ingest server itself (docs/api.md "Live shows").
   */
  livePushHost: string | undefined;
  /** the personal-data keys (issue #11, lib/personal-data.ts) */
  dataKeys: { current: string; version: number; previous: Record<string, string> };
  /** the SMS sender of certification codes; `log` writes the code to the log and the dev banner */
  sms: { sender: 'log' | 'webhook'; webhookUrl: string | undefined };
  /** absolute directory of the rule centre's Markdown files */
  rulesDir: string;
  /** `/open/` site keys, site id → key (API.md §10) */
  openSiteKeys: Record<string, string>;
  /** `/open/` requests per minute per site */
  openRequestsPerMinute: number;
  /** the IANA time zone of a data day (API.md §10 `REPORT_TZ`) */
  reportTz: string;
  /** days raw events are kept before their day's partition is dropped */
  eventRetentionDays: number;
  /** 'auto': Secure when the request came over https */
  cookieSecure: boolean | 'auto';
  /**
   * Fastify's `trustProxy`: false, or the addresses/CIDRs of trusted proxies; the client address is then the
   * right-most `X-Forwarded-For` hop that is not one of them (issue #8 item 4)
   */
  trustProxy: false | string[];
  /** Redis for the request-limit counters; the database when unset (issue #8 item 5) */
  redisUrl: string | undefined;
  requestLimits: z.infer<typeof requestLimitsSchema>;
  /** absolute path of the built web app */
  webDist: string;
  logLevel: string;
  /** the bearer token of `/metrics`; undefined: the route does not exist (issue #16) */
  metricsToken: string | undefined;
  /** overload thresholds (plugins/pressure.ts, issue #16); 0 turns a check off */
  pressure: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxDbWaiting: number;
    sampleIntervalMs: number;
  };
  /** session lifetime, days */
  sessionTtlDays: number;
  loginRateLimit: z.infer<typeof rateLimitSchema>;
  /** absolute directory where video shards are staged until merge (file service) */
  uploadDir: string;
  /** where media bytes live: local disk under mediaDir, or S3 */
  storageDriver: 'local' | 's3';
  /** set when storageDriver is s3 */
  s3: S3Config | undefined;
  /**
   * The content assistant's OpenAI-compatible model (issue #14; `ASSISTANT_*`); undefined: titles come from the local
   * suggester alone
   */
  assistantModel: AssistantModelConfig | undefined;
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
 *   secret would be used, or SIGN_SECRETS has no secret for the web client (cid 500, issue #8 item 9).
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
    // The web app signs with SIGN_SECRETS["500"], served in its index.html (issue #8 item 9): without it
    // nobody could sign in through the UI.
    if (!signSecrets[WEB_CID]) {
      throw new Error(`refusing to start: SIGN_SECRETS has no secret for the web client "${WEB_CID}"`);
    }
    if (appSecret === DEV_APP_SECRET) throw new Error('refusing to start: set APP_SECRET in production');
    if (!e.DATA_KEY || e.DATA_KEY === DEV_DATA_KEY)
      throw new Error('refusing to start: set DATA_KEY (the personal-data key) in production');
    if (!e.OPEN_SITE_KEYS || Object.values(e.OPEN_SITE_KEYS).includes(DEV_OPEN_SITE_KEY))
      throw new Error("refusing to start: set OPEN_SITE_KEYS (the reader sites' keys) in production");
    if (e.SMS_SENDER === 'log')
      throw new Error(
        'refusing to start: SMS_SENDER=log would show verification codes; use webhook in production',
      );
  }
  if (e.SMS_SENDER === 'webhook' && !e.SMS_WEBHOOK_URL)
    throw new Error('invalid configuration:\n  SMS_WEBHOOK_URL: required when SMS_SENDER=webhook');
  const assistantVars = [e.ASSISTANT_API_URL, e.ASSISTANT_API_KEY, e.ASSISTANT_MODEL];
  if (assistantVars.some(Boolean) && !assistantVars.every(Boolean))
    throw new Error(
      'invalid configuration:\n  ASSISTANT_API_URL, ASSISTANT_API_KEY and ASSISTANT_MODEL: set all three (the model) or none (the local suggester)',
    );
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
    imageCacheMaxBytes: e.IMAGE_CACHE_MAX_BYTES,
    signSecrets,
    appSecret,
    seedDemo,
    demoTraffic: truthy(e.DEMO_TRAFFIC),
    imageHosts: e.IMAGE_HOSTS.split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    siblingSites: e.SIBLING_SITES ?? defaultSiblingSites,
    feedbackUrl: e.FEEDBACK_URL,
    supportUrl: e.SUPPORT_URL,
    livePushHost: e.LIVE_PUSH_HOST || undefined,
    dataKeys: {
      current: e.DATA_KEY ?? DEV_DATA_KEY,
      version: e.DATA_KEY_VERSION,
      previous: e.DATA_KEYS_PREVIOUS ?? {},
    },
    sms: { sender: e.SMS_SENDER, webhookUrl: e.SMS_WEBHOOK_URL },
    rulesDir: e.RULES_DIR ? path.resolve(process.cwd(), e.RULES_DIR) : path.resolve(here, '../rules'),
    openSiteKeys: e.OPEN_SITE_KEYS ?? { reader: DEV_OPEN_SITE_KEY },
    openRequestsPerMinute: e.OPEN_REQUESTS_PER_MINUTE,
    reportTz: e.REPORT_TZ,
    eventRetentionDays: e.EVENT_RETENTION_DAYS,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : truthy(e.COOKIE_SECURE),
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    requestLimits: requestLimitsSchema.parse(e.REQUEST_LIMITS ?? {}),
    webDist: e.WEB_DIST ? path.resolve(process.cwd(), e.WEB_DIST) : path.resolve(here, '../../web/dist'),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    metricsToken: e.METRICS_TOKEN,
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? (e.DATABASE_URL ? 500 : 0),
      maxEventLoopUtilization: e.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
      maxDbWaiting: e.PRESSURE_MAX_DB_WAITING,
      sampleIntervalMs: e.PRESSURE_SAMPLE_MS,
    },
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
    assistantModel:
      e.ASSISTANT_API_URL && e.ASSISTANT_API_KEY && e.ASSISTANT_MODEL
        ? {
            apiUrl: e.ASSISTANT_API_URL.replace(/\/+$/, ''),
            apiKey: e.ASSISTANT_API_KEY,
            model: e.ASSISTANT_MODEL,
            timeoutMs: e.ASSISTANT_TIMEOUT_MS,
            perMinute: e.ASSISTANT_MODEL_PER_MINUTE,
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
    // no overload answers (issue #16): test files share 2 cores and block the loop while migrating, so a 503
    // would fail whichever test came next; the pressure tests set their own thresholds
    pressure: { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxDbWaiting: 0, sampleIntervalMs: 1000 },
    ...overrides,
  };
}
