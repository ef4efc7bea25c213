import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationView, CertificationState, RuleDetail } from '@cc/contracts';
import { routes } from '../router';
import { type MockReply, mockApi, renderRoutes } from '../../test/render';
import { shellHandlers } from '../../test/fixtures';
import { resetPublicConfig } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';

// Author certification (issue #11): the state page per authStatus, the agreement, and the resubmission form — kept
// fields shown masked and left out of the call, rejected fields asked again with the reviewer's reason — through the
// real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

/** The file service behind XMLHttpRequest: answers a private image upload with `FakeXhr.nextUrl`. */
class FakeXhr {
  static nextUrl = '/media/private/cert/u7/front2.jpg';
  static opened: string[] = [];
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  open(_method: string, url: string) {
    FakeXhr.opened.push(url);
  }
  setRequestHeader() {}
  abort() {}
  send() {
    queueMicrotask(() => {
      this.status = 200;
      this.responseText = JSON.stringify({
        status: 1,
        message: 'success',
        data: { url: FakeXhr.nextUrl, key: 'cert/u7/front2.jpg', width: 800, height: 500, size: 1000 },
      });
      this.onload?.();
    });
  }
}

const AGREED = { currentVersion: 1, acceptedVersion: 1, acceptedAt: '2026-03-01T02:00:00.000Z' };

const personApplication: ApplicationView = {
  kind: 'person',
  field: 'car_review',
  sampleUrls: ['https://www.example.com/works/1'],
  idFrontUrl: '/media/private/cert/u7/front1.jpg',
  idBackUrl: '/media/private/cert/u7/back1.jpg',
  masked: { realName: '张*', idNumber: '1101**********002X', phone: '138****8000' },
};

function certState(over: Partial<CertificationState> = {}): CertificationState {
  return { authStatus: 0, fieldReasons: [], masked: {}, agreement: AGREED, ...over };
}

const rejectedPerson = (fieldReasons: CertificationState['fieldReasons']) =>
  certState({
    authStatus: 3,
    kind: 'person',
    rejectReason: '身份证照片不清晰',
    fieldReasons,
    submittedAt: '2026-03-01T03:00:00.000Z',
    decidedAt: '2026-03-02T03:00:00.000Z',
    masked: { realName: '张*', idNumber: '1101**********002X' },
    application: personApplication,
  });

const agreementRule: RuleDetail = {
  slug: 'certification-agreement',
  title: '作者认证协议',
  category: 'certification',
  updatedAt: '2026-03-01T00:00:00.000Z',
  version: 2,
  summary: '认证的条件、资料和责任',
  html: '<h2 id="scope">适用范围</h2><p>本协议适用于申请作者认证的账号。</p><img src="x" onerror="window.hacked=1">',
  toc: [{ id: 'scope', title: '适用范围', level: 2 }],
  history: [
    { version: 2, effectiveAt: '2026-03-01T00:00:00.000Z', changes: ['新增机构账号数量上限'] },
    { version: 1, effectiveAt: '2026-01-01T00:00:00.000Z', changes: [] },
  ],
};

let state: CertificationState;
let submitReply: MockReply<'/api/certification/person'>;
let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  state = certState();
  submitReply = { authStatus: 1 };
  FakeXhr.opened = [];
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/home/userinfo': () => ({ authStatus: state.authStatus, avator: '', mediaName: 'Demo Garage' }),
    '/api/certification/state': () => state,
    '/api/rules/detail': () => agreementRule,
    '/api/certification/accept_agreement': (p) => {
      state = {
        ...state,
        agreement: {
          currentVersion: 2,
          acceptedVersion: Number(p.version),
          acceptedAt: '2026-03-05T00:00:00Z',
        },
      };
      return { version: Number(p.version), acceptedAt: '2026-03-05T00:00:00.000Z' };
    },
    '/api/certification/send_code': () => ({
      phone: '139****9000',
      expiresAt: '2026-03-05T00:10:00.000Z',
      resendAfterSeconds: 60,
      devCode: '123456',
    }),
    '/api/certification/person': () => submitReply,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 800, height: 500, close() {} })),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);

