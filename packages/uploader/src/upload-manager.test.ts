import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILESERVICE_PATHS, MB, type MergeFileStatus } from '@cc/contracts';
import { computeUploadKey } from './upload-key';
import {
  READY_POLL_MS,
  REMEMBER_EMPTY_UPLOAD_MS,
  storageKeyOf,
  UploadManager,
  uploadSlot,
  type KeyValueStorage,
  type UploadTarget,
} from './upload-manager';
import { FakeTransport, makeFile, networkDown, ok, type FakeRequest } from './test-helpers';

// Issue #9 "uploads that survive": the tab's upload store, against a fake file service that remembers shards.
const P = FILESERVICE_PATHS;
const OWNER = '42';
const VIDEO: UploadTarget = { use: 'video', contentId: null };
const SLOT = uploadSlot(VIDEO);

/** A file service that keeps shards per key, merges, and reports a probed video `probeAfter` checks later. */
class FakeFileService extends FakeTransport {
  held = new Map<string, Set<number>>();
  state = new Map<string, MergeFileStatus['state']>();
  deleteFails = false;
  constructor() {
    super();
    this.answer = (r: FakeRequest) => {
      const key = r.path === P.moreShard ? String(r.form!.get('key')) : (r.query.get('fileUploadId') ?? '');
      switch (r.path) {
        case P.moreShard: {
          const index = Number(r.form!.get('shardIndex'));
          const set = this.held.get(key) ?? new Set<number>();
          set.add(index);
          this.held.set(key, set);
          return ok({ fileUploadId: key, shardIndex: index, received: set.size });
        }
        case P.merge: {
          const body = new URLSearchParams(String(r.req.body));
          this.state.set(body.get('fileUploadId')!, 'ready');
          return ok({ merged: true, fileKey: 'videos/k.mp4', url: '/media/video/k.mp4' });
        }
        case P.isExistLocalMergeFile: {
          const state = this.state.get(key) ?? 'uploading';
          const ready = state === 'ready';
          return ok({
            exists: ready,
            state,
            fileKey: ready ? 'videos/k.mp4' : null,
            url: ready ? '/media/video/k.mp4' : null,
            receivedShards: [...(this.held.get(key) ?? [])].sort((a, b) => a - b),
            ...(ready
              ? { duration: 12.5, width: 1280, height: 720, coverUrl: '/media/img/0x0/covers/k.jpg' }
              : {}),
          });
        }
        case P.upload:
          if (this.deleteFails) return networkDown();
          this.held.delete(key);
          this.state.delete(key);
          return ok(null);
        default:
          return ok(null);
      }
    };
  }
}

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function manager(service: FakeFileService, storage: KeyValueStorage) {
  return new UploadManager({
    getToken: () => Promise.resolve({ token: 'tok' }),
    transport: service,
    storage,
    userGuid: () => 'guid',
    random: () => 0,
  });
}

