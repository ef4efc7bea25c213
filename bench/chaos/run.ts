/**
 * `npm run bench:chaos` (issue #16 "Upload chaos: 100 runs"): the three-server topology on loopback
 * (e2e/topology/topology.ts: PostgreSQL, the s3rver stand-in, three servers from the built bundle, nginx), then
 * `CHAOS_ROUNDS` (100) rounds of e2e/topology/chaos.ts — a new file per round through nginx by the real web
 * uploader while a server is killed -9 and restarted, connections are dropped mid-body, shards replayed and
 * reordered — then the sweep (`upload-cleanup`) and what is left staged. Printed, never asserted.
 *
 * Before the rounds, the shard throughput of the S3 staging (decision 0020) for `CHAOS_THROUGHPUT_MIB` (48) MiB
 * of 1 MiB shards with no chaos: through nginx to the three servers, and straight to one server, same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findLeftovers, runChaosRound, runSweep } from '../../e2e/topology/chaos.js';
import { startTopology, type Topology } from '../../e2e/topology/topology.js';

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 100);
const THROUGHPUT_MIB = Number(process.env.CHAOS_THROUGHPUT_MIB ?? 48);
const f1 = (n: number) => n.toFixed(1);

/** MiB/s of one clean upload of `mib` MiB through `url` (nginx or one server). */
async function throughput(topo: Topology, video: Buffer, url: string, mib: number): Promise<number> {
  const r = await runChaosRound({ ...topo, url }, video, 900_000 + Math.floor(Math.random() * 1000), {
    dropRate: 0,
    replayRate: 0,
    kill: false,
    reorder: false,
    minBytes: mib * 1024 * 1024,
    maxBytes: mib * 1024 * 1024 + 1,
  });
  if (!r.md5Match) throw new Error(`throughput upload failed: ${r.error}`);
  return r.bytes / 1024 / 1024 / (r.ms / 1000);
}

const work = mkdtempSync(path.join(tmpdir(), 'cc-bench-chaos-'));
const file = path.join(work, 'base.mp4');
execFileSync('ffmpeg', [
  ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=1:size=160x120:rate=10'],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
]);
const video = readFileSync(file);
const topo = await startTopology({
  servers: 3,
  env: { LOGIN_RATE_LIMIT: JSON.stringify({ registerPerIp: 100_000 }) },
});
try {
  if (THROUGHPUT_MIB > 0) {
    const viaNginx = await throughput(topo, video, topo.url, THROUGHPUT_MIB);
    const direct = await throughput(topo, video, topo.servers[0]!.baseUrl, THROUGHPUT_MIB);
    console.log(
      `shard throughput, ${THROUGHPUT_MIB} MiB in 1 MiB shards, S3 staging: nginx → 3 servers ${f1(viaNginx)} MiB/s, ` +
        `one server direct ${f1(direct)} MiB/s (ratio ${(viaNginx / direct).toFixed(2)})`,
    );
  }
  const started = performance.now();
  let failures = 0;
  const totals = { bytes: 0, drops: 0, replays: 0, kills: 0 };
  for (let round = 1; round <= ROUNDS; round++) {
    const r = await runChaosRound(topo, video, round);
    totals.bytes += r.bytes;
    totals.drops += r.drops;
    totals.replays += r.replays;
    if (r.killed !== null) totals.kills += 1;
    if (!r.md5Match) failures += 1;
    console.log(
      `round ${round}: ${f1(r.bytes / 1024 / 1024)} MiB, ${r.shards} shards, ${f1(r.ms / 1000)} s, ` +
        `${r.drops} dropped, ${r.replays} replayed, killed server ${r.killed === null ? '-' : r.killed + 1}, ` +
        `${r.md5Match ? 'MD5 ok' : `FAILED: ${r.error}`}`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const retried = topo.upstreamsOf('/fileservice/moreShard').filter((u) => u.length > 1).length;
  await runSweep(topo);
  const left = await findLeftovers(topo);
  console.log(
    `\n${ROUNDS} rounds, ${failures} failures, ${f1(seconds)} s (${f1(totals.bytes / 1024 / 1024)} MiB); ` +
      `${totals.kills} servers killed -9, ${totals.drops} connections dropped, ${totals.replays} shards replayed, ` +
      `${retried} shard requests retried by nginx on another server`,
  );
  console.log(
    `after the sweep: ${left.stagingObjects.length} objects under staging/, ${left.uploadDirFiles.length} files in ` +
      `UPLOAD_DIRs, ${left.openMultipartUploads} multipart uploads left open`,
  );
} finally {
  await topo.stop();
  rmSync(work, { recursive: true, force: true });
}
