/**
 * Local copies of unsaved editor work (issue #9 "Drafts and uploads that survive"). `useLocalDraft` keeps
 * a copy of an editor's value in `localStorage` about one second after each change while the editor is
 * dirty (and at once when the page is hidden or the editor unmounts), under
 * `cc.draft:<author id>:<key>` where `key` names the editor and the item (`article:12`, `article:new`,
 * `poster:7`; null while the item is still loading). The copy is a JSON envelope `{ format, version,
 * savedAt, base, value }`; copies of another `schemaVersion`, older than 30 days, equal to what the editor
 * opened with, or older than the server's version are never offered. On the first non-null key a newer
 * copy is exposed as `pending`, and the page shows `<LocalDraftPrompt draft={…} />` (restore / discard);
 * `restore()` hands the value to `onRestore`. Call `clear()` after every successful save or publish (the
 * copy is also removed whenever `isDirty` is false). A copy over 1,000,000 characters, or a full or
 * disabled storage, is not written and `failure` says why (the prompt component shows it). When the key
 * changes (a new item got its id from its first save), the copy moves to the new key.
 * `useUnsavedChangesPrompt(isDirty)` asks before leaving a dirty editor: an antd confirm for in-app
 * navigation to another path (react-router `useBlocker`; query-string changes of the same page pass), and
 * the browser's own prompt on reload or close (`beforeunload`). Pass `isDirty` as a function when it must
 * be read at the moment of navigation (a save that finished in the same tick).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USERID_COOKIE } from '@cc/contracts';
import { readCookie } from './cookies';

/** Prefix of every local copy in `localStorage`. */
export const LOCAL_DRAFT_PREFIX = 'cc.draft:';
/** Delay between the last change and the write, milliseconds. */
export const LOCAL_DRAFT_DEBOUNCE_MS = 1_000;
/** Largest envelope written, in UTF-16 characters (browsers give an origin about 5 M of them). */
export const LOCAL_DRAFT_MAX_CHARS = 1_000_000;
/** Copies older than this are deleted unread, milliseconds (30 days). */
export const LOCAL_DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Why the last write did not happen: storage full, copy too large, or storage disabled. */
export type LocalDraftFailure = 'quota' | 'too-large' | 'unavailable';

interface Envelope<T> {
  /** envelope layout */
  format: 1;
  /** the editor's `schemaVersion` at write time */
  version: number;
  /** epoch milliseconds of the write (this device's clock) */
  savedAt: number;
  /** epoch milliseconds of the server version the copy was made over, null for a new item */
  base: number | null;
  value: T;
}

export interface LocalDraftOptions<T> {
  /** `<editor>:<item id | 'new'>`; null while the item loads (nothing is read or written) */
  key: string | null;
  /** the editor's current value, JSON-safe; a new identity schedules a write, so memoise it */
  value: T;
  /** true when `value` differs from the server's version */
  isDirty: boolean;
  /** puts a restored copy into the editor */
  onRestore(saved: T): void;
  /** the shape of `value`; copies of another version are ignored (default 1) */
  schemaVersion?: number;
  /** when the server's version was saved (`updatedAt`); copies older than it are not offered */
  serverSavedAt?: string | number | Date | null;
  /** write delay, milliseconds (default `LOCAL_DRAFT_DEBOUNCE_MS`) */
  debounceMs?: number;
}

export interface LocalDraft<T> {
  /** forgets the copy: call after a successful save or publish */
  clear(): void;
  /** when the copy of the current dirty value was written; null when none is */
  savedAt: Date | null;
  /** a copy newer than what the editor opened with, waiting for restore or discard */
  pending: { savedAt: Date; value: T } | null;
  /** hands `pending` to `onRestore` */
  restore(): void;
  /** deletes `pending` */
  discard(): void;
  /** why the latest write failed, null when it succeeded */
  failure: LocalDraftFailure | null;
}

/** The `localStorage` key of a copy: per author (the `userid` cookie, API.md §5) and per editor + item. */
export function localDraftStorageKey(key: string): string {
  return `${LOCAL_DRAFT_PREFIX}${readCookie(USERID_COOKIE) || '0'}:${key}`;
}

const toMs = (v: string | number | Date | null | undefined): number | null => {
  if (v === null || v === undefined) return null;
  const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
};

function readEnvelope(storageKey: string): Envelope<unknown> | null {
  try {
    const text = localStorage.getItem(storageKey);
    if (!text) return null;
    const env = JSON.parse(text) as Partial<Envelope<unknown>> | null;
    if (!env || env.format !== 1 || typeof env.version !== 'number' || typeof env.savedAt !== 'number')
      return null;
    return {
      format: 1,
      version: env.version,
      savedAt: env.savedAt,
      base: env.base ?? null,
      value: env.value,
    };
  } catch {
    return null; // storage disabled or a copy that is not JSON: nothing to offer
  }
}

function removeItem(storageKey: string): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // storage disabled: there is nothing to remove
  }
}

