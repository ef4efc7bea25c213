import { z } from 'zod';
import { INT2_MAX } from './constants.js';
import { intInputSchema, textInputSchema } from './schemas.js';
import { idSchema } from './types.js';

/**
 * Per-author permissions (spec §6 "white lists, short-video duration permission, publish-point permission and
 * content assistant allow flag"; issue #10 "Permissions"): stored on the author, set by operators
 * (`POST /api/ops/user/set_permissions`), read by the author (`GET /api/user/permissions`) and enforced by the
 * server where the feature lives (docs/api.md "Permissions").
 */

/**
 * The white lists an author can be on: `program` — programs regardless of grade (`rankResult` 1 below
 * grade 3, spec §6); `reviewPriority` — the author's held works come first in the operators' queue.
 */
export const WHITE_LISTS = ['program', 'reviewPriority'] as const;
export type WhiteList = (typeof WHITE_LISTS)[number];

/** Longest short video an operator may allow, seconds (the platform's cap; the grade rule gives 60 or 300). */
export const SMALL_VIDEO_MAX_SECONDS_CAP = 900;

/** An author's permissions as the server enforces them. */
export const permissionsSchema = z.strictObject({
  /** the dynamic area and `dynamic/publish` (spec §3/§6 `dynamicShow`) */
  dynamicShow: z.literal([0, 1]),
  /** programs (`program/save`): grade ≥ 3 or the `program` white list */
  rankResult: z.literal([0, 1]),
  grade: z.int().min(0),
  /** the longest short video the author may publish, seconds: the operator's value, else by grade */
  smallVideoMaxSeconds: z.int().min(1),
  /** whether an operator set `smallVideoMaxSeconds` (false: it follows the grade) */
  smallVideoMaxSecondsSet: z.boolean(),
  /** publish points (location tags) on works — spec §6 "publish-point permission" */
  publishPoint: z.literal([0, 1]),
  /** the content assistant (`contentAssistant`, spec §6 "content assistant allow flag") */
  contentAssistant: z.literal([0, 1]),
  whiteLists: z.array(z.enum(WHITE_LISTS)),
});
export type Permissions = z.infer<typeof permissionsSchema>;

/** `GET /api/ops/user/permissions { account }` (extension, operators). */
export const opsUserParamSchema = z.object({
  account: textInputSchema(64, { trim: true }).pipe(z.string().min(1, 'ACCOUNT_REQUIRED')),
});
export type OpsUserParam = z.infer<typeof opsUserParamSchema>;

/** An author as an operator sees them: who, and their permissions. */
export const opsUserSchema = z.strictObject({
  userId: idSchema,
  account: z.string(),
  mediaName: z.string(),
  permissions: permissionsSchema,
});
export type OpsUser = z.infer<typeof opsUserSchema>;

/**
 * `POST /api/ops/user/set_permissions` (extension, operators): changes only the fields given;
 * `smallVideoMaxSeconds: 0` returns it to the grade rule.
 */
export const setPermissionsParamSchema = z.object({
  account: textInputSchema(64, { trim: true }).pipe(z.string().min(1, 'ACCOUNT_REQUIRED')),
  dynamicShow: z.literal([0, 1]).optional(),
  grade: intInputSchema(1, 10).optional(),
  smallVideoMaxSeconds: intInputSchema(0, Math.min(SMALL_VIDEO_MAX_SECONDS_CAP, INT2_MAX)).optional(),
  publishPoint: z.literal([0, 1]).optional(),
  contentAssistant: z.literal([0, 1]).optional(),
  whiteLists: z.array(z.enum(WHITE_LISTS)).max(WHITE_LISTS.length).optional(),
});
export type SetPermissionsParam = z.infer<typeof setPermissionsParamSchema>;
