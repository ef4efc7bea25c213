import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RULE_CATEGORIES, ruleHref, type RuleCategory, type RuleListItem } from '@cc/contracts';
import { formatDate } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useRuleList } from '../api/rules-api';
import '../rules.css';

/** The page of a category with a page of its own (`/publish`, `/recommend`); certification rules open here. */
export const CATEGORY_PATHS: Partial<Record<RuleCategory, string>> = {
  publish: '/authoringService/ruleCenter/publish',
  recommend: '/authoringService/ruleCenter/recommend',
};

/** One rule as a card line: its title (a link to it), summary, version and effective date. */
function RuleLine({ rule }: { rule: RuleListItem }) {
  const { t } = useTranslation();
  return (
    <li className="cc-rule-line" data-testid="rule-line">
      <Link to={ruleHref(rule.slug)} className="cc-rule-line-title">
        {rule.title}
      </Link>
      <p className="cc-rule-line-summary">{rule.summary}</p>
      <span className="cc-rule-line-meta cc-tabular">
        {t('rules.rule.version', { version: rule.version })} ·{' '}
        {t('rules.rule.effective', { date: formatDate(rule.updatedAt, 'YYYY-MM-DD', { utc: true }) })}
      </span>
    </li>
  );
}

/**
 * The rule centre's index (issue #11): every category with its rules, their summaries, versions and dates; a
 * category with a page of its own links to it. Loading, error (retry) and empty states.
 */
export function RuleOverview() {
  const { t } = useTranslation();
  const list = useRuleList();
  if (list.isPending) return <LoadingState rows={8} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const categories = RULE_CATEGORIES.map((category) => ({
    category,
    rules: list.data.filter((r) => r.category === category),
  })).filter((c) => c.rules.length > 0);
  if (categories.length === 0) return <EmptyState description={t('rules.list.empty')} />;
  return (
    <div className="cc-rule-overview" data-testid="rule-overview">
      {categories.map(({ category, rules }) => {
        const path = CATEGORY_PATHS[category];
        return (
          <section
            key={category}
            className="cc-rule-category"
            aria-labelledby={`cc-rule-category-${category}`}
            data-testid={`rule-category-${category}`}
          >
            <div className="cc-rule-category-head">
              <h2 id={`cc-rule-category-${category}`}>
                {path ? (
                  <Link to={path}>{t(`rules.categories.${category}`)}</Link>
                ) : (
                  t(`rules.categories.${category}`)
                )}
              </h2>
              <Tag>{t('rules.list.rules', { count: rules.length })}</Tag>
            </div>
            <p className="cc-rule-category-hint">{t(`rules.categoryHints.${category}`)}</p>
            <ul>
              {rules.map((rule) => (
                <RuleLine key={rule.slug} rule={rule} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
