import type { ServerMessageCode } from '@cc/contracts';

/**
 * The automatic review's prohibited words (issue #2). A small, realistic list for a car-media platform:
 * each entry names the rule it enforces, and the rejection reason names both. Matching is
 * case-insensitive on the reader-visible text of title and body.
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
  { word: '代开发票', rule: 'WORD_RULE_FRAUD' },
  { word: '办假证', rule: 'WORD_RULE_FRAUD' },
  { word: '套牌车', rule: 'WORD_RULE_ILLEGAL_VEHICLES' },
  { word: '走私车', rule: 'WORD_RULE_ILLEGAL_VEHICLES' },
  { word: '里程表调校', rule: 'WORD_RULE_ODOMETER_FRAUD' },
  { word: '调表车', rule: 'WORD_RULE_ODOMETER_FRAUD' },
  { word: '醉驾无事', rule: 'WORD_RULE_DANGEROUS_DRIVING' },
  { word: '飙车约战', rule: 'WORD_RULE_DANGEROUS_DRIVING' },
  { word: '加微信返现', rule: 'WORD_RULE_OFF_PLATFORM_ADVERTISING' },
  { word: '刷单', rule: 'WORD_RULE_FAKE_ENGAGEMENT' },
  { word: 'casino', rule: 'WORD_RULE_GAMBLING' },
  { word: 'fake invoice', rule: 'WORD_RULE_FRAUD' },
];

/** The first prohibited word in the text, or null. */
export function findSensitiveWord(text: string): SensitiveWord | null {
  const haystack = text.toLowerCase();
  return SENSITIVE_WORDS.find((entry) => haystack.includes(entry.word.toLowerCase())) ?? null;
}
