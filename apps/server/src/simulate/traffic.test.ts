import { createHash } from 'node:crypto';
import { COMPLETION_SHARE, EARLY_EXIT_MS, readerEventSchema, WATCH_MS_MAX } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { rngOf } from './random.js';
import {
  drawWatchMs,
  generateTraffic,
  planDays,
  type SimDay,
  type SimEvent,
  type TrafficOptions,
  type TrafficWork,
} from './traffic.js';

// The traffic model's rules (issue #12 "A simulator and honest demo data"), each stated on a generated stream:
// two weeks of 30,000 events over 400 works of 40 authors.
const TZ = 'Asia/Shanghai';
const NOW = new Date('2026-03-18T09:30:00Z'); // 17:30 in Shanghai, a Wednesday
const DAYS = planDays(NOW, 14, TZ);
const TYPES = ['article', 'album', 'video', 'smallVideo', 'dynamic', 'live', 'program'] as const;

function makeWorks(n: number): TrafficWork[] {
  const rng = rngOf('test-works');
  const from = DAYS[0]!.start - 20 * 86_400_000;
  return Array.from({ length: n }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    return {
      id: 1000 + i,
      authorId: 1 + (i % 40),
      type,
      publishedAt: Math.floor(from + rng() * (NOW.getTime() - from)),
      durationMs:
        type === 'video' ? 60_000 + i * 1000 : type === 'smallVideo' ? 10_000 + (i % 50) * 1000 : null,
    };
  });
}
const WORKS = makeWorks(400);
const OPTIONS: TrafficOptions = { seed: 1, works: WORKS, days: DAYS, events: 30_000 };

function run(opts: TrafficOptions): { day: SimDay; events: SimEvent[] }[] {
  return [...generateTraffic(opts)];
}
const DAYS_OUT = run(OPTIONS);
const EVENTS = DAYS_OUT.flatMap((d) => d.events);
const byId = new Map(WORKS.map((w) => [w.id, w]));
const digest = (days: { events: SimEvent[] }[]) =>
  createHash('sha256')
    .update(JSON.stringify(days.map((d) => d.events)))
    .digest('hex');
const ofType = (type: SimEvent['type']) => EVENTS.filter((e) => e.type === type);
const shanghaiHour = (at: string) => (new Date(at).getUTCHours() + 8) % 24;

