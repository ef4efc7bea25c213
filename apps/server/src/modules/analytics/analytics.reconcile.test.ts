import type { DataOverview, DataPeriod, FansCount, WorkDetail } from '@cc/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { videos } from '../../db/schema/index.js';
import { createArticle, createUpload } from '../../test/factories.js';
import { body, signedGet, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { rebuildRollups } from './analytics.repo.js';

// The reconciliation property (issue #12): random reader events (fast-check) go through /open/events in random
// batches with repeats; then every metric of every period, per author and per work, equals a recount of the
// same events by an independent model written here (Shanghai is UTC+8 without daylight saving, so the model's
// day is `at + 8 h`), and equals it again after the rollups are rebuilt from the raw events.
const t = useTestApp();
const NOW = new Date('2026-11-20T06:30:00Z'); // 14:30 in Shanghai
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => NOW });
  await app.ready();
});
afterAll(() => app.close());

const TYPES = [
  'impression',
  'view',
  'play',
  'like',
  'unlike',
  'favorite',
  'unfavorite',
  'share',
  'follow',
  'unfollow',
] as const;
const PERIODS: DataPeriod[] = ['today', 'yesterday', '7d', '30d', 'all'];
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

interface GenEvent {
  type: (typeof TYPES)[number];
  reader: number;
  work: number;
  author: number;
  /** ms before NOW (0 … 6.5 days) */
  ago: number;
  watchMs: number;
  /** repeat an earlier event's id instead of a new one */
  repeatOf: number | null;
}

const eventArb = fc.record({
  type: fc.constantFrom(...TYPES),
  reader: fc.integer({ min: 0, max: 3 }),
  work: fc.integer({ min: 0, max: 2 }),
  author: fc.integer({ min: 0, max: 1 }),
  ago: fc.integer({ min: 0, max: Math.floor(6.5 * DAY_MS) }),
  watchMs: fc.integer({ min: 0, max: 130_000 }),
  repeatOf: fc.option(fc.nat(200), { freq: 6 }),
});

/** Counters of the model, per key. */
type Counts = Record<string, number>;
const add = (m: Map<string, Counts>, key: string, field: string, n = 1) => {
  const c = m.get(key) ?? {};
  c[field] = (c[field] ?? 0) + n;
  m.set(key, c);
};

