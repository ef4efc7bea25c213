import {
  SHARD_FILE_FIELD,
  SHARD_MAX_FAILURES,
  SHARD_RETRY_DELAY_MS,
  SHARDS_MISSING_ERCD,
  Status,
  TOO_MANY_OPEN_UPLOADS_ERCD,
  UPLOAD_ERROR_MESSAGES,
  UPLOAD_START_DELAY_MAX_MS,
  UPLOAD_WORKERS,
  fileExtension,
  md5BytesBase64,
  shardCountFor,
  shardSizeFor,
  type MergeFileStatus,
  type ShardFormField,
  type UploadErrorCode,
  type UploadUse,
} from '@cc/contracts';
import {
  FileServiceError,
  createFileServiceClient,
  type FileServiceClient,
  type PendingCall,
} from './fileservice-client';
import { uploadMessageKeys } from './messages';
import { pollMerge } from './poll-merge';
import { SpeedMeter } from './speed-meter';
import { TimerGroup } from './timer-group';
import { createXhrTransport, type UploadTransport } from './transport';
import { computeUploadKey } from './upload-key';
import { checkVideoFile } from './validate-video-file';

/** How often progress is re-reported while shards are in flight, so speed and time left stay live (ms). */
export const PROGRESS_TICK_MS = 1000;

/** Live progress (spec §3 `total, name, progress, speed, fileKey`, plus `loaded` and `timeLeft`). */
export interface UploadProgress {
  /** the file's size, bytes */
  total: number;
  /** the file's name */
  name: string;
  /**
   * percent 0–100 (not rounded) of bytes the server confirmed plus bytes of shards in flight (from XHR
   * upload progress); held below 100 until every shard is confirmed
   */
  progress: number;
  /** bytes per second over the last 5 s (SPEED_WINDOW_MS) */
  speed: number;
  /** the upload id (`key`) */
  fileKey: string;
  /** bytes confirmed + in flight */
  loaded: number;
  /** seconds left at the current speed; null while the speed is 0 */
  timeLeft: number | null;
}

/** What the parent is told on success (spec §4 step 5). */
export interface UploadSuccess {
  /** the stored file's key (API.md §7 `fileKey`) */
  fileKey: string;
  /** where the video is served */
  url: string;
  /** seconds, pixels: known when the answer came from `isExistLocalMergeFile` with `state: 'ready'` */
  duration?: number;
  width?: number;
  height?: number;
}

/** What the parent is told on failure (spec §8). */
export interface UploadFailure {
  code: UploadErrorCode;
  /** the spec's message word for word (en-US) */
  message: string;
  /** i18n key of the message (`uploadMessages`) */
  messageKey: string;
  /** the server's message, shown after the spec's (token call, unless its status was 10002) */
  serverMessage?: string;
  /**
   * the server's `ercd` when a refusal ended the upload at once instead of after the retries
   * (`TOO_MANY_OPEN_UPLOADS`, issue #8 item 10); the page shows its `errors.<ercd>` text
   */
  ercd?: string;
}

export type UploadState =
  'idle' | 'token' | 'preparing' | 'uploading' | 'merging' | 'done' | 'failed' | 'cancelled';

