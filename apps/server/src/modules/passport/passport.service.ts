import {
  type ChangePasswordParam,
  type ChangePasswordResult,
  type LoginParam,
  type RegisterParam,
  WRONG_OLD_PASSWORD_ERCD,
} from '@cc/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { AppConfig } from '../../config.js';
import { deleteInBatches } from '../../db/batched-delete.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { messageTemplates, sendSystemMessage } from '../message/message.service.js';
import { createUser, findCredentials, getCredentialsById, setPasswordHash } from '../user/user.service.js';
import { assertStrongPassword } from './password-strength.js';
import * as repo from './passport.repo.js';

/**
 * Accounts (API.md §5, issue #2): register and login with argon2id password hashes; weak passwords are
 * refused (issue #8 item 7); failed logins are rate-limited per (account, address) pair, per address and by a
 * looser per-account ceiling, registrations per address. Counters live in the database so the limits hold
 * across several server processes.
 */

/** argon2id with the configured cost (@node-rs/argon2's default algorithm is argon2id; set explicitly). */
export function hashPassword(config: AppConfig, password: string): Promise<string> {
  return hash(password, { algorithm: 2 /* Argon2id */, ...config.argon2 });
}

// A real hash to verify against when the account does not exist, so both failures cost the same time.
let dummyHash: Promise<string> | null = null;

/**
 * Throws RATE_LIMITED when `n` attempts since the window start reach `limit`.
 * @param code what is limited (a catalog message taking `{{minutes}}`, the whole minutes until one attempt frees)
 */
function assertUnderLimit(
  found: { n: number; oldest: Date | null },
  limit: number,
  windowMs: number,
  now: Date,
  code: 'LOGIN_LIMITED' | 'REGISTER_LIMITED' | 'PASSWORD_LIMITED',
): void {
  if (found.n < limit) return;
  const freeAt = (found.oldest?.getTime() ?? now.getTime()) + windowMs;
  const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  throw new AppError('RATE_LIMITED', { code, params: { minutes } }, { retryAfterSeconds: seconds });
}

/**
 * Registers an author and sends the welcome message (group 8), in one transaction.
 * @param ip the client address (register is limited per IP)
 * @returns `{ id, userGuid }` of the new user
 * @throws RATE_LIMITED (10009, Retry-After) over `registerPerIp` per window; VALIDATION_FAILED (10007) with
 *   ercd `WEAK_PASSWORD` for a password zxcvbn scores under 3 given the account and media name (issue #8
 *   item 7); FAILED when the account is taken
 */
