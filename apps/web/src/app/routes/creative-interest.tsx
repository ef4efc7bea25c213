import { useTranslation } from 'react-i18next';
import { WriteWithAssistantLink } from '../../features/assistant';
import { CreativeInterestView, trendKindOf } from '../../features/trends';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/creativeInterest?kind=keyword` (spec §2, issue #12): rising series and keywords; the kind in the query string.
 * Each entry links into the content assistant with it as the topic (issue #14).
 */
export default function CreativeInterestRoute() {
  const { t } = useTranslation();
  const qs = useQueryState({ kind: 'series' });
  return (
    <CreativeInterestView
      kind={trendKindOf(qs.get('kind'))}
      onKindChange={(kind) => qs.set({ kind })}
      action={{
        title: t('assistant.writeWithAssistant'),
        render: (row) => <WriteWithAssistantLink topic={row.label} />,
      }}
    />
  );
}
