import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { findLeftovers, runChaosRound, runSweep } from './topology/chaos.js';
import { startTopology, type Topology } from './topology/topology.js';

/**
 * Upload chaos (issue #16): `CHAOS_ROUNDS` rounds (default 5; `npm run bench:chaos` runs 100) of a new file
 * sent through nginx to three servers by the real web uploader while a server is killed -9 and restarted,
 * connections are dropped mid-body, shards are replayed and reordered (e2e/topology/chaos.ts). Every round
 * ends with the merged object byte-identical (MD5) to the file; after the sweep (`upload-cleanup`), nothing
 * is left under the bucket's `staging/` prefix nor in any server's UPLOAD_DIR.
 */

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 5);
let topo: Topology;
let work: string;
let video: Buffer;

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cc-chaos-'));
  const file = path.join(work, 'base.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=1:size=160x120:rate=10'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  video = readFileSync(file);
  topo = await startTopology({
    servers: 3,
    env: { LOGIN_RATE_LIMIT: JSON.stringify({ registerPerIp: 1000 }) },
  });
});

after(async () => {
  await topo?.stop();
  rmSync(work, { recursive: true, force: true });
});

test(`${ROUNDS} chaos rounds end byte-identical with no orphaned staging after the sweep`, async () => {
  const failures: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const r = await runChaosRound(topo, video, round);
    if (!r.md5Match) failures.push(`round ${round}: ${r.error}`);
  }
  assert.deepEqual(failures, []);
  await runSweep(topo);
  const left = await findLeftovers(topo);
  assert.deepEqual(left.stagingObjects, [], 'nothing under staging/');
  assert.deepEqual(left.uploadDirFiles, [], 'nothing in any UPLOAD_DIR');
});
