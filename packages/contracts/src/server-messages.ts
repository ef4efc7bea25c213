import type { z } from 'zod';
import { GROWTH_MESSAGES, GROWTH_MESSAGE_KINDS } from './growth.messages.js';
import { CREDIT_MESSAGES, CREDIT_MESSAGE_KINDS } from './credit.messages.js';
import { BUSINESS_MESSAGES, BUSINESS_MESSAGE_KINDS } from './business.messages.js';
import { PROMOTION_MESSAGES, PROMOTION_MESSAGE_KINDS } from './promotion.messages.js';
import { ASSISTANT_MESSAGES, ASSISTANT_MESSAGE_KINDS } from './assistant.messages.js';
import { ARTICLE_IMPORT_MESSAGES, ARTICLE_IMPORT_MESSAGE_KINDS } from './article-import.messages.js';
import { TRACKING_MESSAGES, TRACKING_MESSAGE_KINDS } from './tracking.messages.js';
import { CARPHOTO_MESSAGES, CARPHOTO_MESSAGE_KINDS } from './carphoto.messages.js';
import { ACTIVITY_MESSAGES, ACTIVITY_MESSAGE_KINDS } from './activity.messages.js';

/**
 * THE CATALOG OF SERVER MESSAGES (issue #9 "Language"): every text the server sends a person — the
 * envelope's `message`, each `data.fields[].message` of a 10007, review reasons (`rejectReason`), upload
 * failures, and the message centre's titles and bodies — in zh-CN and en-US, under one stable code.
 *
 * - The server throws `new AppError(status, code | { code, params })` (apps/server/src/errors.ts): the
 *   code is typed as a key of this catalog and the params as the `{{names}}` of its template, so a throw
 *   without a catalog text does not compile. The envelope renders it in the request's language
 *   (`Accept-Language`, `pickMessageLanguage`; zh-CN when absent or unknown) and sends the code as
 *   `messageCode` (docs/api.md "Language of messages"). The English text is `Error.message`, for logs.
 * - zod schemas of the contracts use codes as their messages (`.min(8, 'PASSWORD_TOO_SHORT')`);
 *   `zodIssueMessage` turns any zod issue into a code + params (zod's own messages map to the generic
 *   `FIELD_*` codes), so a field error is never English-only either.
 * - Templates interpolate `{{name}}`; a param may itself be a `{ code, params }` reference (rendered in the
 *   same language first, e.g. an upload state inside a sentence).
 * - en-US keeps the spec's and API.md's English word for word where they give one (spec §8, API.md §3
 *   "title must be 6-30 characters"); zh-CN is the product's own language (the spec's original).
 * - `server-messages.test.ts` proves every entry has both languages with the same `{{params}}`.
 */

/** The languages of every user-visible server text; zh-CN is the product's default (spec §1). */
export const MESSAGE_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const DEFAULT_MESSAGE_LANGUAGE: MessageLanguage = 'zh-CN';

/** One text in both languages. */
export type Bilingual = Readonly<Record<MessageLanguage, string>>;

