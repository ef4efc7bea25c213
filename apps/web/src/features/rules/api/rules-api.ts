import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RuleCategory, RuleDetail, RuleListItem, RuleSearchHit } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/**
 * The rule centre's calls (API.md §14, issue #11): public (signed, no session) and answered in the UI language
 * (the api-client sends it as `Accept-Language`), so the language is part of every query key.
 */

/** `GET /api/rules/list { category? }`: the rules of a category, or all of them. */
export function getRuleList(category?: RuleCategory): Promise<RuleListItem[]> {
  return apiGet<RuleListItem[]>('rules/list', category ? { category } : {});
}

/** `GET /api/rules/detail { slug }`: one rule with its sanitized html, table of contents and history. */
export function getRuleDetail(slug: string): Promise<RuleDetail> {
  return apiGet<RuleDetail>('rules/detail', { slug });
}

/** `GET /api/rules/search { q }`: the best matching sections, each with a plain-text snippet. */
export function searchRules(q: string): Promise<RuleSearchHit[]> {
  return apiGet<RuleSearchHit[]>('rules/search', { q });
}

/** Rules change with a deploy only: an answer stays fresh for the visit. */
const RULES_STALE_MS = 10 * 60_000;

/** The query of `GET /api/rules/list` (API.md §14) in `lang`, of one category or all. */
export const ruleListQuery = (lang: string, category?: RuleCategory) =>
  queryOptions({
    queryKey: ['rules', 'list', lang, category ?? 'all'],
    queryFn: () => getRuleList(category),
    staleTime: RULES_STALE_MS,
  });

/** The query of `GET /api/rules/detail { slug }` (API.md §14) in `lang`. */
export const ruleDetailQuery = (lang: string, slug: string) =>
  queryOptions({
    queryKey: ['rules', 'detail', lang, slug],
    queryFn: () => getRuleDetail(slug),
    staleTime: RULES_STALE_MS,
  });

/** The query of `GET /api/rules/search { q }` (API.md §14) in `lang`. */
export const ruleSearchQuery = (lang: string, q: string) =>
  queryOptions({
    queryKey: ['rules', 'search', lang, q],
    queryFn: () => searchRules(q),
    staleTime: RULES_STALE_MS,
  });

/** The rules of a category (or all) in the UI language. */
export function useRuleList(category?: RuleCategory) {
  const { i18n } = useTranslation();
  return useQuery(ruleListQuery(i18n.language, category));
}

/** A rule in the UI language (html, table of contents, history); 10006 for an unknown slug. */
export function useRuleDetail(slug: string) {
  const { i18n } = useTranslation();
  return useQuery({ ...ruleDetailQuery(i18n.language, slug), enabled: slug !== '' });
}

/** Search hits for `q` in the UI language; idle for an empty query. */
export function useRuleSearch(q: string) {
  const { i18n } = useTranslation();
  return useQuery({ ...ruleSearchQuery(i18n.language, q), enabled: q !== '' });
}
