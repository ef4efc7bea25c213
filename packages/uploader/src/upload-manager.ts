import { checkVideoFile } from './validate-video-file';
import { shardCountFor, type MergeFileStatus, type UploadErrorCode, type UploadUse } from '@cc/contracts';
import {
  createUpload,
  type UploadCancelOutcome,
  type UploadFailure,
  type UploadHandle,
  type UploadProgress,
} from './create-upload';
import { createFileServiceClient, type FileServiceClient } from './fileservice-client';
import { TimerGroup } from './timer-group';
import { createXhrTransport, type UploadTransport } from './transport';
import { computeUploadKey } from './upload-key';
import type { VideoInfo } from './video-info';

/**
 * Uploads that outlive the page that started them (issue #9 "uploads that survive"): one store per browser
 * tab holds every video upload, so the author can move around the app while shards go out; the header shows
 * the store, and the publishing page reads its upload back from it. Unfinished uploads are remembered in
 * `localStorage` (upload id, the file's name, size and modification time, the form it belongs to), so after a
 * reload the page offers to continue: the author picks the same file again and only the shards the server
 * does not hold yet are sent (`isExistLocalMergeFile`'s `receivedShards`, API.md §7 and docs/api.md). No
 * React: `subscribe` + `getTasks` fit `useSyncExternalStore`.
 */

/** The publishing form an upload belongs to: its kind, and the video being edited (null: a new one). */
export interface UploadTarget {
  use: UploadUse;
  contentId: number | null;
}

/** The store's slot of a form (`video:new`, `smallVideo:12`): at most one upload per form. */
export function uploadSlot(target: UploadTarget): string {
  return `${target.use}:${target.contentId ?? 'new'}`;
}

/** What identifies a chosen file cheaply; the upload id (`computeUploadKey`) adds the sampled bytes. */
export interface UploadFileIdentity {
  name: string;
  /** bytes */
  size: number;
  /** ms since the epoch, as the browser reports the file's modification time */
  lastModified: number;
}

/**
 * - `uploading`: token, upload id, shards (the page must stay open: leaving stops it);
 * - `merging`: every shard is on the server, the merge was asked for;
 * - `processing`: merged; the server probes duration and size and makes the cover;
 * - `ready`: playable, `info` and `coverUrl` are the server's;
 * - `failed`: see `error`; choosing the same file again resumes (the shards stay on the server);
 * - `paused`: remembered from an earlier page (reload, crash): waits for the author to choose the same file.
 */
export type UploadTaskStatus = 'uploading' | 'merging' | 'processing' | 'ready' | 'failed' | 'paused';

/** Why a task failed: the uploader's failure (spec §8), or the server's probe refused the merged file. */
export type UploadTaskError =
  { kind: 'upload'; failure: UploadFailure } | { kind: 'processing'; detail: string | null };

/** One upload as the pages see it. Tasks are immutable: a change makes a new object. */
export interface UploadTask {
  /** unique in this tab */
  id: number;
  slot: string;
  target: UploadTarget;
  file: UploadFileIdentity;
  /** the upload id (API.md §7 `key` / `fileUploadId`) */
  key: string;
  status: UploadTaskStatus;
  /** live progress while uploading (percent, speed, time left); null before the first report */
  progress: UploadProgress | null;
  /** shards of the file (`shardCountFor`), and how many the server held when a paused task was restored */
  shardTotal: number;
  heldShards: number;
  /** seconds and pixels: read by the browser at the choice, replaced by the server's probe once ready */
  info: VideoInfo | null;
  /** the frame taken in the browser (data URL), shown until the server's cover is there */
  frameDataUrl: string | null;
  /** the server's cover of the merged video (`/media/img/...`), once known */
  coverUrl: string | null;
  error: UploadTaskError | null;
  /** ms since the epoch */
  startedAt: number;
  /** ended (ready or failed) while no page showed it: the header keeps it until its page is visited */
  unseen: boolean;
}

/** What the store keeps per unfinished upload in `localStorage` (no bytes, no token). */
interface StoredUpload {
  target: UploadTarget;
  file: UploadFileIdentity;
  key: string;
  startedAt: number;
}

