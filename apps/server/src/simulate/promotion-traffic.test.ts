import { inPromotionAudience, readerEventSchema } from '@cc/contracts';
import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents, promotions, readerEvents, users } from '../db/schema/index.js';
import { useTestApp } from '../test/support.js';
import { SIM_ACCOUNT_PREFIX } from './population.js';
import { simulate } from './run.js';
import {
  generatePromotedTraffic,
  PROMOTED_IMPRESSIONS_PER_HOUR,
  readerPool,
  type SimPromotion,
} from './traffic.js';

// Promoted traffic of the simulator (issue #14 "Coupons and promotion"): the simulated reader site reads
// `GET /open/promotions` and reports promoted impressions, views and follows through `POST /open/events`, so a
// running promotion shows real delivery.
const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;

describe('generatePromotedTraffic', () => {
  const pool = readerPool(5, 2000);
  const from = Date.parse('2026-03-18T12:00:00Z'); // 20:00 in Shanghai, near the evening peak
  const base: SimPromotion = {
    promotionId: 9,
    contentId: 100,
    authorId: 3,
    goal: 'views',
    targeting: {},
    startsAt: from - HOUR,
    endsAt: from + 23 * HOUR,
  };
  const run = (p: SimPromotion, f = from, to = from + HOUR) =>
    generatePromotedTraffic({ seed: 5, promotions: [p], from: f, to, readers: pool, tz: TZ });

  it('delivers within the promotion’s window, about the hourly volume, as valid promoted events; the same call, the same ids', () => {
    const events = run(base);
    const impressions = events.filter((e) => e.type === 'impression');
    expect(impressions.length).toBeGreaterThan(PROMOTED_IMPRESSIONS_PER_HOUR * 0.8);
    expect(impressions.length).toBeLessThan(PROMOTED_IMPRESSIONS_PER_HOUR * 2.5);
    const views = events.filter((e) => e.type === 'view');
    expect(views.length / impressions.length).toBeGreaterThan(0.05);
    expect(views.length / impressions.length).toBeLessThan(0.2);
    for (const e of events) {
      expect(readerEventSchema.safeParse(e).success).toBe(true);
      expect(Date.parse(e.at)).toBeGreaterThanOrEqual(from);
      expect(Date.parse(e.at)).toBeLessThan(from + HOUR);
      if (e.type === 'follow') expect(e.authorId).toBe(3);
      else expect(e).toMatchObject({ promotionId: 9, contentId: 100, source: 'promotion' });
    }
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    expect(run(base)).toEqual(events);
    // outside its window nothing; a window cut short gets its share
    expect(run({ ...base, startsAt: from + HOUR })).toEqual([]);
    expect(
      run({ ...base, endsAt: from + HOUR / 4 }).filter((e) => e.type === 'impression').length,
    ).toBeLessThan(impressions.length / 2);
  });

  it('reaches only the readers its targeting admits; goal fans brings more follows', () => {
    const targeting = { gender: 'female' as const, regions: ['CN-GD' as const, 'CN-ZJ' as const] };
    const profiles = new Map(pool.map((r) => [r.id, r.profile]));
    const events = run({ ...base, targeting });
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(inPromotionAudience(targeting, profiles.get(e.readerId))).toBe(true);
    const follows = (goal: 'views' | 'fans') =>
      [0, 1, 2, 3, 4, 5].reduce(
        (n, h) =>
          n +
          run({ ...base, goal }, from + h * HOUR, from + (h + 1) * HOUR).filter((e) => e.type === 'follow')
            .length,
        0,
      );
    expect(follows('fans')).toBeGreaterThan(follows('views'));
  });
});

describe('simulate with a running promotion', () => {
  const t = useTestApp();
  // the wall clock's hour: the server's own delivery job (wall clock) runs beside the simulation
  const NOW = new Date(Math.floor(Date.now() / HOUR) * HOUR);

  it('delivers it through the real routes, and the delivery job charges it', async () => {
    const options = { days: 2, events: 600, authors: 2, seed: 11, now: NOW };
    await simulate(t.handle, t.config, options);
    // a running promotion of a simulated work, created three hours before now
    const [work] = await t.db
      .select({ id: contents.id, userId: contents.userId })
      .from(contents)
      .innerJoin(users, eq(users.id, contents.userId))
      .where(and(like(users.account, `${SIM_ACCOUNT_PREFIX}%`), eq(contents.status, 'published')))
      .limit(1);
    const [p] = await t.db
      .insert(promotions)
      .values({
        userId: work!.userId,
        contentId: work!.id,
        goal: 'fans',
        hours: 24,
        budgetFen: 100_000,
        couponFen: 100_000,
        cashFen: 0,
        pricePerViewFen: 2,
        key: 'sim-test',
        startsAt: new Date(NOW.getTime() - 3 * HOUR),
        endsAt: new Date(NOW.getTime() + 21 * HOUR),
      })
      .returning();
    const summary = await simulate(t.handle, t.config, { ...options, seed: 12 });
    /** follows the site reported after promoted views (they carry no promotion id) */
    const promotedFollows = async () => {
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(readerEvents)
        .where(and(eq(readerEvents.type, 'follow'), like(readerEvents.eventId, `sim12-p${p!.id}-%`)));
      return row!.n;
    };
    expect(summary.promoted.promotions).toBe(1);
    expect(summary.promoted.sent).toBeGreaterThan(0);
    expect(summary.promoted.accepted).toBe(summary.promoted.sent);
    const [stored] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(readerEvents)
      .where(and(isNotNull(readerEvents.promotionId), eq(readerEvents.promotionId, p!.id)));
    expect(stored!.n).toBeGreaterThan(50);
    expect(stored!.n).toBe(summary.promoted.accepted - (await promotedFollows()));
    const [after] = await t.db.select().from(promotions).where(eq(promotions.id, p!.id));
    expect(after!.state).toBe('running');
    expect(after!.impressions).toBeGreaterThan(0);
    expect(after!.views).toBeGreaterThan(0);
    expect(after!.spentFen).toBe(after!.fans * 100);
    // the site never sent promoted events before the promotion started
    const [early] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(readerEvents)
      .where(
        and(
          eq(readerEvents.promotionId, p!.id),
          sql`${readerEvents.at} < ${new Date(NOW.getTime() - 3 * HOUR).toISOString()}`,
        ),
      );
    expect(early!.n).toBe(0);
  });
});
