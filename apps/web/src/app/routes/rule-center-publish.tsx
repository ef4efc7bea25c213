import { RuleCategoryPage } from './rule-category-page';

/** `/authoringService/ruleCenter/publish?rule=<slug>#<section>` (spec §2; issue #11): the publishing rules. */
export default function RuleCenterPublishPage() {
  return <RuleCategoryPage category="publish" />;
}
