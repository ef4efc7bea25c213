import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { MB, type MergeResult } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { S3Config } from '../../config.js';
import { uploadParts } from '../../db/schema/index.js';
import { S3Storage } from '../../storage/s3.js';
import { S3VideoStaging } from '../../storage/video-staging.js';
import { createUser } from '../../test/factories.js';
import { body } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import {
  cancel,
  makeNoisyMp4,
  merge,
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
 * The file service on S3-compatible storage (STORAGE_DRIVER=s3), against s3rver started here on
 * 127.0.0.1 with a random port: multipart parts of ≥ 5 MiB assembled from 1 MiB shards, byte-identical
 * result, probe through the loopback range proxy, range serving from S3, cancel aborting the upload.
 */

const BUCKET = 'media';
interface KoaContext {
  method: string;
  query: Record<string, unknown>;
  status: number;
  body: unknown;
}
let s3rver: S3rver;
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
/** Keys of the multipart uploads s3rver holds open (it has no ListMultipartUploads: read its store). */
const openMultipartUploads = async () => {
  const store = (
    s3rver as unknown as { store: { getResourcePath(b: string, k: undefined, r: string): string } }
  ).store;
  const dir = store.getResourcePath(BUCKET, undefined, 'uploads');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((id) => ({ Key: readFileSync(path.join(dir, id, 'key'), 'utf8') }));
};
const stagedDir = (key: string) => path.join(t.config.uploadDir, sid(key));

afterAll(async () => {
  await s3rver?.close();
  rmSync(work, { recursive: true, force: true });
});

// s3rver starts first (its port goes into the config); afterAll hooks run in reverse: the app closes first.
const t = useTestApp(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cc-s3-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  // s3rver 3.7 has no AbortMultipartUpload (DELETE ?uploadId answers 405): emulate it as S3 does it —
  // the upload and its parts are gone — in front of its router, so the driver's real call is exercised.
  const koa = s3rver as unknown as {
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    store: { getResourcePath(b: string, k: undefined, r: string): string };
  };
  koa.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const dir = path.join(koa.store.getResourcePath(BUCKET, undefined, 'uploads'), uploadId);
    if (!existsSync(dir)) {
      ctx.status = 404;
      ctx.body = '<Error><Code>NoSuchUpload</Code></Error>';
      return;
    }
    rmSync(dir, { recursive: true, force: true });
    ctx.status = 204;
  });
  const address = await s3rver.run();
  const s3Config: S3Config = {
    endpoint: `http://127.0.0.1:${address.port}`,
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
    // the staged bytes of an uploaded part are freed at once
    expect(readdirSync(stagedDir(plan.key))).toEqual([]);
    expect((await openMultipartUploads()).map((u) => u.Key)).toContain(fileKey);

    await sendShards(app, token, plan, [3, 1, 5, 2, 4]);
    const res = body<MergeResult>(await merge(app, token, plan.key));
    expect(res.data).toEqual({ merged: true, fileKey, url });
    expect(sha256(await objectBytes(fileKey))).toBe(sha256(video));
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: fileKey }));
    expect(head.ContentType).toBe('video/mp4');
    expect(existsSync(stagedDir(plan.key))).toBe(false);
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
    expect(readdirSync(stagedDir(plan.key))).toEqual(['2.part']);
    expect(body(await cancel(app, token, plan.key)).status).toBe(1);
    expect((await openMultipartUploads()).map((u) => u.Key)).not.toContain(fileKey);
    expect(existsSync(stagedDir(plan.key))).toBe(false);
    expect((await status(app, token, plan.key)).receivedShards).toEqual([]);
  });
});
