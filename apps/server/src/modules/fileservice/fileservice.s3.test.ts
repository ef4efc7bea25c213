import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { MB, type MergeResult } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { S3Config } from '../../config.js';
import { uploadParts } from '../../db/schema/index.js';
import { sweepOrphanStaging } from '../../jobs/upload-staging-sweep.js';
import { S3Storage } from '../../storage/s3.js';
import { s3StagingPrefix, S3VideoStaging, StagingGoneError } from '../../storage/video-staging.js';
import { createUser } from '../../test/factories.js';
import { body } from '../../test/helpers.js';
import { type S3StandIn, startS3StandIn } from '../../test/s3-stand-in.js';
import { useTestApp } from '../../test/support.js';
import {
  cancel,
  makeNoisyMp4,
  merge,
  newKey,
  planUpload,
  sendShard,
  sendShards,
  sha256,
  status,
  tokenFor,
  videoKeyOf,
  waitForProbe,
} from './test-support.js';
import { scopedUploadKey } from './fileservice.service.js';

/**
 * The file service on S3-compatible storage (STORAGE_DRIVER=s3), against the s3rver stand-in started here on
 * 127.0.0.1 with a random port: multipart parts of ≥ 5 MiB assembled from 1 MiB shards, byte-identical
 * result, probe through the loopback range proxy, range serving from S3, cancel aborting the upload.
 */

const BUCKET = 'media';
let s3rver: S3StandIn;
/** the current app (a restart replaces it) */
let app: FastifyInstance;
/** the upload token and id of this test's new author (`beforeEach`) */
let token: string;
let userId: number;
/** the stored id of a client key of the test user (keys are scoped by user) */
const sid = (key: string) => scopedUploadKey(userId, key);
let work: string;
let s3: S3Storage;
/** a real 2 s 320×240 MP4 of ~7 MiB: 8 shards of 1 MiB → part 1 = shards 1-5, part 2 = shards 6-8 */
let video: Buffer;

const objectBytes = async (key: string) => {
  const res = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
};
/** Keys of the multipart uploads the stand-in holds open. */
const openMultipartUploads = async () => s3rver.openMultipartUploads().map((Key) => ({ Key }));
const stagedDir = (key: string) => path.join(t.config.uploadDir, sid(key));
/** Names of the objects staged in the bucket for a client key (`staging/<id>/…`), sorted. */
const stagedObjects = async (key: string) =>
  (await s3.list(s3StagingPrefix(sid(key)))).map((o) => o.key.split('/').pop()!).sort();

afterAll(async () => {
  await s3rver?.close();
  rmSync(work, { recursive: true, force: true });
});

// s3rver starts first (its port goes into the config); afterAll hooks run in reverse: the app closes first.
const t = useTestApp(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cc-s3-'));
  s3rver = await startS3StandIn({ directory: path.join(work, 's3'), bucket: BUCKET });
  const s3Config: S3Config = {
    endpoint: s3rver.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  s3 = new S3Storage(s3Config);
  video = makeNoisyMp4(path.join(work, 'noisy.mp4'));
  return { storageDriver: 's3', s3: s3Config };
});

beforeEach(async () => {
  app = t.app;
  const user = await createUser(t.db, t.config);
  userId = user.id;
  token = await tokenFor(t.db, user.id);
});

describe('parts from shards (S3 needs ≥ 5 MiB parts)', () => {
  it('groups whole shards: 1 MiB → 5 per part, 2 MiB → 3, 5 MiB → 1', () => {
    const staging = new S3VideoStaging('/tmp/unused', s3);
    expect(staging.shardsPerPart({ shardSize: 1 * MB })).toBe(5);
    expect(staging.shardsPerPart({ shardSize: 2 * MB })).toBe(3);
    expect(staging.shardsPerPart({ shardSize: 5 * MB })).toBe(1);
    const upload = { key: 'k', size: 12 * MB + 1, shardSize: MB, shardTotal: 13, s3UploadId: 'u' };
    expect(staging.partOf(upload, 5)).toEqual({ partNumber: 1, firstShard: 1, lastShard: 5 });
    expect(staging.partOf(upload, 6)).toEqual({ partNumber: 2, firstShard: 6, lastShard: 10 });
    expect(staging.partOf(upload, 13)).toEqual({ partNumber: 3, firstShard: 11, lastShard: 13 });
    expect(staging.partCount(upload)).toBe(3);
  });
});

