import * as OpenCC from 'opencc-js/t2cn';

// OpenCC's traditional → simplified conversion (characters and phrases), built once.
const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });

// Anything that is not a letter or a digit of some script: spaces, punctuation, symbols, emoji, marks,
// zero-width and other format characters.
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * The text the moderation rules read (issue #10 "Review"; ARCHITECTURE.md: normalise before matching),
 * with the usual evasions undone, in this order:
 * - Unicode NFKC: full-width letters, digits and signs become ASCII (`ＣＡＳＩＮＯ` → `CASINO`), circled and
 *   other compatibility forms become their base character (`①` → `1`);
 * - lower case (`CASINO` → `casino`);
 * - traditional Chinese → simplified with OpenCC (`賭博` → `赌博`, `辦假證` → `办假证`);
 * - every character that is not a letter or a digit removed, so characters spread apart still meet:
 *   `加 微 信`, `加-微-信`, `加.微.信`, `加\u200b微信` and `加🙂微信` all read `加微信`.
 * Words of the lists go through the same function, so a list entry with a space (`fake invoice`) matches
 * `fake-invoice` and `fakeinvoice` alike.
 * @param text any text a reader can see (a title, an article's text without its markup, a caption)
 * @returns the normalised text; shorter than or as long as the input in code points
 */
export function normaliseForModeration(text: string): string {
  return toSimplified(text.normalize('NFKC').toLowerCase()).replace(NOT_LETTER_OR_DIGIT, '');
}
