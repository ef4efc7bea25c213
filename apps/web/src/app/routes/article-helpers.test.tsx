import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanHtmlParamSchema, type ContentDetail } from '@cc/contracts';
import { routes } from '../router';
import { type MockHandlers, mockApi, renderRoutes } from '../../test/render';
import { resetPublicConfig } from '../../lib/api-client';
import {
  ARTICLE_HELPER_PATHS,
  ARTICLE_HELPERS,
  helperOfPath,
  type ArticleHelper,
} from '../../features/article';

// Issue #15 "Article helper routes": each of the eight deep links renders the article editor with its helper open;
// closing returns to /article keeping ?id= (a replace), and the editor stays mounted, so nothing typed is lost.
vi.setConfig({ testTimeout: 60_000 });

let api: ReturnType<typeof mockApi>;
const detail: ContentDetail = {
  id: 42,
  type: 'article',
  title: '冬季用车保养技巧',
  status: 'draft',
  coverUrl: '/media/img/0x0/images/u1/c.png',
  coverUrls: ['/media/img/0x0/images/u1/c.png'],
  publishedAt: null,
  updatedAt: '2026-01-02T03:04:05Z',
  stats: { views: 0, likes: 0, comments: 0, shares: 0 },
  rejectReason: null,
  content: '<p>正文第一段，足够长的内容。</p>',
};

