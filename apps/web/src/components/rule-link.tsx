import { ReadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ruleHref } from '@cc/contracts';
import { ruleRefOf } from '../lib/api-client';

/**
 * "See the rule" (issue #11 "every refusal links to the rule it applies"): a small link beside a refusal to the
 * section of the rule centre it applies (`ruleRef` = `slug#section`, the envelope's `data.ruleRef` or a field's,
 * or contracts `RULE_REFS` of a rule the form checked itself). Opens in the same tab through the router — or, with
 * `newTab`, in a new one, for forms whose input must not be lost (certification); nothing when there is no
 * reference.
 * @param testId the link's test id (default `rule-link`)
 */
export function RuleLink({
  ruleRef,
  newTab = false,
  testId = 'rule-link',
}: {
  ruleRef: string | null | undefined;
  newTab?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!ruleRef) return null;
  return (
    <Link
      to={ruleHref(ruleRef)}
      {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
      className="cc-rule-link"
      data-testid={testId}
      data-rule-ref={ruleRef}
      // underlined: inside a refusal's text it is told apart by more than its colour (WCAG 1.4.1)
      style={{
        marginInlineStart: 8,
        whiteSpace: 'nowrap',
        color: 'var(--cc-brand-text)',
        textDecoration: 'underline',
        textUnderlineOffset: 2,
      }}
    >
      <span aria-hidden="true">
        <ReadOutlined />
      </span>{' '}
      {t('rules.seeRule')}
    </Link>
  );
}

/** A refusal's text followed by {@link RuleLink} when it has a rule (a Form.Item's `help`, say). */
export function withRuleLink(text: ReactNode, ruleRef: string | null | undefined): ReactNode {
  if (!text || !ruleRef) return text;
  return (
    <>
      {text}
      <RuleLink ruleRef={ruleRef} />
    </>
  );
}

/**
 * A toast's content for a refusal (issue #11): the text and, when the error applies a rule (`ruleRefOf`: the
 * envelope's `data.ruleRef` or a field's — DRAFT_QUOTA, PROGRAM_GRADE_REQUIRED, a prohibited word …), "See the rule".
 * Toasts render outside the router, so the link is a plain anchor, and it opens a new tab: the editor behind the
 * toast keeps what the author typed. A refusal without a rule is its text alone.
 * @param label the link's text in the UI language (`t('rules.seeRule')`)
 */
export function toastWithRuleLink(text: string, error: unknown, label: string): ReactNode {
  const ruleRef = ruleRefOf(error);
  if (!ruleRef) return text;
  return (
    <span>
      {text}{' '}
      <a
        href={ruleHref(ruleRef)}
        target="_blank"
        rel="noopener"
        data-testid="toast-rule-link"
        data-rule-ref={ruleRef}
        style={{ color: 'var(--cc-brand-text)', textDecoration: 'underline', textUnderlineOffset: 2 }}
      >
        {label}
      </a>
    </span>
  );
}
