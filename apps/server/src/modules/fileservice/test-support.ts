import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  FILESERVICE_PATHS,
  type MergeFileStatus,
  SHARD_FILE_FIELD,
  shardCountFor,
  shardSizeFor,
  USER_GUID_HEADER,
} from '@cc/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client.js';
import { uploads } from './fileservice.schema.js';
import { body } from '../../test/helpers.js';
import { issueUploadToken, verifyUploadToken } from '../user/user.service.js';
import type { AppConfig } from '../../config.js';
import { LocalDiskStorage } from '../../storage/local-disk.js';
import { LocalVideoStaging } from '../../storage/video-staging.js';
import { type FileServiceDeps, videoFileKey } from './fileservice.service.js';

/** Test helpers of the file service: multipart shard forms, whole uploads, waiting for the probe. */

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const md5Base64 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
export const newKey = () => randomBytes(16).toString('hex');

/**
 * Storage key the merged video of the upload stored as `storedKey` has (`videoFileKey`, named by the row's
 * `createdAt`): read the row before anything deletes it (a cancel).
 */
export async function videoKeyOf(db: Db, storedKey: string, suffix = 'mp4'): Promise<string> {
  const [row] = await db
    .select({ createdAt: uploads.createdAt })
    .from(uploads)
    .where(eq(uploads.key, storedKey));
  if (!row) throw new Error(`no upload row ${storedKey}`);
  return videoFileKey(storedKey, suffix, row.createdAt);
}

/** `UserGuid` of the user of each token made by `tokenFor`: the helpers send it as `x-user-guid` (API.md §5). */
const guidOfToken = new Map<string, string>();

/**
 * The language the helpers ask for (issue #9, docs/api.md "Language of messages"): English, so these tests read
 * the refusals in the spec's own wording (spec §8); a test passes `{ 'accept-language': 'zh-CN' }` for Chinese.
 */
export const ENGLISH = { 'accept-language': 'en-US' } as const;

/** Headers a state-changing file-service call carries for `token` (API.md §5): `x-user-guid` (and ENGLISH). */
export function guidHeaders(token: string): Record<string, string> {
  const guid = guidOfToken.get(token);
  return guid ? { ...ENGLISH, [USER_GUID_HEADER]: guid } : { ...ENGLISH };
}

/** A new upload token of `userId`; the helpers below send its user's `x-user-guid` with it. */
export async function tokenFor(db: Db, userId: number): Promise<string> {
  const { token } = await issueUploadToken(db, userId);
  const row = await verifyUploadToken(db, token);
  if (row) guidOfToken.set(token, row.userGuid);
  return token;
}

