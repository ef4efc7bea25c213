import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_LIST_MAX, DEV_SIGN_SECRET, WEB_SIGN_META, computeSign } from '@cc/contracts';
import { apiGet, apiPost, browserLocation, setLoginNavigator } from './api-client';
import { ApiError } from './api-error';
import { cancelAllRequests, pendingRequestCount, trackRequest } from './cancel-list';
import { rewriteImageHosts } from './image-hosts';
import { resetPublicConfig } from './public-config';
import { toResult } from './to-result';
import { setLanguage } from '../i18n';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let config: { imageHosts: string[] };
let reply: (url: string) => unknown;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  config = { imageHosts: [] };
  reply = () => ({ status: 1, message: 'success', data: { ok: true } });
  resetPublicConfig();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/config') return json({ status: 1, message: 'success', data: config });
      calls.push({ url, init });
      return json(reply(url));
    }),
  );
  document.cookie = 'userid=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.history.replaceState(null, '', '/detailManage?type=article');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('signing (API.md §2)', () => {
  it('GET sends the six fields as query parameters with a valid sign, uid 0 without a cookie', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    await apiGet('home/userinfo', {});
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/home/userinfo');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ cid: '500', ver: '1.0.4', uid: '0', param: '{}', t: '1767323045' });
    expect(q.t).toHaveLength(10);
    expect(q.sign).toBe(computeSign('500', '{}', '1.0.4', q.t!, DEV_SIGN_SECRET));
    expect(calls[0]!.init.method).toBe('GET');
    expect((calls[0]!.init.headers as Record<string, string>).encryptType).toBe('1');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('uid comes from the userid cookie', async () => {
    document.cookie = 'userid=42';
    await apiGet('/api/message/get_mp_index_group_message');
    const q = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(q.get('uid')).toBe('42');
  });

  it('POST sends the fields form-urlencoded with the payload JSON in param', async () => {
    await apiPost('passport/login', { account: 'demo', password: 'p' });
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    const body = new URLSearchParams(init.body as string);
    expect(body.get('param')).toBe('{"account":"demo","password":"p"}');
    expect(body.get('sign')).toBe(
      computeSign('500', body.get('param')!, '1.0.4', body.get('t')!, DEV_SIGN_SECRET),
    );
    expect(calls[0]!.url).toBe('/api/passport/login');
  });
});

describe('the signing secret comes from the page the server served (issue #8 item 9)', () => {
  afterEach(() => document.head.querySelectorAll(`meta[name="${WEB_SIGN_META}"]`).forEach((m) => m.remove()));

  it('signs GET and POST with the meta the server wrote into index.html, not the development secret', async () => {
    const served = 'prod-secret-from-SIGN_SECRETS';
    document.head.insertAdjacentHTML('beforeend', `<meta name="${WEB_SIGN_META}" content="${served}" />`);
    await apiGet('home/userinfo', { a: 1 });
    await apiPost('passport/login', { account: 'demo', password: 'p' });
    const q = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(q.get('sign')).toBe(computeSign('500', q.get('param')!, '1.0.4', q.get('t')!, served));
    const form = new URLSearchParams(calls[1]!.init.body as string);
    expect(form.get('sign')).toBe(computeSign('500', form.get('param')!, '1.0.4', form.get('t')!, served));
    expect(form.get('sign')).not.toBe(
      computeSign('500', form.get('param')!, '1.0.4', form.get('t')!, DEV_SIGN_SECRET),
    );
  });
});

describe('envelope (API.md §3)', () => {
  it('status 1 resolves to data', async () => {
    reply = () => ({ status: 1, message: 'success', data: { n: 3 } });
    await expect(apiGet('x/y')).resolves.toEqual({ n: 3 });
  });

  it('other statuses reject with ApiError carrying status, message, ercd and data', async () => {
    reply = () => ({
      status: 10007,
      message: 'title must be 6-30 characters',
      data: { fields: [] },
      ercd: 'VALIDATION_FAILED',
    });
    const err = await apiPost('article/publish', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 10007,
      message: 'title must be 6-30 characters',
      ercd: 'VALIDATION_FAILED',
      data: { fields: [] },
    });
  });

  it('status 0 is an error too', async () => {
    reply = () => ({ status: 0, message: 'nope', data: null, ercd: 'FAILED' });
    await expect(apiGet('x/y')).rejects.toMatchObject({ status: 0, message: 'nope' });
  });
});

