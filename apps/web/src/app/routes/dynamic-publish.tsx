import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_ROUTES, DynamicForm, useDynamicDetail } from '../../features/dynamic';
import { ErrorState, LoadingState } from '../../components/states';
import { DynamicGate } from './dynamic-gate';

function DynamicEditor() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The id the page opened with decides what to load; an id made by a first save only updates the URL.
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const detail = useDynamicDetail(openedId);
  return (
    <>
      <h1 className="cc-page-title">{openedId ? t('dynamic.page.editTitle') : t('dynamic.page.title')}</h1>
      {openedId && detail.isPending ? (
        <LoadingState rows={10} />
      ) : openedId && detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <DynamicForm
          initial={openedId ? detail.data : undefined}
          onIdChange={(id) => setParams({ id: String(id) }, { replace: true })}
          onDone={() => void navigate(DYNAMIC_ROUTES.manage)}
        />
      )}
    </>
  );
}

/** `/dynamic/dynamic` (only-header layout): publish a dynamic (post); `?id=N` edits one (issue #10). */
export default function DynamicPublishPage() {
  return (
    <section className="cc-card" style={{ maxWidth: 1100, margin: '0 auto' }}>
      <DynamicGate>
        <DynamicEditor />
      </DynamicGate>
    </section>
  );
}