describe('reconciliation: rollups = a recount of the raw events', () => {
  it('holds for random batches, repeats and state toggles, before and after a rebuild', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(eventArb, { minLength: 1, maxLength: 25 }), { minLength: 1, maxLength: 6 }),
        async (batches) => {
          run += 1;
          const authors: TestSession[] = [await t.signIn(), await t.signIn()];
          // works: 0 article, 1 video (100 s), 2 video of the second author (60 s)
          const works: { id: number; author: number; type: 'article' | 'video'; duration: number }[] = [];
          for (const [author, type, duration] of [
            [0, 'article', 0],
            [0, 'video', 100],
            [1, 'video', 60],
          ] as const) {
            const row = await createArticle(t.db, authors[author]!.userId, {
              type,
              status: 'published',
              publishedAt: new Date(NOW.getTime() - 20 * DAY_MS),
            });
            if (type === 'video') {
              const key = await createUpload(t.db, authors[author]!.userId, { duration });
              await t.db.insert(videos).values({ contentId: row.id, use: 'video', uploadKey: key });
            }
            works.push({ id: row.id, author, type, duration });
          }

          // the model
          const seen = new Set<string>();
          const states = new Map<string, boolean>();
          const perAuthorDay = new Map<string, Counts>();
          const perWorkDay = new Map<string, Counts>();
          const sent: { eventId: string }[] = [];
          for (const batch of batches) {
            const events = batch.map((g: GenEvent, i) => {
              const repeat =
                g.repeatOf !== null && sent.length > 0 ? sent[g.repeatOf % sent.length] : undefined;
              const eventId = repeat
                ? repeat.eventId
                : `rc${run}-${sent.length}-${i}-${Math.random().toString(36).slice(2, 10)}`;
              const work = works[g.work]!;
              const type = g.type === 'play' && work.type !== 'video' ? 'view' : g.type;
              const at = new Date(NOW.getTime() - g.ago);
              const isFollow = type === 'follow' || type === 'unfollow';
              return {
                index: i,
                work,
                author: isFollow ? g.author : work.author,
                wire: {
                  eventId,
                  type,
                  at: at.toISOString(),
                  readerId: `reader-${g.reader}`,
                  ...(isFollow ? { authorId: authors[g.author]!.userId } : { contentId: work.id }),
                  ...(type === 'play' ? { watchMs: g.watchMs } : {}),
                },
              };
            });
            for (const e of events) if (!sent.some((s) => s.eventId === e.wire.eventId)) sent.push(e.wire);
            // model: new ids in batch order, then the state rules in (at, index) order
            const fresh = events.filter((e) => {
              if (seen.has(e.wire.eventId)) return false;
              seen.add(e.wire.eventId);
              return true;
            });
            fresh.sort((a, b) => Date.parse(a.wire.at) - Date.parse(b.wire.at) || a.index - b.index);
            for (const e of fresh) {
              const day = shanghaiDay(Date.parse(e.wire.at));
              const ak = `${e.author}|${day}`;
              const wk = `${e.work.id}|${day}`;
              const type = e.wire.type;
              const toggle: Record<string, [string, boolean]> = {
                like: ['like', true],
                unlike: ['like', false],
                favorite: ['fav', true],
                unfavorite: ['fav', false],
                follow: ['follow', true],
                unfollow: ['follow', false],
              };
              const tg = toggle[type];
              if (tg) {
                const target = tg[0] === 'follow' ? `a${e.author}` : `w${e.work.id}`;
                const key = `${e.wire.readerId}|${tg[0]}|${target}`;
                if ((states.get(key) ?? false) === tg[1]) continue;
                states.set(key, tg[1]);
                if (tg[0] === 'follow') {
                  add(perAuthorDay, ak, tg[1] ? 'fansGained' : 'fansLost');
                  continue;
                }
                const field = tg[0] === 'like' ? 'likes' : 'favorites';
                add(perAuthorDay, ak, field, tg[1] ? 1 : -1);
                add(perWorkDay, wk, field, tg[1] ? 1 : -1);
                continue;
              }
              const field = { impression: 'impressions', view: 'views', play: 'plays', share: 'shares' }[
                type as 'view'
              ];
              for (const [m, k] of [
                [perAuthorDay, ak],
                [perWorkDay, wk],
              ] as const) {
                add(m, k, field);
                if (type === 'play') {
                  const w = (e.wire as { watchMs: number }).watchMs;
                  add(m, k, 'watchMs', w);
                  if (w >= 0.9 * e.work.duration * 1000) add(m, k, 'completed');
                  if (w < 3000) add(m, k, 'short');
                }
              }
            }
            const res = await app.inject({
              method: 'POST',
              url: '/open/events',
              headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
              payload: JSON.stringify({ events: events.map((e) => e.wire) }),
            });
            const answer = JSON.parse(res.body) as {
              data: { accepted: number; duplicates: number; rejected: unknown[] };
            };
            expect(answer.data.rejected).toEqual([]);
            expect(answer.data.accepted).toBe(fresh.length);
            expect(answer.data.accepted + answer.data.duplicates).toBe(events.length);
          }

          const today = shanghaiDay(NOW.getTime());
          const dayMinus = (n: number) => shanghaiDay(NOW.getTime() - n * DAY_MS);
          const rangeOf = (p: DataPeriod): [string, string] | null =>
            p === 'today'
              ? [today, today]
              : p === 'yesterday'
                ? [dayMinus(1), dayMinus(1)]
                : p === '7d'
                  ? [dayMinus(7), dayMinus(1)]
                  : p === '30d'
                    ? [dayMinus(30), dayMinus(1)]
                    : null;
          const sumModel = (m: Map<string, Counts>, prefix: string, range: [string, string] | null) => {
            const total: Counts = {};
            for (const [k, c] of m) {
              const [owner, day] = k.split('|') as [string, string];
              if (owner !== prefix) continue;
              if (range && (day < range[0] || day > range[1])) continue;
              for (const [f, n] of Object.entries(c)) total[f] = (total[f] ?? 0) + n;
            }
            return total;
          };
          const rate = (a = 0, b = 0) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);
          const fansTotalAt = (author: number, end: string) => {
            const all = sumModel(perAuthorDay, String(author), ['0000-00-00', end]);
            return (all.fansGained ?? 0) - (all.fansLost ?? 0);
          };

          const check = async () => {
            for (const [a, session] of authors.entries()) {
              for (const period of PERIODS) {
                const o = body<DataOverview>(
                  await signedGet(app, '/api/data/overview', { period }, { session }),
                );
                const c = sumModel(perAuthorDay, String(a), rangeOf(period));
                const end = rangeOf(period)?.[1] ?? today;
                expect(o.data.metrics, `author ${a} ${period}`).toEqual({
                  impressions: c.impressions ?? 0,
                  views: c.views ?? 0,
                  plays: c.plays ?? 0,
                  watchMs: c.watchMs ?? 0,
                  completionRate: rate(c.completed, c.plays),
                  exitRate3s: rate(c.short, c.plays),
                  likes: c.likes ?? 0,
                  favorites: c.favorites ?? 0,
                  shares: c.shares ?? 0,
                  comments: 0,
                  barrages: 0,
                  fansGained: c.fansGained ?? 0,
                  fansLost: c.fansLost ?? 0,
                  fansNet: (c.fansGained ?? 0) - (c.fansLost ?? 0),
                  fansTotal: fansTotalAt(a, end),
                });
              }
              const count = body<FansCount>(await signedGet(app, '/api/fans/count', {}, { session }));
              expect(count.data.total).toBe(fansTotalAt(a, today));
            }
            for (const w of works) {
              const d = body<WorkDetail>(
                await signedGet(
                  app,
                  '/api/data/work_detail',
                  { id: w.id, period: '7d' },
                  { session: authors[w.author]! },
                ),
              );
              const c = sumModel(perWorkDay, String(w.id), rangeOf('7d'));
              expect(d.data.metrics.views).toBe(c.views ?? 0);
              expect(d.data.metrics.plays).toBe(c.plays ?? 0);
              expect(d.data.metrics.likes).toBe(c.likes ?? 0);
              expect(d.data.metrics.favorites).toBe(c.favorites ?? 0);
              expect(d.data.metrics.completionRate).toBe(rate(c.completed, c.plays));
            }
          };
          await check();
          await rebuildRollups(t.db);
          await check();
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
