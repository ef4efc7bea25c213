/**
 * The automatic review's prohibited words (issue #2). A small, realistic list for a car-media platform:
 * each entry names the rule it enforces, and the rejection reason names both. Matching is
 * case-insensitive on the reader-visible text of title and body.
 */
export interface SensitiveWord {
  word: string;
  /** the platform rule the word breaks, shown in the reject reason */
  rule: string;
}

export const SENSITIVE_WORDS: readonly SensitiveWord[] = [
  { word: '赌博', rule: 'gambling' },
  { word: '博彩', rule: 'gambling' },
  { word: '六合彩', rule: 'gambling' },
  { word: '代开发票', rule: 'fraud' },
  { word: '办假证', rule: 'fraud' },
  { word: '套牌车', rule: 'illegal vehicles' },
  { word: '走私车', rule: 'illegal vehicles' },
  { word: '里程表调校', rule: 'odometer fraud' },
  { word: '调表车', rule: 'odometer fraud' },
  { word: '醉驾无事', rule: 'dangerous driving' },
  { word: '飙车约战', rule: 'dangerous driving' },
  { word: '加微信返现', rule: 'off-platform advertising' },
  { word: '刷单', rule: 'fake engagement' },
  { word: 'casino', rule: 'gambling' },
  { word: 'fake invoice', rule: 'fraud' },
];

/** The first prohibited word in the text, or null. */
export function findSensitiveWord(text: string): SensitiveWord | null {
  const haystack = text.toLowerCase();
  return SENSITIVE_WORDS.find((entry) => haystack.includes(entry.word.toLowerCase())) ?? null;
}