/** Runs the fake clock on until `done()` holds (at most 10 simulated minutes). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 6000 && !done(); i++) await vi.advanceTimersByTimeAsync(100);
  expect(done()).toBe(true);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an upload in the store', () => {
  it('runs to ready with no page attached; the record lives until the merge; needsPage while shards go out', async () => {
    const service = new FakeFileService();
    const storage = memoryStorage();
    const m = manager(service, storage);
    void m.restore(OWNER);
    const seen: string[] = [];
    m.subscribe(() => {
      const s = m.getTask(SLOT)?.status;
      if (s && seen.at(-1) !== s) seen.push(s);
    });
    const file = makeFile(3 * MB, 'trip.mp4');
    expect(await m.start({ target: VIDEO, file, info: { duration: 12, width: 1280, height: 720 } })).toEqual({
      ok: true,
    });
    expect(m.needsPage).toBe(true);
    const stored = JSON.parse(storage.data.get(storageKeyOf(OWNER))!) as unknown[];
    expect(stored).toEqual([
      {
        target: VIDEO,
        file: { name: 'trip.mp4', size: 3 * MB, lastModified: file.lastModified },
        key: await computeUploadKey(file),
        startedAt: Date.now(),
      },
    ]);
    await until(() => m.getTask(SLOT)?.status === 'ready');
    expect(seen).toEqual(['uploading', 'merging', 'processing', 'ready']);
    expect(m.needsPage).toBe(false);
    expect(storage.data.has(storageKeyOf(OWNER))).toBe(false);
    const task = m.getTask(SLOT)!;
    expect(task.info).toEqual({ duration: 12.5, width: 1280, height: 720 });
    expect(task.coverUrl).toBe('/media/img/0x0/covers/k.jpg');
    expect(task.progress?.progress).toBe(100);
    // no page watched it: the header keeps it until the page is visited
    expect(task.unseen).toBe(true);
    const stop = m.watch(SLOT);
    expect(m.getTask(SLOT)!.unseen).toBe(false);
    stop();
    expect(service.shards()).toHaveLength(3);
  });

  it('a second file for a form that is still sending is refused (busy); an invalid file never starts', async () => {
    const m = manager(new FakeFileService(), memoryStorage());
    void m.restore(OWNER);
    await m.start({ target: VIDEO, file: makeFile(2 * MB) });
    expect(await m.start({ target: VIDEO, file: makeFile(MB, 'b.mp4') })).toEqual({
      ok: false,
      reason: 'busy',
    });
    expect(
      await m.start({
        target: { use: 'smallVideo', contentId: null },
        file: makeFile(MB, 'notes.txt', { type: 'text/plain' }),
      }),
    ).toEqual({ ok: false, reason: 'invalid', code: 'badFormat' });
    expect(m.getTasks()).toHaveLength(1);
  });

  it('an upload started before the author was known is remembered once the author is', async () => {
    const storage = memoryStorage();
    const service = new FakeFileService();
    const m = manager(service, storage);
    const base = service.answer;
    service.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    await m.start({ target: VIDEO, file: makeFile(2 * MB) });
    expect(storage.data.size).toBe(0);
    await m.restore(OWNER);
    expect(JSON.parse(storage.data.get(storageKeyOf(OWNER))!)).toMatchObject([{ target: VIDEO }]);
  });

  it('rebind moves the task and its record to the form that got an id at its first save', async () => {
    const storage = memoryStorage();
    const m = manager(new FakeFileService(), storage);
    void m.restore(OWNER);
    await m.start({ target: VIDEO, file: makeFile(2 * MB) });
    m.rebind(VIDEO, { use: 'video', contentId: 12 });
    expect(m.getTask(SLOT)).toBeUndefined();
    expect(m.getTask('video:12')?.target).toEqual({ use: 'video', contentId: 12 });
    expect(JSON.parse(storage.data.get(storageKeyOf(OWNER))!)).toMatchObject([
      { target: { use: 'video', contentId: 12 } },
    ]);
  });
});

describe('after a reload (a new store on the same storage)', () => {
  /** Sends `sent` shards of `file` in a first store, then "reloads": a new store restores from storage. */
  async function reloadedAfter(sent: number, file: File) {
    const service = new FakeFileService();
    const storage = memoryStorage();
    const first = manager(service, storage);
    void first.restore(OWNER);
    const base = service.answer;
    // The first page dies after `sent` shards: the rest never get an answer.
    service.answer = (r) => (r.path === P.moreShard && service.shards().length > sent ? 'manual' : base(r));
    await first.start({ target: VIDEO, file });
    await until(() => (service.held.get(first.getTask(SLOT)!.key)?.size ?? 0) === sent);
    service.answer = base;
    const second = manager(service, storage);
    await second.restore(OWNER);
    return { service, storage, second, sentBefore: service.shards().length };
  }

  it('offers the remembered upload (paused, with the shards the server holds), then resumes the same file from there', async () => {
    const file = makeFile(5 * MB, 'trip.mp4');
    const { service, second, sentBefore } = await reloadedAfter(3, file);
    const paused = second.getTask(SLOT)!;
    expect(paused).toMatchObject({
      status: 'paused',
      file: { name: 'trip.mp4', size: 5 * MB, lastModified: file.lastModified },
      shardTotal: 5,
      heldShards: 3,
    });
    expect(second.needsPage).toBe(false);
    // the author picks the same file again (a new File object with the same name, size, time and bytes)
    const again = makeFile(5 * MB, 'trip.mp4');
    expect(await second.start({ target: VIDEO, file: again })).toEqual({ ok: true });
    await until(() => second.getTask(SLOT)?.status === 'ready');
    const resent = service
      .shards()
      .slice(sentBefore)
      .map((r) => Number(r.form!.get('shardIndex')))
      .sort();
    expect(resent).toEqual([4, 5]);
  });

  it('refuses a different file with the same name: other bytes, or another modification time; nothing is sent', async () => {
    const file = makeFile(5 * MB, 'trip.mp4');
    const { service, second, sentBefore } = await reloadedAfter(2, file);
    const expected = { name: 'trip.mp4', size: 5 * MB, lastModified: file.lastModified };
    const otherBytes = makeFile(5 * MB, 'trip.mp4', { seed: 9 });
    // the page asks first (before decoding the video), the store checks again when it starts
    expect(await second.mismatchOf(SLOT, otherBytes)).toEqual(expected);
    expect(await second.mismatchOf(SLOT, makeFile(5 * MB, 'trip.mp4'))).toBeNull();
    expect(await second.start({ target: VIDEO, file: otherBytes })).toEqual({
      ok: false,
      reason: 'differentFile',
      expected,
    });
    const otherTime = makeFile(5 * MB, 'trip.mp4', { lastModified: file.lastModified + 1000 });
    expect(await second.start({ target: VIDEO, file: otherTime })).toMatchObject({ reason: 'differentFile' });
    const otherSize = makeFile(4 * MB, 'trip.mp4');
    expect(await second.start({ target: VIDEO, file: otherSize })).toMatchObject({ reason: 'differentFile' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(service.shards()).toHaveLength(sentBefore);
    expect(second.getTask(SLOT)!.status).toBe('paused');
  });

  it('discarding the remembered upload deletes it on the server and forgets it', async () => {
    const { service, storage, second } = await reloadedAfter(2, makeFile(4 * MB));
    const key = second.getTask(SLOT)!.key;
    expect(await second.cancel(SLOT)).toBe('deleted');
    expect(service.to(P.upload).map((r) => r.query.get('fileUploadId'))).toEqual([key]);
    expect(service.held.has(key)).toBe(false);
    expect(second.getTask(SLOT)).toBeUndefined();
    expect(storage.data.has(storageKeyOf(OWNER))).toBe(false);
  });

  it('a remembered upload the server merged meanwhile comes back ready without the file', async () => {
    const file = makeFile(2 * MB);
    const service = new FakeFileService();
    const storage = memoryStorage();
    const key = await computeUploadKey(file);
    storage.setItem(
      storageKeyOf(OWNER),
      JSON.stringify([
        { target: VIDEO, file: { name: file.name, size: file.size, lastModified: 1 }, key, startedAt: 0 },
      ]),
    );
    service.state.set(key, 'ready');
    const m = manager(service, storage);
    await m.restore(OWNER);
    expect(m.getTask(SLOT)).toMatchObject({ status: 'ready', key, unseen: true, info: { duration: 12.5 } });
    expect(storage.data.has(storageKeyOf(OWNER))).toBe(false);
    expect(service.shards()).toHaveLength(0);
  });

  it('forgets a remembered upload the server holds nothing of after 24 h; a younger one is still offered', async () => {
    const storage = memoryStorage();
    const record = (key: string, contentId: number, startedAt: number) => ({
      target: { use: 'video', contentId },
      file: { name: `${contentId}.mp4`, size: MB, lastModified: 1 },
      key,
      startedAt,
    });
    storage.setItem(
      storageKeyOf(OWNER),
      JSON.stringify([
        record('a'.repeat(32), 1, Date.now() - REMEMBER_EMPTY_UPLOAD_MS - 1),
        record('b'.repeat(32), 2, Date.now() - 60_000),
        { junk: true },
      ]),
    );
    const m = manager(new FakeFileService(), storage);
    await m.restore(OWNER);
    expect(m.getTasks().map((t) => [t.slot, t.status])).toEqual([['video:2', 'paused']]);
    expect(JSON.parse(storage.data.get(storageKeyOf(OWNER))!)).toHaveLength(1);
  });

  it("another author's remembered uploads are not offered; signing in as another stops mine without deleting", async () => {
    const service = new FakeFileService();
    const storage = memoryStorage();
    const m = manager(service, storage);
    void m.restore(OWNER);
    const base = service.answer;
    service.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    await m.start({ target: VIDEO, file: makeFile(3 * MB) });
    await vi.advanceTimersByTimeAsync(1500);
    await m.restore('77');
    expect(m.getTasks()).toEqual([]);
    expect(m.needsPage).toBe(false);
    expect(service.shards().every((r) => r.aborted)).toBe(true);
    expect(service.to(P.upload)).toHaveLength(0);
    expect(storage.data.has(storageKeyOf(OWNER))).toBe(true);
  });
});

