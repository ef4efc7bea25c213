import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Tracking points (issue #15 "Tracking points"; spec §3 "Tracking point attributes").
 */
export const TRACKING_MESSAGES = {
  TRACKING_PATH_FORMAT: {
    'zh-CN': '必须是以 / 开头的页面路径，不含 ?、# 和空白',
    'en-US': 'must be a page path starting with /, without ?, # or white space',
  },
  TRACKING_TIME_FORMAT: {
    'zh-CN': '必须是 ISO 时间，例如 2026-11-24T22:40:12Z',
    'en-US': 'must be an ISO time, e.g. 2026-11-24T22:40:12Z',
  },
  TRACKING_ACTION_REQUIRED: {
    'zh-CN': '操作事件必须说明是哪个操作（publish、upload 或 export）',
    'en-US': 'an action event must name its action (publish, upload or export)',
  },
  TRACKING_ACTION_NOT_ALLOWED: {
    'zh-CN': '页面浏览事件不能带操作',
    'en-US': 'a page view event cannot name an action',
  },
  TRACKING_DAY_FORMAT: {
    'zh-CN': '必须是日期，格式 YYYY-MM-DD',
    'en-US': 'must be a day as YYYY-MM-DD',
  },
  TRACKING_PERIOD_ORDER: {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'the end day cannot be before the start day',
  },
  TRACKING_PERIOD_BOTH: {
    'zh-CN': '开始日期和结束日期要么都填，要么都不填',
    'en-US': 'give both the start and the end day, or neither',
  },
  TRACKING_PERIOD_TOO_LONG: {
    'zh-CN': '统计区间最长 {{max}} 天',
    'en-US': 'the period can be at most {{max}} days',
  },
  TRACKING_BEACON_FORM: {
    'zh-CN': '埋点信标必须以表单提交，并带上 encryptType=1 与六个签名字段',
    'en-US': 'a tracking beacon must be a form body with encryptType=1 and the six signed fields',
  },
} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). */
export const TRACKING_MESSAGE_KINDS = {} as const satisfies Record<string, { title: string; body: string }>;

/** A value for every `{{param}}` this area's kinds use (server-messages.test.ts renders every kind with them). */
export const TRACKING_MESSAGE_SAMPLE_PARAMS: Record<string, unknown> = {};
