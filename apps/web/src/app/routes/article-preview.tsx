import { Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ArticlePreview, useArticle } from '../../features/article';
import { ContentPicker, editPathOf, LinkButton, publishPathOf } from '../../components/content-table';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/article/preview?id=N` (only-header): a work as readers see it. "Back to edit" opens the editor of the
 * work's own type (issue #9: a live show or a post opened the article editor). Without an id it offers the
 * author's articles to choose from (`&page=N`).
 */
export default function ArticlePreviewPage() {
  const { t } = useTranslation();
  const qs = useQueryState({ id: '', page: '1' });
  const id = Number(qs.get('id'));
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  // the same query as the preview below (one request): the work's type picks its editor
  const work = useArticle(validId);
  if (!validId) {
    return (
      <section className="cc-card" style={{ maxWidth: 960, margin: '0 auto' }}>
        <h1 className="cc-page-title">{t('account.pickers.previewTitle')}</h1>
        <Typography.Paragraph type="secondary">{t('account.pickers.previewHint')}</Typography.Paragraph>
        <ContentPicker
          type="article"
          page={Math.max(1, Number(qs.get('page')) || 1)}
          onPageChange={(page) => qs.set({ page })}
          actionLabel={t('account.pickers.previewChoose')}
          hrefOf={(item) => `/article/preview?id=${item.id}`}
          emptyText={t('account.pickers.previewEmpty')}
          emptyAction={
            <LinkButton to={publishPathOf('article')} type="primary" icon={<PlusOutlined />}>
              {t('account.content.publish.article')}
            </LinkButton>
          }
        />
      </section>
    );
  }
  return (
    <section className="cc-card" style={{ maxWidth: 960, margin: '0 auto' }}>
      {work.data ? (
        <LinkButton
          to={editPathOf(work.data)}
          type="link"
          icon={<ArrowLeftOutlined />}
          style={{ paddingInline: 0 }}
          data-testid="preview-edit"
        >
          {t('preview.backToEdit')}
        </LinkButton>
      ) : null}
      <ArticlePreview id={validId} />
    </section>
  );
}