/** Deletes every local copy (of any author) older than `LOCAL_DRAFT_MAX_AGE_MS`; returns how many. */
export function pruneLocalDrafts(now = Date.now()): number {
  let removed = 0;
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(LOCAL_DRAFT_PREFIX)) keys.push(k);
    }
    for (const k of keys) {
      const env = readEnvelope(k);
      if (!env || now - env.savedAt > LOCAL_DRAFT_MAX_AGE_MS) {
        localStorage.removeItem(k);
        removed++;
      }
    }
  } catch {
    // storage disabled
  }
  return removed;
}

const isQuotaError = (e: unknown) =>
  e instanceof DOMException &&
  (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);

/** Writes one envelope; on a full storage prunes old copies and tries once more. */
function writeEnvelope(storageKey: string, env: Envelope<unknown>): LocalDraftFailure | null {
  const text = JSON.stringify(env);
  if (text.length > LOCAL_DRAFT_MAX_CHARS) return 'too-large';
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      localStorage.setItem(storageKey, text);
      return null;
    } catch (e) {
      if (!isQuotaError(e)) return 'unavailable';
      if (attempt === 0 && pruneLocalDrafts() === 0) return 'quota';
    }
  }
  return 'quota';
}

/** The copy worth offering under `storageKey`, or null (see the module comment for the rules). */
function findPending<T>(
  storageKey: string,
  current: T,
  schemaVersion: number,
  serverMs: number | null,
): { savedAt: Date; value: T } | null {
  const env = readEnvelope(storageKey);
  if (!env || env.version !== schemaVersion) return null;
  if (Date.now() - env.savedAt > LOCAL_DRAFT_MAX_AGE_MS) return null;
  if (JSON.stringify(env.value) === JSON.stringify(current)) return null;
  // Newer than the server by this device's clock, or made over the very version the server still has
  // (so a clock behind the server's never hides unsaved work).
  const isNewer = serverMs === null || env.savedAt > serverMs || env.base === serverMs;
  return isNewer ? { savedAt: new Date(env.savedAt), value: env.value as T } : null;
}

/**
 * Keeps a local copy of an editor's unsaved value and offers it back after a reload or crash (issue #9).
 * See the module comment for the storage rules.
 * @returns the copy's state and the actions of the restore prompt
 */
export function useLocalDraft<T>(opts: LocalDraftOptions<T>): LocalDraft<T> {
  const { key, value, isDirty, schemaVersion = 1, debounceMs = LOCAL_DRAFT_DEBOUNCE_MS } = opts;
  const serverMs = toMs(opts.serverSavedAt);
  // The key whose stored copy was checked (set on the first non-null key) and what it offered.
  const [check, setCheck] = useState<{ key: string | null; pending: { savedAt: Date; value: T } | null }>({
    key: null,
    pending: null,
  });
  if (key !== null && check.key !== key) {
    // First key: look for a copy to offer. A later key (a new item got its id): the copy moves, no check.
    setCheck({
      key,
      pending:
        check.key === null
          ? findPending(localDraftStorageKey(key), value, schemaVersion, serverMs)
          : check.pending,
    });
  }
  const pending = check.key === key ? check.pending : null;
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [failure, setFailure] = useState<LocalDraftFailure | null>(null);
  // Bumped by clear() and discard() so the write effect runs again for a value that is still dirty.
  const [generation, setGeneration] = useState(0);

  const latest = useRef({ value, schemaVersion, serverMs, onRestore: opts.onRestore, pending });
  useEffect(() => {
    latest.current = { value, schemaVersion, serverMs, onRestore: opts.onRestore, pending };
  });
  const storageKeyRef = useRef<string | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const write = useCallback(() => {
    timerRef.current = undefined;
    const storageKey = storageKeyRef.current;
    if (!storageKey) return;
    const { value: v, schemaVersion: version, serverMs: base } = latest.current;
    const env: Envelope<unknown> = { format: 1, version, savedAt: Date.now(), base, value: v };
    const failed = writeEnvelope(storageKey, env);
    setFailure(failed);
    if (!failed) setSavedAt(new Date(env.savedAt));
  }, []);

  const cancelTimer = () => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
  };

  // Follow the key: a copy written under the previous key moves to the new one.
  useEffect(() => {
    if (key === null) return;
    const next = localDraftStorageKey(key);
    const previous = storageKeyRef.current;
    storageKeyRef.current = next;
    if (previous && previous !== next) {
      const hadTimer = timerRef.current !== undefined;
      cancelTimer();
      if (readEnvelope(previous) || hadTimer) write();
      removeItem(previous);
    }
  }, [key, write]);

  // Write about a second after each change while dirty; a clean editor has nothing to keep.
  useEffect(() => {
    if (key === null || check.key !== key) return;
    if (isDirty) {
      cancelTimer();
      timerRef.current = setTimeout(write, debounceMs);
    } else {
      cancelTimer();
      // A copy waiting for the author's answer stays until restore or discard.
      if (!check.pending) removeItem(localDraftStorageKey(key));
    }
  }, [key, check, value, isDirty, generation, debounceMs, write]);

  // Write what is waiting when the page goes away (reload, close, crash of the tab's process is not
  // covered: the last debounced write is what survives) or the editor unmounts.
  useEffect(() => {
    const flush = () => {
      if (timerRef.current !== undefined) {
        cancelTimer();
        write();
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [write]);

  const clear = useCallback(() => {
    cancelTimer();
    if (storageKeyRef.current) removeItem(storageKeyRef.current);
    setSavedAt(null);
    setFailure(null);
    setGeneration((g) => g + 1);
  }, []);

  const restore = useCallback(() => {
    const p = latest.current.pending;
    if (!p) return;
    setCheck((c) => ({ ...c, pending: null }));
    latest.current.onRestore(p.value);
  }, [setCheck]);

  const discard = useCallback(() => {
    if (storageKeyRef.current) removeItem(storageKeyRef.current);
    setCheck((c) => ({ ...c, pending: null }));
    setGeneration((g) => g + 1);
  }, [setCheck]);

  return { clear, savedAt: isDirty ? savedAt : null, pending, restore, discard, failure };
}

/**
 * Asks before leaving an editor with unsaved changes (issue #9): in-app navigation to another path shows
 * an antd confirm (stay / leave; react-router `useBlocker`, so the app must use a data router), and a
 * reload or close gets the browser's own prompt (`beforeunload`; browsers show their own text).
 * @param isDirty a boolean, or a function read at the moment of navigation (preferred when a save can
 *   finish in the same tick as the navigation it precedes)
 * @param message the confirm's text (default `drafts.leave.content`)
 */
export function useUnsavedChangesPrompt(isDirty: boolean | (() => boolean), message?: string): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirtyRef = useRef(isDirty);
  useEffect(() => {
    dirtyRef.current = isDirty;
  });
  const readDirty = () => {
    const d = dirtyRef.current;
    return typeof d === 'function' ? d() : d;
  };
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && readDirty(),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: t('drafts.leave.title'),
      content: message ?? t('drafts.leave.content'),
      okText: t('drafts.leave.ok'),
      cancelText: t('drafts.leave.cancel'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, t, message]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!readDirty()) return;
      e.preventDefault();
      // older Chromium and Safari need returnValue set to show the prompt
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}