/** A multipart/form-data body: text fields first, then the `shard` file part (as the client sends it). */
export function multipartBody(
  fields: Record<string, string>,
  file?: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cc${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${SHARD_FILE_FIELD}"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The facts of a file being uploaded, as the browser uploader computes them (spec §9). */
export interface UploadPlan {
  key: string;
  bytes: Buffer;
  name: string;
  suffix: string;
  use: string;
  shardSize: number;
  shardTotal: number;
}

export function planUpload(bytes: Buffer, opts: Partial<Omit<UploadPlan, 'bytes'>> = {}): UploadPlan {
  const shardSize = opts.shardSize ?? shardSizeFor(bytes.length);
  return {
    key: opts.key ?? newKey(),
    bytes,
    name: opts.name ?? 'clip.mp4',
    suffix: opts.suffix ?? 'mp4',
    use: opts.use ?? 'video',
    shardSize,
    shardTotal: opts.shardTotal ?? shardCountFor(bytes.length, shardSize),
  };
}

export function shardBytes(plan: UploadPlan, index: number): Buffer {
  return plan.bytes.subarray(
    (index - 1) * plan.shardSize,
    Math.min(index * plan.shardSize, plan.bytes.length),
  );
}

export function shardFields(
  plan: UploadPlan,
  index: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    shardIndex: String(index),
    shardTotal: String(plan.shardTotal),
    name: plan.name,
    suffix: plan.suffix,
    use: plan.use,
    key: plan.key,
    coverName: '',
    coverBase64: '',
    size: String(plan.bytes.length),
    shardSize: String(plan.shardSize),
    ...extra,
  };
}

export interface SendShardOptions {
  fields?: Record<string, string>;
  bytes?: Buffer;
  md5?: string | false;
  cookies?: Record<string, string>;
  /** extra headers (they win over the defaults, e.g. another `x-user-guid`) */
  headers?: Record<string, string>;
}

/** POSTs one shard (with its content-md5 unless `md5: false`, and the token user's `x-user-guid`). */
export function sendShard(
  app: FastifyInstance,
  token: string,
  plan: UploadPlan,
  index: number,
  opts: SendShardOptions = {},
): Promise<LightMyRequestResponse> {
  const bytes = opts.bytes ?? shardBytes(plan, index);
  const { payload, headers } = multipartBody(shardFields(plan, index, opts.fields), bytes);
  const md5 = opts.md5 === false ? undefined : (opts.md5 ?? md5Base64(bytes));
  return app.inject({
    method: 'POST',
    url: `${FILESERVICE_PATHS.moreShard}?token=${encodeURIComponent(token)}`,
    payload,
    headers: {
      ...headers,
      ...(md5 ? { 'content-md5': md5 } : {}),
      ...guidHeaders(token),
      ...opts.headers,
    },
    cookies: opts.cookies,
  });
}

/** POSTs a merge with the token user's `x-user-guid` (`headers` win over the defaults). */
export function merge(
  app: FastifyInstance,
  token: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${FILESERVICE_PATHS.merge}?token=${encodeURIComponent(token)}`,
    payload: new URLSearchParams({ fileUploadId: key }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...guidHeaders(token), ...headers },
  });
}

/** The upload's state (`isExistLocalMergeFile`), in English unless `headers` ask otherwise. */
export async function status(
  app: FastifyInstance,
  token: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<MergeFileStatus> {
  const res = await app.inject({
    method: 'GET',
    url: `${FILESERVICE_PATHS.isExistLocalMergeFile}?token=${encodeURIComponent(token)}&fileUploadId=${key}`,
    headers: { ...ENGLISH, ...headers },
  });
  const env = body<MergeFileStatus>(res);
  if (env.status !== 1) throw new Error(`status failed: ${env.status} ${env.message}`);
  return env.data;
}

/** DELETEs an upload with the token user's `x-user-guid` (`headers` win over the defaults). */
export function cancel(
  app: FastifyInstance,
  token: string,
  key: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'DELETE',
    url: `${FILESERVICE_PATHS.upload}?token=${encodeURIComponent(token)}&fileUploadId=${key}`,
    headers: { ...guidHeaders(token), ...headers },
  });
}

/** Sends the given shard indices in order, failing on the first refusal. */
export async function sendShards(
  app: FastifyInstance,
  token: string,
  plan: UploadPlan,
  indices: number[],
): Promise<void> {
  for (const i of indices) {
    const res = await sendShard(app, token, plan, i);
    const env = body(res);
    if (env.status !== 1) throw new Error(`shard ${i}: ${env.status} ${env.message}`);
  }
}

/** Polls isExistLocalMergeFile until the state is ready or failed (the probe job ran). */
export async function waitForProbe(
  app: FastifyInstance,
  token: string,
  key: string,
  timeoutMs = 20_000,
): Promise<MergeFileStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await status(app, token, key);
    if (s.state === 'ready' || s.state === 'failed') return s;
    if (Date.now() > until) throw new Error(`probe did not finish: state ${s.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A real small MP4 made with Debian's ffmpeg: 2 s, 320×240, 25 fps test pattern. */
export function makeTestMp4(file: string, seconds = 2): Buffer {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=320x240:rate=25`,
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return readFileSync(file);
}

/**
 * A 2 s, 320×240 MP4 of lossless noisy frames (x264 `-qp 0`), several MiB: big enough to need several 1 MiB
 * shards while staying a real, probe-able video.
 */
export function makeNoisyMp4(file: string): Buffer {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=2:size=320x240:rate=25'],
    ...['-vf', 'noise=alls=60:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0'],
    ...['-pix_fmt', 'yuv420p', file],
  ]);
  return readFileSync(file);
}

/**
 * The file service's dependencies over a test app's database and directories, with a queue that drops
 * what it is given: for calling the cleanup and release functions directly, with no job behind the test.
 */
export function testFileDeps(db: Db, config: Pick<AppConfig, 'mediaDir' | 'uploadDir'>): FileServiceDeps {
  const storage = new LocalDiskStorage(config.mediaDir);
  return {
    db,
    storage,
    staging: new LocalVideoStaging(config.uploadDir, storage),
    jobs: { send: async () => {} },
    ffprobePath: 'ffprobe',
    ffmpegPath: 'ffmpeg',
  };
}
