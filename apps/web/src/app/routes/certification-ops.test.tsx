import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpsCertificationItem } from '@cc/contracts';
import { routes } from '../router';
import { mockApi, renderRoutes } from '../../test/render';
import { shellHandlers } from '../../test/fixtures';
import { resetPublicConfig } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';

// The operators' certification review (issue #11) on /ops/review: the queue with the applicant, kind, time, earlier
// rejections, masked data and photos; approve; reject with a reason per field and/or an overall reason.
vi.setConfig({ testTimeout: 30_000 });

const person: OpsCertificationItem = {
  userId: 7,
  account: 'xiaoli',
  mediaName: '车评小李',
  authStatus: 1,
  submittedAt: '2026-03-01T03:00:00.000Z',
  previousRejections: 1,
  application: {
    kind: 'person',
    field: 'new_energy',
    idFrontUrl: '/media/private/cert/u7/front1.jpg',
    idBackUrl: '/media/private/cert/u7/back1.jpg',
    masked: { realName: '李*', idNumber: '1101**********002X', phone: '138****8000' },
  },
};
const org: OpsCertificationItem = {
  userId: 8,
  account: 'autohaus',
  mediaName: '星河汽车',
  authStatus: 1,
  submittedAt: '2026-03-01T04:00:00.000Z',
  previousRejections: 0,
  application: {
    kind: 'organization',
    subjectType: 'enterprise',
    orgName: '星河汽车销售有限公司',
    licenseUrl: '/media/private/cert/u8/licence.jpg',
    authLetterUrl: '/media/private/cert/u8/letter.jpg',
    masked: {
      creditCode: '9135**********Y43',
      operatorName: '王*',
      operatorIdNumber: '1101**********002X',
      operatorPhone: '139****9000',
    },
  },
};

let api: ReturnType<typeof mockApi>;
let waiting: OpsCertificationItem[];

beforeEach(() => {
  waiting = [person, org];
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/user_center/get_my_info_by_id': () => ({
      authStatus: 2,
      avator: '',
      mediaName: 'Op',
      id: 1,
      userIdentityList: [],
      role: 'operator',
    }),
    '/api/ops/review/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    '/api/ops/certification/list': () => ({ list: waiting, total: waiting.length, page: 1, pageSize: 10 }),
    '/api/ops/certification/decide': (p) => {
      waiting = waiting.filter((w) => w.userId !== Number(p.userId));
      return { userId: Number(p.userId), authStatus: p.decision === 'approve' ? 2 : 3 };
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const decisions = () =>
  api.calls.filter((c) => c.path === '/api/ops/certification/decide').map((c) => c.param);

describe('/ops/review?tab=certification', () => {
  it('lists each application with its applicant, kind, earlier rejections, masked data and photos', async () => {
    renderRoutes(routes, '/ops/review?tab=certification');
    const items = await screen.findAllByTestId('cert-application');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('车评小李');
    expect(first.textContent).toContain('账号：xiaoli');
    expect(within(first).getByTestId('cert-previous').textContent).toBe('第 1 次重新提交');
    expect(within(first).getByTestId('summary-idNumber').textContent).toBe('1101**********002X');
    expect(within(first).getByTestId('summary-field').textContent).toBe('新能源');
    expect(within(first).getByAltText('身份证人像面照片').getAttribute('src')).toBe(
      '/media/private/cert/u7/front1.jpg',
    );
    expect(within(second).getByTestId('cert-previous').textContent).toBe('首次提交');
    expect(second.textContent).toContain('机构认证');
    expect(second.textContent).toContain('企业');
    expect(within(second).getByTestId('summary-orgName').textContent).toBe('星河汽车销售有限公司');
    expect(within(second).getByTestId('summary-creditCode').textContent).toBe('9135**********Y43');
  });

  it('rejects with a reason per ticked field and an overall reason; nothing is sent without a reason', async () => {
    renderRoutes(routes, '/ops/review?tab=certification');
    const [first] = (await screen.findAllByTestId('cert-application')) as [HTMLElement];
    fireEvent.click(within(first).getByTestId('cert-reject'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('驳回「车评小李」的认证申请')).toBeTruthy();
    // one checkbox per field of a person's application
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(7);

    // neither an overall reason nor a field: refused in the dialog
    fireEvent.click(within(dialog).getByTestId('cert-confirm-reject'));
    expect(await within(dialog).findByText('请写总体原因，或至少勾选一项资料并写明原因')).toBeTruthy();

    // a ticked field needs its own reason
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '身份证人像面照片' }));
    fireEvent.click(within(dialog).getByTestId('cert-confirm-reject'));
    expect(await within(dialog).findByText('请写明这一项的问题')).toBeTruthy();
    expect(decisions()).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('reject-reason-idFrontUrl'), {
      target: { value: '人像面照片模糊，请重新拍摄' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '手机号' }));
    fireEvent.change(within(dialog).getByTestId('reject-reason-phone'), {
      target: { value: '手机号不是本人实名' },
    });
    fireEvent.change(within(dialog).getByTestId('reject-overall'), { target: { value: '请按标注修改' } });
    fireEvent.click(within(dialog).getByTestId('cert-confirm-reject'));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]).toEqual({
      userId: 7,
      decision: 'reject',
      reason: '请按标注修改',
      fieldReasons: [
        { path: 'idFrontUrl', reason: '人像面照片模糊，请重新拍摄' },
        { path: 'phone', reason: '手机号不是本人实名' },
      ],
    });
    await waitFor(() => expect(screen.getAllByTestId('cert-application')).toHaveLength(1));
  });

  it('rejects with field reasons only, and approves', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/ops/review?tab=certification');
    const items = (await screen.findAllByTestId('cert-application')) as [HTMLElement, HTMLElement];
    fireEvent.click(within(items[1]).getByTestId('cert-reject'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Letter of authorization' }));
    fireEvent.change(within(dialog).getByTestId('reject-reason-authLetterUrl'), {
      target: { value: 'the seal is missing' },
    });
    fireEvent.click(within(dialog).getByTestId('cert-confirm-reject'));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]).toEqual({
      userId: 8,
      decision: 'reject',
      fieldReasons: [{ path: 'authLetterUrl', reason: 'the seal is missing' }],
    });

    await waitFor(() => expect(screen.getAllByTestId('cert-application')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('cert-approve'));
    await waitFor(() => expect(decisions()).toHaveLength(2));
    expect(decisions()[1]).toEqual({ userId: 7, decision: 'approve' });
    expect(await screen.findByText('No certification application is waiting')).toBeTruthy();
  });
});
