import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  IDENTITY_TYPE_163,
  mediaImageKey,
  type MyInfo,
  type OpsUser,
  type Permissions,
  PROGRAM_MIN_GRADE,
  type SetPermissionsParam,
  smallVideoMaxSeconds,
  type UpdateProfileParam,
  type UserRole,
  type UserInfo,
} from '@cc/contracts';
import { deleteInBatches } from '../../db/batched-delete.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { isOwnImage } from '../media/media.service.js';
import * as repo from './user.repo.js';

/**
 * The author's own data (API.md §6): user info with the avatar template, identities, grade, dynamic
 * permission, and the two upload secrets.
 */

/** Storage key of the avatar every author has until they upload one (written at start, see app.ts). */
export const DEFAULT_AVATAR_KEY = 'avatar/default.png';
/** Both upload secrets live 24 h (API.md §7). */
export const UPLOAD_SECRET_TTL_MS = 24 * 3600_000;

/** The avatar template of API.md §4/§6: `/media/img/{0}x{0}/<key>`; the client substitutes 120. */
export function avatarTemplate(avatarKey: string | null): string {
  return `/media/img/{0}x{0}/${avatarKey ?? DEFAULT_AVATAR_KEY}`;
}

async function loadUser(db: Db, userId: number): Promise<repo.UserRow> {
  const user = await repo.findUserById(db, userId);
  // A session whose user vanished is no session.
  if (!user) throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
  return user;
}

function toUserInfo(user: repo.UserRow): UserInfo {
  return {
    authStatus: user.authStatus as UserInfo['authStatus'],
    avator: avatarTemplate(user.avatarKey),
    mediaName: user.mediaName,
  };
}

/** `home/userinfo` (API.md §6): `{ authStatus, avator, mediaName }`. @throws NOT_LOGGED_IN */
export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  return toUserInfo(await loadUser(db, userId));
}

/**
 * `user_center/get_my_info_by_id` (API.md §6): user info plus id and identity list; the client derives
 * is163 from an identity of type 163 (spec §3). @throws NOT_LOGGED_IN
 */
export async function getMyInfo(db: Db, userId: number): Promise<MyInfo> {
  const user = await loadUser(db, userId);
  const types = await repo.findIdentityTypes(db, userId);
  return {
    ...toUserInfo(user),
    id: user.id,
    userIdentityList: types.map((type) => ({ type })),
    role: user.role,
  };
}

/** An account as passport sees it to sign in (API.md §5): never sent to a client. */
export interface UserCredentials {
  id: number;
  userGuid: string;
  /** the account name as registered */
  account: string;
  mediaName: string;
  /** argon2id PHC string */
  passwordHash: string;
}

/**
 * The account named `account`, case-insensitively (the unique index is on lower(account)), for sign-in and
 * the "account taken" check of registration (API.md §5).
 * @param db the database or the caller's transaction
 * @returns the credentials, or undefined when no such account exists
 */
export async function findCredentials(db: Db, account: string): Promise<UserCredentials | undefined> {
  const user = await repo.findUserByAccount(db, account);
  return user ? toCredentials(user) : undefined;
}

function toCredentials(user: repo.UserRow): UserCredentials {
  return {
    id: user.id,
    userGuid: user.guid,
    account: user.account,
    mediaName: user.mediaName,
    passwordHash: user.passwordHash,
  };
}

/**
 * The credentials of the signed-in author (account settings' password change, issue #9).
 * @throws NOT_LOGGED_IN when the user no longer exists (a session whose user vanished is no session)
 */
export async function getCredentialsById(db: Db, userId: number): Promise<UserCredentials> {
  return toCredentials(await loadUser(db, userId));
}

/**
 * Sets the author's `authStatus` (API.md §6/§14: 0 not certified, 1 under review, 2 certified, 3 rejected), which
 * `home/userinfo` and the header and home badges read. Called by certification in the transaction of the
 * application or decision that changes it (issue #11).
 * @param db the database or the caller's transaction
 * @throws NOT_LOGGED_IN when the user no longer exists
 */
export async function setAuthStatus(db: Db, userId: number, authStatus: 0 | 1 | 2 | 3): Promise<void> {
  if (!(await repo.updateUser(db, userId, { authStatus })))
    throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
}

/**
 * Stores a new password hash (argon2id PHC string, made by passport) for the author (issue #9).
 * @param db the database or the caller's transaction (the password change revokes sessions in the same one)
 * @throws NOT_LOGGED_IN when the user no longer exists
 */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  if (!(await repo.updateUser(db, userId, { passwordHash })))
    throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
}

/**
 * `POST /api/user/update_profile` (extension, issue #9 "Account settings"): sets the avatar and/or the media
 * name. `avator` is one of our image URLs (`/media/img/{w}x{h}/{key}`, API.md §4) of an image the author
 * uploaded (`POST /fileservice/image`); the stored key is served through the avatar template at 120 × 120
 * (spec §3, §9). `mediaName` follows the registration rules (the param schema trims and bounds it).
 * @returns the new `{ authStatus, avator, mediaName }` (as `home/userinfo`)
 * @throws VALIDATION_FAILED (10007) naming `avator` when the image is not one the author uploaded;
 *   NOT_LOGGED_IN when the user no longer exists
 */
