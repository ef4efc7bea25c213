import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents, messages } from '../db/schema/index.js';
import { createVideo } from '../test/factories.js';
import { useTestApp } from '../test/support.js';
import { publishScheduledVideo } from '../modules/video/video.service.js';
import { sweepDueSchedules } from './schedule-sweep.js';

/**
 * Jobs run once with several servers (issue #16): the `video-publish` job of a scheduled video and the
 * minute's `schedule-sweep`, delivered to two servers at the same moment, publish the video once and send
 * one message (on PostgreSQL the runs are truly concurrent: separate connections, the row lock decides); and
 * at-start catch-up runs sent by several servers are one job.
 */
const t = useTestApp();

describe('exactly once across servers', () => {
  it('the publish job and the sweep racing on one scheduled video publish it once, one message', async () => {
    const a = await t.signIn();
    const at = new Date(Date.now() + 3600_000);
    const videos = [];
    for (let i = 0; i < 3; i++) {
      videos.push(
        (
          await createVideo(
            t,
            a,
            {},
            { publishType: 2, scheduledAt: at.toISOString(), title: `定时视频${i}号作品` },
          )
        ).id,
      );
    }
    const due = new Date(at.getTime() + 1000);
    // per video: its job (twice: a redelivery) and two sweeps (two servers), all at once
    const results = await Promise.all(
      videos.flatMap((id) => [
        publishScheduledVideo(t.db, id, undefined, due),
        publishScheduledVideo(t.db, id, undefined, due),
        sweepDueSchedules(t.db, due),
        sweepDueSchedules(t.db, due),
      ]),
    );
    const published = results.reduce<number>(
      (n, r) => n + (r === 'published' ? 1 : typeof r === 'number' ? r : 0),
      0,
    );
    expect(published).toBe(videos.length);
    for (const id of videos) {
      const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
      expect(row?.status).toBe('published');
    }
    const sent = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.userId, a.userId), sql`${messages.kind} = 'video_published'`));
    expect(sent[0]?.n).toBe(videos.length);
  });

  it('at-start runs sent by three servers starting together are one job per queue', async () => {
    const { default: PgBoss } = await import('pg-boss');
    const { pgBossDb, sendAtStart } = await import('./index.js');
    const boss = new PgBoss({ db: pgBossDb(t.handle), schema: 'pgboss' });
    await boss.createQueue('test-at-start');
    const sent = [];
    for (let server = 0; server < 3; server++) sent.push(await sendAtStart(boss, 'test-at-start', {}));
    expect(sent.filter(Boolean)).toHaveLength(1);
    const rows = await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'test-at-start'`,
    );
    expect((rows as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
