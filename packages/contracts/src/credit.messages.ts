import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Credit score (issue #14 "Credit score"; docs/api.md "Credit score").
 */
export const CREDIT_MESSAGES = {
  // ---- refusals ----
  CREDIT_ENTRY_NOT_FOUND: { 'zh-CN': '信用分记录不存在', 'en-US': 'no such credit score entry' },
  CREDIT_APPEAL_NOT_FOUND: { 'zh-CN': '申诉不存在', 'en-US': 'no such appeal' },
  CREDIT_APPEAL_ONLY_DEDUCTIONS: {
    'zh-CN': '只能申诉违规扣分，这条记录是“{{state}}”',
    'en-US': 'only deductions for violations can be appealed; this entry is a {{state}}',
  },
  CREDIT_APPEAL_EXISTS: {
    'zh-CN': '这次扣分已经申诉过（申诉{{state}}），每次扣分只能申诉一次',
    'en-US':
      'this deduction was already appealed (the appeal is {{state}}); each deduction can be appealed once',
  },
  CREDIT_APPEAL_DECIDED: {
    'zh-CN': '这条申诉已处理（{{state}}），不能再次处理',
    'en-US': 'this appeal is already decided ({{state}}) and cannot be decided again',
  },
  CREDIT_APPEAL_REASON_LENGTH: {
    'zh-CN': '申诉理由需要 {{min}}–{{max}} 个字',
    'en-US': 'the reason of an appeal must be {{min}}-{{max}} characters',
  },
  CREDIT_APPEAL_NOTE_REQUIRED: {
    'zh-CN': '请填写处理说明，作者会看到它',
    'en-US': 'a note is required: the author will read it',
  },
  CREDIT_APPEAL_NOTE_LENGTH: {
    'zh-CN': '处理说明最多 {{max}} 个字',
    'en-US': 'the note must be at most {{max}} characters',
  },
  // ---- names (for the texts above) ----
  CREDIT_APPEAL_STATE_PENDING: { 'zh-CN': '待处理', 'en-US': 'pending' },
  CREDIT_APPEAL_STATE_UPHELD: { 'zh-CN': '已通过，分数已恢复', 'en-US': 'upheld, the points restored' },
  CREDIT_APPEAL_STATE_DISMISSED: { 'zh-CN': '已驳回', 'en-US': 'dismissed' },
  CREDIT_REASON_VIOLATION: { 'zh-CN': '违规扣分', 'en-US': 'deduction for a violation' },
  CREDIT_REASON_CLEAN_WEEK: { 'zh-CN': '无违规周恢复', 'en-US': 'recovery for a clean week' },
  CREDIT_REASON_APPROVED_UPLOAD: { 'zh-CN': '新作品过审加分', 'en-US': 'bonus for a new approved work' },
  CREDIT_REASON_APPEAL_UPHELD: { 'zh-CN': '申诉成功恢复', 'en-US': 'restoration after an upheld appeal' },
  CREDIT_REASON_OPERATOR: { 'zh-CN': '运营调整', 'en-US': 'adjustment by an operator' },
  // ---- the message centre ----
  MSG_CREDIT_DEDUCTED_TITLE: {
    'zh-CN': '信用分扣除 {{points}} 分',
    'en-US': '{{points}} credit points deducted',
  },
  MSG_CREDIT_DEDUCTED_BODY: {
    'zh-CN':
      '你的作品《{{title}}》因违规未通过审核：{{reason}}。信用分扣除 {{points}} 分，当前 {{score}} 分。如有异议，可在信用分页面申诉。',
    'en-US':
      'Your work “{{title}}” was refused for a violation: {{reason}}. {{points}} credit points were deducted; your score is now {{score}}. If you disagree, appeal on the credit score page.',
  },
  MSG_CREDIT_APPEAL_UPHELD_TITLE: {
    'zh-CN': '申诉成功，信用分已恢复',
    'en-US': 'Appeal upheld: your credit points are back',
  },
  MSG_CREDIT_APPEAL_UPHELD_BODY: {
    'zh-CN': '你对《{{title}}》扣分的申诉已通过，恢复 {{points}} 分，当前 {{score}} 分。处理说明：{{note}}',
    'en-US':
      'Your appeal of the deduction for “{{title}}” was upheld: {{points}} points restored, your score is now {{score}}. Note: {{note}}',
  },
  MSG_CREDIT_APPEAL_DISMISSED_TITLE: { 'zh-CN': '申诉未通过', 'en-US': 'Appeal dismissed' },
  MSG_CREDIT_APPEAL_DISMISSED_BODY: {
    'zh-CN': '你对《{{title}}》扣分的申诉未通过，信用分不变（{{score}} 分）。处理说明：{{note}}',
    'en-US':
      'Your appeal of the deduction for “{{title}}” was dismissed; your score stays {{score}}. Note: {{note}}',
  },
} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). */
export const CREDIT_MESSAGE_KINDS = {
  credit_deducted: { title: 'MSG_CREDIT_DEDUCTED_TITLE', body: 'MSG_CREDIT_DEDUCTED_BODY' },
  credit_appeal_upheld: { title: 'MSG_CREDIT_APPEAL_UPHELD_TITLE', body: 'MSG_CREDIT_APPEAL_UPHELD_BODY' },
  credit_appeal_dismissed: {
    title: 'MSG_CREDIT_APPEAL_DISMISSED_TITLE',
    body: 'MSG_CREDIT_APPEAL_DISMISSED_BODY',
  },
} as const satisfies Record<string, { title: string; body: string }>;