/** What `useDraftForm` gives an editor: its values and field errors, and what a save must report. */
export interface DraftForm<V extends object, E extends object> {
  values: V;
  setValues: React.Dispatch<React.SetStateAction<V>>;
  /** sets one field and clears that field's error */
  set<K extends keyof V>(key: K, value: V[K]): void;
  errors: E;
  setErrors: React.Dispatch<React.SetStateAction<E>>;
  /** the values differ from what the server has */
  isDirty: boolean;
  /** after a save succeeded: the values now saved become the reference, the local copy goes */
  markSaved(): void;
  /** the local copy (for `LocalDraftPrompt`) */
  draft: LocalDraft<V>;
}

/**
 * The state of an editor form that is never lost (issue #9, #10 "Drafts never lost"): its values and errors, a
 * local copy kept as the author types and offered back after a reload (`useLocalDraft`), and a question before
 * leaving with unsaved changes (`useUnsavedChangesPrompt`). Dirty means "differs from the last save", compared
 * as JSON; the live value is read at the moment of a navigation, so a save that just finished counts at once.
 * @param opts.key the local copy's key, e.g. `live:7` or `program:new`
 * @param opts.initial the values as the server has them (or `empty` for a new work)
 * @param opts.empty the values of an empty form; a restored copy is laid over them (older copies lack new fields)
 * @param opts.serverSavedAt when the server last saved the work (ISO 8601): an older copy is not offered
 * @param opts.onDirtyChange told whenever dirtiness changes (a page asks before closing a drawer)
 */
export function useDraftForm<V extends object, E extends object>(opts: {
  key: string;
  initial: V;
  empty: V;
  serverSavedAt?: string | null;
  onDirtyChange?: (dirty: boolean) => void;
}): DraftForm<V, E> {
  const { onDirtyChange } = opts;
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<E>({} as E);
  const [lastSaved, setLastSaved] = useState(() => JSON.stringify(opts.initial));
  const text = JSON.stringify(values);
  const isDirty = text !== lastSaved;
  const snapshot = useRef({ current: text, saved: lastSaved });
  useEffect(() => {
    snapshot.current.current = text;
  }, [text]);
  useUnsavedChangesPrompt(() => snapshot.current.current !== snapshot.current.saved);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const draft = useLocalDraft<V>({
    key: opts.key,
    value: values,
    isDirty,
    serverSavedAt: opts.serverSavedAt ?? null,
    onRestore: (saved) => {
      setValues({ ...opts.empty, ...saved });
      setErrors({} as E);
    },
  });
  return {
    values,
    setValues,
    set: (key, value) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => ({ ...e, [key]: undefined }));
    },
    errors,
    setErrors,
    isDirty,
    markSaved: () => {
      snapshot.current.saved = text;
      setLastSaved(text);
      draft.clear();
      onDirtyChange?.(false);
    },
    draft,
  };
}
