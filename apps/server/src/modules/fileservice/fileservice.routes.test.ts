import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MB,
  SHARDS_MISSING_ERCD,
  type MergeFileStatus,
  type MergeResult,
  type MoreShardResult,
  UPLOAD_ERROR_MESSAGES,
} from '@cc/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../../db/schema/index.js';
import { createUser } from '../../test/factories.js';
import { body, login } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { cleanupExpiredUploads, scopedUploadKey, UPLOAD_EXPIRY_MS } from './fileservice.service.js';
import { JOB_NAMES } from '../../jobs/queue.js';
import {
  cancel,
  guidHeaders,
  makeNoisyMp4,
  makeTestMp4,
  md5Base64,
  merge,
  newKey,
  planUpload,
  sendShard,
  sendShards,
  sha256,
  shardBytes,
  status,
  testFileDeps,
  tokenFor,
  videoKeyOf,
  waitForProbe,
} from './test-support.js';
import { eq } from 'drizzle-orm';

/**
 * The video file service on local disk (API.md §7, issue #3), on PGlite or PostgreSQL (DATABASE_URL).
 * One app per file; every test uploads as its own new author (`beforeEach`), every upload uses its own key.
 */

const t = useTestApp();
/** the current app (a restart replaces it) */
let app: FastifyInstance;
/** the upload token, account and id of this test's author, and the token of another new author */
let token: string;
let account: string;
let userId: number;
let otherToken: string;
let work: string;
/** a real 2 s, 320×240 MP4 of ~7 MiB (noise, lossless): 8 shards of 1 MiB */
let video: Buffer;

