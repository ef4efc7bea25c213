import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DotsEditor, useVideoDetail } from '../../features/video';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';

/** `/videodot?id=N` (only-header layout): mark dots on a published video's timeline. */
export default function VideoDotPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const video = useVideoDetail(id);
  return (
    <section className="cc-card" style={{ maxWidth: 1100, margin: '0 auto' }}>
      <h1 className="cc-page-title">
        {t('video.dots.pageTitle')}
        {video.data ? ` · ${video.data.title}` : ''}
      </h1>
      {!id ? (
        <EmptyState description={t('video.dots.noId')} />
      ) : video.isPending ? (
        <LoadingState rows={8} />
      ) : video.isError ? (
        <ErrorState error={video.error} onRetry={() => void video.refetch()} />
      ) : (
        <DotsEditor key={video.data.id} video={video.data} />
      )}
    </section>
  );
}
