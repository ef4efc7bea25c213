import { z } from 'zod';
import { MEDIA_IMAGE_URL_PATTERN } from './constants.js';
import { registerParamSchema } from './schemas.js';
import { countSchema } from './types.js';

/**
 * Account settings (issue #9 "Account settings"; docs/api.md "Account settings"): the author changes the
 * avatar and media name, and the password. The spec names the avatar (`avator`, shown at 120 × 120, spec
 * §3/§9) and the media name but no call: the two calls are extensions in the style of API.md §5/§6.
 */

/** The media name's rules, the same as at registration (API.md §5): trimmed, 2–20 characters, no control characters. */
export const mediaNameInputSchema = registerParamSchema.shape.mediaName;

/** A new password's length rule, the same as at registration: 8–128 characters (strength is the server's zxcvbn check). */
export const newPasswordInputSchema = registerParamSchema.shape.password;

/**
 * An avatar as the client sends it: one of this product's image URLs (`/media/img/{w}x{h}/{key}`, API.md §4),
 * i.e. the `url` that `POST /fileservice/image` answered. The server checks the image is the author's own.
 */
export const avatarUrlInputSchema = z
  .string('FIELD_EXPECTED_STRING')
  .max(512, 'AVATAR_NOT_OURS')
  .regex(MEDIA_IMAGE_URL_PATTERN, 'AVATAR_NOT_OURS');

/**
 * The storage key of one of our image URLs: `/media/img/120x120/images/u1/a.png` → `images/u1/a.png`
 * (API.md §4). Null for any other string.
 */
export function mediaImageKey(url: string): string | null {
  if (!MEDIA_IMAGE_URL_PATTERN.test(url)) return null;
  return url.replace(/^\/media\/img\/\d+x\d+\//, '');
}

/**
 * `POST /api/user/update_profile` (extension, issue #9): `{ avator?, mediaName? }` — at least one. `avator`
 * keeps the spec's wire spelling (spec §3, CONVENTIONS.md "even `avator`").
 */
export const updateProfileParamSchema = z
  .object({
    avator: avatarUrlInputSchema.optional(),
    mediaName: mediaNameInputSchema.optional(),
  })
  .refine((v) => v.avator !== undefined || v.mediaName !== undefined, {
    message: 'PROFILE_NOTHING_TO_CHANGE',
    path: ['mediaName'],
  });
export type UpdateProfileParam = z.infer<typeof updateProfileParamSchema>;

/**
 * `POST /api/user/change_password` (extension, issue #9): the current password and the new one. The new
 * one follows the registration rules (8–128 characters, then zxcvbn on the server) and must differ from
 * the current one.
 */
export const changePasswordParamSchema = z
  .object({
    oldPassword: z.string('FIELD_EXPECTED_STRING').min(1, 'OLD_PASSWORD_REQUIRED').max(128),
    newPassword: newPasswordInputSchema,
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    message: 'NEW_PASSWORD_SAME',
    path: ['newPassword'],
  });
export type ChangePasswordParam = z.infer<typeof changePasswordParamSchema>;

/** `change_password` → how many other sessions of the author were signed out (the current one stays). */
export const changePasswordResultSchema = z.strictObject({ signedOutSessions: countSchema });
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;

/** The `ercd` of a wrong current password in `change_password` (status 0, API.md §3). */
export const WRONG_OLD_PASSWORD_ERCD = 'WRONG_OLD_PASSWORD';