describe('/certification/indexc', () => {
  it('not applied: the two kinds with what each needs; applying goes through the agreement until it is accepted', async () => {
    state = certState({ agreement: { currentVersion: 1 } });
    renderRoutes(routes, '/certification/indexc');
    const person = await screen.findByTestId('cert-kind-person');
    expect(within(person).getByRole('heading').textContent).toBe('个人认证');
    expect(person.textContent).toContain('身份证人像面、国徽面照片各一张');
    expect(person.textContent).toContain('一个身份证号只能认证一个账号');
    const org = screen.getByTestId('cert-kind-organization');
    expect(org.textContent).toContain('18 位统一社会信用代码');
    expect(org.textContent).toContain('一个机构最多认证 2 个账号');
    expect(screen.getByTestId('cert-apply-person').getAttribute('href')).toBe(
      '/certification/agreement?next=person',
    );
    expect(screen.getByTestId('cert-apply-organization').getAttribute('href')).toBe(
      '/certification/agreement?next=organization',
    );
    expect(screen.getByTestId('cert-agreement-line').textContent).toContain(
      '申请前需要阅读并同意认证协议（第 1 版）',
    );
  });

  it('not applied with the agreement accepted: the kinds lead straight to their forms', async () => {
    renderRoutes(routes, '/certification/indexc');
    expect((await screen.findByTestId('cert-apply-person')).getAttribute('href')).toBe(
      '/certification/person',
    );
    expect(screen.getByTestId('cert-apply-organization').getAttribute('href')).toBe(
      '/certification/organization',
    );
    expect(screen.getByTestId('cert-agreement-line').textContent).toMatch(/你已于 2026-03-01 \d\d:\d\d 同意/);
  });

  it('under review: since when, and what was sent, masked', async () => {
    state = certState({
      authStatus: 1,
      kind: 'person',
      submittedAt: '2026-03-01T03:00:00.000Z',
      application: personApplication,
    });
    renderRoutes(routes, '/certification/indexc');
    const reviewing = await screen.findByTestId('cert-reviewing');
    expect(reviewing.textContent).toContain('认证资料审核中');
    expect(reviewing.textContent).toMatch(/你于 2026-03-01 \d\d:\d\d 提交了个人认证申请/);
    const sent = screen.getByTestId('cert-sent');
    expect(within(sent).getByTestId('summary-idNumber').textContent).toBe('1101**********002X');
    expect(within(sent).getByTestId('summary-phone').textContent).toBe('138****8000');
    expect(within(sent).getByTestId('summary-field').textContent).toBe('车辆评测');
    expect(within(sent).getByAltText('身份证人像面照片').getAttribute('src')).toBe(
      '/media/private/cert/u7/front1.jpg',
    );
    expect(screen.queryByTestId('cert-apply-person')).toBeNull();
  });

  it('certified: the kind and the masked name, in English too', async () => {
    await act(() => setLanguage('en-US'));
    state = certState({
      authStatus: 2,
      kind: 'person',
      submittedAt: '2026-03-01T03:00:00.000Z',
      decidedAt: '2026-03-02T03:00:00.000Z',
      masked: { realName: '张*', idNumber: '1101**********002X' },
      application: personApplication,
    });
    renderRoutes(routes, '/certification/indexc');
    const done = await screen.findByTestId('cert-certified');
    expect(done.textContent).toContain('Certified');
    expect(done.textContent).toContain('Personal certification · 张*');
    expect(done.textContent).toMatch(/Approved on 2026-03-02/);
    // the header shows the certification mark
    expect((await screen.findByTestId('header-auth-badge')).textContent).toBe('Certified');
  });

  it('a decision taken meanwhile refreshes the header: user info is asked again when the state differs', async () => {
    state = certState({
      authStatus: 2,
      kind: 'organization',
      decidedAt: '2026-03-02T03:00:00.000Z',
      application: { kind: 'organization', orgName: '星河汽车销售有限公司', masked: {} },
    });
    let userInfoCalls = 0;
    api = mockApi({
      ...shellHandlers(),
      // the frame's user info still says "under review" the first time
      '/api/home/userinfo': () => ({
        authStatus: userInfoCalls++ === 0 ? 1 : 2,
        avator: '',
        mediaName: 'Demo Garage',
      }),
      '/api/certification/state': () => state,
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/certification/indexc');
    expect((await screen.findByTestId('cert-certified')).textContent).toContain(
      '机构认证 · 星河汽车销售有限公司',
    );
    expect((await screen.findByTestId('header-auth-badge')).textContent).toBe('已认证');
    expect(userInfoCalls).toBe(2);
  });

  it('rejected: the overall reason, each rejected field with its reason, and the way to resubmit', async () => {
    state = rejectedPerson([{ path: 'idFrontUrl', reason: '人像面照片模糊，请重新拍摄' }]);
    renderRoutes(routes, '/certification/indexc');
    expect((await screen.findByTestId('cert-reject-reason')).textContent).toBe('审核意见：身份证照片不清晰');
    expect(screen.getByTestId('cert-field-reason-idFrontUrl').textContent).toBe(
      '身份证人像面照片：人像面照片模糊，请重新拍摄',
    );
    expect(screen.getByTestId('cert-resubmit').getAttribute('href')).toBe('/certification/person');
    const sent = screen.getByTestId('cert-sent');
    expect(within(sent).getByTestId('summary-idFrontUrl').getAttribute('data-rejected')).toBe('true');
    expect(within(sent).getByTestId('summary-idNumber').getAttribute('data-rejected')).toBeNull();
    // the refusal links to the standards the review applies (issue #11)
    const rule = document.querySelector('[data-rule-ref="certification-standards#review"]');
    expect(rule?.getAttribute('href')).toBe(
      '/authoringService/ruleCenter?rule=certification-standards#review',
    );
  });
});

describe('/certification/agreement', () => {
  it('a form without the current agreement goes to it; agreeing records the version and returns to the form', async () => {
    state = certState({
      agreement: { currentVersion: 2, acceptedVersion: 1, acceptedAt: '2026-01-02T00:00:00Z' },
    });
    const { router } = renderRoutes(routes, '/certification/person');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/certification/agreement?next=person',
      ),
    );
    const body = await screen.findByTestId('cert-agreement-body');
    expect(within(body).getByRole('heading').textContent).toBe('适用范围');
    // sanitized again in the browser: no handler reaches the page
    expect(body.innerHTML).not.toContain('onerror');
    expect(screen.getByTestId('cert-agreement-version').textContent).toBe('第 2 版');
    expect(screen.getByText('新增机构账号数量上限')).toBeTruthy();
    const agree = screen.getByTestId('cert-agreement-agree');
    expect(agree.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意《作者认证协议》' }));
    fireEvent.click(agree);
    await waitFor(() => expect(router.state.location.pathname).toBe('/certification/person'));
    expect(callsTo('/api/certification/accept_agreement')[0]?.param).toEqual({ version: 2 });
    expect(await screen.findByTestId('cert-field-realName')).toBeTruthy();
  });

  it('an author who accepted this version is told when, and continues', async () => {
    state = certState({
      agreement: { currentVersion: 2, acceptedVersion: 2, acceptedAt: '2026-03-05T00:00:00Z' },
    });
    renderRoutes(routes, '/certification/agreement?next=organization');
    expect((await screen.findByTestId('cert-agreement-accepted')).textContent).toMatch(/你已于 2026-03-0\d/);
    expect(screen.getByTestId('cert-agreement-continue').getAttribute('href')).toBe(
      '/certification/organization',
    );
    expect(screen.queryByTestId('cert-agreement-agree')).toBeNull();
  });
});

describe('/certification/person resubmission', () => {
  it('keeps the fields not rejected (masked) and asks the rejected photo again; only the new photo is sent', async () => {
    state = rejectedPerson([{ path: 'idFrontUrl', reason: '人像面照片模糊，请重新拍摄' }]);
    const { router } = renderRoutes(routes, '/certification/person');
    const idNumber = await screen.findByTestId('cert-field-idNumber');
    expect(idNumber.getAttribute('data-mode')).toBe('kept');
    expect(within(idNumber).getByTestId('cert-kept-idNumber').textContent).toContain(
      '已保留：1101**********002X',
    );
    expect(within(idNumber).queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('cert-kept-realName').textContent).toContain('已保留：张*');
    expect(screen.getByTestId('cert-kept-field').textContent).toContain('已保留：车辆评测');
    // no code is asked for a kept phone
    expect(screen.queryByTestId('cert-field-phoneCode')).toBeNull();

    const front = screen.getByTestId('cert-field-idFrontUrl');
    expect(front.getAttribute('data-mode')).toBe('rejected');
    expect(front.className).toContain('is-rejected');
    expect(within(front).getByTestId('cert-reason-idFrontUrl').textContent).toBe(
      '审核意见：人像面照片模糊，请重新拍摄',
    );
    expect(screen.getByTestId('cert-resubmit-intro').textContent).toContain('审核意见：身份证照片不清晰');

    // the rejected photo is required: nothing is sent without it
    fireEvent.click(screen.getByTestId('cert-submit'));
    expect((await screen.findByTestId('cert-error-idFrontUrl')).textContent).toBe('请填写此项');
    expect(callsTo('/api/certification/person')).toHaveLength(0);

    // a new photo, uploaded as a private image
    const input = front.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: {
        files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' })],
      },
    });
    await waitFor(() =>
      expect(within(front).getByAltText('身份证人像面照片').getAttribute('src')).toBe(
        '/media/private/cert/u7/front2.jpg',
      ),
    );
    expect(FakeXhr.opened).toEqual(['/fileservice/private_image']);
    expect(screen.queryByTestId('cert-error-idFrontUrl')).toBeNull();

    const userInfoCalls = callsTo('/api/home/userinfo').length;
    fireEvent.click(screen.getByTestId('cert-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/certification/indexc'));
    expect(callsTo('/api/certification/person')[0]?.param).toEqual({
      agreementVersion: 1,
      idFrontUrl: '/media/private/cert/u7/front2.jpg',
    });
    // the header's authStatus is asked for again
    await waitFor(() => expect(callsTo('/api/home/userinfo').length).toBeGreaterThan(userInfoCalls));
  });

  it('"Change" opens a kept field; bad numbers and server refusals show on their field with the rule; a new phone needs a code', async () => {
    state = rejectedPerson([{ path: 'realName', reason: '姓名与身份证不一致' }]);
    renderRoutes(routes, '/certification/person');
    fireEvent.change(await screen.findByTestId('cert-input-realName'), { target: { value: '张三丰' } });

    // an ID number with a wrong check digit is refused before sending, with the rule it breaks
    fireEvent.click(screen.getByTestId('cert-change-idNumber'));
    const idInput = screen.getByTestId<HTMLInputElement>('cert-input-idNumber');
    expect(idInput.value).toBe('');
    fireEvent.change(idInput, { target: { value: '110105194912310021' } });
    fireEvent.click(screen.getByTestId('cert-submit'));
    const idError = await screen.findByTestId('cert-error-idNumber');
    expect(idError.textContent).toContain('身份证号不正确');
    expect(within(idError).getByRole('link', { name: '查看规则' }).getAttribute('href')).toBe(
      '/authoringService/ruleCenter?rule=certification-standards#person',
    );
    expect(callsTo('/api/certification/person')).toHaveLength(0);
    fireEvent.change(idInput, { target: { value: '11010519491231002X' } });

    // changing the phone asks for its code; the development code shows in its banner; resend waits 60 s
    fireEvent.click(screen.getByTestId('cert-change-phone'));
    fireEvent.change(screen.getByTestId('cert-input-phone'), { target: { value: '13900139000' } });
    fireEvent.click(screen.getByTestId('cert-submit'));
    expect((await screen.findByTestId('cert-error-phoneCode')).textContent).toBe('请填写此项');
    fireEvent.click(screen.getByTestId('cert-send-code'));
    expect((await screen.findByTestId('dev-code-banner')).textContent).toContain('开发环境：验证码 123456');
    expect(callsTo('/api/certification/send_code')[0]?.param).toEqual({ phone: '13900139000' });
    const send = screen.getByTestId('cert-send-code');
    expect(send.textContent).toMatch(/60 秒后重新获取/);
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('cert-input-phoneCode'), { target: { value: '123456' } });

    // the server's refusal lands on its field, with its rule
    submitReply = {
      __envelope: {
        status: 10007,
        message: '该身份证号已认证过其他账号，一个身份证号只能认证一个账号',
        data: {
          fields: [
            {
              path: 'idNumber',
              message: '该身份证号已认证过其他账号，一个身份证号只能认证一个账号',
              code: 'ID_NUMBER_TAKEN',
              ruleRef: 'certification-standards#one-account',
            },
          ],
        },
        ercd: 'VALIDATION_FAILED',
      },
    };
    fireEvent.click(screen.getByTestId('cert-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('cert-error-idNumber').textContent).toContain('一个身份证号只能认证一个账号'),
    );
    expect(screen.getByTestId('cert-error-idNumber-rule').getAttribute('href')).toBe(
      '/authoringService/ruleCenter?rule=certification-standards#one-account',
    );
    expect(callsTo('/api/certification/person')[0]?.param).toEqual({
      agreementVersion: 1,
      realName: '张三丰',
      idNumber: '11010519491231002X',
      phone: '13900139000',
      phoneCode: '123456',
    });

    // "Keep the old one" puts a field back: it is left out again
    fireEvent.click(screen.getByTestId('cert-keep-idNumber'));
    expect(screen.getByTestId('cert-field-idNumber').getAttribute('data-mode')).toBe('kept');
    submitReply = { authStatus: 1 };
    fireEvent.click(screen.getByTestId('cert-submit'));
    await waitFor(() => expect(callsTo('/api/certification/person')).toHaveLength(2));
    expect(callsTo('/api/certification/person')[1]?.param).toEqual({
      agreementVersion: 1,
      realName: '张三丰',
      phone: '13900139000',
      phoneCode: '123456',
    });
  });

  it('under review there is nothing to fill in', async () => {
    state = certState({ authStatus: 1, kind: 'person', submittedAt: '2026-03-01T03:00:00.000Z' });
    renderRoutes(routes, '/certification/person');
    expect(await screen.findByText('你的认证资料正在审核中，审核完成前不能修改。')).toBeTruthy();
    expect(screen.queryByTestId('cert-submit')).toBeNull();
  });
});
