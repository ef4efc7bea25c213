import { growthDataSchemas } from './growth.js';
import { creditDataSchemas } from './credit.js';
import { businessDataSchemas } from './business.js';
import { promotionDataSchemas } from './promotion.js';
import { assistantDataSchemas } from './assistant.js';
import { articleImportDataSchemas } from './article-import.js';
import { trackingDataSchemas } from './tracking.js';
import { carphotoDataSchemas } from './carphoto.js';
import { activityDataSchemas } from './activity.js';
import { z } from 'zod';
import {
  dataOverviewSchema,
  dataPeersSchema,
  eventBatchResultSchema,
  fansChartSchema,
  fansCountSchema,
  fansListSchema,
  fansPortraitSchema,
  workDetailSchema,
  workListSchema,
} from './analytics.js';
import {
  creativeHotSchema,
  creativeInterestSchema,
  dataReportListSchema,
  dataReportSchema,
  topicEngagementSchema,
} from './trends.js';
import { changePasswordResultSchema } from './account.js';
import {
  barrageListSchema,
  batchResultSchema,
  blockedReaderListSchema,
  commentCountsSchema,
  commentListSchema,
  commentReplySchema,
  commentSettingsSchema,
  commentWorkListSchema,
  commentWorkSettingsSchema,
  doneSchema,
  openBarrageListSchema,
  openBarrageResultSchema,
  openCommentLikeResultSchema,
  openCommentListSchema,
  openCommentResultSchema,
} from './comments.js';
import { influenceIndexSchema, rankListSchema } from './influence.js';
import { albumDetailSchema } from './album.js';
import { carSeriesSearchSchema } from './car.js';
import { liveDetailSchema, liveResetKeyResultSchema } from './live.js';
import { programDetailSchema } from './program.js';
import { dynamicDetailSchema, dynamicListSchema } from './dynamic.js';
import {
  designDetailSchema,
  designListItemSchema,
  designSaveResultSchema,
  myImageItemSchema,
} from './design.js';
import { contentStatuses } from './schemas.js';
import { Status } from './status.js';
import {
  contentDetailSchema,
  contentListItemSchema,
  homeOverviewSchema,
  idSchema,
  imageUploadResultSchema,
  isoTimeSchema,
  listDataSchema,
  messageGroupEntrySchema,
  messageItemSchema,
  myInfoSchema,
  noticeDetailSchema,
  noticeItemSchema,
  publicConfigSchema,
  userInfoSchema,
} from './types.js';
import {
  mergeFileStatusSchema,
  mergeResultSchema,
  moreShardResultSchema,
  shardsMissingDataSchema,
  uploadVideoSecretSchema,
} from './upload.js';
import { opsUserSchema, permissionsSchema } from './permissions.js';
import {
  acceptAgreementResultSchema,
  applicationResultSchema,
  certificationStateSchema,
  opsCertificationDecideResultSchema,
  opsCertificationListSchema,
  sendCodeResultSchema,
} from './certification.js';
import { ruleDetailSchema, ruleListSchema, ruleSearchSchema } from './rules.js';
import {
  contentDeleteBatchResultSchema,
  contentStatusCountsSchema,
  idResultSchema,
  liveStateResultSchema,
  opsReviewDecideResultSchema,
  opsReviewItemSchema,
  saveLiveResultSchema,
  topicListSchema,
} from './works.js';
import { durationPermissionSchema, saveVideoDotsResultSchema, videoDetailSchema } from './video.js';

/**
 * The answers of every route (issue #7 "Contracts for answers too"): the envelope of API.md §3 as zod
 * schemas, the small `data` shapes that have no home elsewhere, and `apiDataSchemas`, the one table of
 * path → `data` schema. The server registers each route's `data` schema (plugins/signature.ts,
 * plugins/envelope.ts) and a test checks the table matches the routes; the web app's test fixtures are
 * typed from the table, so a contract change breaks them at typecheck.
 */

/** `data` of the calls that answer nothing (`content/delete`, `logout`, …): `null` (API.md §5, §6, §9). */
export const nullDataSchema = z.null();

