import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Growth coupons and promotion (issue #14). Amounts in texts are yuan
 * with two decimals (`fenToYuanText`, business.ts); dates are `YYYY-MM-DD HH:mm` in REPORT_TZ.
 */
export const PROMOTION_MESSAGES = {
  // ---- fields ----
  PROMOTION_KEY_FORMAT: {
    'zh-CN': '幂等键须为 1–128 个字母、数字或 _ : . -',
    'en-US': 'the idempotency key must be 1–128 letters, digits or _ : . -',
  },
  PROMOTION_GOAL_INVALID: {
    'zh-CN': '推广目标须为阅读量（views）或粉丝（fans）',
    'en-US': 'the goal must be views or fans',
  },
  PROMOTION_HOURS_INVALID: {
    'zh-CN': '推广时长须为 6、12 或 24 小时',
    'en-US': 'the duration must be 6, 12 or 24 hours',
  },
  COUPON_MIN_SPEND_NOT_MET: {
    'zh-CN': '这张券需预算满 {{min}} 元才能使用，当前预算 {{budget}} 元',
    'en-US': 'this coupon needs a budget of at least {{min}} yuan; the budget is {{budget}} yuan',
  },
  // ---- refusals ----
  COUPON_NOT_FOUND: { 'zh-CN': '推广券不存在', 'en-US': 'no such coupon' },
  PROMOTION_NOT_FOUND: { 'zh-CN': '推广不存在', 'en-US': 'no such promotion' },
  PROMOTION_WORK_NOT_FOUND: {
    'zh-CN': '只能推广你自己已发布的作品',
    'en-US': 'only a published work of your own can be promoted',
  },
  PROMOTION_CREDIT_TOO_LOW: {
    'zh-CN': '信用分 {{score}} 低于 {{min}}，暂不能投放推广',
    'en-US': 'a credit score of {{score}} is below {{min}}: promotion is not available',
  },
  PROMOTION_ALREADY_RUNNING: {
    'zh-CN': '这部作品已有一个推广（#{{id}}）正在投放，结束后才能再推广',
    'en-US': 'promotion #{{id}} of this work is still running; start another one when it ends',
  },
  COUPON_NOT_AVAILABLE: {
    'zh-CN': '这张券{{state}}，不能再使用',
    'en-US': 'this coupon is {{state}} and cannot be spent',
  },
  COUPON_EXPIRED_AT: {
    'zh-CN': '这张券已于 {{at}} 过期',
    'en-US': 'this coupon expired at {{at}}',
  },
  PROMOTION_NOT_RUNNING: {
    'zh-CN': '这个推广{{state}}，不能停止',
    'en-US': 'this promotion has {{state}} and cannot be stopped',
  },
  // ---- states and reasons (named in refusals, lists and messages) ----
  COUPON_STATE_AVAILABLE: { 'zh-CN': '可用', 'en-US': 'available' },
  COUPON_STATE_USED: { 'zh-CN': '已使用', 'en-US': 'used' },
  COUPON_STATE_EXPIRED: { 'zh-CN': '已过期', 'en-US': 'expired' },
  PROMOTION_STATE_RUNNING: { 'zh-CN': '正在投放', 'en-US': 'running' },
  PROMOTION_STATE_ENDED: { 'zh-CN': '已结束', 'en-US': 'ended' },
  PROMOTION_STOP_BUDGET: { 'zh-CN': '预算已用完', 'en-US': 'the budget is spent' },
  PROMOTION_STOP_TIME: { 'zh-CN': '投放时间已到', 'en-US': 'the time is up' },
  PROMOTION_STOP_WORK: {
    'zh-CN': '作品已删除、被驳回或不再公开',
    'en-US': 'the work was deleted, rejected or is no longer public',
  },
  PROMOTION_STOP_AUTHOR: { 'zh-CN': '你提前停止了投放', 'en-US': 'you stopped it early' },
  // ---- message centre ----
  MSG_PROMOTION_ENDED_TITLE: { 'zh-CN': '推广已结束：{{title}}', 'en-US': 'Promotion ended: {{title}}' },
  MSG_PROMOTION_ENDED_BODY: {
    'zh-CN':
      '《{{title}}》的推广已结束（{{reason}}）：花费 {{spent}} 元，带来 {{views}} 次推广阅读、{{fans}} 位新粉丝；退回钱包 {{refund}} 元。',
    'en-US':
      'The promotion of "{{title}}" has ended ({{reason}}): {{spent}} yuan spent for {{views}} promoted views and {{fans}} new fans; {{refund}} yuan went back to your wallet.',
  },
  MSG_COUPON_GRANTED_TITLE: {
    'zh-CN': '你获得了一张 {{value}} 元推广券',
    'en-US': 'You received a {{value}} yuan promotion coupon',
  },
  MSG_COUPON_GRANTED_BODY: {
    'zh-CN': '满 {{minSpend}} 元可用，{{expiresAt}} 前有效。{{note}}',
    'en-US': 'For budgets of {{minSpend}} yuan or more, valid until {{expiresAt}}. {{note}}',
  },
} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). */
export const PROMOTION_MESSAGE_KINDS = {
  promotion_ended: { title: 'MSG_PROMOTION_ENDED_TITLE', body: 'MSG_PROMOTION_ENDED_BODY' },
  coupon_granted: { title: 'MSG_COUPON_GRANTED_TITLE', body: 'MSG_COUPON_GRANTED_BODY' },
} as const satisfies Record<string, { title: string; body: string }>;
