import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RuleCategory } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { LinkButton } from '../../../components/content-table';
import { useRuleList } from '../api/rules-api';
import { RuleView } from './rule-view';
import '../rules.css';

/**
 * A category's page of the rule centre (`/publish`, `/recommend`; issue #11): its rules listed on the left, the
 * selected one (`selected`, the page's `?rule=`, else the first) on the right.
 */
export function RuleCategoryView({ category, selected }: { category: RuleCategory; selected: string }) {
  const { t } = useTranslation();
  const list = useRuleList(category);
  if (list.isPending) return <LoadingState rows={10} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const rules = list.data;
  const slug = selected || rules[0]?.slug || '';
  if (!slug)
    return (
      <EmptyState
        description={t('rules.list.empty')}
        action={
          <LinkButton to="/authoringService/ruleCenter" type="primary">
            {t('rules.rule.backToCentre')}
          </LinkButton>
        }
      />
    );
  const name = t(`rules.categories.${category}`);
  return (
    <div className="cc-rule-split">
      <nav className="cc-rule-list" aria-label={t('rules.list.label', { category: name })}>
        <ul>
          {rules.map((rule) => (
            <li key={rule.slug}>
              <Link
                to={{ search: `?rule=${encodeURIComponent(rule.slug)}` }}
                aria-current={rule.slug === slug ? 'page' : undefined}
                data-testid="rule-list-item"
              >
                {rule.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="cc-rule-pane">
        <RuleView key={slug} slug={slug} />
      </div>
    </div>
  );
}
