import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContentListItem } from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { contentItem, shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import zhCN from '../lib/i18n/locales/zh-CN';

// Issue #10 "One management view": status tabs with counts, the rejection reason beside the edit button
// (which opens the work's own editor), bulk delete.

const items: ContentListItem[] = [
  contentItem({ id: 1, type: 'album', title: '北京车展新车图集' }),
  contentItem({
    id: 2,
    type: 'dynamic',
    title: '周末试驾随手拍',
    status: 'rejected',
    rejectReason: '包含违禁词：炸街（危险驾驶）',
    rejectRuleRef: 'publish-prohibited#safety',
  }),
  contentItem({ id: 3, type: 'live', title: '周五晚八点：买车答疑直播' }),
];

function start() {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/content/list': (p) => {
      const list = items.filter((i) => !p.status || i.status === p.status);
      return { list, total: list.length, page: 1, pageSize: 10 };
    },
    '/api/content/status_counts': () => ({
      all: 3,
      draft: 0,
      reviewing: 0,
      published: 2,
      rejected: 1,
      scheduled: 0,
    }),
    '/api/content/delete_batch': (p) => ({ deleted: (p.ids as number[]).length }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('/detailManage, every type', { timeout: 20_000 }, () => {
  it('shows each status tab with its count and the reason beside the edit button of a rejected work', async () => {
    start();
    renderRoutes(routes, '/detailManage');
    const rejectedTab = await screen.findByTestId('status-tab-rejected');
    await waitFor(() => expect(rejectedTab.textContent).toContain('1'));
    expect((await screen.findByTestId('status-tab-published')).textContent).toContain('2');
    const reason = await screen.findByTestId('reject-reason');
    expect(reason.textContent).toBe(
      `${zhCN.content.rejectReason.replace('{{reason}}', '包含违禁词：炸街（危险驾驶）')} 查看规则`,
    );
    // the rule the rejection applies (issue #11), from the list's rejectRuleRef
    expect(
      within(reason)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-prohibited#safety');
    // the edit link of each row opens that type's own editor
    const row = reason.closest('tr')!;
    expect(
      within(row)
        .getByRole('link', { name: /编\s*辑/ })
        .getAttribute('href'),
    ).toBe('/dynamic/dynamic?id=2');
  });

  it('deletes the selected works in one call after a confirmation', async () => {
    const api = start();
    renderRoutes(routes, '/detailManage');
    await screen.findByText('北京车展新车图集');
    const boxes = screen.getAllByRole('checkbox');
    // [select all, row 1, row 2, row 3]
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[3]!);
    fireEvent.click(screen.getByTestId('bulk-delete'));
    const popup = await screen.findByText(zhCN.content.bulk.confirm.replace('{{count}}', '2'));
    const confirm = within(popup.closest('.ant-popover') as HTMLElement).getByRole('button', {
      name: /删\s*除/,
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/content/delete_batch')?.param).toEqual({ ids: [1, 3] }),
    );
  });
});