export async function register(
  db: Db,
  config: AppConfig,
  param: RegisterParam,
  ip: string,
  now = new Date(),
): Promise<{ id: number; userGuid: string }> {
  const { registerPerIp, windowMinutes } = config.loginRateLimit;
  const windowMs = windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  assertUnderLimit(
    await repo.countAttempts(db, 'register', { ip }, since),
    registerPerIp,
    windowMs,
    now,
    'REGISTER_LIMITED',
  );
  await repo.recordAttempt(db, 'register', ip, null);
  await assertStrongPassword(param.password, [param.account, param.mediaName]);

  if (await findCredentials(db, param.account)) throw new AppError('FAILED', 'ACCOUNT_TAKEN');
  const passwordHash = await hashPassword(config, param.password);
  try {
    return await db.transaction(async (tx) => {
      const user = await createUser(tx, {
        account: param.account,
        passwordHash,
        mediaName: param.mediaName,
      });
      await sendSystemMessage(tx, { userId: user.id, ...messageTemplates.welcome(user.mediaName) });
      return { id: user.id, userGuid: user.userGuid };
    });
  } catch (error) {
    // Two registrations racing for one account: the unique index decides.
    if (
      (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw new AppError('FAILED', 'ACCOUNT_TAKEN');
    }
    throw error;
  }
}

/**
 * Checks an account and password (API.md §5).
 * Limits (config.loginRateLimit, issue #8 item 7), each within `windowMinutes`: `perAccountIp` failures per
 * (account, address) pair, `perIp` failures per address across accounts, and the looser `perAccount` ceiling
 * per account from all addresses together (a distributed guesser). At a limit every attempt it covers is
 * refused, even with the right password, until the oldest failure leaves the window. Failures from one
 * address never lock the account for another address below the ceiling, so a stranger cannot lock the owner
 * out. A success clears the failures of its own pair only (a guesser's count survives the owner's login).
 * @returns `{ id, userGuid }`
 * @throws RATE_LIMITED (10009, Retry-After); FAILED "account or password is wrong" for an unknown account
 *   and a wrong password alike (no account enumeration)
 */
export async function login(
  db: Db,
  config: AppConfig,
  param: LoginParam,
  ip: string,
  now = new Date(),
): Promise<{ id: number; userGuid: string }> {
  const { perAccount, perAccountIp, perIp, windowMinutes } = config.loginRateLimit;
  const windowMs = windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const account = param.account.toLowerCase();
  const limits: [{ account: string; ip: string } | { ip: string } | { account: string }, number][] = [
    [{ account, ip }, perAccountIp],
    [{ ip }, perIp],
    [{ account }, perAccount],
  ];
  for (const [by, limit] of limits) {
    assertUnderLimit(
      await repo.countAttempts(db, 'login_failure', by, since),
      limit,
      windowMs,
      now,
      'LOGIN_LIMITED',
    );
  }

  const user = await findCredentials(db, account);
  dummyHash ??= hashPassword(config, 'not-a-real-password');
  const ok = user
    ? await verify(user.passwordHash, param.password)
    : (await verify(await dummyHash, param.password), false);
  if (!user || !ok) {
    await repo.recordAttempt(db, 'login_failure', ip, account);
    throw new AppError('FAILED', 'WRONG_CREDENTIALS');
  }
  await repo.clearPairFailures(db, account, ip);
  return { id: user.id, userGuid: user.userGuid };
}

/**
 * `POST /api/user/change_password` (extension, issue #9 "Account settings"): checks the current password,
 * applies the registration's strength rule to the new one (zxcvbn with the account and media name as the
 * author's own words, issue #8 item 7), stores its argon2id hash and signs out every OTHER session of the
 * author in the same transaction; the session that asked stays signed in.
 * Limit: wrong current passwords are counted per account in `auth_attempts` (kind `password_failure`);
 * at `loginRateLimit.perAccountIp` of them within `windowMinutes` every change is refused, even with the
 * right password, until the oldest leaves the window — a stolen session cannot guess the password faster
 * than the login form. A successful change clears the count.
 * @param currentSessionId the sha256 id of the asking session (`hashSessionToken` of its cookie)
 * @param ip the client address, recorded with a failure
 * @returns `{ signedOutSessions }`: how many other sessions were ended
 * @throws RATE_LIMITED (10009, Retry-After) at the limit; FAILED (status 0) with ercd `WRONG_OLD_PASSWORD`
 *   when the current password is wrong; VALIDATION_FAILED (10007) with ercd `WEAK_PASSWORD` naming
 *   `password` for a guessable new one; NOT_LOGGED_IN when the user no longer exists
 */
export async function changePassword(
  db: Db,
  config: AppConfig,
  userId: number,
  param: ChangePasswordParam,
  currentSessionId: string,
  ip: string,
  now = new Date(),
): Promise<ChangePasswordResult> {
  const user = await getCredentialsById(db, userId);
  const account = user.account.toLowerCase();
  const { perAccountIp, windowMinutes } = config.loginRateLimit;
  const windowMs = windowMinutes * 60_000;
  assertUnderLimit(
    await repo.countAttempts(db, 'password_failure', { account }, new Date(now.getTime() - windowMs)),
    perAccountIp,
    windowMs,
    now,
    'PASSWORD_LIMITED',
  );
  if (!(await verify(user.passwordHash, param.oldPassword))) {
    await repo.recordAttempt(db, 'password_failure', ip, account);
    throw new AppError('FAILED', 'WRONG_OLD_PASSWORD', { ercd: WRONG_OLD_PASSWORD_ERCD });
  }
  await assertStrongPassword(param.newPassword, [user.account, user.mediaName]);
  const passwordHash = await hashPassword(config, param.newPassword);
  return db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    const signedOutSessions = await repo.deleteOtherSessions(tx, userId, currentSessionId);
    await repo.clearAccountAttempts(tx, 'password_failure', account);
    return { signedOutSessions };
  });
}

/**
 * Part of the `auth-purge` job (issue #7 "Tables that do not grow forever"): deletes the sessions that
 * expired at or before `now` (API.md §5; `SESSION_TTL_DAYS` after sign-in), `PURGE_BATCH_ROWS` per statement.
 * @param db the database, not a transaction: each batch commits on its own
 * @param opts batch size and statement cap (tests make them small)
 * @returns how many sessions were deleted
 */
export async function purgeExpiredSessions(
  db: Db,
  now = new Date(),
  opts: { batchRows?: number; maxBatches?: number } = {},
): Promise<number> {
  return deleteInBatches((limit) => repo.deleteExpiredSessions(db, now, limit), opts);
}

/**
 * Part of the `auth-purge` job: deletes the login failures and registrations made at or before
 * `now − windowMinutes` (`config.loginRateLimit.windowMinutes`, default 15): `login`/`register` only count
 * attempts inside that window, so older rows can never refuse anyone again. `PURGE_BATCH_ROWS` per statement.
 * @param db the database, not a transaction: each batch commits on its own
 * @returns how many attempts were deleted
 */
export async function purgeStaleAuthAttempts(
  db: Db,
  config: Pick<AppConfig, 'loginRateLimit'>,
  now = new Date(),
  opts: { batchRows?: number; maxBatches?: number } = {},
): Promise<number> {
  const before = new Date(now.getTime() - config.loginRateLimit.windowMinutes * 60_000);
  return deleteInBatches((limit) => repo.deleteAttemptsBefore(db, before, limit), opts);
}
