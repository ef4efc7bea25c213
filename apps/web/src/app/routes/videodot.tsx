import { Segmented, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UploadUse } from '@cc/contracts';
import { DotsEditor, useVideoDetail } from '../../features/video';
import { ErrorState, LoadingState } from '../../components/states';
import { ContentPicker, LinkButton, publishPathOf } from '../../components/content-table';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/videodot?id=N` (only-header layout): mark dots on a published video's timeline. Without an id
 * (issue #9 "Dead ends") it offers the author's published videos or short videos (`?use=smallVideo`,
 * `&page=N`) to choose from.
 */
export default function VideoDotPage() {
  const { t } = useTranslation();
  const qs = useQueryState({ id: '', use: 'video', page: '1' });
  const id = Number(qs.get('id'));
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const video = useVideoDetail(validId);
  if (!validId) {
    const use: UploadUse = qs.get('use') === 'smallVideo' ? 'smallVideo' : 'video';
    return (
      <section className="cc-card" style={{ maxWidth: 1100, margin: '0 auto' }}>
        <h1 className="cc-page-title">{t('account.pickers.dotsTitle')}</h1>
        <Typography.Paragraph type="secondary">{t('account.pickers.dotsHint')}</Typography.Paragraph>
        <Segmented<UploadUse>
          value={use}
          onChange={(next) => qs.set({ use: next, page: 1 })}
          options={[
            { value: 'video', label: t('content.types.video') },
            { value: 'smallVideo', label: t('content.types.smallVideo') },
          ]}
          style={{ marginBottom: 16 }}
        />
        <ContentPicker
          key={use}
          type={use}
          status="published"
          page={Math.max(1, Number(qs.get('page')) || 1)}
          onPageChange={(page) => qs.set({ page })}
          actionLabel={t('account.pickers.dotsChoose')}
          hrefOf={(item) => `/videodot?id=${item.id}`}
          // dots need a video that plays: a known duration (as the video list's dots button)
          isPickable={(item) => typeof item.stats.duration === 'number'}
          unpickableText={t('account.pickers.notPlayable')}
          emptyText={t('account.pickers.dotsEmpty')}
          emptyAction={
            <LinkButton to={publishPathOf(use)} type="primary" icon={<PlusOutlined />}>
              {t(`account.content.publish.${use}`)}
            </LinkButton>
          }
        />
      </section>
    );
  }
  return (
    <section className="cc-card" style={{ maxWidth: 1100, margin: '0 auto' }}>
      <h1 className="cc-page-title">
        {t('video.dots.pageTitle')}
        {video.data ? ` · ${video.data.title}` : ''}
      </h1>
      {video.isPending ? (
        <LoadingState rows={8} />
      ) : video.isError ? (
        <ErrorState error={video.error} onRetry={() => void video.refetch()} />
      ) : (
        <DotsEditor key={video.data.id} video={video.data} />
      )}
    </section>
  );
}
