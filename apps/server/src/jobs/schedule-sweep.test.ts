import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents, messages, videos } from '../db/schema/index.js';
import { createUpload } from '../test/factories.js';
import { body, signedPost, type TestSession } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { sweepDueSchedules } from './schedule-sweep.js';

// Issue #10 "Scheduling for every type", API.md §13: "A scheduled work publishes at its time even when the
// server was down or restarted in between" — the sweep catches what the job queued for the time missed.
const t = useTestApp();
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

async function schedule(s: TestSession & { userId: number }, fields: Record<string, unknown> = {}) {
  const key = await createUpload(t.db, s.userId);
  const res = await signedPost(
    t.app,
    '/api/video/publish',
    {
      use: 'video',
      title: '冰雪路面制动实测视频',
      description: '定时发布的视频',
      fileUploadId: key,
      publishType: 2,
      scheduledAt: inHours(2),
      ...fields,
    },
    { session: s, json: true },
  );
  expect(body(res).data).toMatchObject({ status: 'scheduled' });
  return body<{ id: number }>(res).data.id;
}

const statusOf = async (id: number) =>
  (await t.db.select({ status: contents.status }).from(contents).where(eq(contents.id, id)))[0]!.status;

/** Moves a schedule's time into the past, as if the clock had run on while nothing published it. */
async function letTimePass(id: number, minutes: number) {
  await t.db
    .update(videos)
    .set({ scheduledAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(videos.contentId, id));
}

describe('the schedule sweep', () => {
  it('publishes, after a restart, a schedule whose time passed while its job was lost and the server down', async () => {
    const a = await t.signIn();
    const id = await schedule(a);
    // the crash: the job queued for the time is gone, and the time passes while the server is down
    await t.db.execute(
      sql`delete from pgboss.job where name = 'video-publish' and (data->>'id')::int = ${id}`,
    );
    await letTimePass(id, 10);
    await t.restart();
    // the sweep runs once at start (a queued job, worked within a poll or two)
    const deadline = Date.now() + 15_000;
    while ((await statusOf(id)) === 'scheduled' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf(id)).toBe('published');
    const [message] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'video_published')));
    expect(message?.params).toMatchObject({ id });
  });

  it('publishes what is due, leaves what is not, and never twice', async () => {
    const a = await t.signIn();
    const due = await schedule(a);
    const later = await schedule(a);
    await letTimePass(due, 1);
    expect(await sweepDueSchedules(t.db)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(due)).toBe('published');
    expect(await statusOf(later)).toBe('scheduled');
    // a second sweep (or the job arriving late) finds nothing of it
    const before = await t.db.select().from(messages).where(eq(messages.userId, a.userId));
    await sweepDueSchedules(t.db);
    expect(await t.db.select().from(messages).where(eq(messages.userId, a.userId))).toHaveLength(
      before.length,
    );
  });

  it('a schedule that fails at its time is rejected with a message naming why', async () => {
    const a = await t.signIn();
    const id = await schedule(a, { title: '关于博彩的标题文字' });
    await letTimePass(id, 1);
    await sweepDueSchedules(t.db);
    expect(await statusOf(id)).toBe('rejected');
    const [message] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'video_rejected')));
    expect(message?.params).toMatchObject({ id, word: '博彩' });
  });
});
