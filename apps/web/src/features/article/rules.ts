import type { TFunction } from 'i18next';
import {
  BODY_MAX,
  BODY_MIN,
  TITLE_MAX,
  TITLE_MIN,
  publishArticleParamSchema,
  type PublishArticleParam,
  ruleRefOfMessage,
  zodIssueMessage,
  zodIssueText,
} from '@cc/contracts';
import { currentLanguage } from '../../lib/i18n';

/** The i18n text of a rule code from contracts (checkTitle/checkBody/publish schema). */
export function ruleMessage(rule: string, t: TFunction, fallback?: string): string {
  const key = `article.rules.${rule}`;
  const text = t(key, {
    min: rule.startsWith('TITLE') ? TITLE_MIN : BODY_MIN,
    max: rule.startsWith('TITLE') ? TITLE_MAX : BODY_MAX,
  });
  return text === key ? (fallback ?? rule) : text;
}

export type FieldErrors = Partial<Record<'title' | 'content' | 'coverUrls', string>>;

/** One field's first problem: its rule code, text, and the rule centre's section it applies (issue #11). */
export interface FieldProblem {
  rule?: string;
  message: string;
  ruleRef?: string;
}

/**
 * Validates a publish/draft payload with the same contracts schema the server uses; returns the
 * first error of each field as a rule code, its text in the UI language (the catalog of server
 * messages, issue #9) for the issues without a rule, and the rule it applies (`RULE_REFS`, issue #11).
 */
export function validateArticle(
  param: PublishArticleParam,
): { ok: true } | { ok: false; errors: Partial<Record<keyof FieldErrors, FieldProblem>> } {
  const parsed = publishArticleParamSchema.safeParse(param);
  if (parsed.success) return { ok: true };
  const errors: Partial<Record<keyof FieldErrors, FieldProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FieldErrors | undefined;
    if (!field || errors[field]) continue;
    const rule = (issue as { params?: { rule?: string } }).params?.rule;
    errors[field] = {
      rule,
      message: zodIssueText(issue, currentLanguage()),
      ruleRef: ruleRefOfMessage(zodIssueMessage(issue)),
    };
  }
  return { ok: false, errors };
}