describe('cancel (issue #9: asks, then says what happened)', () => {
  it('stops the shards, deletes what the server holds, forgets the task', async () => {
    const service = new FakeFileService();
    const storage = memoryStorage();
    const m = manager(service, storage);
    void m.restore(OWNER);
    const base = service.answer;
    service.answer = (r) => (r.path === P.moreShard && service.shards().length > 1 ? 'manual' : base(r));
    await m.start({ target: VIDEO, file: makeFile(4 * MB) });
    await vi.advanceTimersByTimeAsync(1500);
    expect(await m.cancel(SLOT)).toBe('deleted');
    expect(service.to(P.upload)).toHaveLength(1);
    expect(service.shards().filter((r) => !r.settled)).toHaveLength(0);
    expect(m.getTasks()).toEqual([]);
    expect(storage.data.has(storageKeyOf(OWNER))).toBe(false);
  });

  it('says so when the server could not be told (it deletes untouched uploads within 24 h)', async () => {
    const service = new FakeFileService();
    service.deleteFails = true;
    const m = manager(service, memoryStorage());
    void m.restore(OWNER);
    const base = service.answer;
    service.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    await m.start({ target: VIDEO, file: makeFile(2 * MB) });
    await vi.advanceTimersByTimeAsync(1500);
    expect(await m.cancel(SLOT)).toBe('not-deleted');
  });

  it('a merged upload is only taken off the list, never deleted', async () => {
    const service = new FakeFileService();
    const m = manager(service, memoryStorage());
    void m.restore(OWNER);
    await m.start({ target: VIDEO, file: makeFile(MB) });
    await until(() => m.getTask(SLOT)?.status === 'ready');
    expect(await m.cancel(SLOT)).toBe('nothing-sent');
    expect(service.to(P.upload)).toHaveLength(0);
    expect(m.getTasks()).toEqual([]);
  });
});