export async function updateProfile(db: Db, userId: number, param: UpdateProfileParam): Promise<UserInfo> {
  const fields: { avatarKey?: string; mediaName?: string } = {};
  if (param.avator !== undefined) {
    const key = mediaImageKey(param.avator);
    if (!key || !(await isOwnImage(db, userId, key))) {
      throw AppError.validation([{ path: 'avator', code: 'AVATAR_NOT_OWN' }]);
    }
    fields.avatarKey = key;
  }
  if (param.mediaName !== undefined) fields.mediaName = param.mediaName;
  const user = await repo.updateUser(db, userId, fields);
  if (!user) throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
  return toUserInfo(user);
}

/**
 * Creates an author (registration, API.md §5; the demo seed). The caller hashes the password and checks
 * its own rules; the new row has grade 1, no identities and the default avatar.
 * @param db the database or the caller's transaction (registration sends the welcome message in the same one)
 * @returns `{ id, userGuid, mediaName }` of the new user
 * @throws the driver's unique violation (code 23505) when the account is taken, case-insensitively
 */
export async function createUser(
  db: Db,
  fields: { account: string; passwordHash: string; mediaName: string },
): Promise<{ id: number; userGuid: string; mediaName: string }> {
  const user = await repo.insertUser(db, fields);
  return { id: user.id, userGuid: user.guid, mediaName: user.mediaName };
}

/** True when the author holds identity type 163 (spec §3 is163). */
export function is163(info: Pick<MyInfo, 'userIdentityList'>): boolean {
  return info.userIdentityList.some((i) => i.type === IDENTITY_TYPE_163);
}

/**
 * `program/get_user_grade`: rankResult 1 from grade 3 up (issue #2) or on the `program` white list (spec §6,
 * issue #10), else 0. @throws NOT_LOGGED_IN
 */
export async function getUserGrade(db: Db, userId: number): Promise<{ rankResult: 0 | 1; grade: number }> {
  const { rankResult, grade } = toPermissions(await loadUser(db, userId));
  return { rankResult, grade };
}

/** The permissions a user row grants (contracts/permissions.ts; spec §6). */
function toPermissions(user: repo.UserRow): Permissions {
  const whiteLists = user.whiteLists;
  return {
    dynamicShow: user.dynamicShow === 1 ? 1 : 0,
    rankResult: user.grade >= PROGRAM_MIN_GRADE || whiteLists.includes('program') ? 1 : 0,
    grade: user.grade,
    smallVideoMaxSeconds: user.smallVideoMaxSeconds ?? smallVideoMaxSeconds(user.grade),
    smallVideoMaxSecondsSet: user.smallVideoMaxSeconds !== null,
    publishPoint: user.publishPoint === 1 ? 1 : 0,
    contentAssistant: user.contentAssistant === 1 ? 1 : 0,
    whiteLists,
  };
}

/**
 * `GET /api/user/permissions` (extension, issue #10 "Permissions"): what the author may do, as the server
 * enforces it (spec §6). @throws NOT_LOGGED_IN
 */
export async function getPermissions(db: Db, userId: number): Promise<Permissions> {
  return toPermissions(await loadUser(db, userId));
}

/** The user's role (`author` or `operator`, API.md §13). @throws NOT_LOGGED_IN when the user is gone */
export async function getUserRole(db: Db, userId: number): Promise<UserRole> {
  return (await loadUser(db, userId)).role;
}

function toOpsUser(user: repo.UserRow): OpsUser {
  return {
    userId: user.id,
    account: user.account,
    mediaName: user.mediaName,
    permissions: toPermissions(user),
  };
}

/**
 * An author by account, for operators (`GET /api/ops/user/permissions`, issue #10).
 * @throws NOT_FOUND (10006, USER_NOT_FOUND) when there is no such account
 */
export async function findUserForOps(db: Db, account: string): Promise<OpsUser> {
  const user = await repo.findUserByAccount(db, account);
  if (!user) throw new AppError('NOT_FOUND', 'USER_NOT_FOUND');
  return toOpsUser(user);
}

/**
 * Sets an author's permissions (`POST /api/ops/user/set_permissions`, operators; spec §6): only the fields
 * given change; `smallVideoMaxSeconds` 0 returns it to the grade rule.
 * @returns the author with the permissions now in force
 * @throws NOT_FOUND (10006, USER_NOT_FOUND) when there is no such account
 */
export async function setPermissions(db: Db, param: SetPermissionsParam): Promise<OpsUser> {
  const user = await repo.findUserByAccount(db, param.account);
  if (!user) throw new AppError('NOT_FOUND', 'USER_NOT_FOUND');
  const updated = await repo.updateUser(db, user.id, {
    ...(param.dynamicShow !== undefined ? { dynamicShow: param.dynamicShow } : {}),
    ...(param.grade !== undefined ? { grade: param.grade } : {}),
    ...(param.smallVideoMaxSeconds !== undefined
      ? { smallVideoMaxSeconds: param.smallVideoMaxSeconds === 0 ? null : param.smallVideoMaxSeconds }
      : {}),
    ...(param.publishPoint !== undefined ? { publishPoint: param.publishPoint } : {}),
    ...(param.contentAssistant !== undefined ? { contentAssistant: param.contentAssistant } : {}),
    ...(param.whiteLists !== undefined ? { whiteLists: [...new Set(param.whiteLists)] } : {}),
  });
  return toOpsUser(updated!);
}

