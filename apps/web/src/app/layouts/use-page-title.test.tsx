import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { routes } from '../router';
import { ROUTE_MANIFEST } from '../route-manifest';
import { mockApi, renderRoutes } from '../../test/render';
import { resetPublicConfig } from '../../lib/api-client';
import { i18n, setLanguage } from '../../lib/i18n';
import { pageTitle } from './use-page-title';
import { shellHandlers } from '../../test/fixtures';

// Issue #9: the browser tab names the page, from the route manifest, in the current language.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  document.title = '';
  resetPublicConfig();
  const api = mockApi({
    '/api/config': () => ({
      imageHosts: [],
      siblingSites: [],
      feedbackUrl: 'https://survey.example.com/f',
      copyright: '© 2026 Car Media',
      productName: 'x',
    }),
    ...shellHandlers(),
    '/api/program/get_user_grade': () => ({ rankResult: 0, grade: 3 }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

describe('pageTitle', () => {
  it('is "<page> · <product>" in both languages', () => {
    expect(pageTitle(i18n.getFixedT('zh-CN'), 'menu.publishArticle')).toBe('发布文章 · 创作者服务中心');
    expect(pageTitle(i18n.getFixedT('en-US'), 'menu.publishArticle')).toBe(
      'Publish article · Creator Centre',
    );
    expect(pageTitle(i18n.getFixedT('en-US'), undefined)).toBe('Creator Centre');
  });

  it('names every page of the manifest in both languages', () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const t = i18n.getFixedT(lang);
      for (const entry of ROUTE_MANIFEST) {
        expect(i18n.exists(entry.titleKey, { lng: lang }), `${lang} ${entry.titleKey}`).toBe(true);
        expect(pageTitle(t, entry.titleKey)).toMatch(/^.+ · (创作者服务中心|Creator Centre)$/);
      }
    }
  });
});

describe('usePageTitle in the layouts', () => {
  it('follows navigation in every layout and the language switch', async () => {
    const { router } = renderRoutes(routes, '/dataOverview');
    await waitFor(() => expect(document.title).toBe('数据总览 · 创作者服务中心'));
    await act(() => router.navigate('/article/cropperDialog'));
    await waitFor(() => expect(document.title).toBe(`${i18n.t('pages.articleCropper')} · 创作者服务中心`));
    await act(() => router.navigate('/notFound/notFound'));
    await waitFor(() => expect(document.title).toBe('页面未找到 · 创作者服务中心'));
    await act(() => setLanguage('en-US'));
    await waitFor(() => expect(document.title).toBe('page not found · Creator Centre'));
    await act(() => router.navigate('/dataOverview'));
    await waitFor(() => expect(document.title).toBe('Overview · Creator Centre'));
  });

  it('names the 404 page of an unknown path', async () => {
    renderRoutes(routes, '/no/such/page');
    await waitFor(() => expect(document.title).toBe('页面未找到 · 创作者服务中心'));
  });
});
