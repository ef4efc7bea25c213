import { useNavigate, useSearchParams } from 'react-router';
import { useState } from 'react';
import { useReturnedCover } from '../../lib/use-returned-cover';
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
  // Cover flow (issue #4): the cover the poster editor brought back, if any.
  const designedCover = useReturnedCover();
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