/** The part of `Storage` the store uses (localStorage in the browser; a Map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface UploadManagerOptions {
  /** the upload token (`GET /api/video/get_upload_video_secret`, API.md §6); called per upload and per restore */
  getToken: () => Promise<{ token: string }>;
  /** the network (default: XMLHttpRequest) */
  transport?: UploadTransport;
  /** where unfinished uploads are remembered (default: none) */
  storage?: KeyValueStorage | null;
  /** clock, ms since the epoch (default Date.now) */
  now?: () => number;
  /** reads the `UserGuid` cookie (default document.cookie) */
  userGuid?: () => string;
  /** [0, 1) random source of the upload workers' start delays (default Math.random) */
  random?: () => number;
}

/** What the page hands over when the author chooses a file. */
export interface StartUploadInput {
  target: UploadTarget;
  file: File;
  /** what the browser read of the file (null when it cannot decode it: the server probes it anyway) */
  info?: VideoInfo | null;
  /** a frame as the default cover (`data:image/jpeg;base64,…`), sent with the first shard */
  frameDataUrl?: string | null;
}

/**
 * - `ok`: the upload runs (or resumes) in the store;
 * - `busy`: this form's upload is still sending: cancel it first;
 * - `invalid`: the file breaks a spec §5 rule (`code`: badFormat, tooLarge);
 * - `differentFile`: the form waits for the file of a remembered upload (`expected`) and this is another one
 *   (name, size, modification time or sampled bytes differ): it must not resume into that upload.
 */
export type StartUploadResult =
  | { ok: true }
  | { ok: false; reason: 'busy' }
  | { ok: false; reason: 'invalid'; code: UploadErrorCode }
  | { ok: false; reason: 'differentFile'; expected: UploadFileIdentity };

/** How often, and how long, the store asks whether a merged video is probed (ms). */
export const READY_POLL_MS = 2000;
export const READY_POLL_MAX_MS = 10 * 60_000;
/**
 * A remembered upload the server holds no shard of is forgotten after this long (ms): the server deletes
 * uploads untouched for 24 h (API.md §7), so there is nothing left to continue.
 */
export const REMEMBER_EMPTY_UPLOAD_MS = 24 * 3600_000;

/** The storage key of one author's remembered uploads (authors sharing a browser do not see each other's). */
export const storageKeyOf = (owner: string) => `cc.uploads.${owner}`;

/** The cheap facts of a file. */
export function fileIdentity(file: UploadFileIdentity): UploadFileIdentity {
  return { name: file.name, size: file.size, lastModified: file.lastModified };
}

function sameIdentity(a: UploadFileIdentity, b: UploadFileIdentity): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/** A remembered upload's file is `file` when the cheap facts and the upload id (sampled bytes) agree. */
function isSameFile(task: Pick<UploadTask, 'file' | 'key'>, file: UploadFileIdentity, key: string): boolean {
  return sameIdentity(task.file, file) && task.key === key;
}

function isStoredUpload(v: unknown): v is StoredUpload {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Partial<StoredUpload>;
  return (
    typeof r.key === 'string' &&
    /^[0-9a-f]{32}$/.test(r.key) &&
    typeof r.startedAt === 'number' &&
    typeof r.file?.name === 'string' &&
    typeof r.file.size === 'number' &&
    typeof r.file.lastModified === 'number' &&
    (r.target?.use === 'video' || r.target?.use === 'smallVideo') &&
    (r.target.contentId === null || Number.isInteger(r.target.contentId))
  );
}