const random = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 2654435761) >>> 24));
/** the stored id of a client key of the test user (keys are scoped by user) */
const sid = (key: string) => scopedUploadKey(userId, key);
const stagedFile = (key: string) => path.join(t.config.uploadDir, `${sid(key)}.part`);
/** the merged video's path (named by the upload row's `createdAt`): call it while the row exists */
const finalFile = async (key: string, suffix = 'mp4') =>
  path.join(t.config.mediaDir, await videoKeyOf(t.db, sid(key), suffix));

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'cc-fs-'));
  video = makeNoisyMp4(path.join(work, 'noisy.mp4'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeEach(async () => {
  app = t.app;
  const user = await createUser(t.db, t.config);
  const other = await createUser(t.db, t.config);
  account = user.account;
  userId = user.id;
  token = await tokenFor(t.db, user.id);
  otherToken = await tokenFor(t.db, other.id);
});

describe('moreShard + merge: the happy paths', () => {
  it('takes shards out of order and twice, preallocates the file, merges by rename, byte-identical', async () => {
    const plan = planUpload(video);
    expect(plan.shardSize).toBe(1 * MB);
    expect(plan.shardTotal).toBeGreaterThanOrEqual(6);
    const order = [3, 1, 1, plan.shardTotal, 2, 3];
    const received: number[] = [];
    for (const i of order) {
      const res = await sendShard(app, token, plan, i);
      expect(res.statusCode).toBe(200);
      const env = body<MoreShardResult>(res);
      expect(env.status).toBe(1);
      expect(env.data.fileUploadId).toBe(plan.key);
      expect(env.data.shardIndex).toBe(i);
      received.push(env.data.received);
    }
    // distinct shards stored: duplicates do not count twice
    expect(received).toEqual([1, 2, 2, 3, 4, 4]);
    // preallocated at the full size from the first shard
    expect(statSync(stagedFile(plan.key)).size).toBe(video.length);
    expect((await status(app, token, plan.key)).receivedShards).toEqual([1, 2, 3, plan.shardTotal]);

    const rest = Array.from({ length: plan.shardTotal }, (_, i) => i + 1).filter(
      (i) => ![1, 2, 3, plan.shardTotal].includes(i),
    );
    await sendShards(app, token, plan, rest.reverse());
    const inode = statSync(stagedFile(plan.key)).ino;

    const res = await merge(app, token, plan.key);
    const env = body<MergeResult>(res);
    expect(env.status).toBe(1);
    const fileKey = await videoKeyOf(t.db, sid(plan.key));
    expect(fileKey).toMatch(new RegExp(`^videos/${sid(plan.key)}-[0-9a-z]+\\.mp4$`));
    expect(env.data).toEqual({
      merged: true,
      fileKey,
      url: `/media/video/${fileKey.slice('videos/'.length)}`,
    });
    // a rename, not a copy: same inode, staging gone
    expect(existsSync(stagedFile(plan.key))).toBe(false);
    expect(statSync(await finalFile(plan.key)).ino).toBe(inode);
    expect(sha256(readFileSync(await finalFile(plan.key)))).toBe(sha256(video));

    // merging again returns the current state
    expect(body<MergeResult>(await merge(app, token, plan.key)).data).toEqual(env.data);

    // the probe job: ready with duration, size and a cover made from a frame
    const done = await waitForProbe(app, token, plan.key);
    expect(done.state).toBe('ready');
    expect(done.exists).toBe(true);
    expect(done.duration).toBeCloseTo(2, 1);
    expect([done.width, done.height]).toEqual([320, 240]);
    expect(done.coverUrl).toBe(`/media/img/0x0/covers/${sid(plan.key)}.jpg`);
    const cover = readFileSync(path.join(t.config.mediaDir, 'covers', `${sid(plan.key)}.jpg`));
    expect((await sharp(cover).metadata()).format).toBe('jpeg');
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, sid(plan.key)));
    expect(row!.codecs).toEqual({ format: expect.stringContaining('mp4'), video: 'h264', audio: null });
    expect(sha256(readFileSync(await finalFile(plan.key)))).toBe(sha256(video));
  });

  it('probes the spec MP4 (ffmpeg testsrc 2 s 320×240) to ready and keeps the cover the author sent', async () => {
    const mp4 = makeTestMp4(path.join(work, 'out.mp4'));
    const png = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const plan = planUpload(mp4, { name: 'out.mp4' });
    const res = await sendShard(app, token, plan, 1, {
      fields: { coverBase64: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(body(res).status).toBe(1);
    expect(body(await merge(app, token, plan.key)).status).toBe(1);
    const done = await waitForProbe(app, token, plan.key);
    expect(done).toMatchObject({
      state: 'ready',
      width: 320,
      height: 240,
      coverUrl: `/media/img/0x0/covers/${sid(plan.key)}.png`,
    });
    expect(done.duration).toBeGreaterThan(1.9);
    expect(done.duration).toBeLessThan(2.1);
    // the author's cover was kept, not replaced by a frame
    expect(readFileSync(path.join(t.config.mediaDir, 'covers', `${sid(plan.key)}.png`))).toEqual(png);
    expect(existsSync(path.join(t.config.mediaDir, 'covers', `${sid(plan.key)}.jpg`))).toBe(false);
  });

  it('a renamed text file is refused after the merge: failed, with the reason, bytes deleted', async () => {
    const text = Buffer.from('this is not a video at all, whatever its name says\n'.repeat(40));
    const plan = planUpload(text, { name: 'notes.mp4' });
    await sendShards(app, token, plan, [1]);
    expect(body<MergeResult>(await merge(app, token, plan.key)).data).toMatchObject({ merged: true });
    const done = await waitForProbe(app, token, plan.key);
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/not a video/);
    // issue #9: the reason in the reader's language
    expect((await status(app, token, plan.key, { 'accept-language': 'zh-CN' })).error).toMatch(
      /^该文件不是视频/,
    );
    expect(done).toMatchObject({ exists: false, url: null, fileKey: null });
    expect(existsSync(await finalFile(plan.key))).toBe(false);
    // merge now answers the failure instead of pretending
    const again = body(await merge(app, token, plan.key));
    expect(again.status).toBe(0);
    expect(again.message).toMatch(/not a video/);
  });
});

describe('concurrency', () => {
  it('all shards at once, with duplicates racing, then two merges at once: one file, byte-identical', async () => {
    const plan = planUpload(video);
    const all = Array.from({ length: plan.shardTotal }, (_, i) => i + 1);
    const results = await Promise.all(
      [...all, 1, plan.shardTotal, 2].map((i) => sendShard(app, token, plan, i)),
    );
    expect(results.map((r) => body(r).status)).toEqual(results.map(() => 1));
    expect((await status(app, token, plan.key)).receivedShards).toEqual(all);
    const merges = (await Promise.all([merge(app, token, plan.key), merge(app, token, plan.key)])).map((r) =>
      body<MergeResult>(r),
    );
    expect(merges.every((m) => m.status === 1)).toBe(true);
    expect(merges.some((m) => m.data.merged)).toBe(true);
    expect(sha256(readFileSync(await finalFile(plan.key)))).toBe(sha256(video));
    expect((await waitForProbe(app, token, plan.key)).state).toBe('ready');
  });
});

describe('moreShard refusals: clear errors, nothing stored', () => {
  const small = random(2 * MB + 1234);

  async function expectNothingStored(key: string) {
    expect(existsSync(stagedFile(key))).toBe(false);
    expect((await status(app, token, key)).receivedShards).toEqual([]);
  }

  it('a checksum mismatch is CHECKSUM_MISMATCH (status 0, HTTP 400) and the shard is not counted', async () => {
    const plan = planUpload(small);
    const res = await sendShard(app, token, plan, 1, { md5: md5Base64(Buffer.from('other bytes')) });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ status: 0, ercd: 'CHECKSUM_MISMATCH' });
    await expectNothingStored(plan.key);
    // corrupted in transit: the bytes differ from the MD5 computed before sending
    const corrupt = Buffer.from(shardBytes(plan, 1));
    corrupt[10] = corrupt[10]! ^ 0xff;
    const res2 = await sendShard(app, token, plan, 1, {
      bytes: corrupt,
      md5: md5Base64(shardBytes(plan, 1)),
    });
    expect(body(res2).ercd).toBe('CHECKSUM_MISMATCH');
    await expectNothingStored(plan.key);
    // without the header the shard is taken (the header is optional)
    expect(body<MoreShardResult>(await sendShard(app, token, plan, 1, { md5: false })).data.received).toBe(1);
  });

  it.each([
    ['a short middle shard', 1, (b: Buffer) => b.subarray(0, b.length - 1)],
    ['a long middle shard', 2, (b: Buffer) => Buffer.concat([b, Buffer.from([0])])],
    ['a last shard with more than the remainder', 3, (b: Buffer) => Buffer.concat([b, Buffer.from([0])])],
    ['a last shard with less than the remainder', 3, (b: Buffer) => b.subarray(1)],
  ])('%s is refused with 10007', async (_label, index, mangle) => {
    const plan = planUpload(small);
    const res = await sendShard(app, token, plan, index, { bytes: mangle(shardBytes(plan, index)) });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ status: 10007, ercd: 'VALIDATION_FAILED' });
    expect(body(res).message).toMatch(/exactly \d+ bytes/);
    await expectNothingStored(plan.key);
  });

  it.each([
    ['shardIndex 0', { shardIndex: '0' }, 'shardIndex'],
    ['shardIndex beyond shardTotal', { shardIndex: '4' }, 'shardIndex'],
    ['shardTotal not ceil(size/shardSize)', { shardTotal: '4' }, 'shardTotal'],
    ['2 MiB shards for a 2 MiB file (table says 1 MiB)', { shardSize: String(2 * MB) }, 'shardSize'],
    ['a key that is not 32 lowercase hex', { key: 'ABC' }, 'key'],
    ['use other than video|smallVideo', { use: 'article' }, 'use'],
    ['size not a number', { size: 'big' }, 'size'],
  ])('%s → 10007 naming the field', async (_label, fields, field) => {
    const plan = planUpload(small);
    const res = await sendShard(app, token, plan, 1, { fields });
    const env = body<{ fields: { path: string }[] }>(res);
    expect(env.status).toBe(10007);
    expect(env.data.fields.map((f) => f.path)).toContain(field);
    await expectNothingStored(plan.key);
  });

  it('the shard-size table (spec §9): 1 MiB to 500 MiB, 2 MiB to 800 MiB, 5 MiB above', async () => {
    const plan = planUpload(small);
    const cases: [number, number, boolean][] = [
      [500 * MB, 1 * MB, true],
      [500 * MB + 1, 2 * MB, true],
      [500 * MB + 1, 1 * MB, false],
      [800 * MB, 2 * MB, true],
      [800 * MB + 1, 5 * MB, true],
      [800 * MB + 1, 2 * MB, false],
    ];
    for (const [size, shardSize, ok] of cases) {
      const fields = {
        size: String(size),
        shardSize: String(shardSize),
        shardTotal: String(Math.ceil(size / shardSize)),
        key: newKey(),
      };
      // the bytes are deliberately one byte: a right table row fails later, on the shard size
      const env = body<{ fields: { path: string }[] }>(
        await sendShard(app, token, plan, 1, { fields, bytes: Buffer.from([1]) }),
      );
      expect(env.status).toBe(10007);
      const paths = env.data.fields.map((f) => f.path);
      expect(paths.includes('shardSize')).toBe(!ok);
    }
  });

  it('over 30 GiB is TOO_LARGE (10010, HTTP 413) with the spec message', async () => {
    const plan = planUpload(small);
    const size = 30 * 1024 * MB + 1;
    const res = await sendShard(app, token, plan, 1, {
      fields: {
        size: String(size),
        shardSize: String(5 * MB),
        shardTotal: String(Math.ceil(size / (5 * MB))),
      },
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ status: 10010, message: UPLOAD_ERROR_MESSAGES.tooLarge });
    await expectNothingStored(plan.key);
  });

  it('exactly 30 GiB passes the size rule', async () => {
    const plan = planUpload(small);
    const size = 30 * 1024 * MB;
    const env = body(
      await sendShard(app, token, plan, 1, {
        fields: { size: String(size), shardSize: String(5 * MB), shardTotal: String(size / (5 * MB)) },
      }),
    );
    // refused later for the byte count, not the size
    expect(env.status).toBe(10007);
    expect(env.message).toMatch(/exactly/);
  });

  it.each(['txt', 'mkv', 'exe', ''])('suffix %j is refused with the spec message', async (suffix) => {
    const plan = planUpload(small, { suffix, name: `a.${suffix}` });
    const res = await sendShard(app, token, plan, 1);
    expect(body(res)).toMatchObject({ status: 10007, message: 'video format is wrong, upload failed' });
    const zh = await sendShard(app, token, plan, 1, { headers: { 'accept-language': 'zh-CN' } });
    expect(body(zh)).toMatchObject({ messageCode: 'VIDEO_FORMAT_WRONG', message: '视频格式错误，上传失败' });
    await expectNothingStored(plan.key);
  });

  it.each(['mp4', 'MOV', 'rmvb', 'flv', '3gp', 'mpeg'])('suffix %j is accepted', async (suffix) => {
    const plan = planUpload(random(1000), { suffix, name: `a.${suffix}` });
    expect(body(await sendShard(app, token, plan, 1)).status).toBe(1);
  });

  it('later shards must carry the first shard’s size, shardSize, name, suffix and use', async () => {
    const plan = planUpload(small);
    await sendShards(app, token, plan, [1]);
    const env = body<{ fields: { path: string }[] }>(
      await sendShard(app, token, plan, 2, { fields: { name: 'other.mp4', use: 'smallVideo' } }),
    );
    expect(env.status).toBe(10007);
    expect(env.data.fields.map((f) => f.path).sort()).toEqual(['name', 'use']);
    expect((await status(app, token, plan.key)).receivedShards).toEqual([1]);
  });

  it('a bad cover is refused before anything is stored', async () => {
    const plan = planUpload(small);
    const res = await sendShard(app, token, plan, 1, {
      fields: { coverBase64: `data:image/png;base64,${Buffer.from('nope').toString('base64')}` },
    });
    expect(body(res)).toMatchObject({ status: 10007 });
    expect(body(res).message).toMatch(/coverBase64/);
    await expectNothingStored(plan.key);
  });
});

