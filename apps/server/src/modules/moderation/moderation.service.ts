import { REVIEW_WORDS, SENSITIVE_WORDS, type SensitiveWord } from './sensitive-words.js';
import { createWordMatcher } from './word-matcher.js';

export { normaliseForModeration } from './normalise.js';
export { createWordMatcher, type ListedWord } from './word-matcher.js';
export { REVIEW_WORDS, SENSITIVE_WORDS, type SensitiveWord } from './sensitive-words.js';

const matchPlatformWords = createWordMatcher(SENSITIVE_WORDS);
const matchReviewWords = createWordMatcher(REVIEW_WORDS);

/**
 * The first of the platform's prohibited words (`SENSITIVE_WORDS`) in a text a reader sees, after the
 * moderation normaliser (full-width, case, traditional Chinese, characters spread apart by spaces or
 * symbols); null when there is none. The automatic review of every type of work uses it (spec §5 review,
 * API.md §13), and comments will (issue #13).
 * @param text title, body text without markup, captions… joined by newlines
 * @returns the list's entry (its word as listed and the rule it breaks), or null
 */
export function findProhibitedWord(text: string): SensitiveWord | null {
  return matchPlatformWords(text);
}

/**
 * The first word of `REVIEW_WORDS` in a text a reader sees (same normaliser as `findProhibitedWord`): a word
 * the automatic review cannot judge alone, so the work waits for an operator (issue #10 "Review", API.md §13).
 * @returns the list's entry, or null
 */
export function findReviewWord(text: string): SensitiveWord | null {
  return matchReviewWords(text);
}