/** `article/publish`, `video/publish` → `{ id, status }` (API.md §9). */
export const publishResultSchema = z.strictObject({ id: idSchema, status: z.enum(contentStatuses) });
export type PublishResult = z.infer<typeof publishResultSchema>;

/** `passport/register`, `passport/login` → `{ userId }` (API.md §5). */
export const userIdResultSchema = z.strictObject({ userId: idSchema });
export type UserIdResult = z.infer<typeof userIdResultSchema>;

/** `program/get_user_grade` → `{ rankResult: 0 or 1, grade }` (API.md §6). */
export const userGradeSchema = z.strictObject({ rankResult: z.literal([0, 1]), grade: z.int().min(0) });
export type UserGrade = z.infer<typeof userGradeSchema>;

/** `dynamic/get_dynamic_auth` → `{ dynamicShow: 0 or 1 }` (API.md §6). */
export const dynamicAuthSchema = z.strictObject({ dynamicShow: z.literal([0, 1]) });
export type DynamicAuth = z.infer<typeof dynamicAuthSchema>;

/** `manage/upload_file_secret` → `{ uploadFileSecret, expiresAt }` (API.md §6), valid 24 h, ISO time. */
export const uploadFileSecretSchema = z.strictObject({
  uploadFileSecret: z.string().min(1),
  expiresAt: isoTimeSchema,
});
export type UploadFileSecret = z.infer<typeof uploadFileSecretSchema>;

/** `common_material` → `[{ name, url }]` (API.md §6; group `contact_support` is the support QR image). */
export const commonMaterialSchema = z.array(z.strictObject({ name: z.string(), url: z.string() }));
export type CommonMaterial = z.infer<typeof commonMaterialSchema>;

/** `message/get_mp_index_group_message` → one entry per group (API.md §6). */
export const groupUnreadSchema = z.array(messageGroupEntrySchema);
/** `message/get_message_list` → a list of messages (extension). */
export const messageListSchema = listDataSchema(messageItemSchema);
/** `notice/get_notice_list` → a list of notices (extension). */
export const noticeListSchema = listDataSchema(noticeItemSchema);
/** `content/list` → a list of the author's items (API.md §9). */
export const contentListSchema = listDataSchema(contentListItemSchema);
/** `ops/review/list` (API.md §13) → the queue, oldest first. */
export const opsReviewListSchema = listDataSchema(opsReviewItemSchema);
/** `design/list` → a list of the author's designs (issue #4). */
export const designListSchema = listDataSchema(designListItemSchema);
/** `media/my_images` → a list of the author's uploaded images (issue #4). */
export const myImageListSchema = listDataSchema(myImageItemSchema);

/** One field error of a 10007 answer: `data.fields[i]` (API.md §3). */
export const fieldErrorSchema = z.strictObject({
  path: z.string(),
  /** in the request's language (docs/api.md "Language of messages") */
  message: z.string(),
  /** the message's catalog code (server-messages.ts), the same in every language */
  code: z.string().optional(),
  /** the rule the refusal applies, `slug#section` of the rule centre (issue #11, `RULE_REFS`) */
  ruleRef: z.string().optional(),
});

/** `data` of a 10007: `{ fields }`, and the broken rule's stable code when there is one (video rules). */
export const validationErrorDataSchema = z.strictObject({
  fields: z.array(fieldErrorSchema),
  rule: z.string().optional(),
  ruleRef: z.string().optional(),
});

/**
 * The success envelope `{ status: 1, message, data }` of every `/api/` and `/fileservice/` answer
 * (API.md §3) around a route's `data` schema.
 */
export function envelopeSchema<D extends z.ZodType>(data: D) {
  return z.strictObject({ status: z.literal(Status.OK), message: z.string(), data });
}

const errorStatuses = Object.values(Status).filter((s) => s !== Status.OK) as [number, ...number[]];

/**
 * The error envelope `{ status, message, data, ercd, messageCode }` (API.md §3; `messageCode`: docs/api.md
 * "Language of messages"): `status` one of the table's error
 * codes, `data` null, `{ fields }` (10007) or `{ missing }` (`SHARDS_MISSING`, API.md §7).
 */
