import { useNavigate, useSearchParams } from 'react-router';
import { useState } from 'react';
import { useReturnedCover } from '../../lib/use-returned-cover';
import { coverDesignPath } from '../../features/editor';
import { useTranslation } from 'react-i18next';
import type { UploadUse } from '@cc/contracts';
import { useDurationPermission, useVideoDetail, VideoForm, VIDEO_ROUTES } from '../../features/video';
import { ErrorState, LoadingState } from '../../components/states';

/**
 * The publishing page of a video or short video (only-header layout): `?id=N` edits one. Short videos
 * first ask the author's duration permission, so the limit shows and longer files are refused before
 * uploading.
 */
export function VideoEditorPage({ use }: { use: UploadUse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The id the page opened with decides what to load; ids created by a first save only update the URL.
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const video = useVideoDetail(openedId);
  // Cover flow (issue #4): the cover the poster editor brought back, if any.
  const designedCover = useReturnedCover();
  const permission = useDurationPermission(use === 'smallVideo');
  const base = use === 'video' ? 'video.page' : 'video.smallPage';
  const loading = (openedId && video.isPending) || (use === 'smallVideo' && permission.isPending);
  const failed =
    openedId && video.isError ? video : use === 'smallVideo' && permission.isError ? permission : null;
  return (
    <section className="cc-card" style={{ maxWidth: 1100, margin: '0 auto' }}>
      <h1 className="cc-page-title">{openedId ? t(`${base}.editTitle`) : t(`${base}.title`)}</h1>
      {loading ? (
        <LoadingState rows={10} />
      ) : failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
      ) : (
        <VideoForm
          use={use}
          initial={openedId ? video.data : undefined}
          maxDurationSeconds={use === 'smallVideo' ? permission.data?.maxDurationSeconds : undefined}
          onIdChange={(id) => setParams({ id: String(id) }, { replace: true })}
          onDone={() => void navigate(VIDEO_ROUTES[use].list)}
          initialCover={designedCover}
          onDesignCover={(id) =>
            void navigate(
              coverDesignPath(
                `${VIDEO_ROUTES[use].editor}?id=${id}`,
                use === 'video' ? 'video169' : 'cover34',
              ),
            )
          }
        />
      )}
    </section>
  );
}
