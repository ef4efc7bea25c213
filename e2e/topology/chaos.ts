import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { DEV_SIGN_SECRET } from '@cc/contracts';
import {
  createFileServiceClient,
  createUpload,
  type TransportRequest,
  type UploadTransport,
} from '@cc/uploader';
import { AuthorClient, Recorder } from './http-client.js';
import type { Topology } from './topology.js';

/**
 * Upload chaos through the topology (issue #16 "Upload chaos"), shared by `e2e/upload-chaos.e2e.ts` (a few
 * rounds) and `npm run bench:chaos` (100): per round a new file goes up through nginx with the real web
 * uploader (`@cc/uploader` createUpload: 5 workers, a failed shard retried after 3 s, the merge with its
 * fallbacks) over a transport that, while the upload runs,
 * - kills -9 a server while shards are in flight on every server (then starts it again),
 * - drops connections: a shard's request is cut after half its body (the socket destroyed),
 * - replays shards: a confirmed shard is sent again, at once or after a delay (some after the merge),
 * - reorders shards: each request waits a random 0-250 ms before it goes.
 * The round passes when the merged object's MD5 in the bucket equals the file's.
 */

const DEV_SITE_KEY = 'creator-centre-dev-reader-site-key';

/** Odds per shard request (0..1) and the kill per round. */
export interface ChaosOptions {
  /** odds a shard request is cut mid-body (0.08) */
  dropRate?: number;
  /** odds a confirmed shard is sent again (0.2) */
  replayRate?: number;
  /** kill -9 one server per round (true) */
  kill?: boolean;
  /** reorder shards with a random 0-250 ms wait (true) */
  reorder?: boolean;
  /** file sizes, bytes ([3 MiB, 12 MiB]) */
  minBytes?: number;
  maxBytes?: number;
}

/** What one round did and found. */
export interface ChaosRound {
  bytes: number;
  shards: number;
  ms: number;
  drops: number;
  replays: number;
  killed: number | null;
  md5Match: boolean;
  error?: string;
}

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A shard request sent over a raw socket that is destroyed after half the body: a dropped connection. */
async function sendCut(url: string, req: TransportRequest): Promise<never> {
  const encoded = new Response(req.body as FormData);
  const body = Buffer.from(await encoded.arrayBuffer());
  const u = new URL(url);
  await new Promise<void>((resolve) => {
    const r = httpRequest({
      host: u.hostname,
      port: u.port,
      path: u.pathname + u.search,
      method: 'POST',
      headers: {
        ...req.headers,
        'content-type': encoded.headers.get('content-type')!,
        'content-length': String(body.length),
      },
    });
    r.on('error', () => resolve());
    r.write(body.subarray(0, body.length >> 1), () => {
      r.destroy();
      resolve();
    });
  });
  throw new Error('network error: connection dropped mid-body');
}

/**
 * Runs one chaos round on `topo` (see the module comment).
 * @param video real MP4 bytes: each round uploads them with a random tail appended (ffprobe ignores it), so
 *   every file is new and the probe still finds a video
 */
