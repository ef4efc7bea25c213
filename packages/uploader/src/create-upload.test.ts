import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILESERVICE_PATHS, MB, SHARD_FORM_FIELDS } from '@cc/contracts';
import {
  cancelAllUploads,
  createUpload,
  type CreateUploadOptions,
  type UploadFailure,
  type UploadProgress,
  type UploadSuccess,
} from './create-upload';
import { FakeTransport, makeFile, networkDown, ok, refused, type FakeRequest } from './test-helpers';

const P = FILESERVICE_PATHS;
const TOKEN = 'tok-123';
const GUID = 'guid-abc';

interface Harness {
  transport: FakeTransport;
  failures: UploadFailure[];
  successes: UploadSuccess[];
  progress: UploadProgress[];
  upload: ReturnType<typeof createUpload>;
  done: Promise<void>;
}

function setup(
  file: File,
  extra: Partial<CreateUploadOptions> = {},
  transport = new FakeTransport(),
): Harness {
  const failures: UploadFailure[] = [];
  const successes: UploadSuccess[] = [];
  const progress: UploadProgress[] = [];
  const upload = createUpload({
    file,
    use: 'video',
    getToken: () => Promise.resolve({ token: TOKEN }),
    transport,
    onFailure: (f) => failures.push(f),
    onSuccess: (s) => successes.push(s),
    onProgress: (p) => progress.push(p),
    random: () => 0,
    userGuid: () => GUID,
    ...extra,
  });
  const done = upload.start();
  return { transport, failures, successes, progress, upload, done };
}

/** Moves the fake clock on, 100 ms at a time, until the upload has ended (at most 2 simulated hours). */
async function finish(...hs: Harness[]): Promise<void> {
  let ended = false;
  void Promise.all(hs.map((h) => h.done)).then(() => (ended = true));
  for (let i = 0; i < 72_000 && !ended; i++) await vi.advanceTimersByTimeAsync(100);
  expect(ended).toBe(true);
}

