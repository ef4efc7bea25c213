/**
 * The upload bench's client (run by bench/upload/run.ts in a child process): uploads one file with the
 * protocol of API.md §7 — 5 concurrent workers, content-md5 on every shard, then merge — and prints
 * `{ shards, merge }` in seconds as its last line.
 * Usage: node --import tsx bench/upload/client.ts <base URL> <token> <UserGuid> <file> <size>
 */
import { createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import {
  type Envelope,
  type MergeResult,
  shardCountFor,
  shardSizeFor,
  UPLOAD_WORKERS,
  USER_GUID_HEADER,
} from '@cc/contracts';

/** Keep-alive connections, one per worker: what a browser does with HTTP/1.1. */
const agent = new Agent({ keepAlive: true, maxSockets: UPLOAD_WORKERS });

/**
 * POSTs `parts` as one body (written one after the other, never concatenated) with node:http, and parses
 * the JSON envelope. The client shares the 2 cores with the server it measures: undici's fetch takes the
 * body through web streams, and a concatenated payload is one more copy of every shard.
 */
function postParts(
  url: string,
  headers: Record<string, string>,
  parts: Buffer[],
): Promise<Envelope<unknown>> {
  return new Promise((resolve, reject) => {
    const length = parts.reduce((n, p) => n + p.length, 0);
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<unknown>);
          } catch (error) {
            reject(error as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

/** Uploads `file` with the protocol of API.md §7; returns seconds for shards, seconds for merge. */
async function uploadFile(
  base: string,
  token: string,
  userGuid: string,
  file: string,
  size: number,
): Promise<{ shards: number; merge: number }> {
  const shardSize = shardSizeFor(size);
  const shardTotal = shardCountFor(size, shardSize);
  const key = randomBytes(16).toString('hex');
  const fh = await open(file, 'r');
  let next = 1;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index > shardTotal) return;
      const length = Math.min(shardSize, size - (index - 1) * shardSize);
      const bytes = Buffer.allocUnsafe(length);
      await fh.read(bytes, 0, length, (index - 1) * shardSize);
      // The multipart body by hand, as one buffer: FormData + Blob in Node copies the bytes through web
      // streams several times, and this client shares the machine with the server it measures.
      const fields: Record<string, string> = {
        shardIndex: String(index),
        shardTotal: String(shardTotal),
        name: 'bench.mp4',
        suffix: 'mp4',
        use: 'video',
        key,
        coverName: '',
        coverBase64: '',
        size: String(size),
        shardSize: String(shardSize),
      };
      const boundary = `----ccbench${randomBytes(8).toString('hex')}`;
      const head = Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('');
      const before = Buffer.from(
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="shard"; filename="blob"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      const after = Buffer.from(`\r\n--${boundary}--\r\n`);
      const env = await postParts(
        `${base}/fileservice/moreShard?token=${encodeURIComponent(token)}`,
        {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          [USER_GUID_HEADER]: userGuid,
          ...(withMd5 ? { 'content-md5': createHash('md5').update(bytes).digest('base64') } : {}),
        },
        [before, bytes, after],
      );
      if (env.status !== 1) throw new Error(`shard ${index}: ${env.status} ${env.message}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: UPLOAD_WORKERS }, worker));
  } finally {
    await fh.close();
  }
  agent.destroy();
  const shardsDone = performance.now();
  const res = await fetch(`${base}/fileservice/merge?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', [USER_GUID_HEADER]: userGuid },
    body: new URLSearchParams({ fileUploadId: key }).toString(),
  });
  const env = (await res.json()) as Envelope<MergeResult>;
  const mergeDone = performance.now();
  if (env.status !== 1 || !env.data.merged) throw new Error(`merge: ${env.status} ${env.message}`);
  return { shards: (shardsDone - started) / 1000, merge: (mergeDone - shardsDone) / 1000 };
}

const [base, token, userGuid, file, size] = process.argv.slice(2);
/** BENCH_UPLOAD_MD5=0 leaves out content-md5 (to see what the checksums cost); the browser always sends it. */
const withMd5 = process.env.BENCH_UPLOAD_MD5 !== '0';
uploadFile(base!, token!, userGuid!, file!, Number(size)).then(
  (result) => console.log(JSON.stringify(result)),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
