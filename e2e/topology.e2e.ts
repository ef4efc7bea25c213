import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DEV_SIGN_SECRET } from '@cc/contracts';
import { createFileServiceClient, createUpload } from '@cc/uploader';
import { AuthorClient, Recorder, ReaderSiteClient, type Target } from './topology/http-client.js';
import { startTopology, type Topology } from './topology/topology.js';

/**
 * Many servers behind one address (issue #16): three servers from the built bundle on one PostgreSQL, the
 * s3rver stand-in for S3, nginx in front (e2e/topology/topology.ts). Through nginx: a session made on one
 * server is signed in on every server; failed logins count across servers; a sharded video upload (1 MiB
 * shards) lands byte-identical in the bucket whichever server got which shard; a scheduled publish happens
 * once with one message; reader events sent twice through different servers count once.
 */

/** The development key of the reader site `reader` (apps/server/src/config.ts DEV_OPEN_SITE_KEY). */
const DEV_SITE_KEY = 'creator-centre-dev-reader-site-key';

let topo: Topology;
let work: string;
let target: Target;

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cc-topo-test-'));
  topo = await startTopology({
    servers: 3,
    env: { LOGIN_RATE_LIMIT: JSON.stringify({ registerPerIp: 1000, perAccountIp: 4 }) },
  });
  target = { baseUrl: topo.url, signSecret: DEV_SIGN_SECRET, siteKey: DEV_SITE_KEY };
});

after(async () => {
  await topo?.stop();
  rmSync(work, { recursive: true, force: true });
});

const md5 = (b: Buffer | Uint8Array) => createHash('md5').update(b).digest('hex');

/** A new author registered through nginx (its own X-Forwarded-For address). */
async function register(n: number): Promise<{ client: AuthorClient; account: string; password: string }> {
  const client = new AuthorClient(target, new Recorder(), n);
  const account = `topo_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await client.call('POST', 'passport/register', { account, password, mediaName: '拓扑测试作者' });
  return { client, account, password };
}

/** The same browser (cookies, address) talking to one server directly. */
function onServer(client: AuthorClient, i: number, n: number): AuthorClient {
  const direct = new AuthorClient({ ...target, baseUrl: topo.servers[i]!.baseUrl }, new Recorder(), n);
  for (const [k, v] of client.cookies) direct.cookies.set(k, v);
  direct.userId = client.userId;
  return direct;
}

async function waitFor<T>(what: string, ms: number, check: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== null && v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a session made through nginx is signed in on every server', async () => {
  const { client } = await register(1);
  for (let i = 0; i < 3; i++) {
    const info = await onServer(client, i, 1).call<{ userId?: number; id?: number }>('GET', 'home/userinfo');
    assert.ok(info, `server ${i + 1} answers the signed-in user`);
  }
  // signed out on one server → signed out on every server, within the bound of a server's session cache
  // (SESSION_CACHE_MS, 1 s: apps/server/src/plugins/session.ts). 5 s, not 1: a call on the loaded CI machine can
  // take a second or more itself; a cache without its bound (or ten times longer) still fails here.
  await onServer(client, 0, 1).call('GET', 'logout');
  const signedOutAt = Date.now();
  await waitFor('the sign-out on server 3', 5000, () =>
    onServer(client, 2, 1)
      .call('GET', 'home/userinfo')
      .then(
        () => null,
        () => true,
      ),
  );
  assert.ok(Date.now() - signedOutAt < 5000);
});

test("nginx's request id is the server's: the answer carries nginx's $request_id, not a UUID of its own", async () => {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${topo.url}/healthz`);
    assert.equal(res.status, 200);
    // nginx's $request_id is 32 hex digits; a server without it would answer a dashed UUID
    assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f]{32}$/);
  }
});

test('failed logins count across servers', async () => {
  const { account, password } = await register(2);
  const attempt = (i: number, pw: string) =>
    onServer(new AuthorClient(target, new Recorder(), 3), i, 3)
      .call('POST', 'passport/login', { account, password: pw })
      .then(
        () => 'ok',
        (e: Error) => e.message,
      );
  // perAccountIp is 4 here: four wrong passwords spread over the three servers, then even the right one is refused
  for (let n = 0; n < 4; n++) assert.notEqual(await attempt(n % 3, 'wrong-password'), 'ok');
  const refused = await attempt(1, password);
  assert.notEqual(refused, 'ok', 'the fifth attempt is refused on another server');
  assert.match(refused, /429|10009|too many|频繁|稍后/i);
});

