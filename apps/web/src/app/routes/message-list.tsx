import { useTranslation } from 'react-i18next';
import { MessageCenter } from '../../features/messages';
import { useQueryState } from '../../lib/use-query-state';

/** `/messageList?group=8&page=2`: the message centre; group and page live in the query string. */
export default function MessageListPage() {
  const { t } = useTranslation();
  const qs = useQueryState({ group: '', page: '1' });
  const group = qs.get('group') ? Number(qs.get('group')) : undefined;
  const page = Math.max(1, Number(qs.get('page')) || 1);
  return (
    <section className="cc-card">
      <h1 className="cc-page-title">{t('messages.title')}</h1>
      <MessageCenter
        group={group}
        page={page}
        onChange={(next) => qs.set({ group: next.group, page: next.page })}
      />
    </section>
  );
}
