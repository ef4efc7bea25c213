import { RULE_ID_PREFIX, sanitizeRuleHtml } from '../../lib/sanitize';

/**
 * The rule centre's logic without React (issue #11): the words of a search to highlight in a snippet, and the
 * rule's HTML made ready for the page (sanitized again, a "copy link" anchor in each section heading).
 */

/** The id of the version history's heading: a deep link `#version-history` scrolls to it like to a section. */
export const HISTORY_SECTION = 'version-history';

/** The element id a section `id` of a rule has in the page (sanitizeRuleHtml prefixes ids). */
export function sectionElementId(id: string): string {
  return `${RULE_ID_PREFIX}${id}`;
}

const HAN = /\p{Script=Han}/u;

/**
 * What of a query to highlight in a snippet (lower case, longest first): its words split at spaces and
 * punctuation, and — Chinese has no spaces, the server segments it with jieba, which the browser does not have —
 * every run of two or more characters of a Chinese word (标题长度 → 标题长度, 标题长, 题长度, 标题, 题长, 长度), so
 * whichever part the server matched is marked. A one-character word is itself.
 */
export function queryTerms(q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((w) => w !== '');
  const terms = new Set<string>();
  for (const word of words) {
    const chars = [...word];
    if (!HAN.test(word) || chars.length <= 2) {
      terms.add(word);
      continue;
    }
    for (let len = chars.length; len >= 2; len -= 1)
      for (let i = 0; i + len <= chars.length; i += 1) terms.add(chars.slice(i, i + len).join(''));
  }
  return [...terms].sort((a, b) => b.length - a.length);
}

/** A piece of a snippet: plain text, marked when it matches a word of the query. */
export interface Segment {
  text: string;
  hit: boolean;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether `text[i]` starts a word (Latin text: not after a Latin letter or digit); every Chinese character does. */
function startsWord(text: string, i: number): boolean {
  const before = text[i - 1];
  return before === undefined || !WORD_CHAR.test(before) || HAN.test(before) || HAN.test(text[i]!);
}

/**
 * Splits `text` into plain and matching pieces for the words of `q` ({@link queryTerms}; case-insensitive, the
 * longest match at each place). A Latin word matches as the server matches it, as the start of a word, and the
 * whole word is marked (`title` marks `Titles`, not the middle of `subtitles`). The pieces are text: the page renders
 * them as React text nodes and `<mark>`, never as HTML, so a snippet holding `<script>` shows those characters.
 */
export function highlightSegments(text: string, q: string): Segment[] {
  const terms = queryTerms(q);
  const lower = text.toLowerCase();
  const out: Segment[] = [];
  let plain = '';
  let i = 0;
  // toLowerCase keeps the length of the Chinese and Latin text the rules are written in; a text where it
  // does not (a few special letters) is shown unmarked rather than marked at the wrong place
  const sameLength = lower.length === text.length;
  while (i < text.length) {
    const term = sameLength && startsWord(text, i) ? terms.find((t) => lower.startsWith(t, i)) : undefined;
    if (term) {
      let end = i + term.length;
      if (!HAN.test(term))
        while (end < text.length && WORD_CHAR.test(text[end]!) && !HAN.test(text[end]!)) end += 1;
      if (plain) out.push({ text: plain, hit: false });
      plain = '';
      out.push({ text: text.slice(i, end), hit: true });
      i = end;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  if (plain) out.push({ text: plain, hit: false });
  return out;
}

/**
 * A rule's HTML for the page: sanitized again (the client never trusts server HTML unchecked, lib/sanitize), its
 * heading ids under the sanitizer's prefix, and in every `h2`/`h3` with an id a small anchor link to that section
 * (`#`, named for screen readers) which the page turns into "copy link". The anchor is built with DOM calls from
 * the given texts, never from HTML.
 * @param anchor the anchor's `href` and accessible name for a section id and its heading text
 */
export function prepareRuleHtml(
  html: string,
  anchor: (id: string, title: string) => { href: string; label: string },
): string {
  const template = document.createElement('template');
  template.innerHTML = sanitizeRuleHtml(html);
  for (const heading of template.content.querySelectorAll<HTMLElement>('h2[id], h3[id]')) {
    if (!heading.id.startsWith(RULE_ID_PREFIX)) continue;
    const id = heading.id.slice(RULE_ID_PREFIX.length);
    const { href, label } = anchor(id, heading.textContent?.trim() ?? '');
    heading.tabIndex = -1;
    const link = document.createElement('a');
    link.className = 'cc-rule-anchor';
    link.setAttribute('href', href);
    link.setAttribute('aria-label', label);
    link.setAttribute('title', label);
    link.dataset.copySection = id;
    link.textContent = '#';
    heading.append(link);
  }
  return template.innerHTML;
}
