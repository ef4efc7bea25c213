import { Alert, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { sanitizeHtml } from '../../../lib/sanitize';
import { ErrorState, LoadingState } from '../../../components/states';
import { useArticle } from '../api/get-article';

/** The article as readers see it: title, date, cover and the body as sanitized HTML (dompurify). */
export function ArticlePreview({ id }: { id: number }) {
  const { t } = useTranslation();
  const article = useArticle(id);
  if (article.isPending) return <LoadingState rows={10} />;
  if (article.isError) return <ErrorState error={article.error} onRetry={() => void article.refetch()} />;
  const a = article.data;
  return (
    <article className="cc-reader">
      <Alert type="info" showIcon title={t('preview.notice')} style={{ marginBottom: 24 }} />
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        {a.title || t('content.untitled')}
      </Typography.Title>
      <Typography.Text type="secondary" className="cc-tabular">
        {formatDate(a.publishedAt ?? a.updatedAt)}
      </Typography.Text>
      {a.coverUrls?.[0] ? (
        <div style={{ margin: '20px 0' }}>
          <Image
            src={a.coverUrls[0]}
            alt=""
            preview={false}
            style={{ maxWidth: '100%', maxHeight: 420, objectFit: 'cover', borderRadius: 8 }}
          />
        </div>
      ) : null}
      <div
        className="cc-article-body"
        data-testid="preview-body"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(a.content ?? '') }}
      />
    </article>
  );
}
