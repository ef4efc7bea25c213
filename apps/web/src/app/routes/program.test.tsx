import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContentListItem, ProgramDetail } from '@cc/contracts';
import { routes } from '../router';
import { type MockReply, mockApi, renderRoutes } from '../../test/render';
import { contentItem, shellHandlers } from '../../test/fixtures';
import { resetPublicConfig } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';

// The program page (issue #10 "Programs", spec §6) through the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

let grade: MockReply<'/api/program/get_user_grade'>;
let works: ContentListItem[];
let detail: ProgramDetail;
let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  grade = { rankResult: 1, grade: 3 };
  works = [
    contentItem({ id: 11, title: '第一期：城市通勤实测' }),
    contentItem({ id: 12, title: '第二期：高速能耗实测' }),
    contentItem({ id: 21, type: 'video', title: '第三期：冰雪制动视频' }),
    contentItem({ id: 30, type: 'program', title: '另一个节目的名称' }),
  ];
  detail = {
    id: 30,
    title: '周末试驾系列节目',
    description: '每周一期',
    coverUrl: null,
    status: 'published',
    rejectReason: null,
    episodes: [
      { id: 12, type: 'article', title: '第二期：高速能耗实测', coverUrl: null, status: 'published' },
      { id: 13, type: 'article', title: '已经删除的一期', coverUrl: null, status: 'deleted' },
    ],
    updatedAt: '2026-02-01T00:00:00.000Z',
  };
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/program/get_user_grade': () => grade,
    '/api/content/list': (p) => {
      const list = works.filter(
        (w) => (!p.type || w.type === p.type) && (!p.status || w.status === p.status),
      );
      return { list, total: list.length, page: 1, pageSize: 10 };
    },
    '/api/program/save': (p) => ({ id: (p.id as number | undefined) ?? 30 }),
    '/api/program/detail': () => detail,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

describe('/program', () => {
  it('without rankResult 1 explains that grade 3 is needed (and shows no form)', async () => {
    grade = { rankResult: 0, grade: 1 };
    renderRoutes(routes, '/program?new=1');
    const locked = await screen.findByTestId('program-locked');
    expect(within(locked).getByRole('heading').textContent).toBe('节目功能需要创作者等级达到 3 级');
    expect(locked.textContent).toContain('你当前的等级是 Lv.1');
    expect(within(locked).getByRole('link', { name: '查看我的等级' }).getAttribute('href')).toBe(
      '/growUp/myGrade',
    );
    // the rule it applies (issue #11, PROGRAM_GRADE_REQUIRED)
    expect(
      within(locked)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-works#programs');
    expect(screen.queryByTestId('program-editor')).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/content/list')).toBe(false);
  });

  it('lists the programs with edit links', async () => {
    renderRoutes(routes, '/program');
    const table = await screen.findByTestId('program-table');
    expect(within(table).getByText('另一个节目的名称')).toBeTruthy();
    expect(within(table).getByRole('link', { name: /编辑/ }).getAttribute('href')).toBe('/program?id=30');
  });

  it('creates a program: episodes added from the picker keep their order and are sent as episodeIds', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/program?new=1');
    fireEvent.change(await screen.findByTestId('program-title'), { target: { value: '周末试驾系列节目' } });
    fireEvent.click(screen.getByTestId('program-add-episodes'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('第二期：高速能耗实测');
    // the second article first, then the first one, then a video
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add: 第二期：高速能耗实测' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add: 第一期：城市通勤实测' }));
    expect(
      within(dialog).getByRole('button', { name: 'Added: 第二期：高速能耗实测' }).hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(within(dialog).getByText('Videos'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add: 第三期：冰雪制动视频' }));
    fireEvent.click(within(dialog).getByTestId('program-picker-done'));
    await waitFor(() =>
      expect(screen.getAllByTestId('program-episode').map((e) => e.getAttribute('data-id'))).toEqual([
        '12',
        '11',
        '21',
      ]),
    );
    // removed from the list
    fireEvent.click(screen.getByRole('button', { name: 'Remove “第一期：城市通勤实测”' }));
    fireEvent.click(screen.getByTestId('program-save'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/program/save')).toBe(true));
    const sent = api.calls.find((c) => c.path === '/api/program/save')!.param;
    expect(sent).toMatchObject({ title: '周末试驾系列节目', description: '', episodeIds: [12, 21] });
    expect(typeof sent.requestId).toBe('string');
  });

  it('a refusal toast links to the rule it applies, in a new tab (issue #11)', async () => {
    api = mockApi({
      ...shellHandlers(),
      '/api/program/get_user_grade': () => grade,
      '/api/content/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
      '/api/program/save': () => ({
        __envelope: {
          status: 10005,
          message: '节目功能需要创作者等级达到 3 级，暂时不能创建或编辑节目',
          data: { ruleRef: 'publish-works#programs' },
          ercd: 'FORBIDDEN',
        },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/program?new=1');
    fireEvent.change(await screen.findByTestId('program-title'), { target: { value: '周末试驾系列节目' } });
    fireEvent.click(screen.getByTestId('program-save'));
    const link = await screen.findByTestId('toast-rule-link');
    expect(link.getAttribute('href')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-works#programs',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.closest('.ant-message-notice')?.textContent).toContain('保存失败');
  });

  it('edits a saved program; an episode deleted since must be removed before saving', async () => {
    renderRoutes(routes, '/program?id=30');
    await waitFor(() => expect(screen.getAllByTestId('program-episode')).toHaveLength(2));
    expect(screen.getByTestId<HTMLInputElement>('program-title').value).toBe('周末试驾系列节目');
    fireEvent.click(screen.getByTestId('program-save'));
    expect(await screen.findByText('有剧集已删除或不再是已发布状态，请先移除它们')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/program/save')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '移除「已经删除的一期」' }));
    fireEvent.click(screen.getByTestId('program-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/program/save')?.param).toEqual({
        id: 30,
        title: '周末试驾系列节目',
        description: '每周一期',
        episodeIds: [12],
      }),
    );
  });

  it('refuses a bad title next to the field before sending', async () => {
    renderRoutes(routes, '/program?new=1');
    fireEvent.change(await screen.findByTestId('program-title'), { target: { value: '短' } });
    fireEvent.click(screen.getByTestId('program-save'));
    expect(await screen.findByText('标题需为 6–30 个字（汉字算 1 个，字母数字算半个）')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/program/save')).toBe(false);
  });
});
