import type { ServerMessageCode } from '@cc/contracts';

/**
 * The platform's prohibited words (issue #2; kept here since issue #10): a list for a car-media platform,
 * maintained as data in this file (one entry per word, grouped by the rule it enforces; add a word by adding
 * a line, with a test case in moderation.service.test.ts when it guards against a new evasion). Each rule is
 * a catalog text (`WORD_RULE_*`), so the rejection reason names the word and the rule in both languages.
 * Matching is done on normalised text (`normalise.ts`): write each word once, in simplified Chinese or
 * lower-case English; full-width, traditional and spread-apart spellings are caught without entries of
 * their own.
 */
export interface SensitiveWord {
  word: string;
  /** the platform rule the word breaks, shown in the reject reason: its name in the catalog (issue #9) */
  rule: Extract<ServerMessageCode, `WORD_RULE_${string}`>;
}

export const SENSITIVE_WORDS: readonly SensitiveWord[] = [
  { word: '赌博', rule: 'WORD_RULE_GAMBLING' },
  { word: '博彩', rule: 'WORD_RULE_GAMBLING' },
  { word: '六合彩', rule: 'WORD_RULE_GAMBLING' },
  { word: '网络赌场', rule: 'WORD_RULE_GAMBLING' },
  { word: 'casino', rule: 'WORD_RULE_GAMBLING' },
  { word: '代开发票', rule: 'WORD_RULE_FRAUD' },
  { word: '办假证', rule: 'WORD_RULE_FRAUD' },
  { word: '驾照销分', rule: 'WORD_RULE_FRAUD' },
  { word: '代扣驾照分', rule: 'WORD_RULE_FRAUD' },
  { word: '包过年检', rule: 'WORD_RULE_FRAUD' },
  { word: 'fake invoice', rule: 'WORD_RULE_FRAUD' },
  { word: '套牌车', rule: 'WORD_RULE_ILLEGAL_VEHICLES' },
  { word: '走私车', rule: 'WORD_RULE_ILLEGAL_VEHICLES' },
  { word: '拼装车', rule: 'WORD_RULE_ILLEGAL_VEHICLES' },
  { word: '报废车翻新', rule: 'WORD_RULE_ILLEGAL_VEHICLES' },
  { word: '里程表调校', rule: 'WORD_RULE_ODOMETER_FRAUD' },
  { word: '调表车', rule: 'WORD_RULE_ODOMETER_FRAUD' },
  { word: '改公里数', rule: 'WORD_RULE_ODOMETER_FRAUD' },
  { word: '醉驾无事', rule: 'WORD_RULE_DANGEROUS_DRIVING' },
  { word: '飙车约战', rule: 'WORD_RULE_DANGEROUS_DRIVING' },
  { word: '炸街', rule: 'WORD_RULE_DANGEROUS_DRIVING' },
  // not 加微信 alone: 车机增加微信支付 is news, not advertising
  { word: '加我微信', rule: 'WORD_RULE_OFF_PLATFORM_ADVERTISING' },
  { word: '加微信返现', rule: 'WORD_RULE_OFF_PLATFORM_ADVERTISING' },
  { word: '加微信领', rule: 'WORD_RULE_OFF_PLATFORM_ADVERTISING' },
  { word: '加vx', rule: 'WORD_RULE_OFF_PLATFORM_ADVERTISING' },
  { word: '私聊加群', rule: 'WORD_RULE_OFF_PLATFORM_ADVERTISING' },
  { word: '刷单', rule: 'WORD_RULE_FAKE_ENGAGEMENT' },
  { word: '刷播放量', rule: 'WORD_RULE_FAKE_ENGAGEMENT' },
  { word: '买粉丝', rule: 'WORD_RULE_FAKE_ENGAGEMENT' },
];

/**
 * Words the automatic review cannot judge alone (issue #10 "Review": "what the rules cannot decide goes to an
 * operator queue"): each has honest and dishonest uses on a car platform — 加微信 is both "add me on WeChat"
 * and "the head unit adds WeChat Pay"; 内部价 is both a dealer's scam and a reported staff discount. A work
 * holding one (and no prohibited word) waits as `reviewing` for an operator (`/api/ops/review/*`), with the
 * word and its rule as the hold reason. Matched like `SENSITIVE_WORDS`, after the same normaliser.
 */
export const REVIEW_WORDS: readonly SensitiveWord[] = [
  { word: '加微信', rule: 'WORD_RULE_CONTACT_DETAILS' },
  { word: '微信号', rule: 'WORD_RULE_CONTACT_DETAILS' },
  { word: '扫码进群', rule: 'WORD_RULE_CONTACT_DETAILS' },
  { word: 'qq群', rule: 'WORD_RULE_CONTACT_DETAILS' },
  { word: '内部价', rule: 'WORD_RULE_PRICE_CLAIMS' },
  { word: '全网最低价', rule: 'WORD_RULE_PRICE_CLAIMS' },
  { word: '定金不退', rule: 'WORD_RULE_PRICE_CLAIMS' },
  { word: '排气改装', rule: 'WORD_RULE_MODIFICATION_LEGALITY' },
  { word: '拆除限速', rule: 'WORD_RULE_MODIFICATION_LEGALITY' },
  { word: '刷机提速', rule: 'WORD_RULE_MODIFICATION_LEGALITY' },
];
