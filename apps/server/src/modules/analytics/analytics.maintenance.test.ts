import type { DataOverview } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { runAnalyticsMaintenance } from '../../jobs/analytics-maintenance.js';
import { createArticle } from '../../test/factories.js';
import { body, signedGet } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { partitionName } from './analytics.repo.js';
import { rebuildRollups } from './analytics.service.js';

// The analytics housekeeping (issue #12): partitions ahead of the events, the retention drop, the distinct
// readers of closed days, and a rebuild that keeps the rollups of days whose raw events are gone.
const t = useTestApp();
let now = new Date('2026-06-10T04:00:00Z'); // 12:00 Shanghai, 2026-06-10
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

const partitions = async () => {
  const result = await t.db.execute(sql`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'reader_events' order by 1`);
  return (result as { rows: { name: string }[] }).rows.map((r) => r.name);
};

describe('analytics maintenance', () => {
  it('creates the partitions of the event window ahead of time', async () => {
    await runAnalyticsMaintenance(t.db, t.config, now);
    const names = await partitions();
    for (const day of ['2026-06-03', '2026-06-10', '2026-06-12']) expect(names).toContain(partitionName(day));
  });

  it('finalises distinct readers of closed days, drops partitions past the retention, rebuild keeps old rollups', async () => {
    const author = await t.signIn();
    const work = await createArticle(t.db, author.userId, { status: 'published', publishedAt: now });
    const view = (n: number, readerId: string) => ({
      eventId: `mt-${process.pid}-${n}-xxxxxxxx`,
      type: 'view',
      at: now.toISOString(),
      readerId,
      contentId: work.id,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/open/events',
      headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
      payload: { events: [view(1, 'a'), view(2, 'a'), view(3, 'b')] },
    });
    expect(JSON.parse(res.body).data.accepted).toBe(3);
    // the next day and a week on, events may still arrive for it (API.md §10 `at` window): not final yet
    for (const days of [1, 8]) {
      const open = await runAnalyticsMaintenance(t.db, t.config, new Date(now.getTime() + days * 86_400_000));
      expect(open.finalisedDays).toBe(0);
    }
    // once no event can arrive for it, its readers are counted once per reader
    const closed = new Date(now.getTime() + 9 * 86_400_000);
    const done = await runAnalyticsMaintenance(t.db, t.config, closed);
    expect(done.finalisedDays).toBeGreaterThanOrEqual(1);
    const readers = await t.db.execute(
      sql`select readers from work_daily where content_id = ${work.id} and day = '2026-06-10'`,
    );
    expect((readers as { rows: { readers: number }[] }).rows[0]!.readers).toBe(2);

    // past the retention (EVENT_RETENTION_DAYS, default 400): the day's partition and event ids go
    const later = new Date(now.getTime() + (t.config.eventRetentionDays + 2) * 86_400_000);
    const dropped = await runAnalyticsMaintenance(t.db, t.config, later);
    expect(dropped.dropped).toContain(partitionName('2026-06-10'));
    expect(await partitions()).not.toContain(partitionName('2026-06-10'));
    const ids = await t.db.execute(sql`select count(*)::int as n from event_ids where day = '2026-06-10'`);
    expect((ids as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // the rollups of the dropped day survive a rebuild
    await rebuildRollups(t.db);
    now = new Date('2026-06-11T04:00:00Z');
    const o = body<DataOverview>(
      await signedGet(app, '/api/data/overview', { period: 'yesterday' }, { session: author }),
    );
    expect(o.data.metrics.views).toBe(3);
  });
});
