import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CHECKSUM_MISMATCH_ERCD,
  type ContentStatus,
  FILESERVICE_PATHS,
  MAX_OPEN_UPLOADS,
  MB,
  type MergeResult,
  TOO_MANY_OPEN_UPLOADS_ERCD,
  publishVideoParamSchema,
  UPLOAD_IN_USE_ERCD,
  USER_GUID_HEADER,
} from '@cc/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, uploads } from '../../db/schema/index.js';
import { createUpload, createUser, createVideo } from '../../test/factories.js';
import { body, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { sendSystemMessage } from '../message/message.service.js';
import { publishVideo } from '../video/video.service.js';
import { PINNING_STATUSES } from '../../read-models/upload-references.js';
import {
  cleanupExpiredUploads,
  releaseUpload,
  scopedUploadKey,
  UPLOAD_EXPIRY_MS,
} from './fileservice.service.js';
import {
  cancel,
  guidHeaders,
  makeTestMp4,
  merge,
  multipartBody,
  newKey,
  planUpload,
  sendShard,
  sendShards,
  sha256,
  shardBytes,
  shardFields,
  status,
  testFileDeps,
  tokenFor,
  videoKeyOf,
  waitForProbe,
} from './test-support.js';

/**
 * Issue #8 hardening of the file service: item 1 (bytes behind a published, scheduled or under-review work
 * are immutable), item 2 (a broken multipart body is 10007, never 10500), item 10 (`x-user-guid` on every
 * state-changing call, a shard re-sent with other bytes, the open-upload quota).
 */

const t = useTestApp();
let work: string;
/** a real 2 s 320×240 MP4 (one shard) */
let mp4: Buffer;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'cc-fsh-'));
  mp4 = makeTestMp4(path.join(work, 'a.mp4'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const random = (n: number, seed = 1) =>
  Buffer.from(Array.from({ length: n }, (_, i) => ((i + seed) * 2654435761) >>> 24));

/** An author with an upload token. */
async function author(): Promise<{ s: TestSession; token: string }> {
  const s = await t.signIn();
  return { s, token: await tokenFor(t.db, s.userId) };
}

/**
 * Uploads `bytes` through the routes (under the client key `key`, a new one unless given), merges, waits
 * for the probe; returns the client key, the file, and the merge's `fileKey` and `url`.
 */
async function readyUpload(token: string, userId: number, bytes: Buffer, key?: string) {
  const plan = planUpload(bytes, key ? { key } : {});
  await sendShards(t.app, token, plan, [1]);
  const fileKey = await videoKeyOf(t.db, scopedUploadKey(userId, plan.key));
  const url = `/media/video/${fileKey.slice('videos/'.length)}`;
  expect(body<MergeResult>(await merge(t.app, token, plan.key)).data).toEqual({ merged: true, fileKey, url });
  expect((await waitForProbe(t.app, token, plan.key)).state).toBe('ready');
  const file = path.join(t.config.mediaDir, fileKey);
  return { plan, file, fileKey, url };
}

const fileDeps = () => testFileDeps(t.db, t.config);

/** Polls `check` every 50 ms until it holds (10 s at most). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met within 10 s');
}

const publish = (s: TestSession, param: Record<string, unknown>) =>
  signedPost(
    t.app,
    '/api/video/publish',
    { use: 'video', title: '冰雪路面制动实测视频', description: '一段视频简介', publishType: 1, ...param },
    { session: s, json: true },
  );

/** Publishes the upload, then puts the work in `status` (the states review and scheduling lead to). */
async function workIn(s: TestSession, key: string, state: ContentStatus): Promise<number> {
  const env = body<{ id: number }>(await publish(s, { fileUploadId: key }));
  expect(env.status).toBe(1);
  await t.db.update(contents).set({ status: state }).where(eq(contents.id, env.data.id));
  return env.data.id;
}

describe('item 1: the bytes behind a published, scheduled or under-review work are immutable', () => {
  it.each(PINNING_STATUSES)(
    'a %s work: cancel → 10008 UPLOAD_IN_USE, shards → 10008, merge changes nothing; the file stays',
    async (state) => {
      const { s, token } = await author();
      const { plan, file } = await readyUpload(token, s.userId, mp4);
      const before = sha256(readFileSync(file));
      await workIn(s, plan.key, state);

      const cancelled = await cancel(t.app, token, plan.key);
      expect(cancelled.statusCode).toBe(409);
      expect(body(cancelled)).toMatchObject({ status: 10008, ercd: UPLOAD_IN_USE_ERCD });
      // every shard index, with the stored bytes and with other bytes
      for (const bytes of [shardBytes(plan, 1), random(mp4.length)]) {
        expect(body(await sendShard(t.app, token, plan, 1, { bytes })).status).toBe(10008);
      }
      expect(body<MergeResult>(await merge(t.app, token, plan.key)).data).toMatchObject({ merged: true });

      expect(sha256(readFileSync(file))).toBe(before);
      expect((await status(t.app, token, plan.key)).state).toBe('ready');
    },
  );

  it('a draft, rejected or deleted work does not pin its upload: cancel frees it', async () => {
    for (const state of ['draft', 'rejected', 'deleted'] as const) {
      const { s, token } = await author();
      const { plan, file } = await readyUpload(token, s.userId, mp4);
      await workIn(s, plan.key, state);
      expect(body(await cancel(t.app, token, plan.key)).status).toBe(1);
      expect(() => readFileSync(file)).toThrow();
    }
  });

  it('a new upload swapped into a published video goes through review; the old file is then removed by itself', async () => {
    const { s, token } = await author();
    const old = await readyUpload(token, s.userId, mp4);
    const id = await workIn(s, old.plan.key, 'published');
    const fresh = await readyUpload(token, s.userId, makeTestMp4(path.join(work, 'b.mp4'), 3));
    expect(fresh.file).not.toBe(old.file);
    // a title the automatic review rejects: the swap is reviewed, not taken as published
    const swapped = body<{ status: ContentStatus }>(
      await publish(s, { id, fileUploadId: fresh.plan.key, description: '这里有赌博内容' }),
    );
    expect(swapped.status).toBe(1);
    expect(swapped.data.status).toBe('rejected');
    // nothing plays the old upload any more: the upload-release job removes its row, file and URL
    // (the row goes in the job's transaction, the bytes right after its commit)
    await waitFor(
      async () => (await status(t.app, token, old.plan.key)).exists === false && !existsSync(old.file),
    );
    expect((await t.app.inject({ method: 'GET', url: old.url })).statusCode).toBe(404);
    // the re-reviewed, published swap pins the new upload
    expect(body(await publish(s, { id, fileUploadId: fresh.plan.key })).data).toMatchObject({
      status: 'published',
    });
    expect(body(await cancel(t.app, token, fresh.plan.key)).ercd).toBe(UPLOAD_IN_USE_ERCD);
    expect(readFileSync(fresh.file).length).toBeGreaterThan(0);
  });

  it('a swapped-out upload that another work took up before the release ran is kept', async () => {
    const { s, token } = await author();
    const shared = await readyUpload(token, s.userId, mp4);
    const fresh = await readyUpload(token, s.userId, makeTestMp4(path.join(work, 'd.mp4'), 3));
    // through the service without a queue, so no release job runs behind the test's back
    const param = publishVideoParamSchema.parse({
      use: 'video',
      title: '冰雪路面制动实测视频',
      description: '',
      publishType: 1,
      fileUploadId: shared.plan.key,
    });
    const withoutQueue = { sendMessage: sendSystemMessage };
    const a = await publishVideo(t.db, s.userId, param, withoutQueue);
    const swappedAt = new Date();
    await publishVideo(t.db, s.userId, { ...param, id: a.id, fileUploadId: fresh.plan.key }, withoutQueue);
    // before the job: another video of the author takes the freed upload
    const b = await publishVideo(t.db, s.userId, param, withoutQueue);
    const deps = fileDeps();
    expect(await releaseUpload(deps, s.userId, shared.plan.key, swappedAt)).toBe(false);
    expect(readFileSync(shared.file).length).toBeGreaterThan(0);
    // once that video is deleted nothing plays it: the release frees it
    expect(body(await signedPost(t.app, '/api/content/delete', { id: b.id }, { session: s })).status).toBe(1);
    expect(await releaseUpload(deps, s.userId, shared.plan.key, swappedAt)).toBe(true);
    expect(() => readFileSync(shared.file)).toThrow();
    expect((await status(t.app, token, shared.plan.key)).exists).toBe(false);
  });

  it("a release never removes a newer upload under the same client key, nor another author's", async () => {
    const { s, token } = await author();
    const before = new Date(Date.now() - 1000);
    const newer = await readyUpload(token, s.userId, mp4);
    const deps = fileDeps();
    // the old upload was cancelled and a new one started under its key before the job ran
    expect(await releaseUpload(deps, s.userId, newer.plan.key, before)).toBe(false);
    const stranger = await t.signIn();
    expect(await releaseUpload(deps, stranger.userId, newer.plan.key, new Date())).toBe(false);
    expect(readFileSync(newer.file).length).toBeGreaterThan(0);
    expect((await status(t.app, token, newer.plan.key)).state).toBe('ready');
  });

  it('a new upload under a cancelled key is a new file at a new URL; the old URL answers 404', async () => {
    const { s, token } = await author();
    const first = await readyUpload(token, s.userId, mp4);
    const served = await t.app.inject({ method: 'GET', url: first.url });
    expect(served.statusCode).toBe(200);
    expect(sha256(served.rawPayload)).toBe(sha256(mp4));
    // no work uses it: the author may cancel it, then upload other bytes under the same client key
    expect(body(await cancel(t.app, token, first.plan.key)).status).toBe(1);
    const other = makeTestMp4(path.join(work, 'c.mp4'), 3);
    expect(sha256(other)).not.toBe(sha256(mp4));
    const second = await readyUpload(token, s.userId, other, first.plan.key);
    expect(second.plan.key).toBe(first.plan.key);
    expect(second.fileKey).not.toBe(first.fileKey);
    expect(second.url).not.toBe(first.url);
    // what the first URL once served is gone, never replaced; the new bytes are under the new URL only
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect(() => readFileSync(first.file)).toThrow();
    const fresh = await t.app.inject({ method: 'GET', url: second.url });
    expect(fresh.statusCode).toBe(200);
    expect(sha256(fresh.rawPayload)).toBe(sha256(other));
  });

  it('the 24 h cleanup never removes an upload a published work plays, whatever its state', async () => {
    const s = await t.signIn();
    const pinned = await createVideo(t, s);
    const loose = await createUpload(t.db, s.userId);
    const old = new Date(Date.now() - UPLOAD_EXPIRY_MS - 60_000);
    for (const key of [pinned.key, loose]) {
      await t.db
        .update(uploads)
        .set({ state: 'uploading', updatedAt: old })
        .where(eq(uploads.key, scopedUploadKey(s.userId, key)));
    }
    const deps = fileDeps();
    const removed = await cleanupExpiredUploads(deps);
    expect(removed).toContain(scopedUploadKey(s.userId, loose));
    expect(removed).not.toContain(scopedUploadKey(s.userId, pinned.key));
  });
});

/** Broken multipart bodies (issue #8 item 2): each is `[name, content-type, payload]`. */
function brokenBodies(key: string): [string, string, Buffer | string][] {
  const b = 'XyZzy42';
  const ct = `multipart/form-data; boundary=${b}`;
  const field = (name: string, value: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fields = Object.entries(shardFields(planUpload(random(100), { key }), 1))
    .map(([n, v]) => field(n, v))
    .join('');
  return [
    ['no boundary', 'multipart/form-data', `${field('a', '1')}--${b}--\r\n`],
    ['empty boundary', 'multipart/form-data; boundary=', `${field('a', '1')}--${b}--\r\n`],
    ['boundary not in the body', ct, 'just some text, no parts at all'],
    ['empty body', ct, ''],
    ['cut off inside a part', ct, `--${b}\r\nContent-Disposition: form-data; name="a"\r\n\r\nhal`],
    ['cut off inside a header', ct, `--${b}\r\nContent-Disposition: form-da`],
    ['part without Content-Disposition', ct, `--${b}\r\nX-Nothing: 1\r\n\r\nvalue\r\n--${b}--\r\n`],
    ['part without a name', ct, `--${b}\r\nContent-Disposition: form-data\r\n\r\nv\r\n--${b}--\r\n`],
    ['a __proto__ field', ct, `${field('__proto__', '{"x":1}')}--${b}--\r\n`],
    ['binary garbage', ct, random(4096, 7)],
    ['every field, no file part', ct, `${fields}--${b}--\r\n`],
    ['the shard as a text field', ct, `${fields}${field('shard', 'not a file')}--${b}--\r\n`],
    [
      'shardIndex as a file part',
      ct,
      `${field('key', key)}--${b}\r\nContent-Disposition: form-data; name="shardIndex"; filename="x"\r\n\r\n1\r\n--${b}--\r\n`,
    ],
    ['a non-numeric shardIndex', ct, `${fields.replace('\r\n\r\n1\r\n', '\r\n\r\none\r\n')}--${b}--\r\n`],
  ];
}

describe('item 2: a broken multipart/form-data body is 10007 on every /fileservice/* route', () => {
  it('moreShard and merge answer 10007 for every broken body; no route answers 5xx or a bare body', async () => {
    const { s, token } = await author();
    const key = newKey();
    const routes: { method: 'POST' | 'DELETE' | 'GET'; url: string; exact: boolean }[] = [
      { method: 'POST', url: `${FILESERVICE_PATHS.moreShard}?token=${token}`, exact: true },
      { method: 'POST', url: `${FILESERVICE_PATHS.merge}?token=${token}`, exact: true },
      {
        method: 'DELETE',
        url: `${FILESERVICE_PATHS.upload}?token=${token}&fileUploadId=${key}`,
        exact: false,
      },
      {
        method: 'GET',
        url: `${FILESERVICE_PATHS.isExistLocalMergeFile}?token=${token}&fileUploadId=${key}`,
        exact: false,
      },
      { method: 'POST', url: '/fileservice/image', exact: true },
    ];
    for (const route of routes) {
      for (const [name, contentType, payload] of brokenBodies(key)) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          payload,
          headers: { 'content-type': contentType, ...guidHeaders(token), [USER_GUID_HEADER]: s.userGuid },
          cookies: s.cookies,
        });
        const env = body(res);
        const label = `${route.method} ${route.url.split('?')[0]} — ${name}: ${env.status} ${env.message}`;
        expect(res.statusCode, label).toBeLessThan(500);
        expect(typeof env.status, label).toBe('number');
        if (route.exact) expect(env.status, label).toBe(10007);
      }
    }
    // nothing was created by any of them
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, s.userId))).toEqual([]);
  });
});

