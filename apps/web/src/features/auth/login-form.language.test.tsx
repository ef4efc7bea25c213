import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { pickMessageLanguage, renderMessage } from '@cc/contracts';
import { mockApi, renderAt } from '../../test/render';
import { setLanguage } from '../../lib/i18n';
import zhCN from '../../lib/i18n/locales/zh-CN';
import enUS from '../../lib/i18n/locales/en-US';
import { LoginForm } from './components/login-form';

// Issue #9 "Language": the server answers a refusal in the language the call asks for (Accept-Language), and
// the page shows it as it came. This mock server does what the real one does (the catalog, pickMessageLanguage),
// so the test fails when the client stops sending the UI language.
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

function serveWrongPassword() {
  const api = mockApi({
    '/api/passport/login': (_param, _url, init) => {
      const lang = pickMessageLanguage(new Headers(init.headers).get('accept-language'));
      return {
        __envelope: {
          status: 0,
          message: renderMessage('WRONG_CREDENTIALS', lang),
          data: null,
          ercd: 'FAILED',
          messageCode: 'WRONG_CREDENTIALS',
        },
      };
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
}

async function logIn(labels: { account: string; password: string; loginTitle: string }) {
  fireEvent.change(await screen.findByLabelText(labels.account), { target: { value: 'zhangwei' } });
  fireEvent.change(screen.getByLabelText(labels.password), { target: { value: 'not-my-password' } });
  fireEvent.submit(screen.getByRole('form', { name: labels.loginTitle }));
}

describe('a refused login shows the server message in the UI language', () => {
  it('zh-CN: 账号或密码错误', async () => {
    serveWrongPassword();
    renderAt(<LoginForm onSuccess={() => {}} />, '/login');
    await logIn(zhCN.auth);
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
  });

  it('after switching to en-US, the next refusal reads "account or password is wrong"', async () => {
    serveWrongPassword();
    await act(() => setLanguage('en-US'));
    renderAt(<LoginForm onSuccess={() => {}} />, '/login');
    await logIn(enUS.auth);
    expect(await screen.findByText('account or password is wrong')).toBeTruthy();
    expect(screen.queryByText('账号或密码错误')).toBeNull();
  });
});