export const SERVER_MESSAGES = {
  // ---- the envelope and the framework (plugins/envelope.ts) ----
  INTERNAL: { 'zh-CN': '服务器内部错误，请稍后再试', 'en-US': 'internal error' },
  NOT_FOUND: { 'zh-CN': '未找到', 'en-US': 'not found' },
  ROUTE_NOT_FOUND: {
    'zh-CN': '没有这个地址：{{method}} {{path}}',
    'en-US': 'no such path: {{method}} {{path}}',
  },
  URL_MALFORMED: { 'zh-CN': '网址格式错误', 'en-US': 'the URL is malformed' },
  URL_TOO_LONG: { 'zh-CN': '网址过长', 'en-US': 'the URL is too long' },
  BODY_TOO_LARGE: { 'zh-CN': '请求内容过大', 'en-US': 'request body is too large' },
  HEADERS_TOO_LARGE: {
    'zh-CN': '请求行或请求头过大（查询字符串太长？）',
    'en-US': 'the request line or headers are too large (a long query string?)',
  },
  REQUEST_TIMEOUT: { 'zh-CN': '请求超时', 'en-US': 'the request timed out' },
  REQUEST_MALFORMED: { 'zh-CN': 'HTTP 请求格式错误', 'en-US': 'the HTTP request is malformed' },
  REQUEST_REFUSED: { 'zh-CN': '请求被拒绝', 'en-US': 'request refused' },
  CONTENT_TYPE_UNSUPPORTED: {
    'zh-CN': '不支持的内容类型：请以 application/x-www-form-urlencoded 或 application/json 发送',
    'en-US': 'unsupported content type: send application/x-www-form-urlencoded or application/json',
  },
  BODY_NOT_JSON: { 'zh-CN': '请求内容不是有效的 JSON', 'en-US': 'body is not valid JSON' },
  INVALID_REQUEST: { 'zh-CN': '请求无效', 'en-US': 'invalid request' },
  TOO_MANY_REQUESTS: {
    'zh-CN': '请求过于频繁，请 {{seconds}} 秒后再试',
    'en-US': 'too many requests, try again in {{seconds}} s',
  },
  TOO_MANY_REQUESTS_NOW: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'too many requests' },
  SERVER_BUSY: {
    'zh-CN': '服务器繁忙，请 {{seconds}} 秒后再试',
    'en-US': 'the server is busy, try again in {{seconds}} s',
  },
  UPLOAD_BUDGET_USED: {
    'zh-CN': '本分钟的上传流量已用完，请 {{seconds}} 秒后再试',
    'en-US': 'upload budget of this minute used up, try again in {{seconds}} s',
  },

  // ---- signed requests (API.md §2, plugins/signature.ts) and the session ----
  ENCRYPT_TYPE_WRONG: {
    'zh-CN': '请求头 encryptType 必须为 {{value}}（MD5 签名）',
    'en-US': 'header encryptType must be {{value}} (MD5 signature)',
  },
  SIGN_MISSING: { 'zh-CN': '缺少签名 sign', 'en-US': 'sign is missing' },
  SIGNED_FIELD_MISSING: { 'zh-CN': '缺少签名字段 {{name}}', 'en-US': 'signed field {{name}} is missing' },
  CID_UNKNOWN: { 'zh-CN': '未知的客户端 cid {{cid}}', 'en-US': 'unknown cid {{cid}}' },
  SIGN_WRONG: { 'zh-CN': '签名错误', 'en-US': 'sign is wrong' },
  TIME_NOT_SECONDS: { 'zh-CN': 't 必须是以秒为单位的 Unix 时间', 'en-US': 't must be Unix time in seconds' },
  REQUEST_TIME_SKEW: {
    'zh-CN': '请求时间与服务器时间相差超过 {{seconds}} 秒，请校准设备时间',
    'en-US': 'request time is more than {{seconds}} s away from server time',
  },
  LOGIN_REQUIRED: { 'zh-CN': '请先登录', 'en-US': 'please log in' },
  UID_MISMATCH: {
    'zh-CN': '登录状态已变化，请重新登录',
    'en-US': 'uid does not match the session; please log in again',
  },
  PARAM_NOT_JSON: { 'zh-CN': 'param 不是有效的 JSON', 'en-US': 'param is not valid JSON' },
  FIELD_TOO_DEEP: { 'zh-CN': '嵌套不能超过 {{max}} 层', 'en-US': 'must not nest deeper than {{max}} levels' },
  FIELD_CONTROL_CHARS: { 'zh-CN': '不能包含控制字符', 'en-US': 'must not contain control characters' },
  FIELD_KEY_CONTROL_CHARS: {
    'zh-CN': '字段名不能包含控制字符',
    'en-US': 'keys must not contain control characters',
  },
  USER_GUID_REQUIRED: {
    'zh-CN': '请求头 {{header}} 必须携带你的 UserGuid',
    'en-US': 'header {{header}} must carry your UserGuid',
  },

  // ---- any field (zod's own checks, `zodIssueMessage`); the envelope prefixes the field's path ----
  FIELD_REQUIRED: { 'zh-CN': '必填', 'en-US': 'is required' },
  FIELD_EXPECTED_STRING: { 'zh-CN': '必须是文本', 'en-US': 'must be a string' },
  FIELD_EXPECTED_NUMBER: { 'zh-CN': '必须是数字', 'en-US': 'must be a number' },
  FIELD_EXPECTED_INTEGER: { 'zh-CN': '必须是整数', 'en-US': 'must be a whole number' },
  FIELD_EXPECTED_BOOLEAN: { 'zh-CN': '必须是 true 或 false', 'en-US': 'must be true or false' },
  FIELD_EXPECTED_ARRAY: { 'zh-CN': '必须是列表', 'en-US': 'must be a list' },
  FIELD_EXPECTED_OBJECT: { 'zh-CN': '必须是对象', 'en-US': 'must be an object' },
  FIELD_TOO_SHORT: { 'zh-CN': '至少 {{min}} 个字符', 'en-US': 'must be at least {{min}} characters' },
  FIELD_TOO_LONG: { 'zh-CN': '最多 {{max}} 个字符', 'en-US': 'must be at most {{max}} characters' },
  FIELD_TOO_SMALL: { 'zh-CN': '不能小于 {{min}}', 'en-US': 'must be at least {{min}}' },
  FIELD_TOO_BIG: { 'zh-CN': '不能大于 {{max}}', 'en-US': 'must be at most {{max}}' },
  FIELD_TOO_FEW: { 'zh-CN': '至少 {{min}} 项', 'en-US': 'must have at least {{min}} items' },
  FIELD_TOO_MANY: { 'zh-CN': '最多 {{max}} 项', 'en-US': 'must have at most {{max}} items' },
  FIELD_NOT_ALLOWED: { 'zh-CN': '只能是以下之一：{{values}}', 'en-US': 'must be one of: {{values}}' },
  FIELD_INVALID_FORMAT: { 'zh-CN': '格式不正确', 'en-US': 'has the wrong format' },
  FIELD_UNKNOWN_KEYS: { 'zh-CN': '未知字段：{{keys}}', 'en-US': 'unknown fields: {{keys}}' },
  FIELD_INVALID: { 'zh-CN': '无效', 'en-US': 'is invalid' },
  ID_REQUIRED: { 'zh-CN': '缺少 id', 'en-US': 'id is required' },
  REQUEST_ID_FORMAT: {
    'zh-CN': 'requestId 须为 8–64 个字母、数字、_ 或 -',
    'en-US': 'requestId must be 8-64 letters, digits, _ or -',
  },
  REQUEST_ID_BUSY: {
    'zh-CN': '相同的 requestId 正被另一个请求使用，请稍后再试',
    'en-US': 'the same requestId is being used by another request',
  },
  GROUP_NAME_REQUIRED: { 'zh-CN': '缺少 groupName', 'en-US': 'groupName is required' },

  // ---- account (API.md §5, passport) ----
  ACCOUNT_TAKEN: { 'zh-CN': '该账号已被注册', 'en-US': 'this account is already taken' },
  WRONG_CREDENTIALS: { 'zh-CN': '账号或密码错误', 'en-US': 'account or password is wrong' },
  LOGIN_LIMITED: {
    'zh-CN': '登录尝试次数过多，请 {{minutes}} 分钟后再试',
    'en-US': 'too many login attempts, try again in {{minutes}} min',
  },
  REGISTER_LIMITED: {
    'zh-CN': '注册次数过多，请 {{minutes}} 分钟后再试',
    'en-US': 'too many registrations, try again in {{minutes}} min',
  },
  PASSWORD_LIMITED: {
    'zh-CN': '密码尝试次数过多，请 {{minutes}} 分钟后再试',
    'en-US': 'too many password attempts, try again in {{minutes}} min',
  },
  WRONG_OLD_PASSWORD: { 'zh-CN': '当前密码错误', 'en-US': 'the current password is wrong' },
  OLD_PASSWORD_REQUIRED: { 'zh-CN': '请输入当前密码', 'en-US': 'current password is required' },
  NEW_PASSWORD_SAME: {
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'the new password must differ from the current one',
  },
  PROFILE_NOTHING_TO_CHANGE: {
    'zh-CN': '没有要修改的内容：请提供头像或媒体名称',
    'en-US': 'nothing to change: send avator or mediaName',
  },
  AVATAR_NOT_OURS: {
    'zh-CN': '头像必须是在本站上传的图片',
    'en-US': 'avatar must be an image uploaded here',
  },
  AVATAR_NOT_OWN: { 'zh-CN': '头像必须是你上传的图片', 'en-US': 'avatar must be an image you uploaded' },
  ACCOUNT_FORMAT: {
    'zh-CN': '账号须为 3–32 个字母、数字、_ . 或 -',
    'en-US': 'account must be 3-32 letters, digits, _ . or -',
  },
  ACCOUNT_REQUIRED: { 'zh-CN': '请输入账号', 'en-US': 'account is required' },
  PASSWORD_REQUIRED: { 'zh-CN': '请输入密码', 'en-US': 'password is required' },
  PASSWORD_TOO_SHORT: {
    'zh-CN': '密码至少 {{min}} 个字符',
    'en-US': 'password must be at least {{min}} characters',
  },
  PASSWORD_TOO_LONG: { 'zh-CN': '密码过长', 'en-US': 'password is too long' },
  MEDIA_NAME_LENGTH: { 'zh-CN': '媒体名称须为 2–20 个字符', 'en-US': 'media name must be 2-20 characters' },
  WEAK_PASSWORD: {
    'zh-CN': '密码太容易被猜到：请换一个更长的密码（例如几个不相关的词组合），不要使用账号或媒体名称',
    'en-US':
      'This password is too easy to guess: use a longer one (a few unrelated words work well), and not your account or media name',
  },

  // ---- articles and every content item (API.md §9, content) ----
  TITLE_REQUIRED: { 'zh-CN': '请输入标题', 'en-US': 'title is required' },
  TITLE_LENGTH: {
    'zh-CN': '标题需为 {{min}}–{{max}} 个字（汉字算 1 个，字母数字算半个）',
    'en-US': 'title must be {{min}}-{{max}} characters',
  },
  TITLE_EMOJI: { 'zh-CN': '标题不能包含表情符号', 'en-US': 'title cannot contain emoji' },
  TITLE_TOO_LONG: { 'zh-CN': '标题过长', 'en-US': 'title is too long' },
  BODY_LENGTH: {
    'zh-CN': '正文需为 {{min}}–{{max}} 个字',
    'en-US': 'body must be {{min}}-{{max}} characters',
  },
  BODY_MARKUP_TOO_LONG: {
    'zh-CN': '正文的 HTML 最多 {{max}} 个字符',
    'en-US': 'body must be at most {{max}} characters of HTML',
  },
  BODY_MARKUP_TOO_MANY_BYTES: {
    'zh-CN': '正文的 HTML 最多 {{max}} 字节',
    'en-US': 'body must be at most {{max}} bytes of HTML',
  },
  BODY_TOO_DEEP: {
    'zh-CN': '正文的标签嵌套超过 {{max}} 层',
    'en-US': 'body nests tags more than {{max}} levels deep',
  },
  COVER_REQUIRED: { 'zh-CN': '请上传封面', 'en-US': 'a cover is required to publish' },
  COVER_URL_NOT_OURS: {
    'zh-CN': '封面必须是在本站上传的图片',
    'en-US': 'cover must be an image uploaded here',
  },
  ARTICLE_NOT_FOUND: { 'zh-CN': '文章不存在', 'en-US': 'no such article' },
  ARTICLE_DELETED: { 'zh-CN': '已删除的文章不能编辑', 'en-US': 'a deleted article cannot be edited' },
  ARTICLE_PUBLISHED_NO_SCHEDULE: {
    'zh-CN': '文章已发布，不能再定时发布',
    'en-US': 'a published article cannot be scheduled',
  },
  CONTENT_NOT_FOUND: { 'zh-CN': '作品不存在', 'en-US': 'no such content' },
  DRAFT_QUOTA: {
    'zh-CN': '草稿最多 {{max}} 篇，请先发布或删除一些',
    'en-US': 'at most {{max}} drafts; publish or delete some first',
  },
  QUOTA_EXCEEDED: {
    'zh-CN': '数量已达上限（草稿最多 500 篇，设计最多 200 个），请先发布或删除一些后再试',
    'en-US':
      'You have reached the limit (at most 500 drafts and 200 designs). Publish or delete some, then try again.',
  },

  // ---- the automatic review (content/reviewContent): reasons of `rejected` ----
  REVIEW_SENSITIVE_WORD: {
    'zh-CN': '包含违禁词：{{word}}（{{rule}}）',
    'en-US': 'contains a prohibited word: {{word}} ({{rule}})',
  },
  WORD_RULE_GAMBLING: { 'zh-CN': '赌博', 'en-US': 'gambling' },
  WORD_RULE_FRAUD: { 'zh-CN': '欺诈', 'en-US': 'fraud' },
  WORD_RULE_ILLEGAL_VEHICLES: { 'zh-CN': '违规车辆', 'en-US': 'illegal vehicles' },
  WORD_RULE_ODOMETER_FRAUD: { 'zh-CN': '篡改里程', 'en-US': 'odometer fraud' },
  WORD_RULE_DANGEROUS_DRIVING: { 'zh-CN': '危险驾驶', 'en-US': 'dangerous driving' },
  WORD_RULE_OFF_PLATFORM_ADVERTISING: { 'zh-CN': '站外引流广告', 'en-US': 'off-platform advertising' },
  WORD_RULE_FAKE_ENGAGEMENT: { 'zh-CN': '虚假互动', 'en-US': 'fake engagement' },
  WORD_RULE_CONTACT_DETAILS: { 'zh-CN': '站外联系方式', 'en-US': 'off-platform contact details' },
  WORD_RULE_PRICE_CLAIMS: { 'zh-CN': '价格宣传', 'en-US': 'price claims' },
  WORD_RULE_MODIFICATION_LEGALITY: { 'zh-CN': '改装合规', 'en-US': 'legality of modifications' },

  // ---- videos and short videos (issue #3, video) ----
  VIDEO_NOT_FOUND: { 'zh-CN': '视频不存在', 'en-US': 'no such video' },
  VIDEO_DELETED: { 'zh-CN': '已删除的视频不能编辑', 'en-US': 'a deleted video cannot be edited' },
  VIDEO_UPLOAD_FAILED: {
    'zh-CN': '视频上传失败（{{reason}}），请重新上传',
    'en-US': 'the upload failed ({{reason}}); please upload again',
  },
  UNKNOWN_REASON: { 'zh-CN': '原因未知', 'en-US': 'unknown reason' },
  VIDEO_NOT_READY: {
    'zh-CN': '视频尚未就绪（上传状态：{{state}}），请先保存草稿，处理完成后再发布',
    'en-US':
      'the video is not ready yet (upload state: {{state}}); save a draft or publish once processing is done',
  },
  VIDEO_FILE_GONE: {
    'zh-CN': '视频文件已不可用，请重新上传',
    'en-US': 'the video file is no longer available; please upload again',
  },
  VIDEO_UPLOAD_IN_OTHER_VIDEO: {
    'zh-CN': '该上传已被你的另一个视频使用',
    'en-US': 'this upload is already used by another of your videos',
  },
  SMALL_VIDEO_NOT_VERTICAL: {
    'zh-CN': '小视频必须是竖版（高大于宽）',
    'en-US': 'a short video must be vertical (height greater than width)',
  },
  SMALL_VIDEO_TOO_LONG: {
    'zh-CN': '小视频时长不能超过 {{max}} 秒',
    'en-US': 'a short video can be at most {{max}} seconds long',
  },
  SCHEDULE_INVALID: {
    'zh-CN': '请选择定时发布时间（ISO 8601）',
    'en-US': 'a scheduled time is required (ISO 8601)',
  },
  SCHEDULE_PAST: { 'zh-CN': '定时发布时间必须晚于现在', 'en-US': 'the scheduled time must be in the future' },
  SCHEDULE_TOO_FAR: {
    'zh-CN': '定时发布时间不能超过 {{days}} 天后',
    'en-US': 'the scheduled time can be at most {{days}} days ahead',
  },
  DESCRIPTION_LENGTH: {
    'zh-CN': '简介不能超过 {{max}} 个字',
    'en-US': 'description can be at most {{max}} characters',
  },
  DOTS_NOT_PUBLISHED: {
    'zh-CN': '只有已发布的视频才能保存打点',
    'en-US': 'dots can be saved on published videos only',
  },
  DOT_AFTER_END: {
    'zh-CN': '打点时间必须在视频结束之前（{{duration}} 秒）',
    'en-US': 'a dot must be before the end of the video ({{duration}} s)',
  },
  DOT_TIME_NEGATIVE: { 'zh-CN': '打点时间不能为负数', 'en-US': 'a dot time cannot be negative' },
  DOT_TITLE_REQUIRED: { 'zh-CN': '请输入打点标题', 'en-US': 'a dot title is required' },
  DOT_TITLE_LENGTH: {
    'zh-CN': '打点标题不能超过 {{max}} 个字',
    'en-US': 'a dot title can be at most {{max}} characters',
  },
  DOTS_TOO_MANY: { 'zh-CN': '最多 {{max}} 个打点', 'en-US': 'at most {{max}} dots' },
  DOTS_SAME_TIME: { 'zh-CN': '两个打点不能在同一时间', 'en-US': 'two dots cannot share a time' },
  FILE_UPLOAD_ID_FORMAT: {
    'zh-CN': 'fileUploadId 必须是 32 位小写十六进制字符',
    'en-US': 'fileUploadId must be 32 lowercase hex characters',
  },
  FILE_UPLOAD_ID_REQUIRED: { 'zh-CN': '缺少 fileUploadId', 'en-US': 'fileUploadId is required' },

  // ---- the file service (API.md §7, fileservice); spec §8's English word for word ----
  VIDEO_TOO_LARGE: { 'zh-CN': '上传视频大小不能超过30G!', 'en-US': 'uploaded video size cannot exceed 30G!' },
  VIDEO_FORMAT_WRONG: { 'zh-CN': '视频格式错误，上传失败', 'en-US': 'video format is wrong, upload failed' },
  MERGE_FAILED: { 'zh-CN': '合并失败，请重新上传', 'en-US': 'merge failed, please upload again' },
  UPLOAD_TOKEN_INVALID: {
    'zh-CN': '上传凭证缺失、无效或已过期，请重新获取（/api/video/get_upload_video_secret）',
    'en-US':
      'upload token missing, invalid or expired: get a new one from /api/video/get_upload_video_secret',
  },
  UPLOAD_TOKEN_OTHER_USER: {
    'zh-CN': '该上传凭证属于其他用户',
    'en-US': 'this upload token belongs to another user',
  },
  UPLOAD_NOT_FOUND: { 'zh-CN': '上传不存在', 'en-US': 'no such upload' },
  UPLOAD_CANCELLED: { 'zh-CN': '上传不存在（已取消）', 'en-US': 'no such upload (cancelled)' },
  SHARD_TOO_LARGE: { 'zh-CN': '分片最大 5 MB', 'en-US': 'a shard is at most 5 MB' },
  SHARD_ONE_FILE: { 'zh-CN': '请只发送一个文件部分', 'en-US': 'send one file part' },
  FORM_TOO_MANY_FIELDS: { 'zh-CN': '表单字段过多', 'en-US': 'too many form fields' },
  MULTIPART_REQUIRED: { 'zh-CN': '请以 multipart/form-data 发送', 'en-US': 'send multipart/form-data' },
  MULTIPART_MALFORMED: {
    'zh-CN': 'multipart/form-data 请求体格式错误',
    'en-US': 'malformed multipart/form-data body',
  },
  SHARD_MULTIPART: {
    'zh-CN': '请以 multipart/form-data 发送分片',
    'en-US': 'send the shard as multipart/form-data',
  },
  FORM_FIELD_TOO_LONG: { 'zh-CN': '字段 {{name}} 过长', 'en-US': 'field {{name}} is too long' },
  INTEGER_FIELD: { 'zh-CN': '{{name}} 必须是整数', 'en-US': '{{name}} must be a whole number' },
  UPLOAD_SIZE_MIN: { 'zh-CN': 'size 至少为 1 字节', 'en-US': 'size must be at least 1 byte' },
  SHARD_SIZE_WRONG: {
    'zh-CN': '文件大小为 {{size}} 字节时，shardSize 必须为 {{expected}} 字节（规范 §9）',
    'en-US': 'shardSize must be {{expected}} bytes for a file of {{size}} bytes (spec §9)',
  },
  SHARD_TOTAL_WRONG: {
    'zh-CN': 'shardTotal 必须为 {{expected}}（size / shardSize 向上取整）',
    'en-US': 'shardTotal must be {{expected}} (size / shardSize, rounded up)',
  },
  SHARD_INDEX_RANGE: {
    'zh-CN': 'shardIndex 必须在 1 到 shardTotal（{{total}}）之间',
    'en-US': 'shardIndex must be between 1 and shardTotal ({{total}})',
  },
  UPLOAD_KEY_FORMAT: {
    'zh-CN': 'key 必须是 32 位小写十六进制字符',
    'en-US': 'key must be 32 lowercase hex characters',
  },
  UPLOAD_USE_INVALID: {
    'zh-CN': 'use 必须是 video 或 smallVideo',
    'en-US': 'use must be video or smallVideo',
  },
  UPLOAD_NAME_LENGTH: { 'zh-CN': 'name 须为 1–255 个字符', 'en-US': 'name must be 1-255 characters' },
  COVER_DATA_URL: {
    'zh-CN': 'coverBase64 必须是 data:image/jpeg 或 data:image/png 的 base64 地址',
    'en-US': 'coverBase64 must be a data:image/jpeg or data:image/png base64 URL',
  },
  COVER_EMPTY: { 'zh-CN': 'coverBase64 是空的', 'en-US': 'coverBase64 is empty' },
  COVER_TOO_LARGE: { 'zh-CN': '封面图片不能超过 5 MB', 'en-US': 'cover image must be at most 5 MB' },
  COVER_NOT_IMAGE: {
    'zh-CN': 'coverBase64 不是 JPEG 或 PNG 图片',
    'en-US': 'coverBase64 is not a JPEG or PNG image',
  },
  SHARD_REQUIRED: { 'zh-CN': '缺少文件部分 shard', 'en-US': 'the file part shard is required' },
  SHARD_BYTES_WRONG: {
    'zh-CN': '分片 {{index}} 必须正好 {{expected}} 字节，实际为 {{actual}} 字节',
    'en-US': 'shard {{index}} must be exactly {{expected}} bytes, got {{actual}}',
  },
  SHARD_MD5_MISMATCH: {
    'zh-CN': '分片 {{index}} 的 content-md5 与内容不一致，请重新发送',
    'en-US': 'content-md5 does not match the bytes of shard {{index}}; send it again',
  },
  SHARD_STORED_OTHER_BYTES: {
    'zh-CN': '分片 {{index}} 已以不同的内容保存，保留已保存的分片',
    'en-US': 'shard {{index}} is already stored with other bytes; the stored shard is kept',
  },
  UPLOAD_FIELD_DIFFERS: {
    'zh-CN': '{{field}} 与该上传的第一个分片不一致（{{value}}）',
    'en-US': "{{field}} differs from the upload's first shard ({{value}})",
  },
  UPLOAD_CANCELLED_MEANWHILE: {
    'zh-CN': '上传已被取消，请重新开始',
    'en-US': 'upload was cancelled meanwhile; start again',
  },
  UPLOAD_STATE_NO_SHARDS: {
    'zh-CN': '上传状态为“{{state}}”，不再接收分片',
    'en-US': 'upload is {{state}}; no more shards are taken',
  },
  UPLOAD_NO_LONGER_TAKES_SHARDS: {
    'zh-CN': '该上传已不再接收分片（已合并或已取消）',
    'en-US': 'this upload no longer takes shards (merged or cancelled meanwhile)',
  },
  STORAGE_DRIVER_CHANGED: {
    'zh-CN': '上传开始后存储方式已变更，请重新上传',
    'en-US': 'the storage driver changed since this upload began; start the upload again',
  },
  SHARDS_MISSING: {
    'zh-CN': '共 {{total}} 个分片，缺少 {{missing}} 个，请补传后再合并',
    'en-US': '{{missing}} of {{total}} shards are missing; send them, then merge',
  },
  UPLOAD_MERGING: {
    'zh-CN': '正在合并，请稍后再试',
    'en-US': 'the upload is being merged; try again in a moment',
  },
  UPLOAD_IN_USE: {
    'zh-CN': '该视频正被已发布、定时发布或审核中的作品使用，不能取消或替换；请上传新文件后在作品中替换',
    'en-US':
      'This video is used by a published, scheduled or in-review work, so it cannot be cancelled or replaced. Upload a new file and swap it into the work instead.',
  },
  TOO_MANY_OPEN_UPLOADS: {
    'zh-CN': '未完成的上传过多，请先完成或取消其中一个（未完成的上传 24 小时后自动清除）后再试',
    'en-US':
      'You have too many unfinished uploads. Finish or cancel one (unfinished uploads expire after 24 hours), then try again.',
  },
  VIDEO_UNREADABLE: {
    'zh-CN': '该文件不是视频（无法读取）',
    'en-US': 'the file is not a video (ffprobe could not read it)',
  },
  VIDEO_NO_STREAM: {
    'zh-CN': '该文件不是视频（没有视频流）',
    'en-US': 'the file is not a video (no video stream found)',
  },
  VIDEO_NO_DURATION: {
    'zh-CN': '该文件不是视频（没有时长）',
    'en-US': 'the file is not a video (it has no duration)',
  },
  VIDEO_NO_SIZE: {
    'zh-CN': '该文件不是视频（视频流没有尺寸）',
    'en-US': 'the file is not a video (the video stream has no size)',
  },
  UPLOAD_STATE_UPLOADING: { 'zh-CN': '上传中', 'en-US': 'uploading' },
  UPLOAD_STATE_MERGING: { 'zh-CN': '合并中', 'en-US': 'merging' },
  UPLOAD_STATE_PROCESSING: { 'zh-CN': '处理中', 'en-US': 'processing' },
  UPLOAD_STATE_READY: { 'zh-CN': '已就绪', 'en-US': 'ready' },
  UPLOAD_STATE_FAILED: { 'zh-CN': '失败', 'en-US': 'failed' },

  // ---- images (API.md §8, media) ----
  IMAGE_MULTIPART: {
    'zh-CN': '请以 multipart/form-data 发送图片',
    'en-US': 'send the image as multipart/form-data',
  },
  IMAGE_TOO_LARGE: { 'zh-CN': '图片不能超过 {{mb}} MB', 'en-US': 'image must be at most {{mb}} MB' },
  IMAGE_ONE_FILE: { 'zh-CN': '请只发送一个文件', 'en-US': 'send one file' },
  FILE_REQUIRED: { 'zh-CN': '请选择文件', 'en-US': 'file is required' },
  FILE_EMPTY: { 'zh-CN': '文件是空的', 'en-US': 'file is empty' },
  FILE_NOT_IMAGE: {
    'zh-CN': '文件不是图片（支持 JPEG、PNG、GIF、WebP）',
    'en-US': 'file is not an image (JPEG, PNG, GIF or WebP)',
  },
  IMAGE_NOT_FOUND: { 'zh-CN': '图片不存在', 'en-US': 'no such image' },
  OBJECT_NOT_FOUND: { 'zh-CN': '文件不存在', 'en-US': 'no such object' },
  IMAGE_TOO_MANY_PIXELS: {
    'zh-CN': '图片尺寸过大：最多 5000 万像素（例如 8000 × 6000）',
    'en-US': 'The image is too large: at most 50 megapixels (e.g. 8000 × 6000)',
  },
  IMAGE_BUSY: {
    'zh-CN': '服务器正忙于处理图片，请稍后再试',
    'en-US': 'The server is busy resizing images. Please try again in a moment.',
  },

  // ---- poster designs (issue #4, design) ----
  DESIGN_NOT_FOUND: { 'zh-CN': '设计不存在', 'en-US': 'no such design' },
  DESIGN_QUOTA: {
    'zh-CN': '设计最多 {{max}} 个，请先删除一些',
    'en-US': 'at most {{max}} designs; delete some first',
  },
  DESIGN_NAME_REQUIRED: { 'zh-CN': '请输入名称', 'en-US': 'name is required' },
  DESIGN_NAME_LENGTH: {
    'zh-CN': '名称不能超过 {{max}} 个字',
    'en-US': 'name must be at most {{max}} characters',
  },
  DESIGN_SIZE_WHOLE: { 'zh-CN': '尺寸必须是整数像素', 'en-US': 'size must be whole pixels' },
  DESIGN_SIZE_TOO_SMALL: {
    'zh-CN': '尺寸不能小于 {{min}} 像素',
    'en-US': 'size must be at least {{min}} pixels',
  },
  DESIGN_SIZE_TOO_BIG: {
    'zh-CN': '尺寸不能大于 {{max}} 像素',
    'en-US': 'size must be at most {{max}} pixels',
  },
  DESIGN_DOCUMENT_TOO_LARGE: { 'zh-CN': '文档不能超过 5 MB', 'en-US': 'document must be at most 5 MB' },
  DESIGN_DOCUMENT_NOT_JSON: { 'zh-CN': '文档不是有效的 JSON', 'en-US': 'document is not valid JSON' },
  DESIGN_DOCUMENT_VERSION: {
    'zh-CN': '文档必须带有 schemaVersion',
    'en-US': 'document must carry schemaVersion',
  },
  DESIGN_THUMBNAIL_URL: {
    'zh-CN': 'thumbnailUrl 必须是本站的 /media/ 地址',
    'en-US': 'thumbnailUrl must be one of our /media/ URLs',
  },
  DESIGN_COPY_NAME: { 'zh-CN': '{{name}} 副本', 'en-US': '{{name}} copy' },

  // ---- every kind of work (issue #10, API.md §13): shared rules ----
  WORK_TYPE_ARTICLE: { 'zh-CN': '文章', 'en-US': 'article' },
  WORK_TYPE_ALBUM: { 'zh-CN': '图集', 'en-US': 'image collection' },
  WORK_TYPE_VIDEO: { 'zh-CN': '视频', 'en-US': 'video' },
  WORK_TYPE_SMALL_VIDEO: { 'zh-CN': '小视频', 'en-US': 'short video' },
  WORK_TYPE_DYNAMIC: { 'zh-CN': '动态', 'en-US': 'post' },
  WORK_TYPE_LIVE: { 'zh-CN': '直播', 'en-US': 'live show' },
  WORK_TYPE_PROGRAM: { 'zh-CN': '节目', 'en-US': 'program' },
  WORK_NOT_FOUND: { 'zh-CN': '{{type}}不存在', 'en-US': 'no such {{type}}' },
  WORK_DELETED: { 'zh-CN': '已删除的{{type}}不能编辑', 'en-US': 'a deleted {{type}} cannot be edited' },
  WORK_PUBLISHED_NO_SCHEDULE: {
    'zh-CN': '{{type}}已发布，不能再定时发布',
    'en-US': 'a published {{type}} cannot be scheduled',
  },
  SCHEDULE_TOO_SOON: {
    'zh-CN': '定时发布时间至少要在 {{minutes}} 分钟之后',
    'en-US': 'the scheduled time must be at least {{minutes}} minutes ahead',
  },
  IMAGE_URL_NOT_OURS: { 'zh-CN': '图片必须是在本站上传的图片', 'en-US': 'images must be uploaded here' },
  IMAGE_NOT_YOURS: {
    'zh-CN': '图片不存在或不是你上传的',
    'en-US': 'the image does not exist or was not uploaded by you',
  },
  CAR_SERIES_TOO_MANY: { 'zh-CN': '最多关联 {{max}} 个车系', 'en-US': 'at most {{max}} car series' },
  CAR_SERIES_REPEATED: { 'zh-CN': '车系不能重复', 'en-US': 'a car series is listed twice' },
  CAR_SERIES_UNKNOWN: { 'zh-CN': '车库中没有这个车系', 'en-US': 'no such car series in the catalogue' },
  TOPIC_NOT_FOUND: { 'zh-CN': '话题不存在', 'en-US': 'no such topic' },
  CAPTION_LENGTH: {
    'zh-CN': '图片说明不能超过 {{max}} 个字',
    'en-US': 'a caption can be at most {{max}} characters',
  },
  ALBUM_IMAGES_REQUIRED: { 'zh-CN': '请至少上传 1 张图片', 'en-US': 'add at least 1 image' },
  ALBUM_IMAGES_TOO_MANY: { 'zh-CN': '图集最多 {{max}} 张图片', 'en-US': 'at most {{max}} images' },
  ALBUM_COVER_NOT_IN_IMAGES: {
    'zh-CN': '封面必须是图集中的一张图片',
    'en-US': 'the cover must be one of the images',
  },
  DYNAMIC_TEXT_LENGTH: {
    'zh-CN': '动态内容须为 1–{{max}} 个字',
    'en-US': 'a post must be 1-{{max}} characters',
  },
  DYNAMIC_IMAGES_TOO_MANY: { 'zh-CN': '动态最多 {{max}} 张图片', 'en-US': 'at most {{max}} images' },
  LIVE_START_INVALID: { 'zh-CN': '请选择开播时间', 'en-US': 'a start time is required (ISO 8601)' },
  PROGRAM_EPISODES_TOO_MANY: {
    'zh-CN': '节目最多 {{max}} 集',
    'en-US': 'a program can have at most {{max}} episodes',
  },
  PROGRAM_EPISODE_REPEATED: { 'zh-CN': '同一作品不能重复加入', 'en-US': 'a work is listed twice' },
  IDS_REPEATED: { 'zh-CN': '同一作品不能重复选择', 'en-US': 'an id is listed twice' },
  USER_NOT_FOUND: { 'zh-CN': '没有这个账号', 'en-US': 'no such account' },
  OPERATOR_ONLY: { 'zh-CN': '仅运营人员可以操作', 'en-US': 'operators only' },
  OPS_REASON_REQUIRED: { 'zh-CN': '驳回时请填写原因', 'en-US': 'a reason is required to reject' },
  OPS_REASON_LENGTH: {
    'zh-CN': '原因不能超过 {{max}} 个字',
    'en-US': 'a reason can be at most {{max}} characters',
  },
  OPS_NOT_WAITING: {
    'zh-CN': '该作品不在待审核队列中（已被处理）',
    'en-US': 'the work is not waiting for review (already decided)',
  },
  REVIEW_HELD_WORD: {
    'zh-CN': '包含需人工审核的词：{{word}}（{{rule}}）',
    'en-US': 'contains a word that needs a person to review it: {{word}} ({{rule}})',
  },
  REVIEW_OPERATOR_REJECTED: {
    'zh-CN': '人工审核未通过：{{reason}}',
    'en-US': 'rejected by a reviewer: {{reason}}',
  },
  // (issue #10 helpers: the codes of album, dynamic, live and program go in their sections below)
  // ---- album ----
  ALBUM_IMAGE_TOO_SMALL: {
    'zh-CN': '第 {{index}} 张图片尺寸为 {{width}}×{{height}}，图集图片至少 {{min}}×{{min}} 像素',
    'en-US':
      'image {{index}} is {{width}}×{{height}}; images of a collection must be at least {{min}}×{{min}} pixels',
  },
  ALBUM_IMAGE_MISSING: {
    'zh-CN': '第 {{index}} 张图片已不存在，请重新上传',
    'en-US': 'image {{index}} no longer exists; upload it again',
  },
  // ---- dynamic ----
  DYNAMIC_NOT_ALLOWED: {
    'zh-CN': '你还没有发布动态的权限',
    'en-US': 'you are not allowed to publish posts',
  },
  DYNAMIC_VIDEO_NOT_YOURS: {
    'zh-CN': '视频不存在或不是你的作品',
    'en-US': 'no such video of yours',
  },
  DYNAMIC_VIDEO_GONE: {
    'zh-CN': '动态中的视频已被删除',
    'en-US': 'the video of the post was deleted',
  },
  DYNAMIC_IMAGE_GONE: {
    'zh-CN': '动态中的图片已不存在',
    'en-US': 'an image of the post no longer exists',
  },
  // ---- live ----
  LIVE_STATE_UPCOMING: { 'zh-CN': '未开始', 'en-US': 'upcoming' },
  LIVE_STATE_LIVE: { 'zh-CN': '直播中', 'en-US': 'live' },
  LIVE_STATE_ENDED: { 'zh-CN': '已结束', 'en-US': 'ended' },
  LIVE_START_PAST: { 'zh-CN': '开播时间必须晚于现在', 'en-US': 'the start time must be in the future' },
  LIVE_START_TOO_FAR: {
    'zh-CN': '开播时间最多可预约到 {{days}} 天后',
    'en-US': 'the start time can be at most {{days}} days ahead',
  },
  LIVE_NOT_EDITABLE: {
    'zh-CN': '只有未开始的直播可以修改（这场直播{{state}}）',
    'en-US': 'only an upcoming live show can be edited (this one is {{state}})',
  },
  LIVE_STATE_ILLEGAL: {
    'zh-CN': '直播状态不能从“{{from}}”变为“{{to}}”：只能 未开始 → 直播中 → 已结束',
    'en-US': 'a live show cannot go from {{from}} to {{to}}: only upcoming → live → ended',
  },
  LIVE_REJECTED_NO_START: {
    'zh-CN': '直播未通过审核，不能开播：请修改后重新提交',
    'en-US': 'the live show did not pass review and cannot go live; edit it and save it again',
  },
  LIVE_REVIEWING_NO_START: {
    'zh-CN': '直播正在人工审核，通过后才能开播',
    'en-US': 'the live show is waiting for a reviewer; it can go live once approved',
  },
  LIVE_REPLAY_NOT_ENDED: {
    'zh-CN': '直播结束时才能关联回放',
    'en-US': 'a replay can be attached only to an ended live show',
  },
  LIVE_REPLAY_INVALID: {
    'zh-CN': '回放必须是你自己上传完成的视频',
    'en-US': 'the replay must be one of your own videos whose upload is complete',
  },
  LIVE_KEY_ENDED: {
    'zh-CN': '直播已结束，不能再重置推流密钥',
    'en-US': 'the live show has ended; its stream key cannot be reset',
  },
  // ---- program ----
  PROGRAM_GRADE_REQUIRED: {
    'zh-CN': '创作者等级达到 {{grade}} 级后才能创建和编辑节目',
    'en-US': 'programs open at creator grade {{grade}}: you cannot create or edit one yet',
  },
  PROGRAM_EPISODE_INVALID: {
    'zh-CN': '剧集必须是你自己已发布的文章、图集、视频或小视频',
    'en-US':
      'an episode must be one of your own published articles, image collections, videos or short videos',
  },

  // ---- certification (issue #11, API.md §14) ----
  ID_NUMBER_INVALID: {
    'zh-CN': '身份证号不正确：请核对 18 位号码（末位校验码、出生日期和地区）',
    'en-US': 'the ID number is not valid: check the 18 characters (check digit, birth date and region)',
  },
  CREDIT_CODE_INVALID: {
    'zh-CN': '统一社会信用代码不正确：请核对 18 位代码（末位校验码）',
    'en-US': 'the unified social credit code is not valid: check the 18 characters (check character)',
  },
  PHONE_INVALID: { 'zh-CN': '请输入 11 位手机号', 'en-US': 'enter an 11-digit mobile number' },
  PHONE_CODE_INVALID: { 'zh-CN': '请输入 6 位数字验证码', 'en-US': 'enter the 6-digit code' },
  PHONE_CODE_WRONG: {
    'zh-CN': '验证码错误或已过期，请重新获取',
    'en-US': 'the code is wrong or has expired; ask for a new one',
  },
  SMS_SEND_FAILED: {
    'zh-CN': '验证码短信发送失败，请稍后重新获取',
    'en-US': 'the code could not be sent by SMS; ask for a new one in a moment',
  },
  PHONE_CODE_TOO_SOON: {
    'zh-CN': '验证码已发送，请 {{seconds}} 秒后再获取',
    'en-US': 'a code was just sent; ask again in {{seconds}} s',
  },
  NAME_TOO_SHORT: { 'zh-CN': '名称至少 2 个字', 'en-US': 'the name needs at least 2 characters' },
  PRIVATE_IMAGE_REQUIRED: {
    'zh-CN': '请上传照片（JPEG、PNG、WebP 或 GIF 图片）',
    'en-US': 'upload a photo (a JPEG, PNG, WebP or GIF image)',
  },
  PRIVATE_IMAGE_NOT_YOURS: {
    'zh-CN': '这张照片不是你上传的，请重新上传',
    'en-US': 'this photo was not uploaded by you; upload it again',
  },
  CERTIFICATION_FIELD_INVALID: { 'zh-CN': '请选择创作领域', 'en-US': 'choose your field' },
  SUBJECT_TYPE_INVALID: { 'zh-CN': '请选择主体类型', 'en-US': 'choose the subject type' },
  SAMPLE_URLS_TOO_MANY: { 'zh-CN': '代表作最多 5 个', 'en-US': 'at most 5 sample works' },
  ID_NUMBER_TAKEN: {
    'zh-CN': '该身份证号已认证过其他账号，一个身份证号只能认证一个账号',
    'en-US': 'this ID number already certifies another account; one ID number certifies one account',
  },
  CREDIT_CODE_FULL: {
    'zh-CN': '该统一社会信用代码已认证 {{max}} 个账号，达到上限',
    'en-US': 'this credit code already certifies {{max}} accounts, the most allowed',
  },
  AGREEMENT_CHANGED: {
    'zh-CN': '认证协议已更新到第 {{version}} 版，请阅读并同意后再提交',
    'en-US': 'the certification agreement is now version {{version}}: read and accept it, then submit',
  },
  AGREEMENT_NOT_ACCEPTED: {
    'zh-CN': '请先阅读并同意认证协议',
    'en-US': 'read and accept the certification agreement first',
  },
  CERTIFICATION_UNDER_REVIEW: {
    'zh-CN': '认证资料正在审核中，审核完成前不能重新提交',
    'en-US': 'your application is under review; you can submit again once it is decided',
  },
  CERTIFICATION_DONE: { 'zh-CN': '你已通过认证', 'en-US': 'you are already certified' },
  CERTIFICATION_FIELD_MISSING: { 'zh-CN': '请填写此项', 'en-US': 'this field is required' },
  CERTIFICATION_NOT_WAITING: {
    'zh-CN': '该作者没有待审核的认证申请',
    'en-US': 'this author has no application waiting for review',
  },
  CERTIFICATION_FIELDS_REJECTED: {
    'zh-CN': '有 {{count}} 项资料需要修改，请查看标注',
    'en-US': '{{count}} items need correcting; see the marks on the form',
  },
  RULE_NOT_FOUND: { 'zh-CN': '规则不存在', 'en-US': 'no such rule' },
  SEARCH_QUERY_REQUIRED: { 'zh-CN': '请输入搜索内容', 'en-US': 'enter something to search for' },

  // ---- messages and notices ----
  MESSAGE_NOT_FOUND: { 'zh-CN': '消息不存在', 'en-US': 'no such message' },
  NOTICE_NOT_FOUND: { 'zh-CN': '公告不存在', 'en-US': 'no such notice' },
  NOTICE_TITLE_LENGTH: { 'zh-CN': '标题须为 1–100 个字符', 'en-US': 'title must be 1-100 characters' },
  NOTICE_CONTENT_REQUIRED: { 'zh-CN': '请输入内容', 'en-US': 'content is required' },

  // ---- the message centre: title and body of each message kind (`renderMessageKind`) ----
  MSG_WELCOME_TITLE: { 'zh-CN': '欢迎加入创作者服务中心', 'en-US': 'Welcome to Creator Centre' },
  MSG_WELCOME_BODY: {
    'zh-CN': '{{mediaName}}，欢迎加入创作者服务中心！从发布第一篇文章开始你的创作吧。',
    'en-US': '{{mediaName}}, welcome to Creator Centre! Start by publishing your first article.',
  },
  MSG_ARTICLE_PUBLISHED_TITLE: { 'zh-CN': '文章审核通过', 'en-US': 'Article approved' },
  MSG_ARTICLE_PUBLISHED_BODY: {
    'zh-CN': '你的文章《{{title}}》已通过审核并发布。',
    'en-US': 'Your article “{{title}}” passed review and is published.',
  },
  MSG_ARTICLE_REJECTED_TITLE: { 'zh-CN': '文章审核未通过', 'en-US': 'Article rejected' },
  MSG_ARTICLE_REJECTED_BODY: {
    'zh-CN': '你的文章《{{title}}》未通过审核：{{reason}}',
    'en-US': 'Your article “{{title}}” did not pass review: {{reason}}',
  },
  MSG_VIDEO_PUBLISHED_TITLE: { 'zh-CN': '视频审核通过', 'en-US': 'Video approved' },
  MSG_VIDEO_PUBLISHED_BODY: {
    'zh-CN': '你的视频《{{title}}》已通过审核并发布。',
    'en-US': 'Your video “{{title}}” passed review and is published.',
  },
  MSG_VIDEO_REJECTED_TITLE: { 'zh-CN': '视频审核未通过', 'en-US': 'Video rejected' },
  MSG_VIDEO_REJECTED_BODY: {
    'zh-CN': '你的视频《{{title}}》未通过审核：{{reason}}',
    'en-US': 'Your video “{{title}}” did not pass review: {{reason}}',
  },
  MSG_SMALL_VIDEO_PUBLISHED_TITLE: { 'zh-CN': '小视频审核通过', 'en-US': 'Short video approved' },
  MSG_SMALL_VIDEO_PUBLISHED_BODY: {
    'zh-CN': '你的小视频《{{title}}》已通过审核并发布。',
    'en-US': 'Your short video “{{title}}” passed review and is published.',
  },
  MSG_SMALL_VIDEO_REJECTED_TITLE: { 'zh-CN': '小视频审核未通过', 'en-US': 'Short video rejected' },
  MSG_SMALL_VIDEO_REJECTED_BODY: {
    'zh-CN': '你的小视频《{{title}}》未通过审核：{{reason}}',
    'en-US': 'Your short video “{{title}}” did not pass review: {{reason}}',
  },
  MSG_WORK_PUBLISHED_TITLE: { 'zh-CN': '{{typeName}}审核通过', 'en-US': 'Your {{typeName}} was approved' },
  MSG_WORK_PUBLISHED_BODY: {
    'zh-CN': '你的{{typeName}}《{{title}}》已通过审核并发布。',
    'en-US': 'Your {{typeName}} “{{title}}” passed review and is published.',
  },
  MSG_WORK_REJECTED_TITLE: { 'zh-CN': '{{typeName}}审核未通过', 'en-US': 'Your {{typeName}} was rejected' },
  MSG_WORK_REJECTED_BODY: {
    'zh-CN': '你的{{typeName}}《{{title}}》未通过审核：{{reason}}',
    'en-US': 'Your {{typeName}} “{{title}}” did not pass review: {{reason}}',
  },
  MSG_WORK_HELD_TITLE: {
    'zh-CN': '{{typeName}}进入人工审核',
    'en-US': 'Your {{typeName}} waits for a reviewer',
  },
  MSG_WORK_HELD_BODY: {
    'zh-CN': '你的{{typeName}}《{{title}}》需要人工审核（{{reason}}），结果会以消息通知你。',
    'en-US':
      'Your {{typeName}} “{{title}}” needs a person to review it ({{reason}}); you will get a message with the result.',
  },
  MSG_LIVE_REMINDER_TITLE: { 'zh-CN': '直播即将开始', 'en-US': 'Your live show starts soon' },
  MSG_LIVE_REMINDER_BODY: {
    'zh-CN': '你的直播《{{title}}》将于 {{minutes}} 分钟后开始，请准备好推流。',
    'en-US': 'Your live show “{{title}}” starts in {{minutes}} minutes; get your encoder ready.',
  },
  MSG_GRADE_UP_TITLE: { 'zh-CN': '创作者等级提升', 'en-US': 'Creator grade raised' },
  MSG_GRADE_UP_BODY: {
    'zh-CN': '恭喜！你的创作者等级已提升至 {{grade}} 级，节目功能已开放。',
    'en-US': 'Congratulations! Your creator grade is now {{grade}}, and programs are open to you.',
  },
  MSG_CERTIFIED_TITLE: { 'zh-CN': '认证审核通过', 'en-US': 'Certification approved' },
  MSG_CERTIFIED_BODY: {
    'zh-CN': '你的创作者认证已通过审核。',
    'en-US': 'Your creator certification was approved.',
  },
  MSG_CERTIFICATION_REJECTED_TITLE: { 'zh-CN': '认证审核未通过', 'en-US': 'Certification not approved' },
  MSG_CERTIFICATION_REJECTED_BODY: {
    'zh-CN': '你的认证申请未通过：{{reason}}。请按提示修改后重新提交，正确的资料会保留。',
    'en-US':
      'Your certification was not approved: {{reason}}. Correct what is marked and submit again; what was right is kept.',
  },
  MSG_COMMENT_TITLE: { 'zh-CN': '新评论', 'en-US': 'New comment' },
  MSG_COMMENT_BODY: {
    'zh-CN': '用户“{{reader}}”评论了你的作品《{{title}}》：{{text}}',
    'en-US': '{{reader}} commented on “{{title}}”: {{text}}',
  },
  MSG_LIKE_TITLE: { 'zh-CN': '收到点赞', 'en-US': 'New likes' },
  MSG_LIKE_BODY: {
    'zh-CN': '你的作品《{{title}}》收到 {{count}} 个新赞。',
    'en-US': '“{{title}}” received {{count}} new likes.',
  },
  MSG_FOLLOW_TITLE: { 'zh-CN': '新粉丝', 'en-US': 'New follower' },
  MSG_FOLLOW_BODY: { 'zh-CN': '用户“{{reader}}”关注了你。', 'en-US': '{{reader}} followed you.' },
  MSG_FANS_DAILY_TITLE: { 'zh-CN': '新粉丝', 'en-US': 'New followers' },
  MSG_FANS_DAILY_BODY: {
    'zh-CN': '昨天有 {{count}} 位用户关注了你。',
    'en-US': '{{count}} people followed you yesterday.',
  },
  MSG_BUSINESS_INVITE_TITLE: { 'zh-CN': '商单邀约', 'en-US': 'Business invitation' },
  MSG_BUSINESS_INVITE_BODY: {
    'zh-CN': '{{brand}}邀请你参与{{campaign}}，请在商务合作中查看。',
    'en-US': '{{brand}} invites you to {{campaign}}. See it under business cooperation.',
  },
  MSG_BUSINESS_SETTLED_TITLE: { 'zh-CN': '结算完成', 'en-US': 'Settlement complete' },
  MSG_BUSINESS_SETTLED_BODY: {
    'zh-CN': '你 {{period}} 的推广收入已结算。',
    'en-US': 'Your promotion income for {{period}} has been settled.',
  },
  // ---- reader events and audience data (API.md §10–§11, issue #12) ----
  SITE_KEY_INVALID: {
    'zh-CN': '站点密钥缺失或错误（x-site-key）',
    'en-US': 'the site key (x-site-key) is missing or wrong',
  },
  SITE_KEY_DEV_REFUSED: {
    'zh-CN': '生产环境不能使用开发用站点密钥，请设置 OPEN_SITE_KEYS',
    'en-US': 'the development site key is refused in production; set OPEN_SITE_KEYS',
  },
  EVENT_BATCH_TOO_LARGE: {
    'zh-CN': '一次最多上报 {{max}} 条事件（本次 {{count}} 条）',
    'en-US': 'a batch holds at most {{max}} events (this one has {{count}})',
  },
  EVENT_REJECTED: {
    'zh-CN': '第 {{index}} 条：{{field}} {{reason}}',
    'en-US': 'event {{index}}: {{field}} {{reason}}',
  },
  EVENT_ID_INVALID: {
    'zh-CN': '必须是 8–64 位字母、数字、下划线或连字符',
    'en-US': 'must be 8-64 characters of A-Z, a-z, 0-9, _ and -',
  },
  EVENT_AT_INVALID: {
    'zh-CN': '必须是带时区的 ISO 8601 时间',
    'en-US': 'must be an ISO 8601 time with its offset',
  },
  EVENT_AUTHOR_REQUIRED: {
    'zh-CN': '关注与取关事件必须带 authorId',
    'en-US': 'is required for follow and unfollow',
  },
  EVENT_CONTENT_REQUIRED: {
    'zh-CN': '除关注与取关外的事件必须带 contentId',
    'en-US': 'is required for every type but follow and unfollow',
  },
  EVENT_WATCH_REQUIRED: { 'zh-CN': '播放事件必须带 watchMs', 'en-US': 'is required for play' },
  EVENT_WATCH_PLAY_ONLY: { 'zh-CN': '只有播放事件可以带 watchMs', 'en-US': 'is allowed on play only' },
  EVENT_PROMOTION_TYPES: {
    'zh-CN': '只有曝光与阅读事件可以带 promotionId',
    'en-US': 'is allowed on impression and view only',
  },
  EVENT_TOO_OLD: { 'zh-CN': '不能早于 {{days}} 天前', 'en-US': 'must be within the last {{days}} days' },
  EVENT_TOO_FAR_AHEAD: {
    'zh-CN': '不能晚于服务器时间 {{minutes}} 分钟以上',
    'en-US': 'must be at most {{minutes}} minutes ahead of server time',
  },
  EVENT_UNKNOWN_CONTENT: { 'zh-CN': '没有这个作品', 'en-US': 'no such work' },
  EVENT_PLAY_NOT_VIDEO: {
    'zh-CN': '播放事件只能针对视频或小视频',
    'en-US': 'play is for videos and short videos only',
  },
  EVENT_UNKNOWN_AUTHOR: { 'zh-CN': '没有这个作者', 'en-US': 'no such author' },
  EXPORT_HEADER_READER: { 'zh-CN': '读者ID', 'en-US': 'Reader ID' },
  EXPORT_HEADER_FOLLOWED_AT: { 'zh-CN': '关注时间', 'en-US': 'Followed at' },
  EXPORT_HEADER_GENDER: { 'zh-CN': '性别', 'en-US': 'Gender' },
  EXPORT_HEADER_AGE_BAND: { 'zh-CN': '年龄段', 'en-US': 'Age band' },
  EXPORT_HEADER_REGION: { 'zh-CN': '地区', 'en-US': 'Region' },
  EXPORT_HEADER_DEVICE: { 'zh-CN': '设备', 'en-US': 'Device' },
  EXPORT_HEADER_ID: { 'zh-CN': '作品ID', 'en-US': 'Work ID' },
  EXPORT_HEADER_TYPE: { 'zh-CN': '类型', 'en-US': 'Type' },
  EXPORT_HEADER_TITLE: { 'zh-CN': '标题', 'en-US': 'Title' },
  EXPORT_HEADER_PUBLISHED_AT: { 'zh-CN': '发布时间', 'en-US': 'Published at' },
  EXPORT_SHEET_FANS: { 'zh-CN': '粉丝', 'en-US': 'Followers' },
  EXPORT_SHEET_WORKS: { 'zh-CN': '作品数据', 'en-US': 'Work data' },
  MSG_DATA_REPORT_TITLE: { 'zh-CN': '数据周报已生成', 'en-US': 'Your weekly report is ready' },
  MSG_DATA_REPORT_BODY: {
    'zh-CN': '{{start}} 至 {{end}} 的数据周报已生成：阅读 {{views}}，净增粉丝 {{fansNet}}。',
    'en-US': 'Your report for {{start}} to {{end}} is ready: {{views}} views, {{fansNet}} net followers.',
  },
  // creative trends, topic engagement and weekly reports (issue #12, docs/api.md "Creative trends and topics")
  REPORT_WEEK_NOT_MONDAY: {
    'zh-CN': '必须是周一的日期（周报按周一至周日）',
    'en-US': 'must be a Monday (a report covers Monday to Sunday)',
  },
  REPORT_NOT_FOUND: { 'zh-CN': '这一周没有数据周报', 'en-US': 'no weekly report for this week' },
  // ---- comments and barrage (API.md §10 and §12, issue #13, docs/api.md "Comments and barrage") ----
  VOICE_ID_INVALID: {
    'zh-CN': '必须是 8–64 位字母、数字、下划线或连字符（作者回复为 author:<id>）',
    'en-US': "must be 8-64 characters of A-Z, a-z, 0-9, _ and - (an author's reply is author:<id>)",
  },
  BARRAGE_COLOR_FORMAT: { 'zh-CN': '颜色必须是 #RRGGBB', 'en-US': 'must be a colour as #RRGGBB' },
  BATCH_TOO_MANY: { 'zh-CN': '一次最多处理 {{max}} 条', 'en-US': 'at most {{max}} at once' },
  BLOCKED_WORDS_TOO_MANY: { 'zh-CN': '屏蔽词最多 {{max}} 个', 'en-US': 'at most {{max}} blocked words' },
  BLOCKED_WORD_EMPTY: {
    'zh-CN': '屏蔽词“{{word}}”去掉空格和符号后为空，无法匹配',
    'en-US': 'the blocked word “{{word}}” is empty without its spaces and symbols, so it matches nothing',
  },
  VOICE_AT_TOO_OLD: {
    'zh-CN': '时间不能早于 {{days}} 天前',
    'en-US': 'the time must be within the last {{days}} days',
  },
  VOICE_AT_TOO_FAR_AHEAD: {
    'zh-CN': '时间不能晚于服务器时间 {{minutes}} 分钟以上',
    'en-US': 'the time must be at most {{minutes}} minutes ahead of server time',
  },
  COMMENT_HOLD_READER: { 'zh-CN': '你已拉黑这位读者', 'en-US': 'you blocked this reader' },
  COMMENT_HOLD_AUTHOR_WORD: {
    'zh-CN': '包含你的屏蔽词：{{word}}',
    'en-US': 'contains one of your blocked words: {{word}}',
  },
  COMMENT_HOLD_ALL: {
    'zh-CN': '你开启了“先审后发”，所有评论和弹幕需你批准后才显示',
    'en-US': 'you hold every comment and barrage message until you approve it',
  },
  COMMENTS_CLOSED: { 'zh-CN': '这个作品已关闭评论', 'en-US': 'comments are turned off on this work' },
  BARRAGE_CLOSED: { 'zh-CN': '这个视频已关闭弹幕', 'en-US': 'barrage is turned off on this video' },
  BARRAGE_NOT_VIDEO: {
    'zh-CN': '弹幕只能发在视频或小视频上',
    'en-US': 'barrage is for videos and short videos only',
  },
  BARRAGE_PAST_END: {
    'zh-CN': '弹幕位置超出视频时长（{{seconds}} 秒）',
    'en-US': 'the position is past the end of the video ({{seconds}} s)',
  },
  COMMENT_NOT_FOUND: { 'zh-CN': '评论不存在', 'en-US': 'no such comment' },
  BARRAGE_NOT_FOUND: { 'zh-CN': '弹幕不存在', 'en-US': 'no such barrage message' },
  COMMENT_PARENT_NOT_SHOWN: {
    'zh-CN': '要回复的评论未显示（{{state}}），不能回复',
    'en-US': 'the comment answered is not shown ({{state}}) and cannot be answered',
  },
  COMMENT_PARENT_OTHER_WORK: {
    'zh-CN': '要回复的评论不属于这个作品',
    'en-US': 'the comment answered belongs to another work',
  },
  COMMENT_ACTION_NOT_APPLICABLE: {
    'zh-CN': '所选内容当前为“{{state}}”，不能{{action}}',
    'en-US': 'the selection is {{state}} and cannot be {{action}}',
  },
  COMMENT_PIN_ONE_PER_WORK: {
    'zh-CN': '每个作品只能置顶一条评论，请只选择一条',
    'en-US': 'a work has one pinned comment: select only one per work',
  },
  COMMENT_PLATFORM_WORD_STAYS_HELD: {
    'zh-CN': '含平台违禁词的评论不能发布：{{word}}（{{rule}}）',
    'en-US': 'a comment with a prohibited word cannot be published: {{word}} ({{rule}})',
  },
  VOICE_STATE_PUBLISHED: { 'zh-CN': '已发布', 'en-US': 'published' },
  VOICE_STATE_HELD: { 'zh-CN': '待审核', 'en-US': 'held' },
  VOICE_STATE_HIDDEN: { 'zh-CN': '已隐藏', 'en-US': 'hidden' },
  VOICE_STATE_DELETED: { 'zh-CN': '已删除', 'en-US': 'deleted' },
  VOICE_STATE_PROTECTED: { 'zh-CN': '已保护', 'en-US': 'protected' },
  VOICE_ACTION_PUBLISH: { 'zh-CN': '发布', 'en-US': 'published' },
  VOICE_ACTION_HIDE: { 'zh-CN': '隐藏', 'en-US': 'hidden' },
  VOICE_ACTION_DELETE: { 'zh-CN': '删除', 'en-US': 'deleted' },
  VOICE_ACTION_PIN: { 'zh-CN': '置顶', 'en-US': 'pinned' },
  VOICE_ACTION_UNPIN: { 'zh-CN': '取消置顶', 'en-US': 'unpinned' },
  VOICE_ACTION_LIKE: { 'zh-CN': '点赞', 'en-US': 'liked' },
  VOICE_ACTION_UNLIKE: { 'zh-CN': '取消点赞', 'en-US': 'unliked' },
  VOICE_ACTION_PROTECT: { 'zh-CN': '保护', 'en-US': 'protected' },
  VOICE_ACTION_UNPROTECT: { 'zh-CN': '取消保护', 'en-US': 'unprotected' },
  VOICE_ACTION_REPLY: { 'zh-CN': '回复', 'en-US': 'answered' },
  MSG_COMMENT_REPLY_TITLE: { 'zh-CN': '新回复', 'en-US': 'New reply' },
  MSG_COMMENT_REPLY_BODY: {
    'zh-CN': '用户“{{reader}}”在《{{title}}》回复了你：{{text}}',
    'en-US': '{{reader}} replied to you on “{{title}}”: {{text}}',
  },
  MSG_COMMENT_HELD_TITLE: { 'zh-CN': '有评论待你审核', 'en-US': 'A comment is held for your review' },
  MSG_COMMENT_HELD_BODY: {
    'zh-CN': '用户“{{reader}}”对《{{title}}》的评论已暂缓显示：{{reason}}',
    'en-US': "{{reader}}'s comment on “{{title}}” is held: {{reason}}",
  },
  // ---- issue #14: each area's texts live in its own file (<area>.messages.ts) ----
  ...GROWTH_MESSAGES,
  ...CREDIT_MESSAGES,
  ...BUSINESS_MESSAGES,
  ...PROMOTION_MESSAGES,
  ...ASSISTANT_MESSAGES,
  ...ARTICLE_IMPORT_MESSAGES,
  ...TRACKING_MESSAGES,
  ...CARPHOTO_MESSAGES,
  ...ACTIVITY_MESSAGES,
} as const satisfies Record<string, Bilingual>;

