import { AhoCorasick } from '@monyone/aho-corasick';
import { normaliseForModeration } from './normalise.js';

/** One entry of a word list: the word as an operator wrote it, and what it stands for (its rule). */
export interface ListedWord<R> {
  word: string;
  rule: R;
}

/**
 * Finds listed words in a text (issue #10 "Review"): every word and the text are normalised with
 * {@link normaliseForModeration}, then matched in one pass with Aho–Corasick (@monyone/aho-corasick), so the
 * cost is linear in the text however long the list. Returns the entry of the match that starts first (the
 * longest one on a tie), as the list wrote it, or null. Entries that normalise to nothing are ignored;
 * when two entries normalise alike, the first one listed is reported.
 */
export function createWordMatcher<R>(
  entries: readonly ListedWord<R>[],
): (text: string) => ListedWord<R> | null {
  const byKey = new Map<string, ListedWord<R>>();
  for (const entry of entries) {
    const key = normaliseForModeration(entry.word);
    if (key && !byKey.has(key)) byKey.set(key, entry);
  }
  const automaton = new AhoCorasick([...byKey.keys()]);
  return (text) => {
    if (byKey.size === 0) return null;
    let best: { begin: number; length: number; keyword: string } | null = null;
    for (const { begin, end, keyword } of automaton.matchInText(normaliseForModeration(text))) {
      const length = end - begin;
      if (!best || begin < best.begin || (begin === best.begin && length > best.length))
        best = { begin, length, keyword };
    }
    return best ? byKey.get(best.keyword)! : null;
  };
}