describe('covers and limits', () => {
  it('the last non-empty cover sent wins; the one it replaces is deleted', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const jpg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .jpeg()
      .toBuffer();
    const plan = planUpload(random(2 * MB + 5));
    const withCover = (mime: string, b: Buffer) => ({
      fields: { coverBase64: `data:${mime};base64,${b.toString('base64')}` },
    });
    expect(body(await sendShard(app, token, plan, 1, withCover('image/png', png))).status).toBe(1);
    expect((await status(app, token, plan.key)).coverUrl).toBe(`/media/img/0x0/covers/${sid(plan.key)}.png`);
    expect(body(await sendShard(app, token, plan, 2, withCover('image/jpeg', jpg))).status).toBe(1);
    expect(body(await sendShard(app, token, plan, 3)).status).toBe(1); // empty: keeps the cover
    expect((await status(app, token, plan.key)).coverUrl).toBe(`/media/img/0x0/covers/${sid(plan.key)}.jpg`);
    expect(existsSync(path.join(t.config.mediaDir, 'covers', `${sid(plan.key)}.png`))).toBe(false);
    expect(readFileSync(path.join(t.config.mediaDir, 'covers', `${sid(plan.key)}.jpg`))).toEqual(jpg);
  });

  it('a shard part over 5 MiB is TOO_LARGE and not stored', async () => {
    const plan = planUpload(random(900 * 1024), { shardSize: 1 * MB });
    const res = await sendShard(app, token, plan, 1, { bytes: random(5 * MB + 100 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(body(res).status).toBe(10010);
    expect(existsSync(stagedFile(plan.key))).toBe(false);
  });

  it('shards are not held by the API flood guard (600 requests/min per IP)', async () => {
    const plan = planUpload(random(100));
    for (let i = 0; i < 620; i++) {
      const env = body(await sendShard(app, token, plan, 1));
      if (env.status !== 1) throw new Error(`request ${i + 1}: ${env.status} ${env.message}`);
    }
  });
});

describe('tokens and ownership', () => {
  const bytes = random(5000);

  it.each([
    ['no token', ''],
    ['an unknown token', 'x'.repeat(43)],
  ])('%s → 10002', async (_label, bad) => {
    const plan = planUpload(bytes);
    const res = await sendShard(app, bad, plan, 1);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ status: 10002 });
    expect(body(res).message).toMatch(/upload token/);
    expect(body(await merge(app, bad, plan.key)).status).toBe(10002);
    expect(body(await cancel(app, bad, plan.key)).status).toBe(10002);
  });

  it('an expired token → 10002', async () => {
    const { issueUploadToken } = await import('../user/user.service.js');
    const old = await issueUploadToken(t.db, userId, new Date(Date.now() - UPLOAD_EXPIRY_MS - 1000));
    expect(body(await sendShard(app, old.token, planUpload(bytes), 1)).status).toBe(10002);
  });

  it('a token of another user than the signed-in session → 10005', async () => {
    const session = await login(app, account);
    const res = await sendShard(app, otherToken, planUpload(bytes), 1, { cookies: session.cookies });
    expect(res.statusCode).toBe(403);
    expect(body(res).status).toBe(10005);
  });

  it('keys are scoped by user: another user’s token never sees or touches the upload', async () => {
    const plan = planUpload(random(2 * MB + 10));
    await sendShards(app, token, plan, [1]);
    // the same key from another author (the same file chosen by two people) is their own, empty upload
    const theirs = `?token=${otherToken}&fileUploadId=${plan.key}`;
    const seen = body<MergeFileStatus>(
      await app.inject({ method: 'GET', url: `/fileservice/isExistLocalMergeFile${theirs}` }),
    );
    expect(seen.data).toMatchObject({ exists: false, receivedShards: [] });
    expect(body(await merge(app, otherToken, plan.key)).status).toBe(10006);
    expect(body(await cancel(app, otherToken, plan.key)).status).toBe(1); // nothing of theirs to cancel
    const own = body<MoreShardResult>(await sendShard(app, otherToken, plan, 2));
    expect(own.data).toMatchObject({ fileUploadId: plan.key, received: 1 });
    // the first author's upload is untouched, and each merges only what it holds
    expect((await status(app, token, plan.key)).receivedShards).toEqual([1]);
    expect(body<{ missing: number[] }>(await merge(app, token, plan.key)).data.missing).toEqual([2, 3]);
    expect(body<{ missing: number[] }>(await merge(app, otherToken, plan.key)).data.missing).toEqual([1, 3]);
    expect(scopedUploadKey(userId, plan.key)).toMatch(/^[0-9a-f]{32}$/);
    expect(scopedUploadKey(userId, plan.key)).not.toBe(scopedUploadKey(userId + 1, plan.key));
  });
});