export interface CreateUploadOptions {
  file: File;
  use: UploadUse;
  /**
   * Gets the upload token (`GET /api/video/get_upload_video_secret`, API.md §6). Nothing is sent to the
   * file service before it resolves `{ token }`. A rejection with an ApiError-like `{ status, message }`
   * fails with 'network error' plus the server's message, except status 10002, whose login redirect the
   * api-client already made (then no server message).
   */
  getToken: () => Promise<{ token: string }>;
  /** the network (default: XMLHttpRequest) */
  transport?: UploadTransport;
  onProgress?: (progress: UploadProgress) => void;
  onSuccess?: (result: UploadSuccess) => void;
  onFailure?: (failure: UploadFailure) => void;
  onStateChange?: (state: UploadState) => void;
  /** cover picture as a data URL (e.g. from captureCoverFrame); sent with the first shard only */
  coverBase64?: string;
  coverName?: string;
  /**
   * When a merge of this same file was requested earlier (ms since the epoch, e.g. kept by the page across
   * a reload). Used when the server answers that it is already merging: poll every 10 s until 30 min after
   * it; without it, every 2 s up to 10 times (spec §9).
   */
  mergeStartedAt?: number;
  /** clock, ms since the epoch (default Date.now) */
  clock?: { now(): number };
  /** [0, 1) random source for the workers' start delays (default Math.random) */
  random?: () => number;
  /** reads the `UserGuid` cookie (default document.cookie); tests pass a constant */
  userGuid?: () => string;
  /**
   * The upload id when the caller already computed it with `computeUploadKey(file)` for this same file (the
   * upload manager does, to check a resumed file's identity first); the file is then not read again for it.
   */
  key?: string;
}

/**
 * What a cancel did on the server (spec §4 step 6), for the page to say so:
 * - `deleted`: the server confirmed it freed the bytes sent so far;
 * - `not-deleted`: the server could not be told (no answer, or a refusal): it deletes uploads untouched for
 *   24 h anyway (API.md §7);
 * - `nothing-sent`: nothing had reached the server yet (cancelled before the upload id and token were
 *   known), or the upload had already ended (a no-op).
 */
export type UploadCancelOutcome = 'deleted' | 'not-deleted' | 'nothing-sent';

export interface UploadHandle {
  /**
   * Runs the upload: validate, token, key, ask the server what it has, shards, merge, poll. Resolves when
   * it ends (success, failure or cancel); never rejects — outcomes go to the callbacks.
   */
  start(): Promise<void>;
  /**
   * Global cancel of this upload (spec §4 step 6): no shard starts after it, shards in flight are aborted,
   * waits end, and when the upload id and token are known the server is told to free the bytes
   * (`DELETE /fileservice/upload`). No callback is called. Resolves when the DELETE has answered, with
   * what happened (`UploadCancelOutcome`; a failed DELETE is no error: the server removes uploads untouched
   * for 24 h anyway). No-op once done or cancelled (`nothing-sent`).
   */
  cancel(): Promise<UploadCancelOutcome>;
  /**
   * Stops this upload like `cancel` (no shard starts, shards in flight are aborted, no callback is called)
   * but leaves what the server holds, so choosing the same file later resumes it (e.g. another author signed
   * in on this tab). No-op once ended.
   */
  stop(): void;
  readonly state: UploadState;
  /** the upload id, once computed */
  readonly key: string | null;
}

const activeUploads = new Set<UploadHandle>();

/** Cancels every upload still running on this page (e.g. when the author signs out). */
export async function cancelAllUploads(): Promise<void> {
  await Promise.all([...activeUploads].map((u) => u.cancel()));
}

function isApiErrorLike(e: unknown): e is { status: number; message: string } {
  return typeof e === 'object' && e !== null && typeof (e as { status?: unknown }).status === 'number';
}

/**
 * Creates the browser side of one sharded video upload (issue #3; spec §4, §5, §8, §9; API.md §7).
 *
 * - Shards: size from `shardSizeFor` (1/2/5 MiB); indices 1-based; each read with `file.slice`, its MD5
 *   sent base64 in `content-md5`; POSTed as multipart with the SHARD_FORM_FIELDS (`name` = the file name,
 *   `suffix` = its lowercase extension, `size` = file bytes, `shardSize` = the nominal shard size) and the
 *   bytes under `shard`. `coverBase64` rides on the first shard request only; if that request fails it
 *   rides on the next one started, until one carrying it succeeds; every other request sends ''.
 * - Resume: before sending, `isExistLocalMergeFile` is asked which shards the server has
 *   (`receivedShards`, extension of API.md §7); those are skipped and count as done. `ready` → success at
 *   once; `merging`/`processing` → polling; `failed` → the old upload is deleted and started over; an
 *   error or unknown id → all shards.
 * - Workers: UPLOAD_WORKERS (5) take shards from one queue; each starts after `random() ×
 *   UPLOAD_START_DELAY_MAX_MS` (< 1 s). A failed shard (network, HTTP error, any envelope but status 1)
 *   is retried by the same worker after SHARD_RETRY_DELAY_MS (3 s). Failures are counted CONSECUTIVELY
 *   across the whole upload and any shard's success resets the count; the 15th (SHARD_MAX_FAILURES)
 *   stops the upload: no shard starts, in-flight ones are aborted, failure 'upload failed, interface or
 *   network error'.
 * - Merge: when every shard is confirmed, `POST /fileservice/merge`. `{ merged: true }` → success.
 *   `SHARDS_MISSING` → the listed shards are sent again once, then merge again. Otherwise (merged false,
 *   an error, no answer) → `pollMerge` with the merge request's time as start (every 10 s, 30 min), or
 *   failure 'merge failed, please upload again'.
 */
