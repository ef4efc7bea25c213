import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { sanitizeHtml } from '../../../lib/sanitize';
import { ErrorState, LoadingState } from '../../../components/states';
import { useNoticeDetail } from '../api/get-notice-detail';

/** One notice with its body as sanitized HTML. */
export function NoticeDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const notice = useNoticeDetail(id);
  if (notice.isPending) return <LoadingState rows={8} />;
  if (notice.isError) return <ErrorState error={notice.error} onRetry={() => void notice.refetch()} />;
  return (
    <article>
      <Typography.Title level={2}>{notice.data.title}</Typography.Title>
      <Typography.Text type="secondary" className="cc-tabular">
        {t('notices.publishedAt', { time: formatDate(notice.data.publishedAt) })}
      </Typography.Text>
      <div
        className="cc-article-body"
        style={{ marginTop: 24 }}
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(notice.data.content) }}
      />
    </article>
  );
}