describe('merge, status, cancel', () => {
  it('missing shards → status 0, SHARDS_MISSING, data.missing lists them', async () => {
    const plan = planUpload(random(5 * MB + 3));
    await sendShards(app, token, plan, [2, 5]);
    const res = await merge(app, token, plan.key);
    expect(res.statusCode).toBe(400);
    const env = body<{ missing: number[]; missingCount: number; truncated: boolean }>(res);
    expect(env).toMatchObject({ status: 0, ercd: SHARDS_MISSING_ERCD });
    expect(env.data).toEqual({ missing: [1, 3, 4, 6], missingCount: 4, truncated: false });
    expect((await status(app, token, plan.key)).state).toBe('uploading');
  });

  it('the missing list is cut at 1000 entries and says so', async () => {
    // 30 GiB at 5 MiB shards = 6144 shards: send only the first.
    const total = 30 * 1024 * MB;
    const plan = planUpload(random(5 * MB), { shardSize: 5 * MB, shardTotal: total / (5 * MB) });
    const fields = { size: String(total) };
    expect(body(await sendShard(app, token, plan, 1, { fields })).status).toBe(1);
    const env = body<{ missing: number[]; missingCount: number; truncated: boolean }>(
      await merge(app, token, plan.key),
    );
    expect(env.ercd).toBe(SHARDS_MISSING_ERCD);
    expect(env.data.missing).toHaveLength(1000);
    expect(env.data.missing[0]).toBe(2);
    expect(env.data).toMatchObject({ missingCount: 6143, truncated: true });
    // the preallocated file is sparse: 30 GiB long, about one shard on disk
    expect(statSync(stagedFile(plan.key)).size).toBe(total);
    expect(statSync(stagedFile(plan.key)).blocks * 512).toBeLessThan(64 * MB);
    expect(body(await cancel(app, token, plan.key)).status).toBe(1);
  });

  it('an unknown key: merge 10006; status says not there yet; fileUploadId is required', async () => {
    expect(body(await merge(app, token, newKey())).status).toBe(10006);
    const s = await status(app, token, newKey());
    expect(s).toEqual<MergeFileStatus>({
      exists: false,
      state: 'uploading',
      fileKey: null,
      url: null,
      receivedShards: [],
    });
    expect(body(await merge(app, token, '')).status).toBe(10007);
  });

  it('merge takes JSON and multipart bodies too', async () => {
    for (const kind of ['json', 'multipart'] as const) {
      const plan = planUpload(random(3000));
      await sendShards(app, token, plan, [1]);
      const { multipartBody } = await import('./test-support.js');
      const mp = multipartBody({ fileUploadId: plan.key });
      const res = await app.inject({
        method: 'POST',
        url: `/fileservice/merge?token=${token}`,
        payload: kind === 'json' ? { fileUploadId: plan.key } : mp.payload,
        headers: {
          ...(kind === 'json' ? { 'content-type': 'application/json' } : mp.headers),
          ...guidHeaders(token),
        },
      });
      expect(body<MergeResult>(res).data).toMatchObject({ merged: true });
    }
  });

  it('no shard is taken after the merge (10008)', async () => {
    const plan = planUpload(random(3000));
    await sendShards(app, token, plan, [1]);
    await merge(app, token, plan.key);
    expect(body(await sendShard(app, token, plan, 1)).status).toBe(10008);
  });

  it('cancel frees the bytes and removes the rows; cancelling again is fine', async () => {
    const plan = planUpload(random(3 * MB + 5));
    await sendShards(app, token, plan, [1, 3]);
    expect(existsSync(stagedFile(plan.key))).toBe(true);
    const res = await cancel(app, token, plan.key);
    expect(body(res)).toMatchObject({ status: 1, data: null });
    expect(existsSync(stagedFile(plan.key))).toBe(false);
    expect(
      await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, sid(plan.key))),
    ).toEqual([]);
    expect((await status(app, token, plan.key)).receivedShards).toEqual([]);
    expect(body(await cancel(app, token, plan.key)).status).toBe(1);
  });

  it('cancel of a merged upload deletes the video too', async () => {
    const plan = planUpload(random(3000));
    await sendShards(app, token, plan, [1]);
    await merge(app, token, plan.key);
    const file = await finalFile(plan.key); // before the cancel deletes the row
    // the probe may already have failed it (random bytes) and deleted the file; either way nothing stays
    expect(body(await cancel(app, token, plan.key)).status).toBe(1);
    expect(existsSync(file)).toBe(false);
  });
});