describe('login redirect (spec §4)', () => {
  it('10002 on any call sends the browser to /login with the current path and search', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    reply = () => ({ status: 10002, message: 'not logged in', data: null });
    await expect(apiGet('content/list')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/login?backurl=' + encodeURIComponent('/detailManage?type=article'));
  });

  it('home/userinfo with any status but 1 redirects too', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    reply = () => ({ status: 10500, message: 'boom', data: null });
    await expect(apiGet('home/userinfo')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('another call failing with a non-10002 status does not redirect', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    reply = () => ({ status: 10500, message: 'boom', data: null });
    await expect(apiGet('content/list')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes through the registered router navigation, never a page load, when the app set one (issue #9)', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const navigate = vi.fn();
    setLoginNavigator(navigate);
    try {
      reply = () => ({ status: 10002, message: 'not logged in', data: null });
      await expect(apiGet('home/userinfo')).rejects.toBeInstanceOf(ApiError);
      expect(navigate).toHaveBeenCalledWith(
        '/login?backurl=' + encodeURIComponent('/detailManage?type=article'),
      );
      expect(assign).not.toHaveBeenCalled();
    } finally {
      setLoginNavigator(null);
    }
  });

  it('does not take a new author away from /register (a stale userid cookie checked there)', async () => {
    window.history.replaceState(null, '', '/register');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    reply = () => ({ status: 10002, message: 'not logged in', data: null });
    await expect(apiGet('home/userinfo')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not redirect when already on /login', async () => {
    window.history.replaceState(null, '', '/login?backurl=%2F');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    reply = () => ({ status: 10002, message: 'not logged in', data: null });
    await expect(apiGet('home/userinfo')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('image hosts (spec §7, API.md §4)', () => {
  it('rewrites /media/ strings deep in the data to the configured hosts', async () => {
    config = { imageHosts: ['https://img1.example.com'] };
    reply = () => ({
      status: 1,
      message: 'success',
      data: {
        avator: '/media/img/{0}x{0}/a.jpg',
        list: [{ coverUrl: 'http://127.0.0.1:3000/media/img/200x0/b.png', title: '/media/ not a url?' }],
        link: '/detailManage',
      },
    });
    const data = await apiGet<Record<string, unknown>>('x/y');
    expect(data).toEqual({
      avator: 'https://img1.example.com/media/img/{0}x{0}/a.jpg',
      list: [{ coverUrl: 'https://img1.example.com/media/img/200x0/b.png', title: '/media/ not a url?' }],
      link: '/detailManage',
    });
  });

  it('leaves data alone when the host list is empty', async () => {
    reply = () => ({ status: 1, message: 'success', data: { url: '/media/img/1x1/k.jpg' } });
    await expect(apiGet('x/y')).resolves.toEqual({ url: '/media/img/1x1/k.jpg' });
  });

  it('rewriteImageHosts keeps non-media strings, numbers and nulls', () => {
    expect(
      rewriteImageHosts({ a: 1, b: null, c: 'hello', d: ['/media/x.jpg'] }, ['https://h'], () => 0),
    ).toEqual({
      a: 1,
      b: null,
      c: 'hello',
      d: ['https://h/media/x.jpg'],
    });
  });
});

describe('cancel list (spec §9)', () => {
  it('is cleared when a push makes it pass 20 entries', () => {
    cancelAllRequests();
    for (let i = 0; i < CANCEL_LIST_MAX; i++) trackRequest(new AbortController());
    expect(pendingRequestCount()).toBe(20);
    trackRequest(new AbortController());
    expect(pendingRequestCount()).toBe(0);
  });

  it('cancelAllRequests aborts the listed requests', () => {
    const a = new AbortController();
    const b = new AbortController();
    trackRequest(a);
    trackRequest(b);
    cancelAllRequests();
    expect(a.signal.aborted && b.signal.aborted).toBe(true);
    expect(pendingRequestCount()).toBe(0);
  });

  it('an in-flight call is listed and leaves the list when it settles', async () => {
    cancelAllRequests();
    let release!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/config') return json({ status: 1, message: 'success', data: { imageHosts: [] } });
        await new Promise<void>((r) => (release = r));
        if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        return json({ status: 1, message: 'success', data: null });
      }),
    );
    const p = apiGet('x/y');
    await vi.waitFor(() => expect(pendingRequestCount()).toBe(1));
    cancelAllRequests();
    release();
    await expect(p).rejects.toThrow();
    expect(pendingRequestCount()).toBe(0);
  });
});

describe('toResult (spec §8)', () => {
  it('failure becomes status 0, the error as message, empty data', async () => {
    const error = new Error('bad');
    await expect(toResult(Promise.reject(error))).resolves.toEqual({ status: 0, message: error, data: {} });
  });

  it('success defaults status 1 and message 成功', async () => {
    await expect(toResult(Promise.resolve({ a: 1 }))).resolves.toEqual({
      status: 1,
      message: '成功',
      data: { a: 1 },
    });
  });

  it('success keeps a status and message the data carries', async () => {
    await expect(toResult(Promise.resolve({ status: 5, message: 'm' }))).resolves.toEqual({
      status: 5,
      message: 'm',
      data: { status: 5, message: 'm' },
    });
  });
});

describe('language of messages (issue #9, docs/api.md)', () => {
  afterEach(async () => {
    await setLanguage('zh-CN');
  });

  it('every call sends the UI language as Accept-Language, outside the signature', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    await apiGet('home/userinfo', {});
    await setLanguage('en-US');
    await apiPost('article/publish', {});
    const headers = calls.map((c) => c.init.headers as Record<string, string>);
    expect(headers.map((h) => h['Accept-Language'])).toEqual(['zh-CN', 'en-US']);
    // the sign is the same function of the six fields whatever the language (API.md §2)
    const q = Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams);
    expect(q.sign).toBe(computeSign('500', '{}', '1.0.4', q.t!, DEV_SIGN_SECRET));
  });

  it("a refusal's ApiError carries the server's message as sent (already in the UI language)", async () => {
    reply = () => ({
      status: 10006,
      message: '文章不存在',
      data: null,
      ercd: 'NOT_FOUND',
      messageCode: 'ARTICLE_NOT_FOUND',
    });
    await expect(apiGet('content/detail', { id: 9 })).rejects.toMatchObject({
      status: 10006,
      message: '文章不存在',
      ercd: 'NOT_FOUND',
    });
  });
});
