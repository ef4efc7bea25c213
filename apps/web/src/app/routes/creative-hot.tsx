import { useTranslation } from 'react-i18next';
import { WriteWithAssistantLink } from '../../features/assistant';
import { CreativeHotView, trendKindOf } from '../../features/trends';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/creativeHot?kind=keyword` (spec §2, issue #12): what readers engage with now; the kind lives in the query string.
 * Each entry links into the content assistant with it as the topic (issue #14).
 */
export default function CreativeHotRoute() {
  const { t } = useTranslation();
  const qs = useQueryState({ kind: 'series' });
  return (
    <CreativeHotView
      kind={trendKindOf(qs.get('kind'))}
      onKindChange={(kind) => qs.set({ kind })}
      action={{
        title: t('assistant.writeWithAssistant'),
        render: (row) => <WriteWithAssistantLink topic={row.label} />,
      }}
    />
  );
}