describe('the traffic model', () => {
  it('is deterministic for a seed, and another seed gives other traffic', () => {
    expect(digest(run(OPTIONS))).toBe(digest(DAYS_OUT));
    expect(digest(run({ ...OPTIONS, seed: 2 }))).not.toBe(digest(DAYS_OUT));
  });

  it('sends about the budget: every day has events, the total within 3 % of it', () => {
    expect(DAYS_OUT).toHaveLength(14);
    for (const d of DAYS_OUT) expect(d.events.length).toBeGreaterThan(0);
    expect(EVENTS.length).toBeGreaterThan(30_000 * 0.97);
    expect(EVENTS.length).toBeLessThanOrEqual(30_000 * 1.01);
  });

  it('makes events every one of which passes readerEventSchema', () => {
    const failures = EVENTS.filter((e) => !readerEventSchema.safeParse(e).success);
    expect(failures).toEqual([]);
  });

  it('numbers the events sim<seed>-<yyyymmdd>-<n> (unique, n from 0 per day) within their day, after the work', () => {
    expect(new Set(EVENTS.map((e) => e.eventId)).size).toBe(EVENTS.length);
    for (const { day, events } of DAYS_OUT) {
      events.forEach((e, n) => {
        expect(e.eventId).toBe(`sim1-${day.date.replaceAll('-', '')}-${n}`);
        const at = Date.parse(e.at);
        expect(at).toBeGreaterThanOrEqual(day.start);
        expect(at).toBeLessThan(day.cutoff);
        if (e.contentId !== undefined) expect(at).toBeGreaterThan(byId.get(e.contentId)!.publishedAt);
      });
    }
    // today stops at now
    expect(DAYS_OUT.at(-1)!.day.cutoff).toBe(NOW.getTime());
  });

  it('gives the top 10 % of works well over half the views (a power law)', () => {
    const views = new Map<number, number>();
    for (const e of ofType('view')) views.set(e.contentId!, (views.get(e.contentId!) ?? 0) + 1);
    const sorted = [...views.values()].sort((a, b) => b - a);
    const total = sorted.reduce((a, b) => a + b, 0);
    const top = sorted.slice(0, WORKS.length / 10).reduce((a, b) => a + b, 0);
    expect(top / total).toBeGreaterThan(0.6);
  });

  it('follows the daily rhythm: the evening peak, a lunchtime bump, quiet nights', () => {
    const hours = new Array<number>(24).fill(0);
    for (const e of EVENTS) hours[shanghaiHour(e.at)]! += 1;
    const peak = hours.indexOf(Math.max(...hours));
    expect(peak).toBeGreaterThanOrEqual(19);
    expect(peak).toBeLessThanOrEqual(22);
    expect(hours[12]!).toBeGreaterThan(hours[10]!);
    expect(hours[12]!).toBeGreaterThan(hours[15]!);
    expect(hours[3]!).toBeLessThan(hours[peak]! / 5);
  });

  it('sends more on weekends than on weekdays', () => {
    const full = DAYS_OUT.slice(0, -1); // today is partial
    const mean = (ds: typeof full) => ds.reduce((a, d) => a + d.events.length, 0) / ds.length;
    expect(mean(full.filter((d) => d.day.weekend))).toBeGreaterThan(mean(full.filter((d) => !d.day.weekend)));
  });

  it('keeps the funnel: impressions > views > plays > likes > follows, recommend the first source', () => {
    const n = (type: SimEvent['type']) => ofType(type).length;
    expect(n('impression')).toBeGreaterThan(n('view'));
    expect(n('view')).toBeGreaterThan(n('play'));
    expect(n('play')).toBeGreaterThan(n('like'));
    expect(n('like')).toBeGreaterThan(n('follow'));
    expect(n('follow')).toBeGreaterThan(n('unfollow'));
    for (const type of ['share', 'favorite', 'unfollow', 'unlike', 'unfavorite'] as const)
      expect(n(type)).toBeGreaterThan(0);
    const bySource = new Map<string, number>();
    for (const e of ofType('view')) bySource.set(e.source!, (bySource.get(e.source!) ?? 0) + 1);
    const ranked = [...bySource.entries()].sort((a, b) => b[1] - a[1]).map(([s]) => s);
    expect(ranked[0]).toBe('recommend');
    expect(ranked[1]).toBe('search');
    // plays only of videos; follows name an author, never a work
    for (const e of ofType('play')) expect(['video', 'smallVideo']).toContain(byId.get(e.contentId!)!.type);
    for (const e of [...ofType('follow'), ...ofType('unfollow')]) {
      expect(e.contentId).toBeUndefined();
      expect(e.authorId).toBeGreaterThan(0);
    }
  });

  it('plays last 0 … the duration (≤ 21,600,000 ms), with early exits and complete plays', () => {
    const plays = ofType('play');
    let early = 0;
    let complete = 0;
    for (const e of plays) {
      const duration = byId.get(e.contentId!)!.durationMs!;
      expect(Number.isInteger(e.watchMs)).toBe(true);
      expect(e.watchMs!).toBeGreaterThanOrEqual(0);
      expect(e.watchMs!).toBeLessThanOrEqual(Math.min(duration, WATCH_MS_MAX));
      if (e.watchMs! < EARLY_EXIT_MS) early++;
      if (e.watchMs! >= COMPLETION_SHARE * duration) complete++;
    }
    expect(early / plays.length).toBeGreaterThan(0.05);
    expect(complete / plays.length).toBeGreaterThan(0.1);
    const rng = rngOf('watch');
    for (let i = 0; i < 2000; i++) {
      expect(drawWatchMs(rng, 1000, 'smallVideo', 1)).toBeLessThanOrEqual(1000);
      expect(drawWatchMs(rng, 10 * WATCH_MS_MAX, 'video', 1.4)).toBeLessThanOrEqual(WATCH_MS_MAX);
      expect(drawWatchMs(rng, null, 'video', 1)).toBeLessThanOrEqual(WATCH_MS_MAX);
    }
  });

  it('never undoes what a reader has not done: unfollows, unlikes, unfavorites follow their own earlier do', () => {
    const pairs = [
      ['follow', 'unfollow'],
      ['like', 'unlike'],
      ['favorite', 'unfavorite'],
    ] as const;
    for (const [on, off] of pairs) {
      const state = new Map<string, { active: boolean; at: number }>();
      for (const e of EVENTS) {
        if (e.type !== on && e.type !== off) continue;
        const key = `${e.readerId}|${e.contentId ?? e.authorId}`;
        const before = state.get(key);
        const at = Date.parse(e.at);
        // every state event changes the state, later than the last change of the same (reader, target)
        expect(before?.active ?? false).toBe(e.type === off);
        if (before) expect(at).toBeGreaterThan(before.at);
        state.set(key, { active: e.type === on, at });
      }
    }
  });

  it('gives readers stable profiles and brings them back', () => {
    const profiles = new Map<string, string>();
    const sessionsPerReader = new Map<string, Set<string>>();
    for (const e of EVENTS) {
      const p = JSON.stringify(e.reader);
      expect(profiles.get(e.readerId) ?? p).toBe(p);
      profiles.set(e.readerId, p);
      const days = sessionsPerReader.get(e.readerId) ?? new Set<string>();
      days.add(e.eventId.split('-')[1]!);
      sessionsPerReader.set(e.readerId, days);
    }
    const returning = [...sessionsPerReader.values()].filter((d) => d.size >= 3).length;
    expect(returning / sessionsPerReader.size).toBeGreaterThan(0.3);
  });
});

describe('planDays', () => {
  it('gives REPORT_TZ days ending today, today cut at now', () => {
    const days = planDays(NOW, 3, TZ);
    expect(days.map((d) => d.date)).toEqual(['2026-03-16', '2026-03-17', '2026-03-18']);
    expect(new Date(days[0]!.start).toISOString()).toBe('2026-03-15T16:00:00.000Z');
    expect(days[0]!.end).toBe(days[1]!.start);
    expect(days[0]!.cutoff).toBe(days[0]!.end);
    expect(days[2]!.cutoff).toBe(NOW.getTime());
    expect(planDays(new Date('2026-03-21T04:00:00Z'), 1, TZ)[0]!.weekend).toBe(true);
  });
});
