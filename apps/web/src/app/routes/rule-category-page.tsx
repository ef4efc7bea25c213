import type { RuleCategory } from '@cc/contracts';
import { RuleCategoryView } from '../../features/rules';
import { useQueryState } from '../../lib/use-query-state';
import { RuleCenterTop } from './rule-center-top';

/** A category page of the rule centre: its rules on the left, `?rule=<slug>` (else the first) on the right. */
export function RuleCategoryPage({ category }: { category: RuleCategory }) {
  const qs = useQueryState({ rule: '' });
  return (
    <section className="cc-card cc-rule-page">
      <RuleCenterTop />
      <RuleCategoryView category={category} selected={qs.get('rule')} />
    </section>
  );
}