describe('S3Storage as ObjectStorage', () => {
  it('puts, stats, gets, streams a range and deletes', async () => {
    await s3.put('t/a.bin', Buffer.from('0123456789'), 'application/x-test');
    expect(await s3.stat('t/a.bin')).toEqual({ size: 10, contentType: 'application/x-test' });
    expect((await s3.get('t/a.bin'))?.toString()).toBe('0123456789');
    const stream = await s3.createReadStream('t/a.bin', { start: 2, end: 5 });
    const chunks: Buffer[] = [];
    for await (const c of stream!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    await s3.delete('t/a.bin');
    expect(await s3.stat('t/a.bin')).toBeNull();
    expect(await s3.get('t/a.bin')).toBeNull();
    await expect(s3.get('../x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('all shards at once: each part is uploaded once, the object is byte-identical', async () => {
    const plan = planUpload(video);
    const all = Array.from({ length: plan.shardTotal }, (_, i) => i + 1);
    const results = await Promise.all([...all, 5, 8].map((i) => sendShard(app, token, plan, i)));
    expect(results.map((r) => body(r).status)).toEqual(results.map(() => 1));
    const parts = await t.db
      .select()
      .from(uploadParts)
      .where(eq(uploadParts.uploadKey, sid(plan.key)));
    expect(parts.map((p) => p.partNumber).sort()).toEqual([1, 2]);
    expect(body<MergeResult>(await merge(app, token, plan.key)).data).toMatchObject({ merged: true });
    expect(sha256(await objectBytes(await videoKeyOf(t.db, sid(plan.key))))).toBe(sha256(video));
  });
});

describe('a whole upload on S3', () => {
  it('sends a part once its shards are there, completes it at merge, byte-identical, probed, range-served', async () => {
    const plan = planUpload(video);
    expect(plan.shardTotal).toBe(8);
    // part 2's shards first, out of order, with a duplicate: it is uploaded when the last of 6..8 arrives
    await sendShards(app, token, plan, [7, 6]);
    const fileKey = await videoKeyOf(t.db, sid(plan.key));
    const url = `/media/video/${fileKey.slice('videos/'.length)}`;
    expect(
      await t.db
        .select()
        .from(uploadParts)
        .where(eq(uploadParts.uploadKey, sid(plan.key))),
    ).toEqual([]);
    await sendShards(app, token, plan, [8, 7]);
    const parts = await t.db
      .select()
      .from(uploadParts)
      .where(eq(uploadParts.uploadKey, sid(plan.key)));
    expect(parts.map((p) => p.partNumber)).toEqual([2]);
    // the staged shards of an uploaded part are freed at once; its ETag stays staged until the merge
    expect(await stagedObjects(plan.key)).toEqual(['p2.etag']);
    expect((await openMultipartUploads()).map((u) => u.Key)).toContain(fileKey);

    await sendShards(app, token, plan, [3, 1, 5, 2, 4]);
    const res = body<MergeResult>(await merge(app, token, plan.key));
    expect(res.data).toEqual({ merged: true, fileKey, url });
    expect(sha256(await objectBytes(fileKey))).toBe(sha256(video));
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: fileKey }));
    expect(head.ContentType).toBe('video/mp4');
    expect(await stagedObjects(plan.key)).toEqual([]);
    expect((await openMultipartUploads()).map((u) => u.Key)).not.toContain(fileKey);

    // probed through the loopback range proxy: ready, with a cover stored in the bucket
    const done = await waitForProbe(app, token, plan.key);
    expect(done).toMatchObject({ state: 'ready', width: 320, height: 240 });
    expect(done.duration).toBeCloseTo(2, 1);
    expect((await objectBytes(`covers/${sid(plan.key)}.jpg`)).subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );

    // the player seeks: ranges come from S3
    const ranged = await app.inject({
      method: 'GET',
      url: res.data.merged ? res.data.url : '',
      headers: { range: 'bytes=1048570-1048600' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1048570-1048600/${video.length}`);
    expect(ranged.rawPayload.equals(video.subarray(1048570, 1048601))).toBe(true);
    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(sha256(whole.rawPayload)).toBe(sha256(video));
    const bad = await app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${video.length}-` },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('a restart in the middle resumes; incomplete parts stay staged until their shards come', async () => {
    const plan = planUpload(video);
    await sendShards(app, token, plan, [1, 2, 3, 6]);
    app = await t.restart();
    expect((await status(app, token, plan.key)).receivedShards).toEqual([1, 2, 3, 6]);
    await sendShards(app, token, plan, [4, 5, 7, 8, 8]);
    expect(body<MergeResult>(await merge(app, token, plan.key)).data).toMatchObject({ merged: true });
    expect(sha256(await objectBytes(await videoKeyOf(t.db, sid(plan.key))))).toBe(sha256(video));
  });

  it('cancel aborts the multipart upload and frees the staged parts', async () => {
    const plan = planUpload(video);
    await sendShards(app, token, plan, [1, 2, 3, 4, 5, 6]);
    const fileKey = await videoKeyOf(t.db, sid(plan.key)); // before the cancel deletes the row
    expect((await openMultipartUploads()).map((u) => u.Key)).toContain(fileKey);
    expect(await stagedObjects(plan.key)).toEqual(['p1.etag', 's6']);
    expect(existsSync(stagedDir(plan.key))).toBe(false); // nothing on the server's own disk
    expect(body(await cancel(app, token, plan.key)).status).toBe(1);
    expect((await openMultipartUploads()).map((u) => u.Key)).not.toContain(fileKey);
    expect(await stagedObjects(plan.key)).toEqual([]);
    expect((await status(app, token, plan.key)).receivedShards).toEqual([]);
  });
});

describe('shards staged in the bucket, shared by every server (issue #16)', () => {
  const mib = (n: number, seed: number) => {
    const bytes = Buffer.alloc(n);
    for (let i = 0; i < n; i += 4096) bytes[i] = (i / 4096 + seed) & 0xff;
    return bytes;
  };
  /** An upload begun on `staging`: its facts, merged object key and multipart upload. */
  const begin = async (staging: S3VideoStaging, size: number, shardSize: number) => {
    const key = newKey();
    const fileKey = `videos/${key}-t.mp4`;
    const { s3UploadId } = await staging.begin({ key, size }, fileKey, 'video/mp4');
    const upload = {
      key,
      size,
      shardSize,
      shardTotal: Math.ceil(size / shardSize),
      s3UploadId,
      fileKey,
    };
    return { upload, fileKey };
  };
  /** Two servers: each with its own UPLOAD_DIR, the same bucket. */
  const twoServers = () => [
    new S3VideoStaging(path.join(work, 'server-a'), s3),
    new S3VideoStaging(path.join(work, 'server-b'), s3),
  ];

  it('shards written on one server are sent as a part and merged by another; nothing stays staged', async () => {
    const [a, b] = twoServers();
    const file = mib(7 * MB + 123, 1);
    const { upload, fileKey } = await begin(a!, file.length, MB);
    const shard = (i: number) => file.subarray((i - 1) * MB, Math.min(i * MB, file.length));
    // odd shards reach server A, even ones server B; nothing lands on either server's disk
    for (let i = 1; i <= upload.shardTotal; i++) await (i % 2 ? a! : b!).writeShard(upload, i, shard(i));
    expect(existsSync(path.join(work, 'server-a'))).toBe(false);
    expect(existsSync(path.join(work, 'server-b'))).toBe(false);
    expect(await a!.stagedBytes(upload)).toBe(file.length);
    const parts = [
      { partNumber: 1, etag: await b!.uploadPart(upload, fileKey, 1) },
      { partNumber: 2, etag: await a!.uploadPart(upload, fileKey, 2) },
    ];
    expect(await b!.stagedBytes(upload)).toBe(0);
    await b!.complete(upload, fileKey, 'video/mp4', parts);
    expect(sha256(await objectBytes(fileKey))).toBe(sha256(file));
    expect(await s3.list(s3StagingPrefix(upload.key))).toEqual([]);
  });

  it('two servers sending the same part at once both get its ETag, and so does a retry after a crash', async () => {
    const [a, b] = twoServers();
    const file = mib(6 * MB, 2);
    const { upload, fileKey } = await begin(a!, file.length, MB);
    await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        (n % 2 ? a! : b!).writeShard(upload, n + 1, file.subarray(n * MB, (n + 1) * MB)),
      ),
    );
    // both servers stored a last shard of part 1 and both see it complete
    const [etagA, etagB] = await Promise.all([
      a!.uploadPart(upload, fileKey, 1),
      b!.uploadPart(upload, fileKey, 1),
    ]);
    expect(etagA).toBe(etagB);
    // the part's shards are gone; a server that died before recording the part asks again: same ETag
    expect(await s3.list(s3StagingPrefix(upload.key))).toHaveLength(2); // s6 and p1.etag
    expect(await b!.uploadPart(upload, fileKey, 1)).toBe(etagA);
    const parts = [
      { partNumber: 1, etag: etagA },
      { partNumber: 2, etag: await a!.uploadPart(upload, fileKey, 2) },
    ];
    await a!.complete(upload, fileKey, 'video/mp4', parts);
    // a merge retried after a crash between S3's completion and the state change: done, not an error
    await b!.complete(upload, fileKey, 'video/mp4', parts);
    expect(sha256(await objectBytes(fileKey))).toBe(sha256(file));
    expect(await s3.list(s3StagingPrefix(upload.key))).toEqual([]);
  });

  it('a part whose shards are not all there is refused, never sent short', async () => {
    const [a] = twoServers();
    const { upload, fileKey } = await begin(a!, 6 * MB, MB);
    await a!.writeShard(upload, 1, mib(MB, 3));
    await expect(a!.uploadPart(upload, fileKey, 1)).rejects.toThrow('staged shards of part 1 are missing');
    await a!.abort(upload, fileKey);
    expect(await s3.list(s3StagingPrefix(upload.key))).toEqual([]);
  });

  it('5 MiB shards go straight up as parts; a shard after the abort gets StagingGoneError', async () => {
    const [a, b] = twoServers();
    const file = mib(11 * MB, 4);
    const { upload, fileKey } = await begin(a!, file.length, 5 * MB);
    expect(upload.shardTotal).toBe(3);
    for (let i = 1; i <= 3; i++)
      await (i === 2 ? b! : a!).writeShard(upload, i, file.subarray((i - 1) * 5 * MB, i * 5 * MB));
    // no shard object: only the parts' ETags are staged
    expect((await s3.list(s3StagingPrefix(upload.key))).map((o) => o.key.split('/').pop()).sort()).toEqual([
      'p1.etag',
      'p2.etag',
      'p3.etag',
    ]);
    expect(await a!.stagedBytes(upload)).toBe(0);
    const parts = [];
    for (let p = 1; p <= 3; p++) parts.push({ partNumber: p, etag: await b!.uploadPart(upload, fileKey, p) });
    await b!.complete(upload, fileKey, 'video/mp4', parts);
    expect(sha256(await objectBytes(fileKey))).toBe(sha256(file));
    expect(await s3.list(s3StagingPrefix(upload.key))).toEqual([]);

    const other = await begin(a!, file.length, 5 * MB);
    await a!.abort(other.upload, other.fileKey);
    await expect(a!.writeShard(other.upload, 1, file.subarray(0, 5 * MB))).rejects.toBeInstanceOf(
      StagingGoneError,
    );
  });

  it('reads and frees a part staged on local disk by an earlier version', async () => {
    const [a, b] = twoServers();
    const file = mib(6 * MB, 5);
    const { upload, fileKey } = await begin(a!, file.length, MB);
    // shards 1-3 were staged locally before the upgrade (one preallocated part file), 4-6 in the bucket
    const legacy = path.join(work, 'server-a', upload.key, '1.part');
    mkdirSync(path.dirname(legacy), { recursive: true });
    writeFileSync(legacy, Buffer.concat([file.subarray(0, 3 * MB), Buffer.alloc(2 * MB)]));
    for (let i = 4; i <= 6; i++) await b!.writeShard(upload, i, file.subarray((i - 1) * MB, i * MB));
    const parts = [
      { partNumber: 1, etag: await a!.uploadPart(upload, fileKey, 1) },
      { partNumber: 2, etag: await a!.uploadPart(upload, fileKey, 2) },
    ];
    expect(existsSync(legacy)).toBe(false);
    await a!.complete(upload, fileKey, 'video/mp4', parts);
    expect(sha256(await objectBytes(fileKey))).toBe(sha256(file));
  });
});

describe('the orphan sweep of the S3 staging (upload-cleanup, issue #16)', () => {
  it('deletes staging no live upload owns, keeps that of uploads still uploading', async () => {
    const staging = new S3VideoStaging(t.config.uploadDir, s3);
    const live = planUpload(video);
    await sendShards(app, token, live, [1, 2]);
    const merged = planUpload(video);
    await sendShards(app, token, merged, [1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body<MergeResult>(await merge(app, token, merged.key)).data).toMatchObject({ merged: true });
    // a replayed shard that landed after the merge, and one stored while its upload was cancelled
    await s3.put(`${s3StagingPrefix(sid(merged.key))}s3`, Buffer.from('late'));
    const gone = newKey();
    await s3.put(`${s3StagingPrefix(gone)}s1`, Buffer.from('cancelled'));
    expect((await sweepOrphanStaging(t.db, staging)).sort()).toEqual([sid(merged.key), gone].sort());
    expect(await stagedObjects(merged.key)).toEqual([]);
    expect(await s3.list(s3StagingPrefix(gone))).toEqual([]);
    expect(await stagedObjects(live.key)).toEqual(['s1', 's2']);
    // the sweep is idempotent
    expect(await sweepOrphanStaging(t.db, staging)).toEqual([]);
  });
});