describe('restart in the middle, then completion', () => {
  it('a new app on the same data dir and database resumes from the recorded shards', async () => {
    const plan = planUpload(video);
    const first = Array.from({ length: Math.ceil(plan.shardTotal / 2) }, (_, i) => i + 1);
    await sendShards(app, token, plan, first);
    app = await t.restart();
    const s = await status(app, token, plan.key);
    expect(s).toMatchObject({ state: 'uploading', receivedShards: first });
    const rest = Array.from({ length: plan.shardTotal }, (_, i) => i + 1).filter((i) => !first.includes(i));
    await sendShards(app, token, plan, [rest[0]!, ...rest]); // one duplicate after the restart
    expect(body<MergeResult>(await merge(app, token, plan.key)).data).toMatchObject({ merged: true });
    expect(sha256(readFileSync(await finalFile(plan.key)))).toBe(sha256(video));
    expect((await waitForProbe(app, token, plan.key)).state).toBe('ready');
  });
});

describe('expiry cleanup (API.md §7: untouched 24 h)', () => {
  it('removes uploads untouched for 24 h with their bytes, keeps younger and merged ones', async () => {
    const old = planUpload(random(2 * MB));
    const young = planUpload(random(2 * MB));
    const merged = planUpload(random(2000), { name: 'm.mp4' });
    await sendShards(app, token, old, [1]);
    await sendShards(app, token, young, [1]);
    await sendShards(app, token, merged, [1]);
    await merge(app, token, merged.key);
    const now = Date.now();
    await t.db
      .update(uploads)
      .set({ updatedAt: new Date(now - UPLOAD_EXPIRY_MS - 1000) })
      .where(eq(uploads.key, sid(old.key)));
    await t.db
      .update(uploads)
      .set({ updatedAt: new Date(now - UPLOAD_EXPIRY_MS + 60_000) })
      .where(eq(uploads.key, sid(young.key)));
    await t.db
      .update(uploads)
      .set({ updatedAt: new Date(now - 3 * UPLOAD_EXPIRY_MS), state: 'ready' })
      .where(eq(uploads.key, sid(merged.key)));

    const deps = testFileDeps(t.db, t.config);
    const removed = await cleanupExpiredUploads(deps, new Date(now));
    expect(removed).toContain(sid(old.key));
    expect(removed).not.toContain(sid(young.key));
    expect(removed).not.toContain(sid(merged.key));
    expect(existsSync(stagedFile(old.key))).toBe(false);
    expect(existsSync(stagedFile(young.key))).toBe(true);
    expect((await status(app, token, old.key)).receivedShards).toEqual([]);
    expect((await status(app, token, young.key)).receivedShards).toEqual([1]);
    // the injected clock decides: a day later the young one goes too
    expect(await cleanupExpiredUploads(deps, new Date(now + UPLOAD_EXPIRY_MS))).toContain(sid(young.key));
    expect(existsSync(stagedFile(young.key))).toBe(false);
  });

  it('runs as a scheduled job in the queue', () => {
    expect(JOB_NAMES.uploadCleanup).toBe('upload-cleanup');
  });
});