/** Lets promises settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function shardBytes(r: FakeRequest): Promise<Buffer> {
  const part = r.form!.get('shard') as Blob;
  return Buffer.from(await part.arrayBuffer());
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token gate (spec §5, §8)', () => {
  it('sends nothing to the file service until the token is obtained, then puts it in the query', async () => {
    let give!: (v: { token: string }) => void;
    const h = setup(makeFile(MB), { getToken: () => new Promise((r) => (give = r)) });
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.transport.requests).toHaveLength(0);
    expect(h.upload.state).toBe('token');
    give({ token: TOKEN });
    await vi.advanceTimersByTimeAsync(2000);
    const first = h.transport.requests[0]!;
    expect(first.path).toBe(P.isExistLocalMergeFile);
    expect(first.query.get('token')).toBe(TOKEN);
    expect(first.query.get('fileUploadId')).toMatch(/^[0-9a-f]{32}$/);
    await finish(h);
    for (const r of h.transport.requests) {
      expect(r.query.get('token')).toBe(TOKEN);
      expect(r.req.headers['x-user-guid']).toBe(GUID);
    }
    expect(h.successes).toHaveLength(1);
  });

  it("a failed token call → 'network error' plus the server's message", async () => {
    const h = setup(makeFile(MB), {
      getToken: () => Promise.reject({ status: 0, message: 'token service busy' }),
    });
    await finish(h);
    expect(h.failures).toEqual([
      {
        code: 'tokenFailed',
        message: 'network error',
        messageKey: 'upload.error.tokenFailed',
        serverMessage: 'token service busy',
      },
    ]);
    expect(h.transport.requests).toHaveLength(0);
  });

  it('status 10002 → no server message (the api-client redirects to login); a plain error → none either', async () => {
    const a = setup(makeFile(MB), {
      getToken: () => Promise.reject({ status: 10002, message: 'not logged in' }),
    });
    await finish(a);
    expect(a.failures).toEqual([
      { code: 'tokenFailed', message: 'network error', messageKey: 'upload.error.tokenFailed' },
    ]);
    const b = setup(makeFile(MB), { getToken: () => Promise.reject(new TypeError('Failed to fetch')) });
    await finish(b);
    expect(b.failures[0]!.serverMessage).toBeUndefined();
    expect(b.failures[0]!.message).toBe('network error');
  });

  it('an invalid file fails before the token is asked for', async () => {
    const getToken = vi.fn(() => Promise.resolve({ token: TOKEN }));
    const h = setup(makeFile(MB, 'notes.txt', { type: 'text/plain' }), { getToken });
    await finish(h);
    expect(getToken).not.toHaveBeenCalled();
    expect(h.failures[0]!.message).toBe('video format is wrong, upload failed');
  });
});

describe('shard requests (API.md §7)', () => {
  it('sends every field, 1-based indices, content-md5 = base64 MD5 of the shard bytes, shard bytes = file bytes', async () => {
    const size = 2 * MB + 1000;
    const file = makeFile(size, 'Road Trip.MP4');
    const h = setup(file, {
      use: 'smallVideo',
      coverName: 'cover.jpg',
      coverBase64: 'data:image/jpeg;base64,AAAA',
    });
    await finish(h);
    const shards = h.transport.shards();
    expect(shards).toHaveLength(3);
    const key = h.upload.key!;
    const source = Buffer.from(await file.arrayBuffer());
    for (const r of shards) {
      const i = Number(r.form!.get('shardIndex'));
      const bytes = await shardBytes(r);
      expect(bytes.equals(source.subarray((i - 1) * MB, Math.min(size, i * MB)))).toBe(true);
      expect(r.req.headers['content-md5']).toBe(createHash('md5').update(bytes).digest('base64'));
      expect(r.req.method).toBe('POST');
      expect(r.form!.get('shardTotal')).toBe('3');
      expect(r.form!.get('name')).toBe('Road Trip.MP4');
      expect(r.form!.get('suffix')).toBe('mp4');
      expect(r.form!.get('use')).toBe('smallVideo');
      expect(r.form!.get('key')).toBe(key);
      expect(r.form!.get('coverName')).toBe('cover.jpg');
      expect(r.form!.get('size')).toBe(String(size));
      expect(r.form!.get('shardSize')).toBe(String(MB));
      // the file part comes after every field, so a streaming parser sees the fields first
      expect([...r.form!.keys()]).toEqual([...SHARD_FORM_FIELDS, 'shard']);
    }
    expect(shards.map((r) => Number(r.form!.get('shardIndex'))).sort()).toEqual([1, 2, 3]);
    expect((await shardBytes(shards.find((r) => r.form!.get('shardIndex') === '3')!)).length).toBe(1000);
  });

  it('coverBase64 rides on the first shard request only', async () => {
    const h = setup(makeFile(3 * MB), { coverBase64: 'data:image/jpeg;base64,COVER', coverName: 'c.jpg' });
    await finish(h);
    const covers = h.transport.shards().map((r) => r.form!.get('coverBase64'));
    expect(covers).toEqual(['data:image/jpeg;base64,COVER', '', '']);
  });

  it('when the request carrying the cover fails, the next request started carries it', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    let n = 0;
    t.answer = (r) => (r.path === P.moreShard && n++ === 0 ? networkDown() : base(r));
    const h = setup(makeFile(MB), { coverBase64: 'data:image/jpeg;base64,COVER' }, t);
    await vi.advanceTimersByTimeAsync(10_000);
    await finish(h);
    expect(h.transport.shards().map((r) => r.form!.get('coverBase64'))).toEqual([
      'data:image/jpeg;base64,COVER',
      'data:image/jpeg;base64,COVER',
    ]);
  });
});

describe('workers (spec §9: 5 workers, random start delays under 1 s)', () => {
  it('starts 5 workers at random() × 1000 ms and never has more than 5 shards in flight', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    const delays = [0.1, 0.5, 0.9, 0.999999, 0];
    let k = 0;
    const h = setup(makeFile(12 * MB), { random: () => delays[k++ % delays.length]! }, t);
    await settle();
    const t0 = h.transport.to(P.isExistLocalMergeFile)[0]!.sentAt;
    await vi.advanceTimersByTimeAsync(999);
    const starts = h.transport.shards().map((r) => r.sentAt - t0);
    expect(starts.sort((a, b) => a - b)).toEqual([0, 100, 500, 900, 999]);
    expect(h.transport.inFlight(P.moreShard)).toHaveLength(5);
    // settle shards one at a time: each finished worker takes the next shard, still at most 5 at once
    for (let i = 0; i < 40 && h.transport.inFlight(P.moreShard).length > 0; i++) {
      const r = h.transport.inFlight(P.moreShard)[0]!;
      r.resolve(
        ok({ fileUploadId: h.upload.key, shardIndex: Number(r.form!.get('shardIndex')), received: 1 }),
      );
      await settle();
      expect(h.transport.inFlight(P.moreShard).length).toBeLessThanOrEqual(5);
    }
    await finish(h);
    expect(h.transport.maxShardsInFlight).toBe(5);
    expect(h.transport.shards()).toHaveLength(12);
    expect(h.successes).toHaveLength(1);
  });

  it('a start delay is always under 1 s, even for random() values at the top of [0, 1)', async () => {
    const h = setup(makeFile(MB), { random: () => 0.99999999 });
    await settle();
    const t0 = h.transport.to(P.isExistLocalMergeFile)[0]!.sentAt;
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.transport.shards()[0]!.sentAt - t0).toBeLessThan(1000);
  });
});

describe('retry (spec §9: 3 s, 15 consecutive failures)', () => {
  function failingShards(times: number): FakeTransport {
    const t = new FakeTransport();
    const base = t.answer;
    let n = 0;
    t.answer = (r) => (r.path === P.moreShard && n++ < times ? networkDown() : base(r));
    return t;
  }

  it('retries a failed shard after exactly 3 s', async () => {
    const h = setup(makeFile(MB), {}, failingShards(1));
    await settle();
    expect(h.transport.shards()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(h.transport.shards()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.transport.shards()).toHaveLength(2);
    expect(h.transport.shards()[1]!.sentAt - h.transport.shards()[0]!.sentAt).toBe(3000);
    await finish(h);
    expect(h.successes).toHaveLength(1);
  });

  it("15 consecutive failures stop the upload with 'upload failed, interface or network error'", async () => {
    const h = setup(makeFile(MB), {}, failingShards(Infinity));
    await vi.advanceTimersByTimeAsync(14 * 3000);
    expect(h.transport.shards()).toHaveLength(15);
    await finish(h);
    expect(h.failures).toEqual([
      {
        code: 'shardsFailed',
        message: 'upload failed, interface or network error',
        messageKey: 'upload.error.shardsFailed',
      },
    ]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.transport.shards()).toHaveLength(15);
    expect(h.transport.to(P.merge)).toHaveLength(0);
    expect(h.upload.state).toBe('failed');
  });

  it('the 14th failure followed by a success does not stop the upload', async () => {
    const h = setup(makeFile(MB), {}, failingShards(14));
    await vi.advanceTimersByTimeAsync(14 * 3000);
    await finish(h);
    expect(h.transport.shards()).toHaveLength(15);
    expect(h.failures).toHaveLength(0);
    expect(h.successes).toHaveLength(1);
  });

  it('failures count across shards, and a success resets the count', async () => {
    // two shards that always fail: the stop comes at 15 failures in all, not 15 per shard
    const a = setup(makeFile(2 * MB), {}, failingShards(Infinity));
    await vi.advanceTimersByTimeAsync(60_000);
    await finish(a);
    expect(a.transport.shards()).toHaveLength(15);
    expect(a.failures[0]!.code).toBe('shardsFailed');

    // 10 failures, a success, 10 failures, then successes: 20 failures in all, never 15 in a row
    const t = new FakeTransport();
    const base = t.answer;
    let n = 0;
    t.answer = (r) => {
      if (r.path !== P.moreShard) return base(r);
      n++;
      return n <= 10 || (n >= 12 && n <= 21) ? networkDown() : base(r);
    };
    const b = setup(makeFile(2 * MB), { random: () => 0.5 }, t);
    await vi.advanceTimersByTimeAsync(120_000);
    await finish(b);
    expect(b.failures).toHaveLength(0);
    expect(b.successes).toHaveLength(1);
  });

  it('the 15th failure aborts the other shards in flight and no shard starts after it', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    // shard 1 always fails at once; the others hang
    t.answer = (r) =>
      r.path !== P.moreShard ? base(r) : r.form!.get('shardIndex') === '1' ? networkDown() : 'manual';
    let k = 0;
    const h = setup(makeFile(8 * MB), { random: () => [0, 0.2, 0.2, 0.2, 0.2][k++]! }, t);
    await vi.advanceTimersByTimeAsync(14 * 3000);
    await finish(h);
    expect(h.failures[0]!.code).toBe('shardsFailed');
    const hanging = h.transport.shards().filter((r) => r.form!.get('shardIndex') !== '1');
    expect(hanging).toHaveLength(4);
    expect(hanging.every((r) => r.aborted)).toBe(true);
    const count = h.transport.shards().length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.transport.shards()).toHaveLength(count);
  });
});

describe('merge and polling (spec §4, §9)', () => {
  it('merge confirmed → success with fileKey and url; progress ends at 100', async () => {
    const h = setup(makeFile(MB));
    await finish(h);
    const merge = h.transport.to(P.merge)[0]!;
    expect(merge.req.method).toBe('POST');
    expect(merge.req.body).toBe('fileUploadId=' + h.upload.key);
    expect(merge.req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(h.successes).toEqual([{ fileKey: 'videos/abc.mp4', url: '/media/video/abc.mp4' }]);
    expect(h.progress.at(-1)!.progress).toBe(100);
    expect(h.upload.state).toBe('done');
  });

  function mergeThen(
    pollAnswers: (n: number) => unknown,
    mergeAnswer: unknown = ok({ merged: false }),
  ): FakeTransport {
    const t = new FakeTransport();
    const base = t.answer;
    let polls = 0;
    let resumeAsked = false;
    t.answer = (r) => {
      if (r.path === P.merge) return mergeAnswer instanceof Error ? mergeAnswer : (mergeAnswer as never);
      if (r.path === P.isExistLocalMergeFile) {
        if (!resumeAsked) {
          resumeAsked = true;
          return base(r);
        }
        return pollAnswers(++polls) as never;
      }
      return base(r);
    };
    return t;
  }
  const merging = ok({ exists: false, state: 'merging', fileKey: null, url: null, receivedShards: [] });
  const ready = ok({
    exists: true,
    state: 'ready',
    fileKey: 'v/k.mp4',
    url: '/media/v/k.mp4',
    duration: 12.5,
    width: 1920,
    height: 1080,
    receivedShards: [],
  });

  it('merged false → a check every 10 s from the merge request; ready → success with duration and size', async () => {
    const h = setup(
      makeFile(MB),
      {},
      mergeThen((n) => (n < 3 ? merging : ready)),
    );
    await settle();
    const mergedAt = h.transport.to(P.merge)[0]!.sentAt;
    await vi.advanceTimersByTimeAsync(30_000);
    await finish(h);
    const checks = h.transport.to(P.isExistLocalMergeFile).slice(1);
    expect(checks.map((c) => c.sentAt - mergedAt)).toEqual([10_000, 20_000, 30_000]);
    expect(h.successes).toEqual([
      { fileKey: 'v/k.mp4', url: '/media/v/k.mp4', duration: 12.5, width: 1920, height: 1080 },
    ]);
  });

  it('a merge call that fails also falls back to polling', async () => {
    const h = setup(
      makeFile(MB),
      {},
      mergeThen(() => ready, networkDown()),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await finish(h);
    expect(h.successes).toHaveLength(1);
  });

  it("never ready → 180 checks, 10 s apart, and 'merge failed, please upload again' at 30 minutes, not before", async () => {
    const h = setup(
      makeFile(MB),
      {},
      mergeThen(() => merging),
    );
    await settle();
    const mergedAt = h.transport.to(P.merge)[0]!.sentAt;
    await vi.advanceTimersByTimeAsync(30 * 60_000 - 1);
    expect(h.failures).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await finish(h);
    const checks = h.transport.to(P.isExistLocalMergeFile).slice(1);
    expect(checks).toHaveLength(180);
    expect(checks.at(-1)!.sentAt - mergedAt).toBe(30 * 60_000);
    expect(h.failures).toEqual([
      {
        code: 'mergeFailed',
        message: 'merge failed, please upload again',
        messageKey: 'upload.error.mergeFailed',
      },
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.transport.to(P.isExistLocalMergeFile)).toHaveLength(181);
  });

  it("failed checks (network, error envelope) do not end the 30-minute polling; state 'failed' does at once", async () => {
    const h = setup(
      makeFile(MB),
      {},
      mergeThen((n) =>
        n < 5
          ? networkDown()
          : n === 5
            ? refused(10500, 'oops')
            : n < 8
              ? merging
              : ok({ exists: false, state: 'failed', fileKey: null, url: null, receivedShards: [] }),
      ),
    );
    await vi.advanceTimersByTimeAsync(80_000);
    await finish(h);
    expect(h.transport.to(P.isExistLocalMergeFile)).toHaveLength(1 + 8);
    expect(h.failures[0]!.message).toBe('merge failed, please upload again');
  });

  it('SHARDS_MISSING → the listed shards are sent again, then merge again', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    let merges = 0;
    t.answer = (r) =>
      r.path === P.merge && merges++ === 0
        ? refused(0, 'shards missing', 'SHARDS_MISSING', { missing: [2] })
        : base(r);
    const h = setup(makeFile(3 * MB), {}, t);
    await vi.advanceTimersByTimeAsync(2000);
    await finish(h);
    expect(h.transport.shards().map((r) => r.form!.get('shardIndex'))).toEqual(['1', '2', '3', '2']);
    expect(h.transport.to(P.merge)).toHaveLength(2);
    expect(h.successes).toHaveLength(1);
  });
});

describe('refusals that retrying cannot fix (issue #8 item 10)', () => {
  it('TOO_MANY_OPEN_UPLOADS stops the upload at once, with the ercd for the page to translate', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) =>
      r.path === P.moreShard
        ? refused(10008, 'you have 20 unfinished uploads', 'TOO_MANY_OPEN_UPLOADS')
        : base(r);
    const h = setup(makeFile(3 * MB), {}, t);
    await finish(h);
    expect(h.failures).toEqual([
      {
        code: 'shardsFailed',
        message: 'upload failed, interface or network error',
        messageKey: 'upload.error.shardsFailed',
        serverMessage: 'you have 20 unfinished uploads',
        ercd: 'TOO_MANY_OPEN_UPLOADS',
      },
    ]);
    // no retries: at most one request per worker left before the refusal arrived
    expect(h.transport.shards().length).toBeLessThanOrEqual(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.transport.shards().length).toBeLessThanOrEqual(3);
    expect(h.transport.to(P.merge)).toHaveLength(0);
  });

  it('another refusal (10008 without that ercd) is retried as before', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    let n = 0;
    t.answer = (r) => (r.path === P.moreShard && n++ === 0 ? refused(10008, 'busy', 'CONFLICT') : base(r));
    const h = setup(makeFile(MB), {}, t);
    await finish(h);
    expect(h.successes).toHaveLength(1);
    expect(h.transport.shards()).toHaveLength(2);
  });
});

describe('resume (choosing the same file again)', () => {
  it('skips the shards the server reports and starts progress at their bytes', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) =>
      r.path === P.isExistLocalMergeFile
        ? ok({ exists: false, state: 'uploading', fileKey: null, url: null, receivedShards: [1, 2, 3] })
        : base(r);
    const h = setup(makeFile(5 * MB), {}, t);
    await finish(h);
    expect(
      h.transport
        .shards()
        .map((r) => r.form!.get('shardIndex'))
        .sort(),
    ).toEqual(['4', '5']);
    expect(h.progress[0]).toMatchObject({ loaded: 3 * MB, progress: 60, total: 5 * MB, name: 'trip.mp4' });
    expect(h.successes).toHaveLength(1);
  });

  it('the same file chosen again gets the same key', async () => {
    const a = setup(makeFile(2 * MB));
    const b = setup(makeFile(2 * MB));
    await finish(a, b);
    expect(a.upload.key).toBe(b.upload.key);
  });

  it('a file the server already has ready → success at once, nothing sent', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) =>
      r.path === P.isExistLocalMergeFile
        ? ok({
            exists: true,
            state: 'ready',
            fileKey: 'v/x.mp4',
            url: '/media/v/x.mp4',
            duration: 3,
            width: 640,
            height: 360,
            receivedShards: [1],
          })
        : base(r);
    const h = setup(makeFile(MB), {}, t);
    await finish(h);
    expect(h.transport.shards()).toHaveLength(0);
    expect(h.successes).toEqual([
      { fileKey: 'v/x.mp4', url: '/media/v/x.mp4', duration: 3, width: 640, height: 360 },
    ]);
  });

  it('a previous attempt that failed is deleted on the server and the upload starts over', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) =>
      r.path === P.isExistLocalMergeFile
        ? ok({ exists: false, state: 'failed', fileKey: null, url: null, receivedShards: [1, 2] })
        : base(r);
    const h = setup(makeFile(2 * MB), {}, t);
    await finish(h);
    expect(h.transport.requests.map((r) => r.path).slice(0, 2)).toEqual([P.isExistLocalMergeFile, P.upload]);
    expect(h.transport.to(P.upload)[0]!.req.method).toBe('DELETE');
    expect(h.transport.shards()).toHaveLength(2);
  });

  it('server already merging, no start time → quick polling: every 2 s, 10 tries, then merge failed', async () => {
    const merging = ok({ exists: false, state: 'merging', fileKey: null, url: null, receivedShards: [1] });
    const t = new FakeTransport();
    t.answer = () => merging;
    const h = setup(makeFile(MB), {}, t);
    await settle();
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(h.failures).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await finish(h);
    const checks = h.transport.to(P.isExistLocalMergeFile).slice(1);
    expect(checks.map((c) => c.sentAt - t0)).toEqual([
      2000, 4000, 6000, 8000, 10_000, 12_000, 14_000, 16_000, 18_000, 20_000,
    ]);
    expect(h.failures[0]!.message).toBe('merge failed, please upload again');
    expect(h.transport.shards()).toHaveLength(0);
  });

  it('server already merging with the kept start time → every 10 s until 30 min after that time', async () => {
    const merging = ok({ exists: false, state: 'merging', fileKey: null, url: null, receivedShards: [1] });
    const t = new FakeTransport();
    t.answer = () => merging;
    const h = setup(makeFile(MB), { mergeStartedAt: Date.now() - 29 * 60_000 }, t);
    await vi.advanceTimersByTimeAsync(61_000);
    await finish(h);
    expect(h.transport.to(P.isExistLocalMergeFile).slice(1)).toHaveLength(6);
    expect(h.failures[0]!.code).toBe('mergeFailed');
  });
});

describe('cancel (spec §4 step 6)', () => {
  it('aborts shards in flight, starts no shard after, and tells the server to free the bytes', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    const h = setup(makeFile(10 * MB), {}, t);
    await vi.advanceTimersByTimeAsync(1000);
    const inFlight = h.transport.inFlight(P.moreShard);
    expect(inFlight).toHaveLength(5);
    expect(await h.upload.cancel()).toBe('deleted');
    expect(inFlight.every((r) => r.aborted)).toBe(true);
    const del = h.transport.to(P.upload);
    expect(del).toHaveLength(1);
    expect(del[0]!.req.method).toBe('DELETE');
    expect(del[0]!.query.get('token')).toBe(TOKEN);
    expect(del[0]!.query.get('fileUploadId')).toBe(h.upload.key);
    expect(del[0]!.req.headers['x-user-guid']).toBe(GUID);
    await vi.advanceTimersByTimeAsync(60_000);
    await finish(h);
    expect(h.transport.shards()).toHaveLength(5);
    expect(h.transport.to(P.merge)).toHaveLength(0);
    expect(h.failures).toHaveLength(0);
    expect(h.successes).toHaveLength(0);
    expect(h.upload.state).toBe('cancelled');
  });

  it('cancel during a retry wait: the retry never starts', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) => (r.path === P.moreShard ? networkDown() : base(r));
    const h = setup(makeFile(MB), {}, t);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.transport.shards()).toHaveLength(1);
    await h.upload.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.transport.shards()).toHaveLength(1);
  });

  it('cancelAllUploads cancels every running upload of the page (the global cancel)', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    const a = setup(makeFile(2 * MB), {}, t);
    const b = setup(makeFile(2 * MB, 'other.mov', { type: 'video/quicktime' }), {}, t);
    await vi.advanceTimersByTimeAsync(1000);
    await cancelAllUploads();
    expect([a.upload.state, b.upload.state]).toEqual(['cancelled', 'cancelled']);
    expect(
      t
        .to(P.upload)
        .map((r) => r.query.get('fileUploadId'))
        .sort(),
    ).toEqual([a.upload.key, b.upload.key].sort());
    expect(t.shards().every((r) => r.aborted)).toBe(true);
  });

  it('cancel before the token arrives sends nothing at all', async () => {
    let give!: (v: { token: string }) => void;
    const h = setup(makeFile(MB), { getToken: () => new Promise((r) => (give = r)) });
    expect(await h.upload.cancel()).toBe('nothing-sent');
    give({ token: TOKEN });
    await vi.advanceTimersByTimeAsync(5000);
    await finish(h);
    expect(h.transport.requests).toHaveLength(0);
  });
});

describe('stop and a given key (issue #9: the upload store)', () => {
  it('stop() aborts the shards but tells the server nothing, so the same file resumes later', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    const h = setup(makeFile(3 * MB), {}, t);
    await vi.advanceTimersByTimeAsync(1000);
    h.upload.stop();
    await finish(h);
    expect(h.upload.state).toBe('cancelled');
    expect(t.shards().every((r) => r.aborted)).toBe(true);
    expect(t.to(P.upload)).toHaveLength(0);
    expect(h.failures).toHaveLength(0);
  });

  it('uses the key it is given (computed by the caller) instead of reading the file for it', async () => {
    const key = 'c'.repeat(32);
    const h = setup(makeFile(MB), { key });
    await finish(h);
    expect(h.transport.to(P.isExistLocalMergeFile)[0]!.query.get('fileUploadId')).toBe(key);
    expect(h.transport.shards()[0]!.form!.get('key')).toBe(key);
    expect(h.upload.key).toBe(key);
  });
});

describe('progress (spec §3)', () => {
  it('counts in-flight bytes from upload progress, speed in bytes/s, time left in seconds', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    let k = 0;
    const h = setup(makeFile(2 * MB), { random: () => [0, 0.999][k++]! }, t);
    await settle();
    const first = h.transport.shards()[0]!;
    await vi.advanceTimersByTimeAsync(500);
    // half of shard 1's multipart body is out (the body is a bit larger than the shard: scaled)
    first.req.onUploadProgress!(600, 1200);
    const p = h.progress.at(-1)!;
    expect(p).toMatchObject({
      total: 2 * MB,
      name: 'trip.mp4',
      fileKey: h.upload.key,
      loaded: MB / 2,
      progress: 25,
    });
    expect(p.speed).toBe((MB / 2) * 2); // 512 KiB in 0.5 s
    expect(p.timeLeft).toBeCloseTo((1.5 * MB) / MB, 6); // 1.5 MiB at 1 MiB/s
    first.resolve(ok({ fileUploadId: h.upload.key, shardIndex: 1, received: 1 }));
    await settle();
    expect(h.progress.at(-1)!).toMatchObject({ loaded: MB, progress: 50 });
    // nothing moves for 10 s: the sliding window lets the speed fall to 0 and time left becomes unknown
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.progress.at(-1)!).toMatchObject({ speed: 0, timeLeft: null });
  });

  it('stays below 100 % until every shard is confirmed', async () => {
    const t = new FakeTransport();
    const base = t.answer;
    t.answer = (r) => (r.path === P.moreShard ? 'manual' : base(r));
    const h = setup(makeFile(MB), {}, t);
    await settle();
    const r = h.transport.shards()[0]!;
    r.req.onUploadProgress!(1000, 1000);
    expect(h.progress.at(-1)!.progress).toBeLessThan(100);
    r.resolve(ok({ fileUploadId: h.upload.key, shardIndex: 1, received: 1 }));
    await finish(h);
    expect(h.progress.at(-1)!.progress).toBe(100);
  });
});
