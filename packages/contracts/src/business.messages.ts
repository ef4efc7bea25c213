import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Business orders and the earnings wallet (issue #14).
 * Amounts in texts are yuan with two decimals (`fenToYuanText`, business.ts); times `YYYY-MM-DD HH:mm` and days
 * `YYYY-MM-DD`, both in REPORT_TZ.
 */
export const BUSINESS_MESSAGES = {
  // ---- names used inside other texts ----
  ORDER_STATE_INVITED: { 'zh-CN': '待接受', 'en-US': 'invited' },
  ORDER_STATE_ACCEPTED: { 'zh-CN': '已接受', 'en-US': 'accepted' },
  ORDER_STATE_DELIVERED: { 'zh-CN': '待验收', 'en-US': 'delivered' },
  ORDER_STATE_REVISION_REQUESTED: { 'zh-CN': '待修改', 'en-US': 'revision requested' },
  ORDER_STATE_APPROVED: { 'zh-CN': '已验收待结算', 'en-US': 'approved' },
  ORDER_STATE_SETTLED: { 'zh-CN': '已结算', 'en-US': 'settled' },
  ORDER_STATE_DECLINED: { 'zh-CN': '已拒绝', 'en-US': 'declined' },
  ORDER_STATE_EXPIRED: { 'zh-CN': '已过期', 'en-US': 'expired' },
  ORDER_STATE_CANCELLED: { 'zh-CN': '已取消', 'en-US': 'cancelled' },
  ORDER_ACTION_ACCEPT: { 'zh-CN': '接受', 'en-US': 'accepted' },
  ORDER_ACTION_DECLINE: { 'zh-CN': '拒绝', 'en-US': 'declined' },
  ORDER_ACTION_DELIVER: { 'zh-CN': '交付', 'en-US': 'delivered' },
  ORDER_ACTION_APPROVE: { 'zh-CN': '验收通过', 'en-US': 'approved' },
  ORDER_ACTION_REVISE: { 'zh-CN': '要求修改', 'en-US': 'sent back for a revision' },
  ORDER_ACTION_CANCEL: { 'zh-CN': '取消', 'en-US': 'cancelled' },
  ORDER_ACTION_EXPIRE: { 'zh-CN': '过期', 'en-US': 'expired' },
  ORDER_ACTION_SETTLE: { 'zh-CN': '结算', 'en-US': 'settled' },
  ORDER_TYPE_IMPLANTED_VIDEO: { 'zh-CN': '植入视频', 'en-US': 'implanted video' },
  ORDER_TYPE_CUSTOM_VIDEO: { 'zh-CN': '定制视频', 'en-US': 'custom video' },
  ORDER_TYPE_DIRECT_POST: { 'zh-CN': '直发', 'en-US': 'direct post' },
  ORDER_TYPE_REPOST: { 'zh-CN': '转发', 'en-US': 'repost' },
  ORDER_WORK_STATUS_DRAFT: { 'zh-CN': '草稿', 'en-US': 'a draft' },
  ORDER_WORK_STATUS_REVIEWING: { 'zh-CN': '审核中', 'en-US': 'under review' },
  ORDER_WORK_STATUS_PUBLISHED: { 'zh-CN': '已发布', 'en-US': 'published' },
  ORDER_WORK_STATUS_REJECTED: { 'zh-CN': '未通过审核', 'en-US': 'rejected' },
  ORDER_WORK_STATUS_SCHEDULED: { 'zh-CN': '定时发布中', 'en-US': 'scheduled' },
  ORDER_WORK_STATUS_DELETED: { 'zh-CN': '已删除', 'en-US': 'deleted' },
  ORDER_EXPIRED_REASON_RESPOND: {
    'zh-CN': '未在 {{deadline}} 前接受邀约',
    'en-US': 'the invitation was not accepted by {{deadline}}',
  },
  ORDER_EXPIRED_REASON_DELIVER: {
    'zh-CN': '未在 {{deadline}} 前交付作品',
    'en-US': 'no work was delivered by {{deadline}}',
  },

  // ---- refusals ----
  ORDER_NOT_FOUND: { 'zh-CN': '商单不存在', 'en-US': 'no such order' },
  ORDER_ACTION_NOT_ALLOWED: {
    'zh-CN': '这个商单当前为“{{state}}”，不能{{action}}',
    'en-US': 'the order is {{state}} and cannot be {{action}}',
  },
  ORDER_EXPIRED: {
    'zh-CN': '这个商单已过期：{{reason}}',
    'en-US': 'the order has expired: {{reason}}',
  },
  ORDER_CREDIT_TOO_LOW: {
    'zh-CN': '你的信用分为 {{score}} 分，接商单需要至少 {{min}} 分',
    'en-US': 'your credit score is {{score}}; accepting orders needs at least {{min}}',
  },
  ORDER_OPEN_LIMIT: {
    'zh-CN': '你已有 {{open}} 个进行中的商单，等级 {{grade}} 最多同时进行 {{max}} 个，请先完成手上的商单',
    'en-US':
      'you have {{open}} orders in progress and grade {{grade}} allows {{max}} at once; finish one first',
  },
  ORDER_WORK_TYPE_MISMATCH: {
    'zh-CN': '{{orderType}}商单只能用视频或小视频交付，这个作品是{{workType}}',
    'en-US':
      'an order of type “{{orderType}}” is delivered with a video or a short video; this work is of type “{{workType}}”',
  },
  ORDER_WORK_NOT_PUBLISHED: {
    'zh-CN': '只能交付已发布的作品，这个作品当前为{{status}}',
    'en-US': 'only a published work can be delivered; this work is {{status}}',
  },
  ORDER_WORK_IN_USE: {
    'zh-CN': '这个作品已交付给{{brand}}的商单，请选择另一个作品',
    'en-US': 'this work was already delivered for a {{brand}} order; choose another work',
  },
  ORDER_WORK_GONE: {
    'zh-CN': '交付的作品当前为{{status}}，不能验收；请要求作者修改或取消商单',
    'en-US':
      'the delivered work is {{status}} and cannot be approved; ask for a revision or cancel the order',
  },
  ORDER_NO_REVISIONS_LEFT: {
    'zh-CN': '这个商单的 {{allowed}} 次修改机会已用完，只能验收通过或取消',
    'en-US': 'all {{allowed}} revisions of this order are used; approve it or cancel it',
  },
  ORDER_REVISION_NOTE_REQUIRED: {
    'zh-CN': '要求修改时请写明需要修改的内容',
    'en-US': 'say what to change when asking for a revision',
  },
  ORDER_TIME_FORMAT: {
    'zh-CN': '时间格式应为 ISO 8601（带时区），例如 2025-06-01T18:00:00+08:00',
    'en-US': 'must be an ISO 8601 time with an offset, e.g. 2025-06-01T18:00:00+08:00',
  },
  ORDER_RESPOND_BY_PAST: {
    'zh-CN': '回复截止时间必须晚于现在',
    'en-US': 'the respond-by time must be in the future',
  },
  ORDER_DELIVER_BY_TOO_EARLY: {
    'zh-CN': '交付截止时间必须晚于回复截止时间',
    'en-US': 'the deliver-by time must be after the respond-by time',
  },
  ORDER_WORK_LOCKED: {
    'zh-CN': '这个作品是{{brand}}商单的交付作品，需保留到 {{until}}，在此之前不能删除',
    'en-US':
      'this work was delivered for a {{brand}} order and must stay published until {{until}}; it cannot be deleted before then',
  },

  // ---- the earnings wallet ----
  WALLET_INSUFFICIENT: {
    'zh-CN': '钱包余额 {{balance}} 元，不足以支付 {{amount}} 元',
    'en-US': 'the wallet balance of {{balance}} yuan cannot cover {{amount}} yuan',
  },
  WALLET_AMOUNT_ZERO: { 'zh-CN': '金额不能为 0', 'en-US': 'the amount must not be zero' },
  WALLET_KEY_FORMAT: {
    'zh-CN': '幂等键为 1–64 位字母、数字或 _ : . -',
    'en-US': 'the key must be 1-64 characters of A-Z, a-z, 0-9, _ : . -',
  },

  // ---- message centre (kinds below) ----
  MSG_ORDER_ACCEPTED_TITLE: { 'zh-CN': '商单已接受', 'en-US': 'Order accepted' },
  MSG_ORDER_ACCEPTED_BODY: {
    'zh-CN': '你已接受{{brand}}的“{{campaign}}”，请在 {{deliverBy}} 前发布并交付作品。',
    'en-US': 'You accepted “{{campaign}}” by {{brand}}. Publish and deliver your work by {{deliverBy}}.',
  },
  MSG_ORDER_DELIVERED_TITLE: { 'zh-CN': '作品已交付', 'en-US': 'Work delivered' },
  MSG_ORDER_DELIVERED_BODY: {
    'zh-CN': '你已为{{brand}}的“{{campaign}}”交付《{{title}}》，等待验收。',
    'en-US': 'You delivered “{{title}}” for “{{campaign}}” by {{brand}}. It is waiting for approval.',
  },
  MSG_ORDER_REVISION_TITLE: { 'zh-CN': '商单需要修改', 'en-US': 'Order needs a revision' },
  MSG_ORDER_REVISION_BODY: {
    'zh-CN':
      '{{brand}}的“{{campaign}}”需要修改：{{note}}。请在 {{deliverBy}} 前重新交付，还剩 {{left}} 次修改机会。',
    'en-US':
      '“{{campaign}}” by {{brand}} needs a revision: {{note}}. Deliver again by {{deliverBy}}; {{left}} revisions left.',
  },
  MSG_ORDER_APPROVED_TITLE: { 'zh-CN': '商单已验收', 'en-US': 'Order approved' },
  MSG_ORDER_APPROVED_BODY: {
    'zh-CN':
      '{{brand}}的“{{campaign}}”已验收通过，{{amount}} 元将于 {{settleOn}} 结算到钱包。作品需保留到 {{keepUntil}}。',
    'en-US':
      '“{{campaign}}” by {{brand}} is approved: {{amount}} yuan settles into your wallet on {{settleOn}}. Keep the work published until {{keepUntil}}.',
  },
  MSG_ORDER_SETTLED_TITLE: { 'zh-CN': '商单已结算', 'en-US': 'Order settled' },
  MSG_ORDER_SETTLED_BODY: {
    'zh-CN': '{{brand}}的“{{campaign}}”已结算，{{amount}} 元已存入钱包。',
    'en-US': '“{{campaign}}” by {{brand}} is settled: {{amount}} yuan is in your wallet.',
  },
  MSG_ORDER_EXPIRED_TITLE: { 'zh-CN': '商单已过期', 'en-US': 'Order expired' },
  MSG_ORDER_EXPIRED_BODY: {
    'zh-CN': '{{brand}}的“{{campaign}}”已过期：{{reason}}。',
    'en-US': '“{{campaign}}” by {{brand}} has expired: {{reason}}.',
  },
  MSG_ORDER_CANCELLED_TITLE: { 'zh-CN': '商单已取消', 'en-US': 'Order cancelled' },
  MSG_ORDER_CANCELLED_BODY: {
    'zh-CN': '{{brand}}的“{{campaign}}”已被平台取消：{{note}}',
    'en-US': '“{{campaign}}” by {{brand}} was cancelled by the platform: {{note}}',
  },
  MSG_WALLET_ADJUSTED_TITLE: { 'zh-CN': '钱包调整', 'en-US': 'Wallet adjusted' },
  MSG_WALLET_ADJUSTED_BODY: {
    'zh-CN': '平台调整了你的钱包 {{amount}} 元，余额 {{balance}} 元。说明：{{note}}',
    'en-US':
      'The platform adjusted your wallet by {{amount}} yuan; the balance is {{balance}} yuan. Note: {{note}}',
  },
} as const satisfies Record<string, Bilingual>;

/**
 * Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). The invitation
 * uses the older kind `business_invite` ({ brand, campaign }); `business_settled` ({ period }) stays for old
 * messages and `business_order_settled` names the order and the amount.
 */
export const BUSINESS_MESSAGE_KINDS = {
  business_order_accepted: { title: 'MSG_ORDER_ACCEPTED_TITLE', body: 'MSG_ORDER_ACCEPTED_BODY' },
  business_order_delivered: { title: 'MSG_ORDER_DELIVERED_TITLE', body: 'MSG_ORDER_DELIVERED_BODY' },
  business_order_revision: { title: 'MSG_ORDER_REVISION_TITLE', body: 'MSG_ORDER_REVISION_BODY' },
  business_order_approved: { title: 'MSG_ORDER_APPROVED_TITLE', body: 'MSG_ORDER_APPROVED_BODY' },
  business_order_settled: { title: 'MSG_ORDER_SETTLED_TITLE', body: 'MSG_ORDER_SETTLED_BODY' },
  business_order_expired: { title: 'MSG_ORDER_EXPIRED_TITLE', body: 'MSG_ORDER_EXPIRED_BODY' },
  business_order_cancelled: { title: 'MSG_ORDER_CANCELLED_TITLE', body: 'MSG_ORDER_CANCELLED_BODY' },
  wallet_adjusted: { title: 'MSG_WALLET_ADJUSTED_TITLE', body: 'MSG_WALLET_ADJUSTED_BODY' },
} as const satisfies Record<string, { title: string; body: string }>;
