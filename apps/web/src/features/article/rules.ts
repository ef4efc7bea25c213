import type { TFunction } from 'i18next';
import {
  BODY_MAX,
  BODY_MIN,
  TITLE_MAX,
  TITLE_MIN,
  publishArticleParamSchema,
  type PublishArticleParam,
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

/**
 * Validates a publish/draft payload with the same contracts schema the server uses; returns the
 * first error of each field as a rule code, and its text in the UI language (the catalog of server
 * messages, issue #9) for the issues without a rule.
 */
export function validateArticle(
  param: PublishArticleParam,
):
  | { ok: true }
  | { ok: false; errors: Partial<Record<keyof FieldErrors, { rule?: string; message: string }>> } {
  const parsed = publishArticleParamSchema.safeParse(param);
  if (parsed.success) return { ok: true };
  const errors: Partial<Record<keyof FieldErrors, { rule?: string; message: string }>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FieldErrors | undefined;
    if (!field || errors[field]) continue;
    const rule = (issue as { params?: { rule?: string } }).params?.rule;
    errors[field] = { rule, message: zodIssueText(issue, currentLanguage()) };
  }
  return { ok: false, errors };
}
