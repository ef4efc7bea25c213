import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlbumForm, ALBUM_ROUTES, useAlbumDetail } from '../../features/album';
import { ErrorState, LoadingState } from '../../components/states';

/**
 * `/releaseImages` (only-header layout, spec §2): publish an image collection; `?id=N` edits one (issue #10).
 * After publishing, scheduling or handing it to a reviewer the author lands on `imageCollection`.
 */
export default function ReleaseImagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The id the page opened with decides what to load; ids created by a first save only update the URL.
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const album = useAlbumDetail(openedId);
  return (
    <section className="cc-card" style={{ maxWidth: 1100, margin: '0 auto' }}>
      <h1 className="cc-page-title">{openedId ? t('album.page.editTitle') : t('album.page.title')}</h1>
      {openedId && album.isPending ? (
        <LoadingState rows={10} />
      ) : openedId && album.isError ? (
        <ErrorState error={album.error} onRetry={() => void album.refetch()} />
      ) : (
        <AlbumForm
          initial={openedId ? album.data : undefined}
          onIdChange={(id) => setParams({ id: String(id) }, { replace: true })}
          onDone={() => void navigate(ALBUM_ROUTES.list)}
        />
      )}
    </section>
  );
}
