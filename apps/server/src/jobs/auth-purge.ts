import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { purgeExpiredPhoneCodes } from '../modules/certification/certification.service.js';
import { purgeExpiredSessions, purgeStaleAuthAttempts } from '../modules/passport/passport.service.js';
import { purgeExpiredUploadTokens } from '../modules/user/user.service.js';

/**
 * The `auth-purge` job (issue #7 "Tables that do not grow forever"): rows that can never be used again are
 * deleted, each by the module that owns its table, in batches (db/batched-delete.ts) so a large backlog
 * never locks a table for long:
 * - `sessions` expired (passport; `SESSION_TTL_DAYS` after sign-in, API.md §5)
 * - `auth_attempts` older than the rate-limit window (passport; `LOGIN_RATE_LIMIT.windowMinutes`)
 * - `upload_tokens` expired (user; 24 h, API.md §7)
 * - `certification_phone_codes` expired (certification; 10 minutes, issue #11)
 */

/** The purge runs at minute 41 of every hour (cron, UTC), away from `upload-cleanup` at minute 17. */
export const AUTH_PURGE_CRON = '41 * * * *';

/** Rows deleted by one purge run, by table. */
export interface AuthPurgeResult {
  sessions: number;
  authAttempts: number;
  uploadTokens: number;
  phoneCodes: number;
}

/**
 * One purge run over the four tables, one after another (each batch is its own statement).
 * @param now the clock (tests inject one)
 * @param opts batch size and statement cap per table (tests make them small; default 5,000 rows × 200)
 * @returns how many rows each table lost
 */
export async function runAuthPurge(
  db: Db,
  config: Pick<AppConfig, 'loginRateLimit'>,
  now = new Date(),
  opts: { batchRows?: number; maxBatches?: number } = {},
): Promise<AuthPurgeResult> {
  const sessions = await purgeExpiredSessions(db, now, opts);
  const authAttempts = await purgeStaleAuthAttempts(db, config, now, opts);
  const uploadTokens = await purgeExpiredUploadTokens(db, now, opts);
  const phoneCodes = await purgeExpiredPhoneCodes(db, now, opts);
  return { sessions, authAttempts, uploadTokens, phoneCodes };
}