/** A code of the catalog: the `messageCode` of an error envelope, the `code` of a field error. */
export type ServerMessageCode = keyof typeof SERVER_MESSAGES;

/** The `{{names}}` of a template, as a union of string literals. */
type TemplateParams<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}`
  ? P | TemplateParams<Rest>
  : never;

/** A param value: text, a number, or another message rendered in the same language first. */
export type MessageParamValue = string | number | MessageRef;

/** The params a code's template needs (from its en-US text; the test proves zh-CN has the same). */
export type ServerMessageParams<C extends ServerMessageCode> = {
  [K in TemplateParams<(typeof SERVER_MESSAGES)[C]['en-US']>]: MessageParamValue;
};

/** Codes whose template has no `{{param}}`: a bare code is a complete message. */
export type PlainMessageCode = {
  [C in ServerMessageCode]: [TemplateParams<(typeof SERVER_MESSAGES)[C]['en-US']>] extends [never]
    ? C
    : never;
}[ServerMessageCode];

/**
 * A message of the catalog with its values: `{ code }` for a plain code, `{ code, params }` otherwise (each
 * `{{name}}` of the template typed as required). Stored as JSON where a text must be rendered later in the
 * reader's language (a review's reason, an upload's failure).
 */
export type MessageRef = {
  [C in ServerMessageCode]: [TemplateParams<(typeof SERVER_MESSAGES)[C]['en-US']>] extends [never]
    ? { code: C; params?: Record<string, never> }
    : { code: C; params: ServerMessageParams<C> };
}[ServerMessageCode];

/** What a thrower passes: a plain code, or a `MessageRef`. */
export type MessageArg = PlainMessageCode | MessageRef;

/** One field error before rendering: the field's path (`title`, `dots.2.time`) and its message. */
export type FieldIssue = { path: string } & MessageRef;

/** A `MessageArg` as a `MessageRef`. */
export function toMessageRef(message: MessageArg): MessageRef {
  return typeof message === 'string' ? ({ code: message } as MessageRef) : message;
}

/** True when `code` is a key of the catalog (a code read back from storage or a zod message). */
export function isServerMessageCode(code: unknown): code is ServerMessageCode {
  return typeof code === 'string' && Object.hasOwn(SERVER_MESSAGES, code);
}

/** True for a `{ code, params? }` object whose code is in the catalog (a stored or nested reference). */
export function isMessageRef(value: unknown): value is MessageRef {
  return (
    value !== null &&
    typeof value === 'object' &&
    isServerMessageCode((value as { code?: unknown }).code) &&
    ((value as { params?: unknown }).params === undefined ||
      (typeof (value as { params?: unknown }).params === 'object' &&
        (value as { params?: unknown }).params !== null))
  );
}

/** True when `lang` is one of MESSAGE_LANGUAGES. */
export function isMessageLanguage(lang: unknown): lang is MessageLanguage {
  return typeof lang === 'string' && (MESSAGE_LANGUAGES as readonly string[]).includes(lang);
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Fills a template's `{{name}}` placeholders: strings and numbers as they are, a nested `MessageRef` rendered
 * in `lang` first; a missing value leaves its placeholder (so a caller, and the tests, can see it).
 */
function fill(
  template: string,
  params: Readonly<Record<string, unknown>> | undefined,
  lang: MessageLanguage,
) {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params?.[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    if (isMessageRef(value)) return renderMessage(value, lang);
    return whole;
  });
}

/**
 * The text of a catalog message in a language (issue #9).
 * @param message a plain code or `{ code, params }` (params of any nesting of references)
 * @returns the template of `lang` with its placeholders filled
 */
export function renderMessage(message: MessageArg, lang: MessageLanguage): string {
  const ref = toMessageRef(message);
  return fill(SERVER_MESSAGES[ref.code][lang], ref.params, lang);
}

/**
 * `renderMessage` for a reference read from storage or the wire (`{ code, params }` of unknown shape).
 * @returns the text, or null when `value` is not a reference to a catalog code
 */
export function renderStoredMessage(value: unknown, lang: MessageLanguage): string | null {
  return isMessageRef(value) ? renderMessage(value, lang) : null;
}

/**
 * The language a request asks for (issue #9): the first of `zh-*` / `en-*` in an `Accept-Language` header,
 * by quality (RFC 9110 §12.5.4: `q` 0–1, default 1; `q=0` means "not acceptable"); `zh-CN` when the header is
 * absent, empty, or names neither (the product's default). `*` picks the default too.
 * @param header the header's value (Node gives a string; an array is joined)
 */
export function pickMessageLanguage(header: string | readonly string[] | undefined | null): MessageLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header as string | undefined | null);
  if (!value) return DEFAULT_MESSAGE_LANGUAGE;
  let best: { lang: MessageLanguage; q: number } | null = null;
  for (const part of value.split(',')) {
    const [rawTag, ...attrs] = part.trim().split(';');
    const tag = (rawTag ?? '').trim().toLowerCase();
    const qAttr = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('q='));
    const q = qAttr === undefined ? 1 : Number(qAttr.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    const primary = tag.split('-')[0];
    const lang: MessageLanguage | null =
      primary === 'zh' || tag === '*' ? 'zh-CN' : primary === 'en' ? 'en-US' : null;
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? DEFAULT_MESSAGE_LANGUAGE;
}

/**
 * The ercds whose text the web shows by the ercd alone (`errors.<ercd>`, issue #8): their catalog entries
 * are plain (no params), so a client can show them without the server's message.
 */
export const ERCD_MESSAGE_CODES = [
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_BUSY',
  'WEAK_PASSWORD',
  'UPLOAD_IN_USE',
  'TOO_MANY_OPEN_UPLOADS',
  'QUOTA_EXCEEDED',
] as const satisfies readonly PlainMessageCode[];
export type ErcdMessageCode = (typeof ERCD_MESSAGE_CODES)[number];

/** The texts of `ERCD_MESSAGE_CODES` in one language, for the web's `errors.<ercd>` keys. */
export function ercdMessages(lang: MessageLanguage): Record<ErcdMessageCode, string> {
  return Object.fromEntries(ERCD_MESSAGE_CODES.map((code) => [code, renderMessage(code, lang)])) as Record<
    ErcdMessageCode,
    string
  >;
}

// ---------------------------------------------------------------------------------------------------
// zod issues → catalog messages
// ---------------------------------------------------------------------------------------------------

const EXPECTED_CODES: Record<string, ServerMessageCode> = {
  string: 'FIELD_EXPECTED_STRING',
  number: 'FIELD_EXPECTED_NUMBER',
  int: 'FIELD_EXPECTED_INTEGER',
  bigint: 'FIELD_EXPECTED_INTEGER',
  boolean: 'FIELD_EXPECTED_BOOLEAN',
  array: 'FIELD_EXPECTED_ARRAY',
  object: 'FIELD_EXPECTED_OBJECT',
  record: 'FIELD_EXPECTED_OBJECT',
};

/** Code of a too_small/too_big issue zod made itself, by what was measured. */
function sizeCode(origin: string, small: boolean): ServerMessageCode {
  if (origin === 'string') return small ? 'FIELD_TOO_SHORT' : 'FIELD_TOO_LONG';
  if (origin === 'array' || origin === 'set') return small ? 'FIELD_TOO_FEW' : 'FIELD_TOO_MANY';
  return small ? 'FIELD_TOO_SMALL' : 'FIELD_TOO_BIG';
}

/**
 * The catalog message of one zod issue (issue #9): the schemas of the contracts give catalog codes as their
 * messages (`.min(8, 'PASSWORD_TOO_SHORT')`, custom issues with `params`), and zod's own messages map to the
 * generic `FIELD_*` codes by issue kind. Params: a custom issue's `params`, `min`/`max` from the issue's
 * bound, `values`/`keys` joined with ", ".
 * @param issue one of `ZodError.issues`; with `reportInput` a missing field (input undefined) reads as
 *   FIELD_REQUIRED
 */
export function zodIssueMessage(issue: z.core.$ZodIssue): MessageRef {
  const params: Record<string, unknown> = {};
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (isServerMessageCode(issue.message)) return { code: issue.message, params } as MessageRef;
  switch (issue.code) {
    case 'invalid_type':
      if ('input' in issue && issue.input === undefined) return { code: 'FIELD_REQUIRED' };
      return { code: EXPECTED_CODES[issue.expected] ?? 'FIELD_INVALID' } as MessageRef;
    case 'too_small':
      return { code: sizeCode(issue.origin, true), params } as MessageRef;
    case 'too_big':
      return { code: sizeCode(issue.origin, false), params } as MessageRef;
    case 'invalid_value':
      return { code: 'FIELD_NOT_ALLOWED', params: { values: issue.values.map(String).join(', ') } };
    case 'invalid_format':
      return { code: 'FIELD_INVALID_FORMAT' };
    case 'unrecognized_keys':
      return { code: 'FIELD_UNKNOWN_KEYS', params: { keys: issue.keys.join(', ') } };
    default:
      return { code: 'FIELD_INVALID' };
  }
}

/** The field errors of a zod error (each issue's path joined with `.`, its catalog message). */
export function zodFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), ...zodIssueMessage(issue) }));
}

/** The text of one zod issue in a language (client-side forms that validate with the contracts' schemas). */
export function zodIssueText(issue: z.core.$ZodIssue, lang: MessageLanguage): string {
  return renderMessage(zodIssueMessage(issue), lang);
}

/**
 * The envelope's `message` of a 10007 (API.md §3): the first field's message; a generic `FIELD_*` text
 * (which does not name its field — every code that does not is named `FIELD_*`) is prefixed with the field's
 * path, e.g. `pageSize: must be at most 100`.
 */
export function validationSummary(first: FieldIssue | undefined, lang: MessageLanguage): string {
  if (!first) return renderMessage('INVALID_REQUEST', lang);
  const text = renderMessage(first, lang);
  if (!first.code.startsWith('FIELD_')) return text;
  return first.path ? `${first.path}${lang === 'zh-CN' ? '：' : ': '}${text}` : text;
}

// ---------------------------------------------------------------------------------------------------
// The message centre: kinds → title and body
// ---------------------------------------------------------------------------------------------------

type KindTexts = { title: ServerMessageCode; body: ServerMessageCode };

/** Title and body codes of each message kind the server sends (docs/api.md "Messages"). */
const MESSAGE_KIND_TEXTS: Record<string, KindTexts | ((params: Record<string, unknown>) => KindTexts)> = {
  welcome: { title: 'MSG_WELCOME_TITLE', body: 'MSG_WELCOME_BODY' },
  article_published: { title: 'MSG_ARTICLE_PUBLISHED_TITLE', body: 'MSG_ARTICLE_PUBLISHED_BODY' },
  article_rejected: { title: 'MSG_ARTICLE_REJECTED_TITLE', body: 'MSG_ARTICLE_REJECTED_BODY' },
  video_published: (p) =>
    p.use === 'smallVideo'
      ? { title: 'MSG_SMALL_VIDEO_PUBLISHED_TITLE', body: 'MSG_SMALL_VIDEO_PUBLISHED_BODY' }
      : { title: 'MSG_VIDEO_PUBLISHED_TITLE', body: 'MSG_VIDEO_PUBLISHED_BODY' },
  video_rejected: (p) =>
    p.use === 'smallVideo'
      ? { title: 'MSG_SMALL_VIDEO_REJECTED_TITLE', body: 'MSG_SMALL_VIDEO_REJECTED_BODY' }
      : { title: 'MSG_VIDEO_REJECTED_TITLE', body: 'MSG_VIDEO_REJECTED_BODY' },
  work_published: { title: 'MSG_WORK_PUBLISHED_TITLE', body: 'MSG_WORK_PUBLISHED_BODY' },
  work_rejected: { title: 'MSG_WORK_REJECTED_TITLE', body: 'MSG_WORK_REJECTED_BODY' },
  work_held: { title: 'MSG_WORK_HELD_TITLE', body: 'MSG_WORK_HELD_BODY' },
  live_reminder: { title: 'MSG_LIVE_REMINDER_TITLE', body: 'MSG_LIVE_REMINDER_BODY' },
  data_report: { title: 'MSG_DATA_REPORT_TITLE', body: 'MSG_DATA_REPORT_BODY' },
  grade_up: { title: 'MSG_GRADE_UP_TITLE', body: 'MSG_GRADE_UP_BODY' },
  certified: { title: 'MSG_CERTIFIED_TITLE', body: 'MSG_CERTIFIED_BODY' },
  certification_rejected: {
    title: 'MSG_CERTIFICATION_REJECTED_TITLE',
    body: 'MSG_CERTIFICATION_REJECTED_BODY',
  },
  comment: { title: 'MSG_COMMENT_TITLE', body: 'MSG_COMMENT_BODY' },
  comment_reply: { title: 'MSG_COMMENT_REPLY_TITLE', body: 'MSG_COMMENT_REPLY_BODY' },
  comment_held: { title: 'MSG_COMMENT_HELD_TITLE', body: 'MSG_COMMENT_HELD_BODY' },
  like: { title: 'MSG_LIKE_TITLE', body: 'MSG_LIKE_BODY' },
  follow: { title: 'MSG_FOLLOW_TITLE', body: 'MSG_FOLLOW_BODY' },
  fans_daily: { title: 'MSG_FANS_DAILY_TITLE', body: 'MSG_FANS_DAILY_BODY' },
  business_invite: { title: 'MSG_BUSINESS_INVITE_TITLE', body: 'MSG_BUSINESS_INVITE_BODY' },
  business_settled: { title: 'MSG_BUSINESS_SETTLED_TITLE', body: 'MSG_BUSINESS_SETTLED_BODY' },
  // issue #14: each area's kinds live in its own file (<area>.messages.ts)
  ...GROWTH_MESSAGE_KINDS,
  ...CREDIT_MESSAGE_KINDS,
  ...BUSINESS_MESSAGE_KINDS,
  ...PROMOTION_MESSAGE_KINDS,
  ...ASSISTANT_MESSAGE_KINDS,
  ...ARTICLE_IMPORT_MESSAGE_KINDS,
  ...TRACKING_MESSAGE_KINDS,
  ...CARPHOTO_MESSAGE_KINDS,
  ...ACTIVITY_MESSAGE_KINDS,
};

/** The message kinds with catalog texts (the rest, e.g. `custom`, carry their own text). */
export const MESSAGE_KINDS = Object.keys(MESSAGE_KIND_TEXTS);

/** `params.translations` of an operator's message (`custom`): its title and body in other languages. */
export type MessageTranslations = Partial<Record<MessageLanguage, { title: string; body: string }>>;

/**
 * What a message of the message centre says in a language (issue #9): a known kind's catalog texts filled with
 * its params (a `reason` param may be a `MessageRef`, rendered in the same language); for any kind,
 * `params.translations[lang]` when the sender gave one (operators' `custom` messages). Null when neither
 * applies or a value is missing — the caller then shows the stored zh-CN title and body.
 * @param params the message's `params` as stored / sent (`MessageItem.params`)
 */
export function renderMessageKind(
  kind: string | undefined,
  params: Readonly<Record<string, unknown>> | undefined,
  lang: MessageLanguage,
): { title: string; body: string } | null {
  const p = params ?? {};
  const translation = (p.translations as MessageTranslations | undefined)?.[lang];
  if (translation && typeof translation.title === 'string' && typeof translation.body === 'string')
    return { title: translation.title, body: translation.body };
  const entry = kind && Object.hasOwn(MESSAGE_KIND_TEXTS, kind) ? MESSAGE_KIND_TEXTS[kind] : undefined;
  if (!entry) return null;
  const codes = typeof entry === 'function' ? entry(p) : entry;
  const title = fill(SERVER_MESSAGES[codes.title][lang], p, lang);
  const body = fill(SERVER_MESSAGES[codes.body][lang], p, lang);
  // a value that did not arrive would show `{{name}}`: the stored text is better
  return /\{\{\s*\w+\s*\}\}/.test(title + body) ? null : { title, body };
}

/**
 * A message's title, body and params for the server to store (`sendSystemMessage`): the zh-CN texts of the kind
 * (the stored fallback for clients that ignore `kind`) and the params as given.
 * @throws Error when the kind has no catalog texts or a param is missing (a programming error)
 */
export function messageKindTexts(
  kind: string,
  params: Readonly<Record<string, unknown>>,
): { title: string; body: string } {
  const texts = renderMessageKind(kind, params, DEFAULT_MESSAGE_LANGUAGE);
  if (!texts) throw new Error(`message kind ${kind} has no catalog text or misses a param`);
  return texts;
}
