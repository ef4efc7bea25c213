/**
 * Summary of a V8 CPU profile written by `BENCH_API_PROF=<dir> npm run bench:api` (issue #16: profile before
 * changing anything). Usage: `node --import tsx bench/api/profile.ts <dir>/<process> [top=25] [lastSeconds]`.
 * Reads the largest `.cpuprofile` in the directory (the main thread; tsx adds a loader thread), keeps the
 * samples of the last `lastSeconds` before the process ended (default all: startup included; the bench's
 * measured phase is its last BENCH_API_SECONDS) and prints
 *  - the top frames by self time (ms and % of the non-idle time; idle and GC as V8 names them);
 *  - self time grouped by where the code lives: a package under node_modules (`pg`, `fastify`, `pino`, …),
 *    a file of this repository (`apps/server/src/plugins/session.ts`), or `(node)` for Node's internals;
 *  - inclusive time by place: the samples whose stack holds code of that place anywhere (each sample counted
 *    once per place; work resumed after an `await` starts a new stack, so this is a lower bound).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package name, a repository path, `(node)` or V8's own pseudo-frames. */
export function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  if (url.startsWith('node:')) return '(node)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const repo = url.indexOf('/work/main/');
  const local = url.replace(/^file:\/\//, '');
  return repo >= 0 ? url.slice(repo + '/work/main/'.length) : local;
}

function main(): void {
  const dir = process.argv[2];
  const top = Number(process.argv[3] ?? 25);
  const lastUs = process.argv[4] ? Number(process.argv[4]) * 1e6 : Infinity;
  if (!dir) throw new Error('usage: profile.ts <dir> [top]');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (!files[0]) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(files[0], 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const node of profile.nodes)
    for (const child of node.children ?? []) byId.get(child)!.parent = node.id;
  const endUs = profile.timeDeltas.reduce((a, b) => a + b, 0);
  const selfUs = new Map<number, number>();
  const inclusive = new Map<string, number>();
  let totalUs = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (endUs - at > lastUs) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
    totalUs += dt;
    const seen = new Set<string>();
    for (let node = byId.get(id); node; node = node.parent === undefined ? undefined : byId.get(node.parent))
      seen.add(placeOf(node.callFrame.url, node.callFrame.functionName));
    for (const place of seen) inclusive.set(place, (inclusive.get(place) ?? 0) + dt);
  });
  const frames = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const place = placeOf(url, functionName);
    const frame = `${functionName || '(anonymous)'} ${url ? `${place}:${lineNumber + 1}` : ''}`.trim();
    frames.set(frame, (frames.get(frame) ?? 0) + us);
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const busyUs = totalUs - (places.get('(idle)') ?? 0);
  const pct = (us: number) => `${((100 * us) / busyUs).toFixed(1)}%`;
  console.log(
    `${files[0]}: ${(totalUs / 1e6).toFixed(1)} s sampled, ${(busyUs / 1e6).toFixed(1)} s not idle (percentages of that)\n`,
  );
  console.log('top frames by self time:');
  for (const [frame, us] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(us / 1000).toFixed(0).padStart(7)} ms ${pct(us).padStart(6)}  ${frame}`);
  console.log('\nself time by place:');
  for (const [place, us] of [...places].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(us / 1000).toFixed(0).padStart(7)} ms ${pct(us).padStart(6)}  ${place}`);
  console.log('\ninclusive time by place:');
  for (const [place, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(us / 1000).toFixed(0).padStart(7)} ms ${pct(us).padStart(6)}  ${place}`);
}

main();