function handlers(): MockHandlers {
  return {
    '/api/home/userinfo': () => ({ authStatus: 2, avator: '/media/img/{0}x{0}/a.png', mediaName: 'Demo' }),
    '/api/message/get_mp_index_group_message': () => [],
    '/api/program/get_user_grade': () => ({ rankResult: 0, grade: 1 }),
    '/api/dynamic/get_dynamic_auth': () => ({ dynamicShow: 0 }),
    '/api/article/publish': () => ({ id: 42, status: 'draft' }),
    '/api/content/detail': () => detail,
    '/api/content/list': () => ({
      list: [
        { ...detail, id: 7, title: '已发布的保养文章', status: 'published', publishedAt: detail.updatedAt },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    }),
    '/api/article/clean_html': (param) => {
      cleanHtmlParamSchema.parse(param);
      return {
        html: '<h2>导入的标题</h2><p>导入的<strong>正文</strong></p>',
        warnings: [{ code: 'IMPORT_WARN_REMOVED', message: '脚本、样式和不安全的链接已移除' }],
        chars: 9,
        images: 0,
      };
    },
  };
}

// jsdom has no layout: ProseMirror scrolls the cursor into view after an insert and measures a Range
if (!('getClientRects' in Range.prototype)) {
  Object.assign(Range.prototype, {
    getClientRects: () => [],
    getBoundingClientRect: () => ({ top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, x: 0, y: 0 }),
  });
}

beforeEach(() => {
  resetPublicConfig();
  api = mockApi(handlers());
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(() => vi.unstubAllGlobals());

/** The open helper: its modal's body, or (toolbar tips) the tour's first step. */
const findHelper = (helper: ArticleHelper) =>
  helper === 'toolbarTips'
    ? screen.findByText('标题', { selector: '.ant-tour-title' }, { timeout: 15_000 })
    : screen.findByTestId(`article-helper-${helper}`, undefined, { timeout: 15_000 });

async function closeHelper(helper: ArticleHelper) {
  await findHelper(helper);
  const close = document.querySelector<HTMLElement>(
    helper === 'toolbarTips' ? '.ant-tour-close' : '.ant-modal-close',
  );
  expect(close).not.toBeNull();
  fireEvent.click(close!);
}

describe('article helper paths', () => {
  it('maps each of the eight spec §2 paths to one helper, and the editor to none', () => {
    expect(ARTICLE_HELPERS).toHaveLength(8);
    for (const h of ARTICLE_HELPERS) expect(helperOfPath(ARTICLE_HELPER_PATHS[h])).toBe(h);
    expect(helperOfPath('/article')).toBeUndefined();
    expect(helperOfPath('/article/preview')).toBeUndefined();
  });
});

describe('each helper route renders the editor with that helper open; closing returns to /article?id=', () => {
  for (const helper of ARTICLE_HELPERS.filter((h) => h !== 'intro')) {
    it(`${ARTICLE_HELPER_PATHS[helper]}?id=42`, async () => {
      const { router } = renderRoutes(routes, `${ARTICLE_HELPER_PATHS[helper]}?id=42`);
      expect(await findHelper(helper)).toBeTruthy();
      expect((await screen.findByTestId<HTMLInputElement>('article-title')).value).toBe(detail.title);
      await closeHelper(helper);
      await waitFor(() => expect(router.state.location.pathname).toBe('/article'));
      expect(router.state.location.search).toBe('?id=42');
      expect(router.state.historyAction).toBe('REPLACE');
      await waitFor(() => expect(screen.queryByTestId(`article-helper-${helper}`)).toBeNull());
    });
  }

  it('/article/index-new is a new article with the "how it works" panel; its links open the helpers', async () => {
    const { router } = renderRoutes(routes, '/article/index-new?id=42');
    expect(await screen.findByTestId('article-helper-intro')).toBeTruthy();
    expect((await screen.findByTestId<HTMLInputElement>('article-title')).value).toBe('');
    expect(api.calls.some((c) => c.path === '/api/content/detail')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '导入草稿' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/article/getData'));
    expect(await screen.findByTestId('article-helper-import')).toBeTruthy();
  });
});

describe('the editor stays while helpers open and close', () => {
  it('keeps what was typed (no reload, no "leave?" prompt) and opens helpers from the toolbar menu', async () => {
    const { router } = renderRoutes(routes, '/article/cropperDialog');
    await findHelper('cropper');
    const title = await screen.findByTestId<HTMLInputElement>('article-title');
    fireEvent.change(title, { target: { value: '还没保存的标题' } });
    await closeHelper('cropper');
    await waitFor(() => expect(router.state.location.pathname).toBe('/article'));
    expect(screen.getByTestId('article-title')).toBe(title);
    expect(title.value).toBe('还没保存的标题');
    expect(screen.queryByText('离开此页？')).toBeNull();

    fireEvent.click(screen.getByTestId('helpers-menu'));
    fireEvent.click(await screen.findByText('上传图片'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/article/upLayer/upImage'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByTestId('article-helper-upImage')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('article-title').value).toBe('还没保存的标题');
  });
});

describe('/article/getData: pasted rich text', () => {
  it('sends the clipboard HTML to clean_html, previews the cleaned result with its notes, and inserts it', async () => {
    const { router } = renderRoutes(routes, '/article/getData?id=42');
    await findHelper('import');
    fireEvent.click(await screen.findByRole('tab', { name: '粘贴' }));
    const area = await screen.findByTestId('import-paste');
    const html = '<h2>导入的标题</h2><script>x()</script><p>导入的<b>正文</b></p>';
    await act(async () => {
      fireEvent.paste(area, {
        clipboardData: { getData: (type: string) => (type === 'text/html' ? html : '导入的标题 导入的正文') },
      });
    });
    const preview = await screen.findByTestId('import-preview');
    expect(preview.innerHTML).toBe('<h2>导入的标题</h2><p>导入的<strong>正文</strong></p>');
    expect(api.calls.find((c) => c.path === '/api/article/clean_html')?.param).toEqual({ html });
    expect(screen.getByTestId('import-warnings').textContent).toContain('脚本、样式和不安全的链接已移除');
    fireEvent.click(screen.getByTestId('import-insert'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/article'));
    await waitFor(() => expect(document.querySelector('.cc-editor h2')?.textContent).toBe('导入的标题'));
    expect(document.querySelector('.cc-editor')?.innerHTML).toContain('正文第一段');
  });
});

describe('/article/mixin: links to my published articles', () => {
  it('lists published articles and inserts a link to one at the cursor', async () => {
    const { router } = renderRoutes(routes, '/article/mixin?id=42');
    await findHelper('mixin');
    expect(await screen.findByText('已发布的保养文章')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/content/list')?.param).toMatchObject({
      type: 'article',
      status: 'published',
    });
    fireEvent.click(screen.getByRole('button', { name: '插入链接' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/article'));
    await waitFor(() =>
      expect(document.querySelector('.cc-editor a')?.getAttribute('href')).toBe('/article/preview?id=7'),
    );
  });
});
