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
import { currentLanguage } from '../i18n';
import { ApiError } from './api-error';
import { trackRequest, untrackRequest } from './cancel-list';
import { rewriteImageHosts } from './image-hosts';
import { emitApiEvent } from './observers';
import { installPageLifecycle, pageIsLeaving } from './page-lifecycle';
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

/** The pages a signed-out visitor belongs on: a failed session check there must not send anyone away. */
const SIGNED_OUT_PAGES = ['/login', '/register'];

let loginNavigator: ((url: string) => void) | null = null;

/**
 * Lets the app send the browser to the login page through its router (`router.navigate`) instead of a
 * full page load, so the app starts once (issue #9: a signed-out visit to `/` loaded the page twice).
 * `null` restores the full page load (tests, and any page before the router exists).
 */
export function setLoginNavigator(navigate: ((url: string) => void) | null): void {
  loginNavigator = navigate;
}

/**
 * Sends the browser to `/login?backurl=<current path+search>` (spec §4, API.md §5) — through the router
 * when the app registered it (`setLoginNavigator`), else by a full page load — unless it is already on
 * the login or registration page (which would loop, or take a new author away from the form).
 */
export function redirectToLogin(): void {
  const { pathname } = window.location;
  if (SIGNED_OUT_PAGES.includes(pathname)) return;
  const url = loginUrlFor(window.location);
  if (loginNavigator) loginNavigator(url);
  else browserLocation.assign(url);
}

/** The login page that returns to `location` afterwards: `/login?backurl=<encoded path+search>` (API.md §5). */
export function loginUrlFor(location: { pathname: string; search: string }): string {
  return '/login?backurl=' + encodeURIComponent(location.pathname + location.search);
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
  installPageLifecycle();
  const controller = new AbortController();
  trackRequest(controller);
  // The server answers refusals in this language (issue #9, docs/api.md "Language of messages"); not signed.
  const headers: Record<string, string> = {
    encryptType: ENCRYPT_TYPE,
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  let url = apiPath;
  let body: string | undefined;
  if (method === 'GET') {
    url += '?' + new URLSearchParams(fields).toString();
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(fields).toString();
  }
  try {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (e) {
      // no answer (offline, DNS, reset): the latest error time's `network` (issue #15); a cancel is not an error,
      // nor a request cut off because the page is being left (page-lifecycle.ts)
      if (!controller.signal.aborted && !pageIsLeaving()) {
        emitApiEvent({
          type: 'failure',
          kind: 'network',
          path: apiPath,
          detail: String((e as Error)?.message ?? e),
        });
      }
      throw e;
    }
    let envelope: { status?: unknown; message?: unknown; data?: unknown; ercd?: unknown };
    try {
      envelope = (await res.json()) as typeof envelope;
    } catch {
      emitApiEvent({ type: 'failure', kind: 'server', path: apiPath, detail: `HTTP ${res.status}` });
      throw new ApiError(Status.INTERNAL, `${res.status} ${res.statusText || 'bad response'}`.trim());
    }
    const status = typeof envelope.status === 'number' ? envelope.status : Status.INTERNAL;
    if (status === Status.INTERNAL || res.status >= 500) {
      emitApiEvent({
        type: 'failure',
        kind: 'server',
        path: apiPath,
        detail: `HTTP ${res.status}, status ${status}`,
      });
    }
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
    emitApiEvent({ type: 'success', path: apiPath, param });
    const config = await loadPublicConfig();
    return rewriteImageHosts(envelope.data as T, config.imageHosts);
  } finally {
    untrackRequest(controller);
  }
}

/**
 * A signed GET of an `/api/` call (API.md §2–3, spec §7): the six fields as query parameters, headers
 * `encryptType: 1` and `Accept-Language` (the UI language: the server's messages come back in it, issue #9),
 * same-origin credentials. Resolves to the envelope's `data` with image URLs
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
