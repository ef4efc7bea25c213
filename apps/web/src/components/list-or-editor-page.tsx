import { App, Button } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryState } from '../lib/use-query-state';

/** What an editor of a list-or-editor page is given: where to go once saved, and whether it holds unsaved input. */
export interface EditorHooks {
  /** the new work's id once the first save made it (the page moves to `?id=N`) */
  onSaved: (id: number) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * One page that is a list of the author's works of a kind, or an editor of one (the live-show and program pages,
 * issue #10): `?new=1` shows the creating editor, `?id=N` the existing work's, `?page=N` pages the list; the URL is
 * the state (`useQueryState`). Going back to the list with unsaved changes asks first.
 * @param testIdPrefix prefix of the back and create buttons' test ids (`<prefix>-back`, `createTestId`)
 * @param texts the page's titles and button labels, already translated
 */
export function ListOrEditorPage(props: {
  testIdPrefix: string;
  createTestId: string;
  texts: { title: string; create: string; back: string; newTitle: string; editTitle: string };
  list: (page: number, onPageChange: (page: number) => void) => ReactNode;
  creator: (hooks: EditorHooks) => ReactNode;
  editor: (id: number, hooks: EditorHooks) => ReactNode;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qs = useQueryState({ page: '1', id: '', new: '' });
  const id = Number(qs.get('id')) || undefined;
  const isNew = qs.get('new') === '1' && !id;
  const page = Math.max(1, Number(qs.get('page')) || 1);
  const [dirty, setDirty] = useState(false);
  const { texts } = props;

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
    const onSaved = (saved: number) => {
      if (isNew) qs.set({ new: undefined, id: saved }, { replace: true });
    };
    const hooks: EditorHooks = { onSaved, onDirtyChange: setDirty };
    return (
      <section className="cc-card">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={backToList}
            data-testid={`${props.testIdPrefix}-back`}
          >
            {texts.back}
          </Button>
          <h1 className="cc-page-title" style={{ margin: 0 }}>
            {isNew ? texts.newTitle : texts.editTitle}
          </h1>
        </div>
        {isNew ? props.creator(hooks) : props.editor(id!, hooks)}
      </section>
    );
  }
  return (
    <section className="cc-card">
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}
      >
        <h1 className="cc-page-title" style={{ margin: 0 }}>
          {texts.title}
        </h1>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => qs.set({ new: '1' })}
          data-testid={props.createTestId}
        >
          {texts.create}
        </Button>
      </div>
      {props.list(page, (p) => qs.set({ page: String(p) }))}
    </section>
  );
}
