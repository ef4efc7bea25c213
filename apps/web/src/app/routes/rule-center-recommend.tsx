import { RuleCategoryPage } from './rule-category-page';

/** `/authoringService/ruleCenter/recommend?rule=<slug>#<section>` (spec §2; issue #11): the recommendation rules. */
export default function RuleCenterRecommendPage() {
  return <RuleCategoryPage category="recommend" />;
}
