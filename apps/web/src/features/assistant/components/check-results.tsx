import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssistantCheck } from '@cc/contracts';
import { RuleLink } from '../../../components/rule-link';

/** Text colours that pass AA contrast on white (antd's preset green/red/gold text does not, DESIGN.md). */
const COLOURS = { ok: '#237804', error: '#ad2102', warning: '#874d00' } as const;

/**
 * The answer of `check` (issue #14): a summary (ready, ready with warnings, or how many errors), then each finding
 * with its severity in words and an icon (never colour alone), the field it is about, the server's text and a link
 * to the rule it applies.
 */
export function CheckResults({ data }: { data: AssistantCheck }) {
  const { t } = useTranslation();
  const errors = data.issues.filter((i) => i.severity === 'error').length;
  const warnings = data.issues.length - errors;
  const summary = !data.ok
    ? {
        colour: COLOURS.error,
        icon: <CloseCircleOutlined aria-hidden />,
        text: t('assistant.check.errors', { count: errors }),
      }
    : warnings > 0
      ? {
          colour: COLOURS.warning,
          icon: <ExclamationCircleOutlined aria-hidden />,
          text: t('assistant.check.okWithWarnings', { count: warnings }),
        }
      : { colour: COLOURS.ok, icon: <CheckCircleOutlined aria-hidden />, text: t('assistant.check.ok') };
  return (
    <div data-testid="assistant-check">
      <p
        role="status"
        data-testid="assistant-check-summary"
        style={{ color: summary.colour, fontWeight: 600 }}
      >
        {summary.icon} {summary.text}
      </p>
      {data.issues.length > 0 ? (
        <ul className="cc-assistant-issues">
          {data.issues.map((issue, i) => (
            <li
              key={`${issue.code}-${i}`}
              className="cc-assistant-issue"
              data-testid="assistant-issue"
              data-code={issue.code}
              data-severity={issue.severity}
            >
              <span style={{ color: COLOURS[issue.severity], fontWeight: 600, whiteSpace: 'nowrap' }}>
                {issue.severity === 'error' ? (
                  <CloseCircleOutlined aria-hidden />
                ) : (
                  <ExclamationCircleOutlined aria-hidden />
                )}{' '}
                {t(`assistant.check.severity.${issue.severity}`)}
              </span>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {t(`assistant.check.fields.${issue.field}`)}
              </Typography.Text>
              <span>
                {issue.message}
                <RuleLink ruleRef={issue.ruleRef} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
