import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { DesignListItem } from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { firstTabbable, unnamedIconControls } from '../test/a11y';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage, type Language } from '../lib/i18n';
import { contentItem, shellHandlers } from '../test/fixtures';

// Issue #9 "Accessibility": what jsdom can hold cheaply — the skip link of every layout, the named logo and
// icon buttons, the menu's decorative icons. axe, contrast and focus rings are checked in e2e/a11y.e2e.ts.
vi.setConfig({ testTimeout: 30_000 });

const published = contentItem({
  type: 'video',
  title: '冰雪路面制动实测',
  coverUrl: '/media/img/0x0/covers/a.jpg',
  stats: { views: 12, likes: 3, comments: 1, shares: 0, plays: 12, duration: 125 },
});

const design: DesignListItem = {
  id: 7,
  name: '新车上市海报',
  width: 900,
  height: 1200,
  thumbnailUrl: null,
  updatedAt: '2026-01-02T03:04:05Z',
};

beforeEach(() => {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/home/userinfo': () => ({ authStatus: 2, avator: '', mediaName: 'Demo Garage' }),
    '/api/message/get_mp_index_group_message': () => [{ msgGroup: 8, unreadCount: 2 }],
    '/api/content/list': () => ({ list: [published], total: 1, page: 1, pageSize: 10 }),
    '/api/design/list': () => ({ list: [design], total: 1, page: 1, pageSize: 20 }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const SKIP: Record<Language, string> = { 'zh-CN': '跳到主要内容', 'en-US': 'Skip to main content' };
const LOGO: Record<Language, string> = { 'zh-CN': '创作者服务中心标志', 'en-US': 'Creator Centre logo' };

describe.each(['zh-CN', 'en-US'] as const)('in %s', (lang) => {
  beforeEach(() => act(() => setLanguage(lang)));

  // one page of each layout: default (frame with menu), only-header, public
  it.each(['/dataOverview', '/releaseImages', '/notFound/notFound'])(
    '%s starts with a skip link that moves focus to <main>',
    async (path) => {
      renderRoutes(routes, path);
      const main = await screen.findByRole('main');
      const skip = firstTabbable();
      expect(skip?.className).toBe('cc-skip-link');
      expect(skip?.textContent).toBe(SKIP[lang]);
      expect(skip?.getAttribute('href')).toBe(`#${main.id}`);
      fireEvent.click(skip!);
      expect(document.activeElement).toBe(main);
    },
  );

  it('names the logo, and hides the menu group icons from the menu role', async () => {
    const { container } = renderRoutes(routes, '/dataOverview');
    await screen.findAllByRole('menuitem');
    const logo = container.querySelector('.cc-brand svg');
    expect(logo?.getAttribute('role')).toBe('img');
    expect(logo?.getAttribute('aria-label')).toBe(LOGO[lang]);
    const groupIcons = container.querySelectorAll('.ant-menu-item-group-title [role="img"]');
    expect(groupIcons.length).toBeGreaterThan(0);
    for (const icon of groupIcons) expect(icon.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  // a content table's row actions, and the design cards' icon-only actions (duplicate, rename, delete)
  it.each([
    ['/videos', () => screen.findAllByTestId('status-tag')],
    ['/designs', () => screen.findByText(design.name)],
  ])('gives every icon-only control of the frame and %s a name', async (path, rendered) => {
    const { container } = renderRoutes(routes, path);
    await rendered();
    expect(unnamedIconControls(container)).toEqual([]);
  });
});