/**
 * The tab's upload store (issue #9). One instance per tab (the web app keeps it at module level), so an
 * upload lives as long as the tab, not as long as a page.
 *
 * - `start` checks the file (spec §5), computes its upload id, and when the form waits for a remembered
 *   upload (`paused`) refuses any file whose name, size, modification time or id differs; then it runs
 *   `createUpload` (which skips the shards the server holds) and, once merged, asks every READY_POLL_MS (2 s,
 *   up to 10 min) until the server has probed the video.
 * - Unfinished uploads (`uploading`, `merging`, `failed`, `paused`) are remembered in `storage` under the
 *   owner's key from the moment their id is known until they are merged, cancelled or replaced.
 * - `restore(owner)` loads the owner's remembered uploads as `paused` tasks and asks the server about each:
 *   merged ones become `processing`/`ready` without the file; a refused one `failed`; one the server holds no
 *   shard of and older than 24 h is forgotten. A new owner (another author signed in) first cancels and
 *   forgets the previous owner's tasks.
 * - `needsPage` is true while shards are still to be sent: the page asks before it is closed.
 */
export class UploadManager {
  private tasks: UploadTask[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly handles = new Map<number, UploadHandle>();
  private readonly timers = new Map<number, TimerGroup>();
  private readonly watchers = new Map<string, number>();
  private readonly starting = new Set<string>();
  private nextId = 1;
  private owner: string | null = null;
  private restoring: Promise<void> | null = null;
  private readonly transport: UploadTransport;
  private readonly now: () => number;

  constructor(private readonly options: UploadManagerOptions) {
    this.transport = options.transport ?? createXhrTransport();
    this.now = options.now ?? (() => Date.now());
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Every task, oldest first; the same array until something changes. */
  getTasks = (): readonly UploadTask[] => this.tasks;

  /** The task of a form's slot (`uploadSlot`), if any. */
  getTask(slot: string): UploadTask | undefined {
    return this.tasks.find((t) => t.slot === slot);
  }

  /** True while some upload still has shards to send: leaving the site now would stop it. */
  get needsPage(): boolean {
    return this.tasks.some((t) => t.status === 'uploading');
  }

  /**
   * Starts (or resumes) the upload of `input.file` for `input.target` (see the class notes).
   * A finished or failed upload of the form is replaced (a failed one's stored bytes are deleted).
   * @returns whether it started, else why not (`StartUploadResult`); never rejects
   */
  async start(input: StartUploadInput): Promise<StartUploadResult> {
    const slot = uploadSlot(input.target);
    const current = this.getTask(slot);
    if (this.starting.has(slot) || current?.status === 'uploading' || current?.status === 'merging')
      return { ok: false, reason: 'busy' };
    const invalid = checkVideoFile(input.file);
    if (invalid) return { ok: false, reason: 'invalid', code: invalid };
    this.starting.add(slot);
    let key: string;
    try {
      key = await computeUploadKey(input.file);
    } catch {
      return { ok: false, reason: 'invalid', code: 'badFormat' }; // the file cannot be read at all
    } finally {
      this.starting.delete(slot);
    }
    // The slot may have changed while the file was read.
    const waiting = this.getTask(slot);
    if (waiting?.status === 'uploading' || waiting?.status === 'merging')
      return { ok: false, reason: 'busy' };
    if (waiting?.status === 'paused' && !isSameFile(waiting, input.file, key))
      return { ok: false, reason: 'differentFile', expected: waiting.file };
    if (waiting) {
      this.drop(waiting.id);
      if (waiting.status === 'failed' && waiting.key !== key) void this.deleteOnServer(waiting.key);
    }

    const task: UploadTask = {
      id: this.nextId++,
      slot,
      target: { ...input.target },
      file: fileIdentity(input.file),
      key,
      status: 'uploading',
      progress: null,
      shardTotal: shardCountFor(input.file.size),
      heldShards: 0,
      info: input.info ?? null,
      frameDataUrl: input.frameDataUrl ?? null,
      coverUrl: null,
      error: null,
      startedAt: this.now(),
      unseen: false,
    };
    this.tasks = [...this.tasks, task];
    this.remember();
    const id = task.id;
    const handle = createUpload({
      file: input.file,
      use: input.target.use,
      key,
      getToken: this.options.getToken,
      transport: this.transport,
      userGuid: this.options.userGuid,
      random: this.options.random,
      clock: { now: this.now },
      coverBase64: input.frameDataUrl ?? undefined,
      coverName: input.frameDataUrl ? 'cover.jpg' : undefined,
      onProgress: (progress) => this.update(id, { progress }),
      onStateChange: (state) => {
        if (state === 'merging') this.update(id, { status: 'merging' });
      },
      onSuccess: (result) => {
        this.update(id, { status: 'processing' });
        this.remember();
        // Merged: the probe job reads duration and size and makes the cover; the answer may say ready already.
        if (result.duration !== undefined) void this.pollReady(id, 0);
        else void this.pollReady(id, READY_POLL_MS);
      },
      onFailure: (failure) => this.end(id, { status: 'failed', error: { kind: 'upload', failure } }),
    });
    this.handles.set(id, handle);
    void handle.start().finally(() => this.handles.delete(id));
    return { ok: true };
  }

  /**
   * Whether `file` may go into the form's slot before anything else is done with it (the page asks first, so
   * a wrong file is refused before the video is decoded): when the form waits for a remembered upload
   * (`paused`), the file must have its name, size, modification time and upload id (`computeUploadKey`).
   * @returns the identity the form waits for when `file` is another file; null when it may go
   */
  async mismatchOf(slot: string, file: File): Promise<UploadFileIdentity | null> {
    const waiting = this.getTask(slot);
    if (waiting?.status !== 'paused') return null;
    if (!sameIdentity(waiting.file, file)) return waiting.file;
    const key = await computeUploadKey(file).catch(() => null);
    return key !== null && isSameFile(waiting, file, key) ? null : waiting.file;
  }

  /**
   * Cancels the form's unfinished upload (`uploading`, `merging`, `failed`, `paused`): stops its shards and
   * tells the server to delete what it holds; the task is forgotten. A merged one (`processing`, `ready`) is
   * only taken off the list (its file belongs to the author now).
   * @returns what happened on the server (`UploadCancelOutcome`), for the page to say so
   */
  async cancel(slot: string): Promise<UploadCancelOutcome> {
    const task = this.getTask(slot);
    if (!task) return 'nothing-sent';
    const handle = this.handles.get(task.id);
    this.drop(task.id);
    if (task.status === 'processing' || task.status === 'ready') return 'nothing-sent';
    if (handle && handle.state !== 'done' && handle.state !== 'failed') return handle.cancel();
    return this.deleteOnServer(task.key);
  }

  /**
   * Puts a merged upload known only by its id into the form (a local copy of the form was restored, issue
   * #9): the store asks the server about it and the task becomes `processing` until probed, then `ready`
   * (with the server's duration, size and cover) or `failed`; an id the server does not know as merged is
   * dropped. A task of the form that is still sending or waiting for its file is left alone.
   * @param file what the form remembers of the file (its name for the header); size and time may be 0
   */
  adopt(target: UploadTarget, key: string, file: UploadFileIdentity): void {
    const slot = uploadSlot(target);
    const current = this.getTask(slot);
    if (current?.key === key && current.status !== 'failed') return;
    if (
      current &&
      (current.status === 'uploading' || current.status === 'merging' || current.status === 'paused')
    )
      return;
    if (current) this.drop(current.id);
    const id = this.nextId++;
    this.tasks = [
      ...this.tasks,
      {
        id,
        slot,
        target: { ...target },
        file: fileIdentity(file),
        key,
        status: 'processing',
        progress: null,
        shardTotal: file.size > 0 ? shardCountFor(file.size) : 0,
        heldShards: 0,
        info: null,
        frameDataUrl: null,
        coverUrl: null,
        error: null,
        startedAt: this.now(),
        unseen: false,
      },
    ];
    this.emit();
    void this.pollReady(id, 0);
  }

  /** Takes a merged task off the list (e.g. the video was published); unfinished ones stay. */
  dismiss(slot: string): void {
    const task = this.getTask(slot);
    if (task && (task.status === 'processing' || task.status === 'ready')) this.drop(task.id);
  }

  /**
   * Moves the form's task to another form (a new video got its id at its first save: `video:new` →
   * `video:12`). A task already in the destination slot is forgotten.
   */
  rebind(from: UploadTarget, to: UploadTarget): void {
    const fromSlot = uploadSlot(from);
    const toSlot = uploadSlot(to);
    const task = this.getTask(fromSlot);
    if (!task || fromSlot === toSlot) return;
    const there = this.getTask(toSlot);
    if (there) this.drop(there.id);
    this.update(task.id, { slot: toSlot, target: { ...to }, unseen: false });
    this.remember();
  }

  /**
   * A page shows the slot's task from now until the returned function is called: its end is then not
   * `unseen`, and an unseen end is seen now.
   */
  watch(slot: string): () => void {
    this.watchers.set(slot, (this.watchers.get(slot) ?? 0) + 1);
    const task = this.getTask(slot);
    if (task?.unseen) this.update(task.id, { unseen: false });
    return () => {
      const n = (this.watchers.get(slot) ?? 1) - 1;
      if (n <= 0) this.watchers.delete(slot);
      else this.watchers.set(slot, n);
    };
  }

  /**
   * Loads the remembered uploads of `owner` (the signed-in author) once, and asks the server about each
   * (see the class notes). Resolves when every answer is in; never rejects (without an answer a task stays
   * `paused`: the author can still choose the file).
   */
  restore(owner: string): Promise<void> {
    if (this.owner === owner && this.restoring) return this.restoring;
    if (this.owner !== null && this.owner !== owner) {
      // Another author signed in on this tab: the previous one's uploads stop (what the server holds stays,
      // and they stay remembered under that author's key) and leave this tab's list.
      for (const task of this.tasks) this.handles.get(task.id)?.stop();
      for (const task of [...this.tasks]) this.drop(task.id, false);
    }
    this.owner = owner;
    this.restoring = this.load();
    return this.restoring;
  }

  private async load(): Promise<void> {
    const restored: UploadTask[] = [];
    for (const r of this.readStored()) {
      const slot = uploadSlot(r.target);
      if (this.getTask(slot) || restored.some((t) => t.slot === slot)) continue;
      restored.push({
        id: this.nextId++,
        slot,
        target: r.target,
        file: r.file,
        key: r.key,
        status: 'paused',
        progress: null,
        shardTotal: shardCountFor(r.file.size),
        heldShards: 0,
        info: null,
        frameDataUrl: null,
        coverUrl: null,
        error: null,
        startedAt: r.startedAt,
        unseen: false,
      });
    }
    if (restored.length > 0) {
      this.tasks = [...this.tasks, ...restored];
      this.emit();
    }
    // with the restored ones, the uploads started before the owner was known are remembered from now on
    this.remember();
    if (restored.length === 0) return;
    const client = await this.client();
    if (!client) return;
    await Promise.all(
      restored.map(async (task) => {
        const status: MergeFileStatus | null = await client.queryMergeFile(task.key).result.catch(() => null);
        // The author may have started or cancelled meanwhile.
        if (!status || this.byId(task.id)?.status !== 'paused') return;
        this.applyServerState(task.id, status, true);
      }),
    );
    this.remember();
  }

  /** Applies an `isExistLocalMergeFile` answer to a task that is not sending (restored or merged). */
  private applyServerState(id: number, s: MergeFileStatus, restored: boolean): void {
    const task = this.byId(id);
    if (!task) return;
    switch (s.state) {
      case 'ready':
        this.end(id, {
          status: 'ready',
          coverUrl: s.coverUrl ?? task.coverUrl,
          info:
            s.duration !== undefined && s.width !== undefined && s.height !== undefined
              ? { duration: s.duration, width: s.width, height: s.height }
              : task.info,
        });
        return;
      case 'failed':
        this.end(id, { status: 'failed', error: { kind: 'processing', detail: s.error ?? null } });
        if (restored) void this.deleteOnServer(task.key);
        return;
      case 'merging':
      case 'processing':
        if (restored) {
          this.update(id, { status: 'processing' });
          void this.pollReady(id, READY_POLL_MS);
        }
        return;
      case 'uploading': {
        const held = s.receivedShards.filter((i) => i >= 1 && i <= task.shardTotal).length;
        if (restored && held === 0 && this.now() - task.startedAt > REMEMBER_EMPTY_UPLOAD_MS) this.drop(id);
        else if (restored) this.update(id, { heldShards: held });
      }
    }
  }

  /** Asks every READY_POLL_MS, up to READY_POLL_MAX_MS, until the merged video is probed or refused. */
  private async pollReady(id: number, firstDelay: number): Promise<void> {
    const timers = new TimerGroup();
    this.timers.set(id, timers);
    const deadline = this.now() + READY_POLL_MAX_MS;
    let delay = firstDelay;
    try {
      for (;;) {
        if (!(await timers.wait(delay))) return;
        delay = READY_POLL_MS;
        const task = this.byId(id);
        if (!task || task.status !== 'processing') return;
        const client = await this.client();
        const s = client ? await client.queryMergeFile(task.key).result.catch(() => null) : null;
        if (s?.state === 'ready' || s?.state === 'failed') return this.applyServerState(id, s, false);
        // not merged (unknown, or cancelled since): nothing to wait for
        if (s?.state === 'uploading') return this.drop(id);
        // Still probing, or no answer: the server finishes anyway; the form keeps saying "processing".
        if (this.now() >= deadline) return;
      }
    } finally {
      timers.stop();
      if (this.timers.get(id) === timers) this.timers.delete(id);
    }
  }

  private async client(): Promise<FileServiceClient | null> {
    try {
      const { token } = await this.options.getToken();
      return createFileServiceClient(this.transport, token, this.options.userGuid);
    } catch {
      return null;
    }
  }

  private async deleteOnServer(key: string): Promise<UploadCancelOutcome> {
    const client = await this.client();
    if (!client) return 'not-deleted';
    try {
      await client.deleteUpload(key).result;
      return 'deleted';
    } catch {
      return 'not-deleted'; // the server deletes uploads untouched for 24 h (API.md §7)
    }
  }

  private byId(id: number): UploadTask | undefined {
    return this.tasks.find((t) => t.id === id);
  }

  private update(id: number, patch: Partial<UploadTask>): void {
    let changed = false;
    this.tasks = this.tasks.map((t) => {
      if (t.id !== id) return t;
      changed = true;
      return { ...t, ...patch };
    });
    if (changed) this.emit();
  }

  /** A task ended (ready or failed): unseen unless a page shows its slot. */
  private end(id: number, patch: Partial<UploadTask>): void {
    const task = this.byId(id);
    if (!task) return;
    this.update(id, { ...patch, unseen: !this.watchers.has(task.slot) });
    this.remember();
  }

  private drop(id: number, save = true): void {
    this.timers.get(id)?.stop();
    this.timers.delete(id);
    this.handles.delete(id);
    const before = this.tasks.length;
    this.tasks = this.tasks.filter((t) => t.id !== id);
    if (this.tasks.length !== before) {
      if (save) this.remember();
      this.emit();
    }
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private readStored(): StoredUpload[] {
    const storage = this.options.storage;
    if (!storage || this.owner === null) return [];
    try {
      const parsed: unknown = JSON.parse(storage.getItem(storageKeyOf(this.owner)) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isStoredUpload) : [];
    } catch {
      return []; // unreadable (edited by hand, an old format): nothing to continue
    }
  }

  /** Writes the unfinished tasks of the owner (merged ones need no file any more). */
  private remember(): void {
    const storage = this.options.storage;
    if (!storage || this.owner === null) return;
    const unfinished: StoredUpload[] = this.tasks
      .filter((t) => t.status !== 'processing' && t.status !== 'ready' && t.error?.kind !== 'processing')
      .map((t) => ({ target: t.target, file: t.file, key: t.key, startedAt: t.startedAt }));
    try {
      if (unfinished.length === 0) storage.removeItem(storageKeyOf(this.owner));
      else storage.setItem(storageKeyOf(this.owner), JSON.stringify(unfinished));
    } catch {
      // storage full or disabled: the upload goes on, only a reload cannot offer to continue it
    }
  }
}
