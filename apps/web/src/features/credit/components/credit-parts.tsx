import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AppealState, CreditWork } from '@cc/contracts';
import { editPathOf } from '../../../components/content-table';
import { RuleLink } from '../../../components/rule-link';
import { tabularNums } from '../../../lib/theme';

/** AA-contrast text colours for a gain and a loss (DESIGN.md; antd's presets fail axe on white). */
export const GAIN_TEXT = '#237804';
export const LOSS_TEXT = '#ad2102';

/** A signed change of points with its unit, coloured and signed (never colour alone). */
export function PointsChange({ delta }: { delta: number }) {
  const { t } = useTranslation();
  const points = delta > 0 ? `+${delta}` : String(delta);
  return (
    <span
      style={{
        ...tabularNums,
        color: delta > 0 ? GAIN_TEXT : delta < 0 ? LOSS_TEXT : undefined,
        fontWeight: 600,
      }}
      data-testid="points-change"
    >
      {t('credit.ledger.points', { points })}
    </span>
  );
}

/**
 * What an entry is about: the work (its title at the time, linking to the work's own editor, where a refused work
 * is fixed) and the rule (the review's reason and a link to the rule centre's section).
 */
export function WorkAndRule({
  work,
  ruleRef,
  detail,
}: {
  work: CreditWork | null;
  ruleRef: string | null;
  detail: string | null;
}) {
  const { t } = useTranslation();
  if (!work && !ruleRef && !detail)
    return <Typography.Text type="secondary">{t('credit.ledger.noWork')}</Typography.Text>;
  return (
    <Space direction="vertical" size={2} style={{ maxWidth: 420 }}>
      {work ? (
        <Link to={editPathOf(work)} data-testid="credit-work">
          {work.title}
        </Link>
      ) : null}
      {detail || ruleRef ? (
        <Typography.Text type="secondary" data-testid="credit-rule">
          {detail}
          <RuleLink ruleRef={ruleRef} testId="credit-rule-link" />
        </Typography.Text>
      ) : null}
    </Space>
  );
}

const APPEAL_ICONS: Record<AppealState, ReactNode> = {
  pending: <ClockCircleOutlined />,
  upheld: <CheckCircleOutlined />,
  dismissed: <CloseCircleOutlined />,
};
/** Text colours at AA on the tag's light background (antd's preset tag colours fail axe). */
const APPEAL_TEXT: Record<AppealState, string | undefined> = {
  pending: 'var(--cc-brand-text)',
  upheld: GAIN_TEXT,
  dismissed: undefined,
};

/** An appeal's state as a tag with an icon and a word. */
export function AppealStateTag({ state }: { state: AppealState }) {
  const { t } = useTranslation();
  return (
    <Tag icon={APPEAL_ICONS[state]} style={{ color: APPEAL_TEXT[state] }} data-testid="appeal-state">
      {t(`credit.appeal.state.${state}`)}
    </Tag>
  );
}
