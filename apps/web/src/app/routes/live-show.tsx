import { App, Button } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveEditor, LiveList, LiveRoom } from '../../features/live';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `liveShow` (spec §2, issue #10 "Live shows"): the author's live shows; `?new=1` schedules one, `?id=N` opens a
 * show (push address, stream key, state, replay, and its editor while upcoming); `?page=N` pages the list. Going
 * back to the list with unsaved changes asks first (the editor also asks before leaving the page).
 */
export default function LiveShowPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qs = useQueryState({ page: '1', id: '', new: '' });
  const id = Number(qs.get('id')) || undefined;
  const isNew = qs.get('new') === '1' && !id;
  const page = Math.max(1, Number(qs.get('page')) || 1);
  const [dirty, setDirty] = useState(false);

  const backToList = () => {
    const go = () => {
      setDirty(false);
      qs.set({ id: undefined, new: undefined });
    };
    if (!dirty) return go();
    modal.confirm({
      title: t('drafts.leave.title'),
      content: t('drafts.leave.content'),
      okText: t('drafts.leave.ok'),
      cancelText: t('drafts.leave.cancel'),
      okButtonProps: { danger: true },
      onOk: go,
    });
  };

  if (isNew || id) {
    return (
      <section className="cc-card">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={backToList} data-testid="live-back">
            {t('live.backToList')}
          </Button>
          <h1 className="cc-page-title" style={{ margin: 0 }}>
            {isNew ? t('live.editor.newTitle') : t('live.room.title')}
          </h1>
        </div>
        {isNew ? (
          <LiveEditor
            onSaved={(saved) => qs.set({ new: undefined, id: saved }, { replace: true })}
            onDirtyChange={setDirty}
          />
        ) : (
          <LiveRoom id={id!} onSaved={() => undefined} onDirtyChange={setDirty} />
        )}
      </section>
    );
  }
  return (
    <section className="cc-card">
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}
      >
        <h1 className="cc-page-title" style={{ margin: 0 }}>
          {t('live.title')}
        </h1>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => qs.set({ new: '1' })}
          data-testid="live-schedule"
        >
          {t('live.schedule')}
        </Button>
      </div>
      <LiveList page={page} onPageChange={(p) => qs.set({ page: String(p) })} />
    </section>
  );
}