describe('GET /media/video/<key> with range requests', () => {
  let url: string;
  let bytes: Buffer;

  // one video of its own author, only read by these tests
  beforeAll(async () => {
    bytes = makeTestMp4(path.join(work, 'range.mp4'));
    const plan = planUpload(bytes);
    const owner = await tokenFor(t.db, (await createUser(t.db, t.config)).id);
    await sendShards(t.app, owner, plan, [1]);
    url = body<{ url: string }>(await merge(t.app, owner, plan.key)).data.url;
  });

  it('without Range: 200, the whole file, Accept-Ranges', async () => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, -1],
    ['bytes=-500', -500, -1],
    ['bytes=1000-999999999', 1000, -1],
  ])('%s → 206 with the right bytes and Content-Range', async (range, s, e) => {
    const res = await app.inject({ method: 'GET', url, headers: { range } });
    const start = s < 0 ? bytes.length + s : s;
    const end = e < 0 ? bytes.length - 1 : e;
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(Number(res.headers['content-length'])).toBe(end - start + 1);
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each([`bytes=${100_000_000}-`, 'bytes=50-10', 'bytes=0-1,5-6', 'bytes=-0'])(
    '%s → 416 with bytes */size',
    async (range) => {
      const res = await app.inject({ method: 'GET', url, headers: { range } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    },
  );

  it('unknown or malformed names → 404', async () => {
    expect((await app.inject({ method: 'GET', url: `/media/video/${newKey()}.mp4` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/media/video/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });
});
