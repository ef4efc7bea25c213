import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { LocalDraftPrompt } from '../components/local-draft-prompt';
import { renderAt, renderRoutes } from '../test/render';
import {
  LOCAL_DRAFT_DEBOUNCE_MS,
  LOCAL_DRAFT_MAX_AGE_MS,
  LOCAL_DRAFT_MAX_CHARS,
  localDraftStorageKey,
  useLocalDraft,
  useUnsavedChangesPrompt,
  type LocalDraftOptions,
} from './local-draft';

interface Doc {
  title: string;
  body: string;
}

const stored = (key: string) => {
  const text = localStorage.getItem(localDraftStorageKey(key));
  return text
    ? (JSON.parse(text) as { version: number; savedAt: number; base: number | null; value: Doc })
    : null;
};

const put = (
  key: string,
  value: Doc,
  opts: { savedAt?: number; version?: number; base?: number | null } = {},
) =>
  localStorage.setItem(
    localDraftStorageKey(key),
    JSON.stringify({
      format: 1,
      version: opts.version ?? 1,
      savedAt: opts.savedAt ?? Date.now(),
      base: opts.base ?? null,
      value,
    }),
  );

/** Moves the fake clock (timers and Date) by `ms` milliseconds inside act. */
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const EMPTY: Doc = { title: '', body: '' };

function renderDraft(initial: Partial<LocalDraftOptions<Doc>> = {}) {
  const onRestore = vi.fn<(d: Doc) => void>();
  const view = renderHook(
    (props: Partial<LocalDraftOptions<Doc>>) =>
      useLocalDraft<Doc>({ key: 'article:new', value: EMPTY, isDirty: false, onRestore, ...props }),
    { initialProps: initial },
  );
  return { ...view, onRestore };
}