describe('item 10: x-user-guid, a re-sent shard with other bytes, the open-upload quota', () => {
  it('shard, merge and cancel without x-user-guid, or with another value, → 10005, and change nothing', async () => {
    const { s, token } = await author();
    const other = await createUser(t.db, t.config);
    const otherGuid = guidHeaders(await tokenFor(t.db, other.id))[USER_GUID_HEADER]!;
    const plan = planUpload(random(3 * MB + 1));
    await sendShards(t.app, token, plan, [1]);
    for (const guid of [undefined, '', otherGuid, s.userGuid.toUpperCase(), `${s.userGuid} `]) {
      const guidHeader: Record<string, string> = guid === undefined ? {} : { [USER_GUID_HEADER]: guid };
      const mp = multipartBody(shardFields(plan, 2), shardBytes(plan, 2));
      const answers = [
        await t.app.inject({
          method: 'POST',
          url: `${FILESERVICE_PATHS.moreShard}?token=${token}`,
          payload: mp.payload,
          headers: { ...mp.headers, ...guidHeader },
        }),
        await t.app.inject({
          method: 'POST',
          url: `${FILESERVICE_PATHS.merge}?token=${token}`,
          payload: { fileUploadId: plan.key },
          headers: { 'content-type': 'application/json', ...guidHeader },
        }),
        await t.app.inject({
          method: 'DELETE',
          url: `${FILESERVICE_PATHS.upload}?token=${token}&fileUploadId=${plan.key}`,
          headers: guidHeader,
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode, String(guid)).toBe(403);
        expect(body(res).status).toBe(10005);
      }
    }
    // reading the state needs no header; nothing changed
    const st = await t.app.inject({
      method: 'GET',
      url: `${FILESERVICE_PATHS.isExistLocalMergeFile}?token=${token}&fileUploadId=${plan.key}`,
    });
    expect(body(st).data).toMatchObject({ state: 'uploading', receivedShards: [1] });
  });

  it('a shard re-sent with other bytes → CHECKSUM_MISMATCH, the stored bytes stay; the same bytes are fine', async () => {
    const { s, token } = await author();
    const plan = planUpload(random(2 * MB + 10));
    await sendShards(t.app, token, plan, [1, 2]);
    const staged = path.join(t.config.uploadDir, `${scopedUploadKey(s.userId, plan.key)}.part`);
    const before = sha256(readFileSync(staged));
    for (const index of [1, 2]) {
      expect(body(await sendShard(t.app, token, plan, index)).status).toBe(1);
      const other = random(shardBytes(plan, index).length, 99);
      // with a content-md5 that matches the new bytes, and without one
      for (const md5 of [undefined, false] as const) {
        const res = await sendShard(t.app, token, plan, index, { bytes: other, md5 });
        expect(body(res)).toMatchObject({ status: 0, ercd: CHECKSUM_MISMATCH_ERCD });
      }
    }
    expect(sha256(readFileSync(staged))).toBe(before);
    expect((await status(t.app, token, plan.key)).receivedShards).toEqual([1, 2]);
  });

  it(`at most ${MAX_OPEN_UPLOADS} open uploads per author: one more → 10008 TOO_MANY_OPEN_UPLOADS`, async () => {
    const { s, token } = await author();
    // merged uploads do not count
    for (let i = 0; i < 3; i++) await createUpload(t.db, s.userId, { state: 'ready' });
    const open: string[] = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS; i++) {
      const state = i % 2 ? 'uploading' : 'merging';
      open.push(await createUpload(t.db, s.userId, { state, fileKey: null }));
    }
    const plan = planUpload(random(2000));
    const res = await sendShard(t.app, token, plan, 1);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({
      status: 10008,
      ercd: TOO_MANY_OPEN_UPLOADS_ERCD,
    });
    expect((await status(t.app, token, plan.key)).receivedShards).toEqual([]);
    // another author is not affected
    const b = await author();
    expect(body(await sendShard(t.app, b.token, plan, 1)).status).toBe(1);
    // one cancelled: the new upload is taken
    expect(body(await cancel(t.app, token, open[1]!)).status).toBe(1);
    expect(body(await sendShard(t.app, token, plan, 1)).status).toBe(1);
  });
});
