import { useTranslation } from 'react-i18next';
import { RuleOverview, RuleSearchResults, RuleView } from '../../features/rules';
import { useQueryState } from '../../lib/use-query-state';
import { RuleCenterTop } from './rule-center-top';

/**
 * `/authoringService/ruleCenter` (spec §2; issue #11): search (`?q=`), the categories with their rules and
 * summaries, and any rule opened with `?rule=<slug>` (certification rules live here) — the URL holds all of it.
 */
export default function RuleCenterPage() {
  const { t } = useTranslation();
  const qs = useQueryState({ q: '', rule: '' });
  const q = qs.get('q').trim();
  const rule = qs.get('rule');
  return (
    <section className="cc-card cc-rule-page">
      <RuleCenterTop q={q} />
      {rule ? (
        <RuleView key={rule} slug={rule} />
      ) : (
        <>
          <h1 className="cc-page-title">{t('menu.ruleCenter')}</h1>
          {q ? (
            <RuleSearchResults q={q} onClear={() => qs.set({ q: undefined })} />
          ) : (
            <>
              <p className="cc-rule-intro">{t('rules.intro')}</p>
              <RuleOverview />
            </>
          )}
        </>
      )}
    </section>
  );
}
