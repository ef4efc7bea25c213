import { BODY_MAX, BODY_MIN, TITLE_MAX, TITLE_MIN } from './constants.js';

/** A broken text rule: a stable code (the client's i18n key) and the English wire message. */
export interface RuleViolation {
  code: 'TITLE_REQUIRED' | 'TITLE_LENGTH' | 'TITLE_EMOJI' | 'BODY_LENGTH';
  message: string;
}

const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}]/u;

/** True when the text holds an emoji (Unicode Extended_Pictographic or a regional indicator). */
export function hasEmoji(text: string): boolean {
  return EMOJI.test(text);
}

/**
 * Weighted title length (issue #2): each character above U+00FF counts 1, every other character ½.
 * Counted by code point, so a character outside the BMP counts once.
 */
export function titleLength(title: string): number {
  let n = 0;
  for (const ch of title) n += ch.codePointAt(0)! > 0xff ? 1 : 0.5;
  return n;
}

/**
 * Checks an article title: 6–30 weighted characters (see titleLength), no emoji.
 * Leading and trailing white space does not count.
 * @returns the first broken rule, or null
 */
export function checkTitle(title: string): RuleViolation | null {
  const t = title.trim();
  if (t.length === 0) return { code: 'TITLE_REQUIRED', message: 'title is required' };
  if (hasEmoji(t)) return { code: 'TITLE_EMOJI', message: 'title cannot contain emoji' };
  const n = titleLength(t);
  if (n < TITLE_MIN || n > TITLE_MAX) {
    return { code: 'TITLE_LENGTH', message: `title must be ${TITLE_MIN}-${TITLE_MAX} characters` };
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The reader-visible text of an HTML body, for counting only (not a sanitizer): tags removed,
 * the common entities decoded, white space runs folded to one space, trimmed.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const cp =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Checks an article body (issue #2): 10–100,000 characters of reader-visible text, counted by
 * code point, white space runs counted once.
 * @returns the broken rule, or null
 */
export function checkBody(html: string): RuleViolation | null {
  const n = [...htmlToPlainText(html)].length;
  if (n < BODY_MIN || n > BODY_MAX) {
    return { code: 'BODY_LENGTH', message: `body must be ${BODY_MIN}-${BODY_MAX} characters` };
  }
  return null;
}
