import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpsReviewItem, OpsUser } from '@cc/contracts';
import { routes } from './router';
import { type MockHandlers, mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import zhCN from '../lib/i18n/locales/zh-CN';
import { resetPublicConfig } from '../lib/api-client';

// Issue #10 "Review" and "Permissions": the operators' page lists held works with the reason, approves,
// rejects only with a reason, and sets an author's permissions; an author is told it is for operators.

const held: OpsReviewItem = {
  id: 41,
  type: 'article',
  title: '新车到店实拍与试驾预约',
  excerpt: '想看实车的朋友加 微 信预约',
  coverUrl: null,
  imageUrls: [],
  authorId: 7,
  authorName: '车评小李',
  holdReason: '包含需人工审核的词：加微信（站外联系方式）',
  submittedAt: '2026-01-01T08:00:00.000Z',
};
const opsUser: OpsUser = {
  userId: 7,
  account: 'xiaoli',
  mediaName: '车评小李',
  permissions: {
    dynamicShow: 0,
    rankResult: 0,
    grade: 1,
    smallVideoMaxSeconds: 60,
    smallVideoMaxSecondsSet: false,
    publishPoint: 0,
    contentAssistant: 0,
    whiteLists: [],
  },
};

function start(role: 'author' | 'operator', extra: MockHandlers = {}) {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/user_center/get_my_info_by_id': () => ({
      authStatus: 2,
      avator: '/media/img/{0}x{0}/a.png',
      mediaName: 'Op',
      id: 1,
      userIdentityList: [],
      role,
    }),
    '/api/ops/review/list': () => ({ list: [held], total: 1, page: 1, pageSize: 10 }),
    '/api/ops/review/decide': (p) => ({
      id: Number(p.id),
      status: p.decision === 'approve' ? 'published' : 'rejected',
    }),
    '/api/ops/user/permissions': () => opsUser,
    '/api/ops/user/set_permissions': () => ({
      ...opsUser,
      permissions: { ...opsUser.permissions, dynamicShow: 1 },
    }),
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('/ops/review', { timeout: 20_000 }, () => {
  it('an author is told the page is for operators, and no queue is asked for', async () => {
    const api = start('author');
    renderRoutes(routes, '/ops/review');
    expect(await screen.findByText(zhCN.ops.operatorsOnly)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/ops/review/list')).toBe(false);
  });

  it('shows each held work with the reason; approve sends the decision', async () => {
    const api = start('operator');
    renderRoutes(routes, '/ops/review');
    const queue = await screen.findByTestId('review-queue');
    expect(within(queue).getByText(held.holdReason!)).toBeTruthy();
    expect(within(queue).getByText(held.authorName)).toBeTruthy();
    fireEvent.click(within(queue).getByTestId('approve'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/review/decide')?.param).toEqual({
        id: 41,
        decision: 'approve',
        reason: '',
      }),
    );
  });

  it('reject asks for a reason and sends nothing without one', async () => {
    const api = start('operator');
    renderRoutes(routes, '/ops/review');
    fireEvent.click(within(await screen.findByTestId('review-queue')).getByTestId('reject'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(document.body).getByTestId('confirm-reject'));
    expect(await within(dialog).findByText(zhCN.ops.review.reasonRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/ops/review/decide')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('reject-reason'), { target: { value: '含站外联系方式' } });
    fireEvent.click(within(document.body).getByTestId('confirm-reject'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/review/decide')?.param).toEqual({
        id: 41,
        decision: 'reject',
        reason: '含站外联系方式',
      }),
    );
  });

  it('looks an author up and saves the permissions the operator switched', async () => {
    const api = start('operator');
    renderRoutes(routes, '/ops/review?tab=permissions');
    const search = await screen.findByPlaceholderText(zhCN.ops.permissions.accountPlaceholder);
    fireEvent.change(search, { target: { value: 'xiaoli' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const toggle = await screen.findByRole('switch', { name: zhCN.ops.permissions.dynamicShow });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('save-permissions'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/user/set_permissions')?.param).toMatchObject({
        account: 'xiaoli',
        dynamicShow: 1,
        grade: 1,
        smallVideoMaxSeconds: 0,
      }),
    );
  });
});