export const errorEnvelopeSchema = z.strictObject({
  status: z.literal(errorStatuses),
  message: z.string(),
  data: z.union([
    z.null(),
    validationErrorDataSchema,
    shardsMissingDataSchema,
    /** a refusal that applies a rule of the rule centre (issue #11): `slug#section` */
    z.strictObject({ ruleRef: z.string() }),
  ]),
  ercd: z.string(),
  /** the catalog code of `message` (server-messages.ts; issue #9), the same in every language */
  messageCode: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * Path → `data` schema of every envelope route (API.md §4–§9 and the extensions of docs/api.md). A route
 * the server registers must be here with the very schema it registers (apps/server routes-contract test).
 */
export const apiDataSchemas = {
  // home (API.md §4, extension)
  '/api/config': publicConfigSchema,
  '/api/home/overview': homeOverviewSchema,
  // session and account (API.md §5)
  '/api/passport/register': userIdResultSchema,
  '/api/passport/login': userIdResultSchema,
  '/api/logout': nullDataSchema,
  // account settings (issue #9, docs/api.md "Account settings")
  '/api/user/update_profile': userInfoSchema,
  '/api/user/change_password': changePasswordResultSchema,
  // calls named in the spec (API.md §6)
  '/api/home/userinfo': userInfoSchema,
  '/api/user_center/get_my_info_by_id': myInfoSchema,
  '/api/message/get_mp_index_group_message': groupUnreadSchema,
  '/api/message/clear_unread_msg': nullDataSchema,
  '/api/program/get_user_grade': userGradeSchema,
  '/api/dynamic/get_dynamic_auth': dynamicAuthSchema,
  '/api/common_material': commonMaterialSchema,
  '/api/manage/upload_file_secret': uploadFileSecretSchema,
  '/api/video/get_upload_video_secret': uploadVideoSecretSchema,
  // messages and notices (extensions)
  '/api/message/get_message_list': messageListSchema,
  '/api/message/read_message': nullDataSchema,
  '/api/notice/get_notice_list': noticeListSchema,
  '/api/notice/get_notice_detail': noticeDetailSchema,
  // file service (API.md §7, §8)
  '/fileservice/moreShard': moreShardResultSchema,
  '/fileservice/merge': mergeResultSchema,
  '/fileservice/isExistLocalMergeFile': mergeFileStatusSchema,
  '/fileservice/upload': nullDataSchema,
  '/fileservice/image': imageUploadResultSchema,
  '/fileservice/private_image': imageUploadResultSchema,
  // content (API.md §9)
  '/api/article/publish': publishResultSchema,
  '/api/content/list': contentListSchema,
  '/api/content/detail': contentDetailSchema,
  '/api/content/delete': nullDataSchema,
  // designs and pictures (issue #4, docs/api.md "Designs")
  '/api/design/save': designSaveResultSchema,
  '/api/design/list': designListSchema,
  '/api/design/detail': designDetailSchema,
  '/api/design/duplicate': designSaveResultSchema,
  '/api/design/rename': designSaveResultSchema,
  '/api/design/delete': nullDataSchema,
  '/api/media/my_images': myImageListSchema,
  // video publishing (issue #3, docs/api.md "Video publishing")
  '/api/video/publish': publishResultSchema,
  '/api/video/detail': videoDetailSchema,
  '/api/video/save_dots': saveVideoDotsResultSchema,
  '/api/small_video/get_duration_permission': durationPermissionSchema,
  // car catalogue (API.md §13, issue #10)
  '/api/car/series_search': carSeriesSearchSchema,
  // every kind of work (issue #10, API.md §13, docs/api.md "Other content types")
  '/api/live/save': saveLiveResultSchema,
  '/api/live/state': liveStateResultSchema,
  '/api/live/reset_key': liveResetKeyResultSchema,
  '/api/live/detail': liveDetailSchema,
  '/api/program/save': idResultSchema,
  '/api/program/detail': programDetailSchema,
  '/api/album/publish': publishResultSchema,
  '/api/album/detail': albumDetailSchema,
  '/api/dynamic/publish': publishResultSchema,
  '/api/dynamic/detail': dynamicDetailSchema,
  '/api/dynamic/list': dynamicListSchema,
  '/api/topic/list': topicListSchema,
  '/api/ops/review/list': opsReviewListSchema,
  '/api/ops/review/decide': opsReviewDecideResultSchema,
  '/api/ops/user/permissions': opsUserSchema,
  '/api/ops/user/set_permissions': opsUserSchema,
  '/api/user/permissions': permissionsSchema,
  '/api/content/status_counts': contentStatusCountsSchema,
  '/api/content/delete_batch': contentDeleteBatchResultSchema,
  // reader events and audience data (issue #12, API.md §10–§11, docs/api.md "Audience data")
  '/open/events': eventBatchResultSchema,
  '/api/data/overview': dataOverviewSchema,
  '/api/data/work_list': workListSchema,
  '/api/data/work_detail': workDetailSchema,
  '/api/data/peers': dataPeersSchema,
  '/api/fans/count': fansCountSchema,
  '/api/fans/chart': fansChartSchema,
  '/api/fans/list': fansListSchema,
  '/api/fans/portrait': fansPortraitSchema,
  // influence index and rankings (issue #12, docs/api.md "Influence index and rankings")
  '/api/influence/index': influenceIndexSchema,
  '/api/rank/list': rankListSchema,
  // creative trends, topic engagement, weekly reports (issue #12, docs/api.md "Creative trends and topics")
  '/api/creative/hot': creativeHotSchema,
  '/api/creative/interest': creativeInterestSchema,
  '/api/topic/engagement': topicEngagementSchema,
  '/api/data/report_list': dataReportListSchema,
  '/api/data/report_detail': dataReportSchema,
  // certification and rules (issue #11, API.md §14, docs/api.md "Certification")
  '/api/certification/state': certificationStateSchema,
  '/api/certification/person': applicationResultSchema,
  '/api/certification/organization': applicationResultSchema,
  '/api/certification/accept_agreement': acceptAgreementResultSchema,
  '/api/certification/send_code': sendCodeResultSchema,
  '/api/ops/certification/list': opsCertificationListSchema,
  '/api/ops/certification/decide': opsCertificationDecideResultSchema,
  '/api/rules/list': ruleListSchema,
  '/api/rules/detail': ruleDetailSchema,
  '/api/rules/search': ruleSearchSchema,
  // comments and barrage (issue #13, API.md §10 and §12, docs/api.md "Comments and barrage"); a path whose GET
  // and POST answer differently has its GET under `GET <path>`
  '/open/comments': openCommentResultSchema,
  'GET /open/comments': openCommentListSchema,
  'GET /open/barrage': openBarrageListSchema,
  '/open/comments/like': openCommentLikeResultSchema,
  '/open/barrage': openBarrageResultSchema,
  '/api/comment/list': commentListSchema,
  '/api/comment/reply': commentReplySchema,
  '/api/comment/batch': batchResultSchema,
  '/api/comment/settings': commentSettingsSchema,
  '/api/comment/counts': commentCountsSchema,
  '/api/comment/read': doneSchema,
  '/api/comment/work_list': commentWorkListSchema,
  '/api/comment/work_settings': commentWorkSettingsSchema,
  '/api/barrage/list': barrageListSchema,
  '/api/barrage/batch': batchResultSchema,
  '/api/reader/block': nullDataSchema,
  '/api/reader/blocked_list': blockedReaderListSchema,
  // issue #14: each area's paths live in its own contracts file
  ...growthDataSchemas,
  ...creditDataSchemas,
  ...businessDataSchemas,
  ...promotionDataSchemas,
  ...assistantDataSchemas,
  ...articleImportDataSchemas,
  ...trackingDataSchemas,
  ...carphotoDataSchemas,
  ...activityDataSchemas,
} as const satisfies Record<string, z.ZodType>;

/** A path of `apiDataSchemas`. */
export type ApiPath = keyof typeof apiDataSchemas;
/** The `data` a path answers with (what a client or a test fixture may hold). */
export type ApiData<P extends ApiPath> = z.input<(typeof apiDataSchemas)[P]>;
