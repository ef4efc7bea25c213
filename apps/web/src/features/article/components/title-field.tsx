import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RULE_REFS, TITLE_MAX, checkTitle, titleLength } from '@cc/contracts';
import { withRuleLink } from '../../../components/rule-link';
import { ruleMessage } from '../rules';

/**
 * The title input with its live counter `x/30` (weighted length from contracts' titleLength) and the
 * rule error next to the field (checkTitle, in the reader's language). The error shows once the
 * author has typed (`touched`) or tried to publish (`forceError`), with a link to the rule it applies (issue #11).
 */
export function TitleField({
  value,
  onChange,
  touched,
  serverError,
  serverRuleRef,
}: {
  value: string;
  onChange: (v: string) => void;
  touched: boolean;
  serverError?: string;
  /** the rule of the server's refusal (`data.fields[i].ruleRef`) */
  serverRuleRef?: string;
}) {
  const { t } = useTranslation();
  const length = titleLength(value.trim());
  const violation = touched ? checkTitle(value) : null;
  const error = violation ? ruleMessage(violation.code, t, violation.message) : serverError;
  const ruleRef = violation ? RULE_REFS[violation.code] : serverRuleRef;
  // Half-character steps show as .5 so authors see why "abc" counts 1.5.
  const shown = Number.isInteger(length) ? String(length) : length.toFixed(1);
  return (
    <Form.Item
      label={t('article.titleLabel')}
      htmlFor="article-title"
      validateStatus={error ? 'error' : undefined}
      help={withRuleLink(error, ruleRef)}
      required
    >
      <Input
        id="article-title"
        data-testid="article-title"
        size="large"
        value={value}
        placeholder={t('article.titlePlaceholder')}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        suffix={
          <span
            className="cc-tabular"
            data-testid="title-counter"
            style={{ color: length > TITLE_MAX ? 'var(--cc-error)' : 'var(--cc-text-description)' }}
          >
            {t('article.titleCounter', { count: shown as unknown as number, max: TITLE_MAX })}
          </span>
        }
      />
    </Form.Item>
  );
}