/**
 * The author's grade in force (`users.grade`, which programs, short videos and business orders read), with the row
 * locked until the caller's transaction ends: the growth module reads it before it writes a computed grade, so an
 * operator's change made meanwhile is seen, not overwritten (issue #14 "Grades").
 * @param tx the caller's transaction
 * @returns the grade, or null when the user does not exist
 */
export async function lockGrade(tx: Db, userId: number): Promise<number | null> {
  return (await repo.lockUserGrade(tx, userId)) ?? null;
}

/**
 * Sets the author's grade (the daily grade job and task claims of the growth module, issue #14 "Grades"; operators
 * use `setPermissions`). @param tx the caller's transaction (holding `lockGrade`'s lock)
 * @throws NOT_LOGGED_IN when the user no longer exists
 */
export async function setGrade(tx: Db, userId: number, grade: number): Promise<void> {
  if (!(await repo.updateUser(tx, userId, { grade }))) throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
}

/** `dynamic/get_dynamic_auth`: `{ dynamicShow: 0 | 1 }` from the user's column. @throws NOT_LOGGED_IN */
export async function getDynamicAuth(db: Db, userId: number): Promise<{ dynamicShow: 0 | 1 }> {
  const user = await loadUser(db, userId);
  return { dynamicShow: user.dynamicShow === 1 ? 1 : 0 };
}

function hmac(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/**
 * `manage/upload_file_secret` (API.md §6): a stateless secret for image uploads, bound to the user:
 * `<userId>.<expires, Unix s>.<HMAC-SHA256(appSecret, "upload-file:<userId>:<userGuid>:<expires>")>`.
 * Valid 24 h; a new secret does not revoke older ones (they expire).
 * @returns `{ uploadFileSecret, expiresAt }` with expiresAt as ISO 8601 UTC
 */
export function issueUploadFileSecret(
  appSecret: string,
  user: { id: number; userGuid: string },
  now = new Date(),
): { uploadFileSecret: string; expiresAt: string } {
  const expires = Math.floor((now.getTime() + UPLOAD_SECRET_TTL_MS) / 1000);
  const mac = hmac(appSecret, `upload-file:${user.id}:${user.userGuid}:${expires}`);
  return {
    uploadFileSecret: `${user.id}.${expires}.${mac}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * Checks an upload-file secret for the given user: right user, right MAC, not expired.
 * @returns true when valid
 */
export function verifyUploadFileSecret(
  appSecret: string,
  secret: string,
  user: { id: number; userGuid: string },
  now = new Date(),
): boolean {
  const match = /^(\d+)\.(\d+)\.([A-Za-z0-9_-]+)$/.exec(secret);
  if (!match) return false;
  const [, id, expires, mac] = match;
  if (Number(id) !== user.id || Number(expires) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(hmac(appSecret, `upload-file:${user.id}:${user.userGuid}:${expires}`));
  const given = Buffer.from(mac!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `video/get_upload_video_secret` (API.md §6, §7): a random 32-byte token, stored hashed in
 * `upload_tokens`, bound to the user, valid 24 h. The file service checks it with verifyUploadToken.
 * @returns `{ token, expiresAt }` (ISO 8601 UTC)
 */
export async function issueUploadToken(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + UPLOAD_SECRET_TTL_MS);
  await repo.insertUploadToken(db, { tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Resolves a video upload token (API.md §7) to its user.
 * @param expectedUserId when given, a token of another user is refused too
 * @returns `{ userId, userGuid, expiresAt }`, or null when unknown, expired, or another user's
 */
export async function verifyUploadToken(
  db: Db,
  token: string,
  opts: { expectedUserId?: number; now?: Date } = {},
): Promise<{ userId: number; userGuid: string; expiresAt: Date } | null> {
  if (!token || token.length > 128) return null;
  const row = await repo.findLiveUploadToken(db, hashToken(token), opts.now ?? new Date());
  if (!row) return null;
  if (opts.expectedUserId !== undefined && row.userId !== opts.expectedUserId) return null;
  return row;
}

/**
 * Part of the `auth-purge` job (issue #7 "Tables that do not grow forever"): deletes the video upload tokens
 * that expired at or before `now` (they live 24 h, API.md §7), `PURGE_BATCH_ROWS` rows per statement.
 * @param db the database, not a transaction: each batch commits on its own
 * @param opts batch size and statement cap (tests make them small)
 * @returns how many tokens were deleted
 */
export async function purgeExpiredUploadTokens(
  db: Db,
  now = new Date(),
  opts: { batchRows?: number; maxBatches?: number } = {},
): Promise<number> {
  return deleteInBatches((limit) => repo.deleteExpiredUploadTokens(db, now, limit), opts);
}
