import { BODY_MAX, BODY_MIN, TITLE_MAX, TITLE_MIN } from './constants.js';
import { type MessageRef, renderMessage } from './server-messages.js';

/**
 * A broken rule: its catalog message (`code`, the client's i18n key too, and `params`, server-messages.ts)
 * and the English text of it (`message`, for logs and older callers).
 */
export type RuleViolation<C extends MessageRef['code'] = MessageRef['code']> = Extract<
  MessageRef,
  { code: C }
> & {
  message: string;
};

/** A RuleViolation of a catalog message, with its English text (issue #9). */
export function ruleViolation<R extends MessageRef>(ref: R): R & { message: string } {
  return { ...ref, message: renderMessage(ref, 'en-US') };
}

/** The codes of the text rules. */
export type TextRuleCode = 'TITLE_REQUIRED' | 'TITLE_LENGTH' | 'TITLE_EMOJI' | 'BODY_LENGTH';

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
export function checkTitle(title: string): RuleViolation<TextRuleCode> | null {
  const t = title.trim();
  if (t.length === 0) return ruleViolation({ code: 'TITLE_REQUIRED' });
  if (hasEmoji(t)) return ruleViolation({ code: 'TITLE_EMOJI' });
  const n = titleLength(t);
  if (n < TITLE_MIN || n > TITLE_MAX) {
    return ruleViolation({ code: 'TITLE_LENGTH', params: { min: TITLE_MIN, max: TITLE_MAX } });
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * `html` with each script/style element and each tag replaced by a space, in time linear in its length
 * (issue #8 item 3: the regular expressions this replaces scanned to the end of the input again for every
 * unclosed `<` or `<script`, quadratic: 20,000 `<` took 0.7 s, a 1 MB body half an hour).
 */
function stripMarkup(html: string): string {
  const start = /<(script|style)/gi;
  const closers: Record<string, RegExp> = { script: /<\/script>/gi, style: /<\/style>/gi };
  const closed = new Set<string>(); // names with no closing tag left: never searched again
  let out = '';
  let pos = 0;
  for (let m = start.exec(html); m; m = start.exec(html)) {
    const name = m[1]!.toLowerCase();
    if (closed.has(name)) continue;
    const closer = closers[name]!;
    closer.lastIndex = m.index + m[0].length;
    if (!closer.exec(html)) {
      closed.add(name);
      continue;
    }
    out += html.slice(pos, m.index) + ' ';
    pos = closer.lastIndex;
    start.lastIndex = pos;
  }
  const s = out + html.slice(pos);
  // every `<` before the last `>` closes, so each match attempt succeeds (no backtracking to the end)
  const last = s.lastIndexOf('>');
  return last < 0 ? s : s.slice(0, last + 1).replace(/<[^>]*>/g, ' ') + s.slice(last + 1);
}

/**
 * The reader-visible text of an HTML body, for counting only (not a sanitizer): tags removed,
 * the common entities decoded, white space runs folded to one space, trimmed.
 */
export function htmlToPlainText(html: string): string {
  return stripMarkup(html)
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
export function checkBody(html: string): RuleViolation<TextRuleCode> | null {
  return checkBodyText(htmlToPlainText(html));
}

/**
 * `checkBody` on a body's reader-visible text already extracted with `htmlToPlainText` (the server extracts
 * it off the event loop, issue #8 item 3).
 * @returns the broken rule, or null
 */
export function checkBodyText(text: string): RuleViolation<TextRuleCode> | null {
  let n = 0; // code points, counted no further than one past the limit
  for (const _ of text) if (++n > BODY_MAX) break;
  if (n < BODY_MIN || n > BODY_MAX) {
    return ruleViolation({ code: 'BODY_LENGTH', params: { min: BODY_MIN, max: BODY_MAX } });
  }
  return null;
}

/**
 * Control characters no text field accepts (issue #8 item 2): C0 controls U+0000–U+001F and DEL U+007F.
 * A multi-line field (an article body, a description, a JSON document) may hold TAB, LF and CR.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f]/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;

/**
 * True when the text holds a control character it may not hold (issue #8 item 2): U+0000–U+001F and
 * U+007F; with `multiline`, TAB (U+0009), LF (U+000A) and CR (U+000D) are allowed.
 */
export function hasControlChars(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(text);
}