describe('useLocalDraft (issue #9: a local copy as the author types)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    document.cookie = 'userid=7';
  });
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'userid=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('writes about a second after the last change, in a versioned envelope keyed per author', () => {
    const { rerender, result } = renderDraft();
    rerender({ value: { title: 'a', body: '' }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS - 100);
    rerender({ value: { title: 'ab', body: '' }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS - 100);
    expect(stored('article:new')).toBeNull(); // each change restarts the delay
    tick(100);
    expect(localDraftStorageKey('article:new')).toBe('cc.draft:7:article:new');
    expect(stored('article:new')).toEqual({
      format: 1,
      version: 1,
      savedAt: Date.now(),
      base: null,
      value: { title: 'ab', body: '' },
    });
    expect(result.current.savedAt?.getTime()).toBe(Date.now());
  });

  it('writes at once when the page is hidden (a reload inside the delay keeps the last keystrokes)', () => {
    const { rerender } = renderDraft();
    rerender({ value: { title: 'typed', body: 'just now' }, isDirty: true });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(stored('article:new')?.value).toEqual({ title: 'typed', body: 'just now' });
  });

  it('offers a newer copy on mount; restore hands it to the editor', () => {
    put('article:3', { title: 'unsaved', body: '<p>more</p>' }, { savedAt: Date.now() - 60_000 });
    const { result, onRestore } = renderDraft({
      key: 'article:3',
      value: { title: 'saved', body: '<p>less</p>' },
      serverSavedAt: new Date(Date.now() - 120_000).toISOString(),
    });
    expect(result.current.pending?.value).toEqual({ title: 'unsaved', body: '<p>more</p>' });
    expect(result.current.pending?.savedAt.getTime()).toBe(Date.now() - 60_000);
    act(() => result.current.restore());
    expect(onRestore).toHaveBeenCalledWith({ title: 'unsaved', body: '<p>more</p>' });
    expect(result.current.pending).toBeNull();
  });

  it('keeps the copy while the prompt waits, even though the editor is still clean', () => {
    put('article:new', { title: 'kept', body: '' });
    renderDraft();
    tick(5_000);
    expect(stored('article:new')?.value.title).toBe('kept');
  });

  it('discard deletes the copy', () => {
    put('article:new', { title: 'old', body: '' });
    const { result, onRestore } = renderDraft();
    expect(result.current.pending).not.toBeNull();
    act(() => result.current.discard());
    expect(result.current.pending).toBeNull();
    expect(stored('article:new')).toBeNull();
    expect(onRestore).not.toHaveBeenCalled();
  });

  it('keeps items and authors apart', () => {
    put('article:1', { title: 'one', body: '' });
    const other = renderDraft({ key: 'article:2' });
    expect(other.result.current.pending).toBeNull();
    other.rerender({ key: 'article:2', value: { title: 'two', body: '' }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS);
    expect(stored('article:1')?.value.title).toBe('one');
    expect(stored('article:2')?.value.title).toBe('two');
    document.cookie = 'userid=8';
    expect(renderDraft({ key: 'article:1' }).result.current.pending).toBeNull();
  });

  it('ignores a copy of another schema version, an equal copy, an expired one and one older than the server', () => {
    put('poster:1', { title: 'v1', body: '' }, { version: 1 });
    expect(renderDraft({ key: 'poster:1', schemaVersion: 2 }).result.current.pending).toBeNull();
    put('poster:2', { title: 'same', body: '' });
    expect(
      renderDraft({ key: 'poster:2', value: { title: 'same', body: '' } }).result.current.pending,
    ).toBeNull();
    put('poster:3', { title: 'ancient', body: '' }, { savedAt: Date.now() - LOCAL_DRAFT_MAX_AGE_MS - 1 });
    expect(renderDraft({ key: 'poster:3' }).result.current.pending).toBeNull();
    const server = Date.now() - 1_000;
    put('poster:4', { title: 'stale', body: '' }, { savedAt: server - 5_000, base: server - 60_000 });
    expect(renderDraft({ key: 'poster:4', serverSavedAt: server }).result.current.pending).toBeNull();
    // made over the version the server still has: offered whatever this device's clock says
    put('poster:5', { title: 'behind', body: '' }, { savedAt: server - 5_000, base: server });
    expect(renderDraft({ key: 'poster:5', serverSavedAt: server }).result.current.pending?.value.title).toBe(
      'behind',
    );
  });

  it('clear() after a save removes the copy, and a clean editor writes nothing', () => {
    const { rerender, result } = renderDraft({ key: 'article:9' });
    rerender({ key: 'article:9', value: { title: 'x', body: '' }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS);
    expect(stored('article:9')).not.toBeNull();
    act(() => result.current.clear());
    rerender({ key: 'article:9', value: { title: 'x', body: '' }, isDirty: false });
    tick(LOCAL_DRAFT_DEBOUNCE_MS * 3);
    expect(stored('article:9')).toBeNull();
    expect(result.current.savedAt).toBeNull();
  });

  it('clear() while still dirty (typed during the save) writes the newer text again', () => {
    const { rerender, result } = renderDraft({ key: 'article:9' });
    rerender({ key: 'article:9', value: { title: 'during save', body: '' }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS);
    act(() => result.current.clear());
    expect(stored('article:9')).toBeNull();
    tick(LOCAL_DRAFT_DEBOUNCE_MS);
    expect(stored('article:9')?.value.title).toBe('during save');
  });

  it('moves the copy when a new item gets its id', () => {
    const { rerender } = renderDraft();
    rerender({ value: { title: 'first', body: '' }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS);
    rerender({ key: 'article:12', value: { title: 'first', body: '' }, isDirty: true });
    expect(stored('article:new')).toBeNull();
    expect(stored('article:12')?.value.title).toBe('first');
  });

  it('reports a full storage, and succeeds after pruning expired copies', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { rerender, result } = renderDraft();
    rerender({ value: { title: 'big', body: '' }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS);
    expect(result.current.failure).toBe('quota');
    expect(result.current.savedAt).toBeNull();
    setItem.mockRestore();

    put('article:old', { title: 'old', body: '' }, { savedAt: Date.now() - LOCAL_DRAFT_MAX_AGE_MS - 1 });
    const real = Storage.prototype.setItem;
    let full = true;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, k, v) {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      real.call(this, k, v);
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(function (this: Storage, k) {
      full = false; // pruning made room
      delete (this as unknown as Record<string, string>)[k];
    });
    rerender({ value: { title: 'bigger', body: '' }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS);
    expect(result.current.failure).toBeNull();
    expect(stored('article:new')?.value.title).toBe('bigger');
    expect(stored('article:old')).toBeNull();
  });

  it('refuses a copy over the size bound, and says so', () => {
    const { rerender, result } = renderDraft();
    rerender({ value: { title: 't', body: 'x'.repeat(LOCAL_DRAFT_MAX_CHARS) }, isDirty: true });
    tick(LOCAL_DRAFT_DEBOUNCE_MS);
    expect(result.current.failure).toBe('too-large');
    expect(stored('article:new')).toBeNull();
  });
});

// antd renders slowly in jsdom on a shared 2-core machine (first render of a file above 5 s)
describe('LocalDraftPrompt', { timeout: 30_000 }, () => {
  it('asks with the copy time, and restores or discards', () => {
    const restore = vi.fn();
    const discard = vi.fn();
    const savedAt = new Date();
    savedAt.setHours(12, 3);
    renderAt(
      <LocalDraftPrompt draft={{ pending: { savedAt, value: 1 }, restore, discard, failure: null }} />,
    );
    expect(screen.getByText('发现 12:03 未保存的修改，是否恢复？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /恢\s?复/ }));
    fireEvent.click(screen.getByRole('button', { name: /丢\s?弃/ }));
    expect(restore).toHaveBeenCalledOnce();
    expect(discard).toHaveBeenCalledOnce();
  });

  it('says why no copy is kept', () => {
    renderAt(
      <LocalDraftPrompt draft={{ pending: null, restore: vi.fn(), discard: vi.fn(), failure: 'quota' }} />,
    );
    expect(screen.getByTestId('local-draft-failure').textContent).toContain('浏览器存储空间已满');
  });
});

describe(
  'useUnsavedChangesPrompt (issue #9: leaving with unsaved changes asks first)',
  { timeout: 30_000 },
  () => {
    function Editor({ dirty }: { dirty: boolean }) {
      useUnsavedChangesPrompt(dirty);
      return (
        <>
          <Link to="/elsewhere">away</Link>
          <Link to="/editor?id=5">same page</Link>
        </>
      );
    }
    const routes = (dirty: boolean) => [
      { path: '/editor', element: <Editor dirty={dirty} /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ];

    it('asks before in-app navigation: Stay keeps the page, Leave goes', async () => {
      const { router } = renderRoutes(routes(true), '/editor');
      fireEvent.click(screen.getByText('away'));
      const stay = await screen.findByRole('button', { name: '留 下' });
      expect(screen.getAllByText('确定离开此页面？').length).toBeGreaterThan(0);
      fireEvent.click(stay);
      await waitFor(() => expect(screen.queryByRole('button', { name: '留 下' })).toBeNull());
      expect(router.state.location.pathname).toBe('/editor');
      fireEvent.click(screen.getByText('away'));
      fireEvent.click(await screen.findByRole('button', { name: '离 开' }));
      await screen.findByText('elsewhere');
    });

    it('lets a query-string change of the same page pass, and a clean editor leave', async () => {
      const dirty = renderRoutes(routes(true), '/editor');
      fireEvent.click(screen.getByText('same page'));
      await waitFor(() => expect(dirty.router.state.location.search).toBe('?id=5'));
      expect(screen.queryByRole('button', { name: '离 开' })).toBeNull();
      dirty.unmount();
      renderRoutes(routes(false), '/editor');
      fireEvent.click(screen.getByText('away'));
      await screen.findByText('elsewhere');
    });

    it('asks the browser to confirm a reload only while dirty', () => {
      const fire = () => {
        const e = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      };
      const dirty = renderRoutes(routes(true), '/editor');
      expect(fire()).toBe(true);
      dirty.unmount();
      renderRoutes(routes(false), '/editor');
      expect(fire()).toBe(false);
    });
  },
);