export function createUpload(options: CreateUploadOptions): UploadHandle {
  const { file, use } = options;
  const clock = options.clock ?? { now: () => Date.now() };
  const random = options.random ?? Math.random;
  const transport = options.transport ?? createXhrTransport();
  const timers = new TimerGroup();
  const inFlight = new Set<PendingCall<unknown>>();

  let state: UploadState = 'idle';
  let key: string | null = null;
  let client: FileServiceClient | null = null;
  let running: Promise<void> | null = null;

  const shardSize = shardSizeFor(file.size);
  const shardTotal = shardCountFor(file.size, shardSize);
  const shardBytes = (index: number) => Math.min(shardSize, file.size - (index - 1) * shardSize);

  // progress bookkeeping
  const done = new Set<number>();
  let confirmedBytes = 0;
  const inFlightBytes = new Map<number, number>();
  let meter: SpeedMeter | null = null;
  let consecutiveFailures = 0;
  let coverPending = !!options.coverBase64;
  let coverInFlight = false;
  let queue: number[] = [];

  const halted = () => state === 'failed' || state === 'cancelled' || state === 'done';

  function setState(next: UploadState) {
    if (state === next) return;
    state = next;
    options.onStateChange?.(next);
  }

  function finish() {
    timers.stop();
    for (const call of inFlight) call.abort();
    inFlight.clear();
    activeUploads.delete(handle);
  }

  function fail(code: UploadErrorCode, serverMessage?: string, ercd?: string) {
    if (halted()) return;
    setState('failed');
    finish();
    const failure: UploadFailure = {
      code,
      message: UPLOAD_ERROR_MESSAGES[code],
      messageKey: uploadMessageKeys.error[code],
    };
    if (serverMessage) failure.serverMessage = serverMessage;
    if (ercd) failure.ercd = ercd;
    options.onFailure?.(failure);
  }

  function succeed(result: UploadSuccess) {
    if (halted()) return;
    reportProgress(true);
    setState('done');
    finish();
    options.onSuccess?.(result);
  }

  function reportProgress(complete = false) {
    if (!options.onProgress || key === null) return;
    const now = clock.now();
    let loaded = confirmedBytes;
    for (const b of inFlightBytes.values()) loaded += b;
    loaded = Math.min(loaded, file.size);
    let progress = complete ? 100 : (loaded / file.size) * 100;
    // 100 % means "the server has every byte", not "the last bytes left the browser".
    if (!complete && done.size < shardTotal) progress = Math.min(progress, 99.99);
    const speed = meter ? meter.speed(now) : 0;
    const remaining = file.size - loaded;
    options.onProgress({
      total: file.size,
      name: file.name,
      progress,
      speed,
      fileKey: key,
      loaded,
      timeLeft: remaining <= 0 ? 0 : speed > 0 ? remaining / speed : null,
    });
  }

  async function sendShard(index: number): Promise<boolean> {
    const start = (index - 1) * shardSize;
    let bytes: ArrayBuffer;
    try {
      bytes = await file.slice(start, start + shardBytes(index)).arrayBuffer();
    } catch {
      return false; // the file became unreadable (moved, permissions): counts as a failed shard
    }
    if (halted()) return false;
    const carriesCover = coverPending && !coverInFlight;
    if (carriesCover) coverInFlight = true;
    const fields: Record<ShardFormField, string> = {
      shardIndex: String(index),
      shardTotal: String(shardTotal),
      name: file.name,
      suffix: fileExtension(file.name),
      use,
      key: key!,
      coverName: options.coverName ?? '',
      coverBase64: carriesCover ? options.coverBase64! : '',
      size: String(file.size),
      shardSize: String(shardSize),
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(SHARD_FILE_FIELD, new Blob([bytes]), file.name);

    let sent = 0;
    const size = bytes.byteLength;
    const call = client!.sendShard(form, md5BytesBase64(bytes), (loaded, total) => {
      if (halted()) return;
      // The multipart body is a little larger than the shard: scale to shard bytes.
      const now = Math.min(size, Math.round((loaded / total) * size));
      if (now > sent) meter?.add(clock.now(), now - sent);
      sent = Math.max(sent, now);
      inFlightBytes.set(index, sent);
      reportProgress();
    });
    inFlight.add(call);
    let ok: boolean;
    try {
      await call.result;
      ok = true;
    } catch (e) {
      ok = false;
      // Retrying cannot help while the author holds too many open uploads (issue #8 item 10): stop now.
      if (e instanceof FileServiceError && e.ercd === TOO_MANY_OPEN_UPLOADS_ERCD)
        fail('shardsFailed', e.message, e.ercd);
    } finally {
      inFlight.delete(call);
      inFlightBytes.delete(index);
    }
    if (carriesCover) {
      coverInFlight = false;
      if (ok) coverPending = false;
    }
    if (ok && sent < size) meter?.add(clock.now(), size - sent); // no progress events: count it now
    return ok;
  }

  async function runWorker(): Promise<void> {
    const delay = Math.min(Math.floor(random() * UPLOAD_START_DELAY_MAX_MS), UPLOAD_START_DELAY_MAX_MS - 1);
    if (!(await timers.wait(delay))) return;
    for (;;) {
      if (halted()) return;
      const index = queue.shift();
      if (index === undefined) return;
      for (;;) {
        const ok = await sendShard(index);
        if (halted()) return;
        if (ok) {
          consecutiveFailures = 0;
          if (!done.has(index)) {
            done.add(index);
            confirmedBytes += shardBytes(index);
          }
          reportProgress();
          break;
        }
        consecutiveFailures++;
        if (consecutiveFailures >= SHARD_MAX_FAILURES) {
          fail('shardsFailed');
          return;
        }
        reportProgress();
        if (!(await timers.wait(SHARD_RETRY_DELAY_MS))) return;
      }
    }
  }

  async function uploadShards(indices: number[]): Promise<void> {
    queue = [...indices];
    setState('uploading');
    await Promise.all(Array.from({ length: UPLOAD_WORKERS }, () => runWorker()));
  }

  async function queryMergeFile(): Promise<MergeFileStatus | null> {
    const call = client!.queryMergeFile(key!);
    inFlight.add(call);
    try {
      return await call.result;
    } finally {
      inFlight.delete(call);
    }
  }

  async function poll(startedAt: number | undefined): Promise<void> {
    setState('merging');
    const result = await pollMerge({
      check: queryMergeFile,
      startedAt,
      now: () => clock.now(),
      wait: (ms) => timers.wait(ms),
    });
    if (halted()) return;
    if (result.ok) {
      const s = result.status;
      succeed({
        fileKey: s.fileKey ?? key!,
        url: s.url ?? '',
        ...(s.duration !== undefined && { duration: s.duration }),
        ...(s.width !== undefined && { width: s.width }),
        ...(s.height !== undefined && { height: s.height }),
      });
    } else {
      fail('mergeFailed');
    }
  }

  async function merge(missingRetried: boolean): Promise<void> {
    setState('merging');
    const startedAt = clock.now();
    const call = client!.merge(key!);
    inFlight.add(call);
    try {
      const result = await call.result;
      if (halted()) return;
      if (result.merged) return succeed({ fileKey: result.fileKey, url: result.url });
    } catch (e) {
      if (halted()) return;
      if (!missingRetried && e instanceof FileServiceError && e.ercd === SHARDS_MISSING_ERCD) {
        const missing = ((e.data as { missing?: unknown } | null)?.missing ?? []) as unknown[];
        const indices = missing.filter(
          (i): i is number => Number.isInteger(i) && (i as number) >= 1 && (i as number) <= shardTotal,
        );
        if (indices.length > 0) {
          for (const i of indices) {
            if (done.delete(i)) confirmedBytes -= shardBytes(i);
          }
          reportProgress();
          await uploadShards(indices);
          if (halted()) return;
          return merge(true);
        }
      }
    } finally {
      inFlight.delete(call);
    }
    return poll(startedAt);
  }

  async function run(): Promise<void> {
    if (halted()) return; // cancelled before start
    const invalid = checkVideoFile(file);
    if (invalid) return fail(invalid);

    setState('token');
    let token: string;
    try {
      token = (await options.getToken()).token;
      if (typeof token !== 'string' || token === '') throw new Error('no token');
    } catch (e) {
      const serverMessage = isApiErrorLike(e) && e.status !== Status.NOT_LOGGED_IN ? e.message : undefined;
      return fail('tokenFailed', serverMessage || undefined);
    }
    if (halted()) return;
    client = createFileServiceClient(transport, token, options.userGuid);

    setState('preparing');
    try {
      key = options.key ?? (await computeUploadKey(file));
    } catch {
      return fail('badFormat'); // the file cannot be read at all
    }
    if (halted()) return;

    // An unknown upload or no answer (null): send everything (sending a shard again is harmless).
    let status: MergeFileStatus | null = await queryMergeFile().catch(() => null);
    if (halted()) return;
    if (status?.state === 'ready') {
      return succeed({
        fileKey: status.fileKey ?? key,
        url: status.url ?? '',
        ...(status.duration !== undefined && { duration: status.duration }),
        ...(status.width !== undefined && { width: status.width }),
        ...(status.height !== undefined && { height: status.height }),
      });
    }
    if (status?.state === 'merging' || status?.state === 'processing') return poll(options.mergeStartedAt);
    if (status?.state === 'failed') {
      await deleteOnServer();
      if (halted()) return;
      status = null;
    }

    const received = new Set(
      (Array.isArray(status?.receivedShards) ? status.receivedShards : []).filter(
        (i) => Number.isInteger(i) && i >= 1 && i <= shardTotal,
      ),
    );
    for (const i of received) {
      done.add(i);
      confirmedBytes += shardBytes(i);
    }
    meter = new SpeedMeter(clock.now());
    reportProgress();
    const pending: number[] = [];
    for (let i = 1; i <= shardTotal; i++) if (!received.has(i)) pending.push(i);
    if (pending.length > 0) {
      const stopTicking = timers.every(PROGRESS_TICK_MS, () => reportProgress());
      await uploadShards(pending);
      stopTicking();
      if (halted()) return;
    }
    return merge(false);
  }

  async function deleteOnServer(): Promise<UploadCancelOutcome> {
    if (!client || key === null) return 'nothing-sent';
    try {
      await client.deleteUpload(key).result;
      return 'deleted';
    } catch {
      return 'not-deleted'; // the server deletes uploads untouched for 24 h (API.md §7)
    }
  }

  const handle: UploadHandle = {
    start() {
      if (!running) {
        activeUploads.add(handle);
        running = run();
      }
      return running;
    },
    async cancel() {
      if (state === 'done' || state === 'cancelled') return 'nothing-sent';
      setState('cancelled');
      finish();
      return deleteOnServer();
    },
    stop() {
      if (halted()) return;
      setState('cancelled');
      finish();
    },
    get state() {
      return state;
    },
    get key() {
      return key;
    },
  };
  return handle;
}