describe('adopt (a restored local copy of the form names its upload)', () => {
  it('asks the server: a merged upload comes back ready with its facts; an unknown one is dropped', async () => {
    const service = new FakeFileService();
    const m = manager(service, memoryStorage());
    void m.restore(OWNER);
    const merged = 'a'.repeat(32);
    service.state.set(merged, 'ready');
    m.adopt(VIDEO, merged, { name: 'trip.mp4', size: 0, lastModified: 0 });
    expect(m.getTask(SLOT)?.status).toBe('processing');
    await until(() => m.getTask(SLOT)?.status === 'ready');
    expect(m.getTask(SLOT)).toMatchObject({
      key: merged,
      info: { duration: 12.5, width: 1280, height: 720 },
    });
    const small = { use: 'smallVideo', contentId: 3 } as const;
    m.adopt(small, 'b'.repeat(32), { name: 'gone.mp4', size: 0, lastModified: 0 });
    await until(() => m.getTask(uploadSlot(small)) === undefined);
    expect(service.shards()).toHaveLength(0);
  });

  it('never replaces an upload that is still sending', async () => {
    const service = new FakeFileService();
    const m = manager(service, memoryStorage());
    void m.restore(OWNER);
    const base = service.answer;
    service.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    await m.start({ target: VIDEO, file: makeFile(2 * MB) });
    m.adopt(VIDEO, 'c'.repeat(32), { name: 'old.mp4', size: 0, lastModified: 0 });
    expect(m.getTask(SLOT)).toMatchObject({ status: 'uploading', file: { name: 'trip.mp4' } });
  });
});

describe('processing', () => {
  it('a probe that fails ends the task failed with the server reason, asked every 2 s', async () => {
    const service = new FakeFileService();
    const base = service.answer;
    let checks = 0;
    service.answer = (r) => {
      if (r.path === P.merge) return ok({ merged: true, fileKey: 'videos/k.mp4', url: '/media/video/k.mp4' });
      if (r.path === P.isExistLocalMergeFile && service.to(P.merge).length > 0) {
        const probed = ++checks >= 3;
        return ok({
          exists: !probed,
          state: probed ? 'failed' : 'processing',
          fileKey: null,
          url: null,
          receivedShards: [1],
          ...(probed ? { error: 'no video stream' } : {}),
        });
      }
      return base(r);
    };
    const m = manager(service, memoryStorage());
    void m.restore(OWNER);
    await m.start({ target: VIDEO, file: makeFile(MB) });
    await until(() => m.getTask(SLOT)?.status === 'failed');
    expect(m.getTask(SLOT)!.error).toEqual({ kind: 'processing', detail: 'no video stream' });
    const polls = service.to(P.isExistLocalMergeFile).slice(1);
    expect(polls[1]!.sentAt - polls[0]!.sentAt).toBeGreaterThanOrEqual(READY_POLL_MS);
  });
});
