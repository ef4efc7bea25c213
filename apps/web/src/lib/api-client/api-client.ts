import {
  DEV_SIGN_SECRET,
  ENCRYPT_TYPE,
  Status,
  USERID_COOKIE,
  WEB_CID,
  WEB_SIGN_META,
  WEB_VER,
  signPayload,
} from '@cc/contracts';
import { readCookie } from '../cookies';
import { ApiError } from './api-error';
import { trackRequest, untrackRequest } from './cancel-list';
import { rewriteImageHosts } from './image-hosts';
import { loadPublicConfig } from './public-config';

/** The call whose failure (any status but 1) sends the browser to the login page (spec §4). */
export const USER_INFO_PATH = '/api/home/userinfo';

/**
 * The signing secret of cid 500 (API.md §2, issue #8 item 9): the one the server wrote into this page
 * (`<meta name="cc-sign-secret">`, from `SIGN_SECRETS` at run time), else the development one (a page the
 * server did not serve: unit tests). Public by nature: the signature is an integrity check, not authentication.
 */
export function signSecret(): string {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${WEB_SIGN_META}"]`);
  return meta?.content || DEV_SIGN_SECRET;
}

/** `home/userinfo` → `/api/home/userinfo`; absolute paths are kept. */
export function toApiPath(path: string): string {
  return path.startsWith('/') ? path : `/api/${path}`;
}

/**
 * Sends the browser to `/login?backurl=<current path+search>` (spec §4, API.md §5), unless it is
 * already on the login page (which would loop).
 */
export function redirectToLogin(): void {
  const { pathname, search } = window.location;
  if (pathname === '/login') return;
  browserLocation.assign('/login?backurl=' + encodeURIComponent(pathname + search));
}

/**
 * The browser's full-page navigation, behind an object so tests can watch it (jsdom's
 * `window.location.assign` cannot be spied on).
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

/** The six signed fields for a payload, with the spec's cid, ver, uid cookie and secret (API.md §2). */
export function signedFields(param: unknown): Record<string, string> {
  const uid = readCookie(USERID_COOKIE) || '0';
  return { ...signPayload(param ?? {}, { cid: WEB_CID, ver: WEB_VER, uid, secret: signSecret() }) };
}

async function request<T>(method: 'GET' | 'POST', path: string, param: unknown): Promise<T> {
  const apiPath = toApiPath(path);
  const fields = signedFields(param);
  const controller = new AbortController();
  trackRequest(controller);
  const headers: Record<string, string> = { encryptType: ENCRYPT_TYPE, Accept: 'application/json' };
  let url = apiPath;
  let body: string | undefined;
  if (method === 'GET') {
    url += '?' + new URLSearchParams(fields).toString();
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(fields).toString();
  }
  try {
    const res = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    let envelope: { status?: unknown; message?: unknown; data?: unknown; ercd?: unknown };
    try {
      envelope = (await res.json()) as typeof envelope;
    } catch {
      throw new ApiError(Status.INTERNAL, `${res.status} ${res.statusText || 'bad response'}`.trim());
    }
    const status = typeof envelope.status === 'number' ? envelope.status : Status.INTERNAL;
    if (status === Status.NOT_LOGGED_IN || (apiPath === USER_INFO_PATH && status !== Status.OK)) {
      redirectToLogin();
    }
    if (status !== Status.OK) {
      throw new ApiError(
        status,
        typeof envelope.message === 'string' ? envelope.message : 'request failed',
        typeof envelope.ercd === 'string' ? envelope.ercd : undefined,
        envelope.data,
      );
    }
    const config = await loadPublicConfig();
    return rewriteImageHosts(envelope.data as T, config.imageHosts);
  } finally {
    untrackRequest(controller);
  }
}

/**
 * A signed GET of an `/api/` call (API.md §2–3, spec §7): the six fields as query parameters, header
 * `encryptType: 1`, same-origin credentials. Resolves to the envelope's `data` with image URLs
 * rewritten to the configured hosts; rejects with ApiError on any status but 1 (10002, or any failure
 * of `home/userinfo`, also sends the browser to the login page).
 * @param path `home/userinfo` or `/api/home/userinfo`
 * @param param the call's payload (`{}` when omitted)
 */
export function apiGet<T>(path: string, param: object = {}): Promise<T> {
  return request<T>('GET', path, param);
}

/** A signed POST (`application/x-www-form-urlencoded` body); otherwise as apiGet. */
export function apiPost<T>(path: string, param: object = {}): Promise<T> {
  return request<T>('POST', path, param);
}