test('upload through nginx is byte-identical in S3; scheduled publish once; events counted once', async () => {
  const file = path.join(work, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=2:size=320x240:rate=25'],
    ...['-vf', 'noise=alls=60:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0'],
    ...['-pix_fmt', 'yuv420p', file],
  ]);
  const bytes = readFileSync(file);
  assert.ok(bytes.length > 5 * 1024 * 1024, 'more than one S3 part of 1 MiB shards');
  const { client } = await register(4);
  const { token } = await client.call<{ token: string }>('GET', 'video/get_upload_video_secret');
  const transport = client.uploadTransport();
  const key = await new Promise<string>((resolve, reject) => {
    const handle = createUpload({
      file: new File([bytes], 'clip.mp4', { type: 'video/mp4', lastModified: Date.now() }),
      use: 'video',
      getToken: async () => ({ token }),
      transport,
      userGuid: () => client.userGuid,
      onSuccess: () => resolve(handle.key!),
      onFailure: (f) => reject(new Error(`upload failed: ${f.message} ${f.serverMessage ?? ''}`)),
    });
    void handle.start();
  });
  const files = createFileServiceClient(transport, token, () => client.userGuid);
  const status = await waitFor('the probe', 60_000, async () => {
    const s = await files.queryMergeFile(key).result;
    return s.state === 'ready' ? s : null;
  });
  assert.ok(status.fileKey);
  const stored = await fetch(`${topo.s3.endpoint}/${topo.s3.bucket}/${status.fileKey}`);
  assert.equal(stored.status, 200);
  assert.equal(md5(Buffer.from(await stored.arrayBuffer())), md5(bytes), 'merged object MD5 = file MD5');
  const staging = await fetch(`${topo.s3.endpoint}/${topo.s3.bucket}?list-type=2&prefix=staging/`);
  assert.doesNotMatch(await staging.text(), /<Key>/, 'nothing left under staging/');
  // the shards went to more than one server (nginx round-robin)
  const upstreams = new Set(topo.upstreamsOf('/fileservice/moreShard').map((u) => u.at(-1)));
  assert.ok(upstreams.size >= 2, `shards reached ${upstreams.size} servers`);

  // scheduled publish: the earliest time the API takes is 5 minutes ahead; the clock is then moved to a few
  // seconds ahead in the database (the work's time and its queued job), as if those minutes had passed
  const published = await client.call<{ id: number; status: string }>('POST', 'video/publish', {
    use: 'video',
    fileUploadId: key,
    title: '三台服务器的定时发布',
    description: '拓扑测试',
    publishType: 2,
    scheduledAt: new Date(Date.now() + 6 * 60_000).toISOString(),
  });
  assert.equal(published.status, 'scheduled');
  await topo.query(`update videos set scheduled_at = now() + interval '3 seconds' where content_id = $1`, [
    published.id,
  ]);
  await topo.query(`update contents set scheduled_at = now() + interval '3 seconds' where id = $1`, [
    published.id,
  ]);
  await topo.query(
    `update pgboss.job set start_after = now() + interval '3 seconds'
      where name = 'video-publish' and (data->>'id')::int = $1`,
    [published.id],
  );
  const publishedAt = await waitFor('the scheduled publish', 90_000, async () => {
    const [row] = await topo.query<{ status: string }>('select status from contents where id = $1', [
      published.id,
    ]);
    return row?.status === 'published' ? new Date() : null;
  });
  // the minute's sweep (on whichever server) runs after it and must find nothing to do
  await waitFor('a schedule-sweep after the publish', 80_000, async () => {
    const [row] = await topo.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'schedule-sweep' and state = 'completed'
        and completed_on > $1`,
      [publishedAt],
    );
    return (row?.n ?? 0) > 0 ? true : null;
  });
  const messages = await topo.query<{ n: number }>(
    `select count(*)::int as n from messages where user_id = $1 and kind = 'video_published'`,
    [Number(client.userId)],
  );
  assert.equal(messages[0]?.n, 1, 'one published message');

  // reader events: the same batch through nginx twice (two servers) → stored once
  const reader = new ReaderSiteClient(target, new Recorder());
  const events = Array.from({ length: 5 }, (_, n) => ({
    eventId: `topo-${randomBytes(4).toString('hex')}-${n}`,
    type: 'play',
    at: new Date().toISOString(),
    readerId: `topo-reader-${n}`,
    contentId: published.id,
    watchMs: 1500,
    source: 'recommend',
  }));
  const first = await reader.events(events);
  const again = await Promise.all([reader.events(events), reader.events(events)]);
  assert.equal(first.accepted, 5);
  for (const r of again) assert.equal(r.accepted, 0);
  const counted = await topo.query<{ n: number }>(
    'select count(*)::int as n from reader_events where event_id = any($1)',
    [events.map((e) => e.eventId)],
  );
  assert.equal(counted[0]?.n, 5, 'each event stored once');
});