export async function runChaosRound(
  topo: Topology,
  video: Buffer,
  round: number,
  opts: ChaosOptions = {},
): Promise<ChaosRound> {
  const dropRate = opts.dropRate ?? 0.08;
  const replayRate = opts.replayRate ?? 0.2;
  const minBytes = opts.minBytes ?? 3 * 1024 * 1024;
  const maxBytes = opts.maxBytes ?? 12 * 1024 * 1024;
  const size = Math.max(video.length + 1, minBytes + Math.floor(Math.random() * (maxBytes - minBytes)));
  const bytes = Buffer.concat([video, randomBytes(size - video.length)]);
  const target = { baseUrl: topo.url, signSecret: DEV_SIGN_SECRET, siteKey: DEV_SITE_KEY };
  const client = new AuthorClient(target, new Recorder(), 1000 + round);
  await client.call('POST', 'passport/register', {
    account: `chaos_${randomBytes(4).toString('hex')}`,
    password: `pw-${randomBytes(8).toString('hex')}`,
    mediaName: '混沌测试作者',
  });
  const { token } = await client.call<{ token: string }>('GET', 'video/get_upload_video_secret');
  const inner = client.uploadTransport();
  const result: ChaosRound = {
    bytes: size,
    shards: Math.ceil(size / (1024 * 1024)),
    ms: 0,
    drops: 0,
    replays: 0,
    killed: null,
    md5Match: false,
  };
  const pending: Promise<unknown>[] = [];
  let shardRequests = 0;
  const killAt = opts.kill === false ? -1 : 2 + Math.floor(Math.random() * Math.max(1, result.shards - 2));
  const replay = (req: TransportRequest, delayMs: number) => {
    result.replays += 1;
    pending.push(
      sleep(delayMs)
        .then(() => inner.send(req).response)
        .catch(() => undefined),
    );
  };
  const transport: UploadTransport = {
    send(req) {
      if (!req.url.startsWith('/fileservice/moreShard')) return inner.send(req);
      shardRequests += 1;
      if (shardRequests === killAt) {
        // shards are in flight on the servers now: kill one of them mid-request, start it again later
        const victim = Math.floor(Math.random() * topo.servers.length);
        result.killed = victim;
        pending.push(
          sleep(30)
            .then(() => topo.kill(victim))
            .then(() => sleep(500))
            .then(() => topo.restart(victim)),
        );
      }
      let aborted = false;
      let abortInner: (() => void) | null = null;
      const response = (async () => {
        if (opts.reorder !== false) await sleep(Math.random() * 250);
        if (aborted) throw new Error('request aborted');
        if (Math.random() < dropRate) {
          result.drops += 1;
          return sendCut(`${topo.url}${req.url}`, {
            ...req,
            headers: { ...client.baseHeaders(), ...req.headers },
          });
        }
        const call = inner.send(req);
        abortInner = call.abort;
        const res = await call.response;
        if (res.httpStatus === 200 && Math.random() < replayRate) replay(req, Math.random() < 0.5 ? 0 : 4000);
        return res;
      })();
      return {
        response,
        abort: () => {
          aborted = true;
          abortInner?.();
        },
      };
    },
  };
  const started = performance.now();
  try {
    const key = await new Promise<string>((resolve, reject) => {
      const handle = createUpload({
        file: new File([bytes], `chaos-${round}.mp4`, { type: 'video/mp4', lastModified: Date.now() }),
        use: 'video',
        getToken: async () => ({ token }),
        transport,
        userGuid: () => client.userGuid,
        onSuccess: () => resolve(handle.key!),
        onFailure: (f) => reject(new Error(`upload failed: ${f.message} ${f.serverMessage ?? ''}`)),
      });
      void handle.start();
    });
    result.ms = performance.now() - started;
    const files = createFileServiceClient(inner, token, () => client.userGuid);
    const status = await files.queryMergeFile(key).result;
    if (!status.fileKey) throw new Error(`merged upload has no fileKey (state ${status.state})`);
    const stored = await fetch(`${topo.s3.endpoint}/${topo.s3.bucket}/${status.fileKey}`);
    result.md5Match = stored.ok && md5(new Uint8Array(await stored.arrayBuffer())) === md5(bytes);
    if (!result.md5Match) result.error = `MD5 differs (HTTP ${stored.status})`;
  } catch (error) {
    result.ms = performance.now() - started;
    result.error = (error as Error).message;
  }
  await Promise.allSettled(pending);
  // every server is up again before the next round
  for (let i = 0; i < topo.servers.length; i++) if (!topo.servers[i]!.child) await topo.restart(i);
  return result;
}

/** What is left staged after the sweep: objects under `staging/`, files in each server's UPLOAD_DIR. */
export interface Leftovers {
  stagingObjects: string[];
  uploadDirFiles: string[];
  /**
   * multipart uploads still open (with no upload in progress, each is one a server made and then died
   * before recording: S3's lifecycle rule AbortIncompleteMultipartUpload removes them, docs/operations.md)
   */
  openMultipartUploads: number;
}

/**
 * Runs the `upload-cleanup` job now (queued through pg-boss's table, worked by whichever server polls first:
 * its 24 h expiry and the orphan sweep of the S3 staging) and waits until it completed.
 */
export async function runSweep(topo: Topology, timeoutMs = 70_000): Promise<void> {
  const [job] = await topo.query<{ id: string }>(
    `insert into pgboss.job (name, data) values ('upload-cleanup', '{}'::jsonb) returning id`,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await topo.query<{ state: string }>('select state from pgboss.job where id = $1', [
      job!.id,
    ]);
    if (row?.state === 'completed') return;
    if (row?.state === 'failed') throw new Error('upload-cleanup failed');
    if (Date.now() > deadline) throw new Error(`upload-cleanup not done in ${timeoutMs} ms (${row?.state})`);
    await sleep(500);
  }
}

/** Lists what is staged in the bucket and on the servers' disks (see Leftovers). */
export async function findLeftovers(topo: Topology): Promise<Leftovers> {
  const list = await fetch(`${topo.s3.endpoint}/${topo.s3.bucket}?list-type=2&prefix=staging/`);
  const stagingObjects = [...(await list.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
  const uploadDirFiles: string[] = [];
  for (let i = 1; i <= topo.servers.length; i++) {
    const dir = path.join(topo.dir, `server-${i}`, 'uploads');
    if (existsSync(dir))
      for (const f of readdirSync(dir, { recursive: true })) uploadDirFiles.push(`${dir}/${f}`);
  }
  return { stagingObjects, uploadDirFiles, openMultipartUploads: topo.s3.openMultipartUploads().length };
}
