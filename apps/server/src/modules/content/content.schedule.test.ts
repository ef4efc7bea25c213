import type { ContentDetail } from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents, messages } from '../../db/schema/index.js';
import { sweepDueSchedules } from '../../jobs/schedule-sweep.js';
import { body, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { publishScheduledArticle } from './content.service.js';

// Issue #10 "Scheduling for every type (articles too)", API.md §13: publishType 2 at scheduledAt, reviewed
// and published at the time by the schedule sweep, with its message; a draft save cancels it.
const t = useTestApp();
const COVER = ['/media/img/400x300/covers/a.jpg'];
const TITLE = '一篇定时发布的新能源文章';
const BODY = '<p>这是一段正文，长度足够十个字。</p>';
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const EN = { 'accept-language': 'en-US' };

const publish = (s: TestSession, param: Record<string, unknown>) =>
  signedPost(
    t.app,
    '/api/article/publish',
    { title: TITLE, content: BODY, coverUrls: COVER, publishType: 2, scheduledAt: inHours(2), ...param },
    { session: s, json: true, headers: EN },
  );
const rowOf = async (id: number) => (await t.db.select().from(contents).where(eq(contents.id, id)))[0]!;

describe('scheduled articles', () => {
  it('saves `scheduled` with the time, sends no message yet, and the detail says scheduled', async () => {
    const a = await t.signIn();
    const at = inHours(3);
    const res = body<{ id: number; status: string }>(await publish(a, { scheduledAt: at }));
    expect(res.data.status).toBe('scheduled');
    const row = await rowOf(res.data.id);
    expect(row.scheduledAt?.toISOString()).toBe(new Date(at).toISOString());
    expect(row.publishedAt).toBeNull();
    const detail = await t.get<ContentDetail>('/api/content/detail', { id: res.data.id }, a);
    expect(detail.data.status).toBe('scheduled');
    const mine = await t.db.select().from(messages).where(eq(messages.userId, a.userId));
    expect(mine.filter((m) => (m.params as { id?: number }).id === res.data.id)).toEqual([]);
  });

  it('refuses a time in the past, beyond 30 days or missing (10007 on scheduledAt), and the rules of publishing', async () => {
    const a = await t.signIn();
    const fieldOf = async (param: Record<string, unknown>) =>
      body<{ fields: { path: string; code: string }[] }>(await publish(a, param)).data.fields.map(
        (f) => `${f.path}:${f.code}`,
      );
    expect(await fieldOf({ scheduledAt: inHours(-1) })).toEqual(['scheduledAt:SCHEDULE_PAST']);
    expect(await fieldOf({ scheduledAt: inHours(30 * 24 + 1) })).toEqual(['scheduledAt:SCHEDULE_TOO_FAR']);
    expect(await fieldOf({ scheduledAt: undefined })).toEqual(['scheduledAt:SCHEDULE_INVALID']);
    expect(await fieldOf({ coverUrls: [] })).toEqual(['coverUrls:COVER_REQUIRED']);
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toEqual([]);
  });

  it('a published article cannot be scheduled (10008); it stays published', async () => {
    const a = await t.signIn();
    const id = body<{ id: number }>(await publish(a, { publishType: 1 })).data.id;
    expect((await rowOf(id)).status).toBe('published');
    const res = await publish(a, { id });
    expect(body(res)).toMatchObject({ status: 10008, messageCode: 'ARTICLE_PUBLISHED_NO_SCHEDULE' });
    expect((await rowOf(id)).status).toBe('published');
  });

  it('at its time the sweep reviews and publishes it, with the scheduled time and the message', async () => {
    const a = await t.signIn();
    const at = inHours(1);
    const id = body<{ id: number }>(await publish(a, { scheduledAt: at })).data.id;
    expect(await publishScheduledArticle(t.db, id, undefined, new Date(Date.now() + 30 * 60_000))).toBeNull();
    const due = new Date(new Date(at).getTime() + 1000);
    expect(await sweepDueSchedules(t.db, due)).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'published', scheduledAt: null });
    expect(row.publishedAt?.toISOString()).toBe(new Date(at).toISOString());
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'article_published')));
    expect(msg?.params).toMatchObject({ id });
    // the job or a second sweep arriving late changes nothing
    expect(await publishScheduledArticle(t.db, id, undefined, due)).toBeNull();
  });

  it('review at the time rejects a prohibited word, with the rejected message naming it', async () => {
    const a = await t.signIn();
    const at = inHours(1);
    const id = body<{ id: number }>(
      await publish(a, { scheduledAt: at, content: '<p>本店专业代 開 發 票，欢迎咨询。</p>' }),
    ).data.id;
    expect(await publishScheduledArticle(t.db, id, undefined, new Date(new Date(at).getTime() + 1))).toBe(
      'rejected',
    );
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'article_rejected')));
    expect(msg?.params).toMatchObject({ id, word: '代开发票' });
  });

  it('saving it as a draft cancels the schedule: the sweep leaves it alone', async () => {
    const a = await t.signIn();
    const at = inHours(1);
    const id = body<{ id: number }>(await publish(a, { scheduledAt: at })).data.id;
    expect(body(await publish(a, { id, publishType: 0 })).data).toMatchObject({ status: 'draft' });
    expect((await rowOf(id)).scheduledAt).toBeNull();
    await sweepDueSchedules(t.db, new Date(new Date(at).getTime() + 1000));
    expect((await rowOf(id)).status).toBe('draft');
  });
});
