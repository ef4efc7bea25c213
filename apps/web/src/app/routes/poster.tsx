import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/states';
import { isApiError } from '../../lib/api-client';
import { getDesign, presetFromParam, PosterEditor, safeReturnTo, withCoverUrl } from '../../features/editor';

/**
 * `/poster` (only-header layout): a new design (`?size=cover43|cover34|xhsV|xhsH|wallpaper`), or
 * `?id=N` an existing one (加载数据中... while it loads). `?returnTo=<same-origin path>` is the cover
 * flow: "use as cover" goes back there with `coverUrl=<url>`.
 */
export default function PosterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The id the page opened with decides what to load; an id created by the first save only updates the URL.
  const [openedId] = useState(() => Number(params.get('id')) || undefined);
  const preset = presetFromParam(params.get('size'));
  const returnTo = safeReturnTo(params.get('returnTo'));
  const design = useQuery({
    queryKey: ['designs', 'detail', openedId],
    queryFn: () => getDesign(openedId!),
    enabled: !!openedId,
    staleTime: Infinity,
    gcTime: 0,
    retry: (n, e) => !isApiError(e, 10006) && n < 2,
  });
  if (openedId && design.isPending)
    return (
      <div
        className="cc-page-spin"
        role="status"
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: 80 }}
      >
        <Spin size="large" />
        <span>{t('editor.msg.loadingData')}</span>
      </div>
    );
  if (openedId && design.isError)
    return (
      <ErrorState
        error={isApiError(design.error, 10006) ? new Error(t('editor.ui.notFound')) : design.error}
        onRetry={() => void design.refetch()}
      />
    );
  return (
    <PosterEditor
      key={openedId ?? 'new'}
      initial={design.data}
      preset={preset}
      returnTo={returnTo}
      onCreated={(id) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.set('id', String(id));
            return next;
          },
          { replace: true },
        )
      }
      onBack={() => void navigate(returnTo ?? '/designs')}
      onCover={(url) => void navigate(withCoverUrl(returnTo!, url))}
    />
  );
}
