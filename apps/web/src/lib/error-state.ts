import { formatDate, WEB_VER } from '@cc/contracts';
import { useSyncExternalStore } from 'react';
import { installPageLifecycle, pageIsLeaving } from './api-client/page-lifecycle';

/**
 * The latest error (spec §3 "Error state: records the time of the latest error"; issue #15): its kind, time, the
 * request path or a short message, and the page it happened on. Kept in memory and in sessionStorage (this tab,
 * across a reload: the server-exception screen reads it after one) — never localStorage, never sent anywhere. No
 * personal data: paths without their query string, messages cut to 200 characters, never a server's answer text.
 * - `network`: a call got no answer; `server`: an HTTP 5xx, a body that is not the envelope, or status 10500;
 *   `script`: an uncaught error or rejection in the page, or a route's render error.
 */
export type ErrorKind = 'network' | 'server' | 'script';
export const ERROR_KINDS: readonly ErrorKind[] = ['network', 'server', 'script'];

export interface LatestError {
  kind: ErrorKind;
  /** ISO time */
  at: string;
  /** the request path (network, server) or the script's message, no query string, ≤ 200 characters */
  detail: string;
  /** the page's path when it happened */
  page: string;
}

export const ERROR_STATE_KEY = 'cc.latestError';
const DETAIL_MAX = 200;

let current: LatestError | null | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isLatestError(v: unknown): v is LatestError {
  const e = v as LatestError;
  return (
    !!e &&
    ERROR_KINDS.includes(e.kind) &&
    typeof e.at === 'string' &&
    !Number.isNaN(Date.parse(e.at)) &&
    typeof e.detail === 'string' &&
    typeof e.page === 'string'
  );
}

/** Drops a query string or fragment and cuts to 200 characters (no tokens or search terms kept). */
export function scrub(text: string): string {
  return text.replace(/[?#]\S*/g, '').slice(0, DETAIL_MAX);
}

/** The latest error of this tab (memory, else sessionStorage), or null. */
export function latestError(): LatestError | null {
  if (current !== undefined) return current;
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(ERROR_STATE_KEY) ?? 'null');
    current = isLatestError(parsed) ? parsed : null;
  } catch {
    current = null;
  }
  return current;
}

/**
 * Records an error as the latest (memory and sessionStorage) and tells the listeners — unless the page is being
 * left (between `pagehide` and `pageshow`, page-lifecycle.ts): then a fetch cut off, a response body cut off (it
 * would read as `server`) or a lazy chunk's import cut off (an unhandled rejection, `script`) is the navigation's
 * doing, and nothing is recorded.
 * @param detail the request path or message (scrubbed here)
 * @param at the time (default now)
 * @returns the entry recorded, or null when the page is being left
 */
export function recordError(kind: ErrorKind, detail: string, at: Date = new Date()): LatestError | null {
  if (pageIsLeaving()) return null;
  const entry: LatestError = {
    kind,
    at: at.toISOString(),
    detail: scrub(detail),
    page: scrub(window.location.pathname),
  };
  current = entry;
  try {
    storage()?.setItem(ERROR_STATE_KEY, JSON.stringify(entry));
  } catch {
    // storage full or disabled: memory only
  }
  for (const l of listeners) l();
  return entry;
}

/** Forgets the latest error (tests). */
export function clearLatestError(): void {
  current = null;
  try {
    storage()?.removeItem(ERROR_STATE_KEY);
  } catch {
    // ignore
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The latest error, re-rendering when a new one is recorded. */
export function useLatestError(): LatestError | null {
  return useSyncExternalStore(subscribe, latestError, latestError);
}

/** `YYYY-MM-DD HH:mm:ss` in the browser's time zone (what the screen shows). */
export function errorTimeText(e: LatestError): string {
  return formatDate(e.at, 'YYYY-MM-DD HH:mm:ss');
}

/**
 * The build of this page: the hashed name of its entry script (`index-3f2a1b.js`), else `dev`.
 */
export function buildId(): string {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  const name = script?.src.split('/').pop()?.replace(/\.js$/, '');
  return name || 'dev';
}

export interface SupportReportContext {
  /** the localized labels and kind names */
  labels: {
    title: string;
    version: string;
    time: string;
    kind: string;
    detail: string;
    page: string;
    language: string;
    user: string;
    none: string;
    kindName: (kind: ErrorKind) => string;
  };
  language: string;
  /** the userid cookie (API.md §5), '' when signed out */
  userId: string;
  /** the page the report is copied from */
  currentPage: string;
  now: Date;
}

/**
 * The text a "copy support report" puts on the clipboard (issue #15): app version and build, the time (local and
 * UTC), the kind, the request path or message, the page it happened on, the language and the user id — nothing
 * else. Without a recorded error it says so.
 */
export function supportReport(e: LatestError | null, ctx: SupportReportContext): string {
  const l = ctx.labels;
  const lines = [
    l.title,
    `${l.version}: ${WEB_VER} (${buildId()})`,
    `${l.time}: ${e ? `${errorTimeText(e)} (${e.at})` : `${l.none} — ${ctx.now.toISOString()}`}`,
    `${l.kind}: ${e ? l.kindName(e.kind) : l.none}`,
    `${l.detail}: ${e ? e.detail || l.none : l.none}`,
    `${l.page}: ${e ? e.page : scrub(ctx.currentPage)}`,
    `${l.language}: ${ctx.language}`,
    `${l.user}: ${ctx.userId || l.none}`,
  ];
  return lines.join('\n');
}

let installed = false;

/**
 * Chromium's notice that a ResizeObserver callback changed layout again within one frame ("ResizeObserver loop
 * completed with undelivered notifications.", older: "ResizeObserver loop limit exceeded"). It reaches `window` as
 * an ErrorEvent but nothing failed: the notifications arrive in the next frame (the Resize Observer spec, "deliver
 * resize loop error notification"). antd and echarts observe sizes, and under load a page raises it; recorded, it
 * would replace the error an author has to report with a harmless one.
 */
const BENIGN_ERROR_MESSAGE = /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;

/**
 * Records uncaught script errors and rejections (`script`) from now on; once per page. An ApiError rejection is
 * not a script error (the api-client already recorded what was the app's), nor is the browser's ResizeObserver
 * loop notice (`BENIGN_ERROR_MESSAGE`).
 */
export function installGlobalErrorRecording(): void {
  if (installed) return;
  installed = true;
  installPageLifecycle();
  window.addEventListener('error', (event) => {
    // a resource that failed to load is an Event, not an ErrorEvent: not a script error
    if (!(event instanceof ErrorEvent)) return;
    if (BENIGN_ERROR_MESSAGE.test(event.message)) return;
    recordError('script', event.message || 'error');
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason && typeof reason === 'object' && (reason as { name?: string }).name === 'ApiError') return;
    if (reason && typeof reason === 'object' && (reason as { name?: string }).name === 'AbortError') return;
    recordError('script', reason instanceof Error ? reason.message : String(reason));
  });
}
