import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useState } from 'react';
import { useReturnedCover } from '../../lib/use-returned-cover';
import { useTranslation } from 'react-i18next';
import { ArticleEditor, articleHelperHref, helperOfPath, useArticle } from '../../features/article';
import { ErrorState, LoadingState } from '../../components/states';
import { coverDesignPath } from '../../features/editor';
import { CarPhotoPicker } from '../../features/carphoto';

/**
 * `/article` (only-header layout) publishes a new article; `/article?id=N` edits one. The eight helper routes of
 * spec §2 (`/article/getData`, `/article/cropperDialog`, …, issue #15) render this same page with that helper open:
 * the router keeps the page mounted between them, so opening and closing a helper loses nothing typed.
 * `/article/index-new` is always a new article.
 */
export default function ArticlePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const helper = helperOfPath(pathname);
  // The id the page opened with decides what to load; ids created by a first save only update the URL.
  const [openedId] = useState(() => (helper === 'intro' ? undefined : Number(params.get('id')) || undefined));
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
          helper={helper}
          photoPicker={CarPhotoPicker}
          // a helper opens as a new history entry; closing it replaces the entry with the editor's address
          onHelperChange={(next, id) => void navigate(articleHelperHref(next, id), { replace: !next })}
        />
      )}
    </section>
  );
}
