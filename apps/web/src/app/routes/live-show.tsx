import { useTranslation } from 'react-i18next';
import { ListOrEditorPage } from '../../components/list-or-editor-page';
import { LiveEditor, LiveList, LiveRoom } from '../../features/live';

/**
 * `liveShow` (spec §2, issue #10 "Live shows"): the author's live shows; `?new=1` schedules one, `?id=N` opens a
 * show (push address, stream key, state, replay, and its editor while upcoming); `?page=N` pages the list. Going
 * back to the list with unsaved changes asks first (the editor also asks before leaving the page).
 */
export default function LiveShowPage() {
  const { t } = useTranslation();
  return (
    <ListOrEditorPage
      testIdPrefix="live"
      createTestId="live-schedule"
      texts={{
        title: t('live.title'),
        create: t('live.schedule'),
        back: t('live.backToList'),
        newTitle: t('live.editor.newTitle'),
        editTitle: t('live.room.title'),
      }}
      list={(page, onPageChange) => <LiveList page={page} onPageChange={onPageChange} />}
      creator={(hooks) => <LiveEditor {...hooks} />}
      editor={(id, hooks) => <LiveRoom id={id} {...hooks} />}
    />
  );
}
