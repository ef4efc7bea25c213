import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/**
 * The browser tab's title (issue #9): the page's name, a middle dot, the product's name —
 * `发布文章 · 创作者服务中心` / `Publish article · Creator Centre`; the product's name alone for a
 * route without a name.
 * @param titleKey full i18n key of the page's name (the route manifest's `titleKey`)
 */
export function pageTitle(t: TFunction, titleKey: string | undefined): string {
  const product = t('app.productName');
  return titleKey ? `${t(titleKey)} · ${product}` : product;
}

/**
 * The i18n key of the page's name: the deepest matched route's `handle.titleKey` (router.tsx, from the
 * route manifest); the 404 name for the catch-all route (the only splat route, it has no handle).
 */
function useTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as { titleKey?: unknown } | undefined;
    if (typeof handle?.titleKey === 'string') return handle.titleKey;
  }
  return matches.at(-1)?.params['*'] !== undefined ? 'errors.notFoundTitle' : undefined;
}

/** Keeps `document.title` on the current page's name in the current language (every layout calls it). */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const title = pageTitle(t, useTitleKey());
  useEffect(() => {
    document.title = title;
  }, [title]);
}
