import { useNavigate, useSearchParams } from 'react-router';
import { useEffect, useState } from 'react';
import { MEDIA_URL_PATTERN } from '@cc/contracts';
import { useTranslation } from 'react-i18next';
import { ArticleEditor, useArticle } from '../../features/article';
import { ErrorState, LoadingState } from '../../components/states';
import { coverDesignPath } from '../../features/editor';

/** `/article` (only-header layout) publishes a new article; `/article?id=N` edits one. */
export default function ArticlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The id the page opened with decides what to load; ids created by a first save only update the URL.
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const article = useArticle(openedId);
  // Cover flow (issue #4): the poster editor comes back with `coverUrl` (our /media/ URL only), which
  // becomes the cover and then leaves the URL so a reload does not apply it again.
  const [designedCover] = useState(() => {
    const url = params.get('coverUrl');
    return url && MEDIA_URL_PATTERN.test(url) ? url : undefined;
  });
  useEffect(() => {
    if (!params.has('coverUrl')) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('coverUrl');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return (
    <section className="cc-card" style={{ maxWidth: 960, margin: '0 auto' }}>
      <h1 className="cc-page-title">{openedId ? t('article.editTitle') : t('article.pageTitle')}</h1>
      {openedId && article.isPending ? (
        <LoadingState rows={10} />
      ) : openedId && article.isError ? (
        <ErrorState error={article.error} onRetry={() => void article.refetch()} />
      ) : (
        <ArticleEditor
          initial={openedId ? article.data : undefined}
          onIdChange={(id) => setParams({ id: String(id) }, { replace: true })}
          onPublished={() => void navigate('/detailManage?type=article')}
          onPreview={(id) => void navigate(`/article/preview?id=${id}`)}
          initialCover={designedCover}
          onDesignCover={(id) => void navigate(coverDesignPath(id ? `/article?id=${id}` : '/article'))}
        />
      )}
    </section>
  );
}
