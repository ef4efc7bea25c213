import type { DataReport, DataReportList, ListData, MessageItem } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { DATA_REPORT_CRON, runDataReports } from '../../jobs/data-report.js';
import { createArticle } from '../../test/factories.js';
import { body, signedGet, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { dueReportWeek, generateWeeklyReports } from './report.service.js';

// Weekly data reports (issue #12 `dataReport`; docs/api.md "Creative trends and topics"): made by the `data-report`
// job on Mondays 09:00 REPORT_TZ (Asia/Shanghai here) for the week that ended, Monday–Sunday in that zone; once per
// author and week, with one message. Events go through /open/events on a clock the test moves, so the week's
// bounds are exact to the second.
const t = useTestApp();
const TZ = 'Asia/Shanghai';
let now = new Date('2026-11-16T00:00:00Z');
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

let seq = 0;
async function sendAt(clock: string, events: Record<string, unknown>[]) {
  now = new Date(clock);
  const res = await app.inject({
    method: 'POST',
    url: '/open/events',
    headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify({
      events: events.map((e) => ({ eventId: `rp-${process.pid}-${++seq}-xxxx`, ...e })),
    }),
  });
  const env = JSON.parse(res.body) as { data: { rejected: unknown[] } };
  expect(env.data.rejected).toEqual([]);
}
const views = (n: number, contentId: number, at: string) =>
  Array.from({ length: n }, (_, i) => ({ type: 'view', at, readerId: `r${i}`, contentId }));
const noon = (day: string) => `${day}T04:00:00Z`; // 12:00 in Shanghai

async function get<T>(url: string, param: unknown, session: TestSession, lang = 'zh-CN') {
  return body<T>(await signedGet(app, url, param, { session, headers: { 'accept-language': lang } }));
}

describe('dueReportWeek: the week a Monday 09:00 run reports on', () => {
  it('is the week that ended once Monday 09:00 has passed in REPORT_TZ, the one before until then', () => {
    expect(dueReportWeek(new Date('2026-11-23T01:00:00Z'), TZ)).toBe('2026-11-16'); // Mon 09:00
    expect(dueReportWeek(new Date('2026-11-23T00:59:59Z'), TZ)).toBe('2026-11-09'); // Mon 08:59:59
    expect(dueReportWeek(new Date('2026-11-22T15:59:59Z'), TZ)).toBe('2026-11-09'); // Sun 23:59:59
    expect(dueReportWeek(new Date('2026-11-24T12:00:00Z'), TZ)).toBe('2026-11-16'); // Tue
    // the same instant in UTC is still Sunday
    expect(dueReportWeek(new Date('2026-11-23T01:00:00Z'), 'UTC')).toBe('2026-11-09');
  });

  it('is scheduled with pg-boss on Mondays 09:00 in REPORT_TZ', async () => {
    expect(DATA_REPORT_CRON).toBe('0 9 * * 1');
    const result = await t.db.execute(
      sql`select cron, timezone from pgboss.schedule where name = 'data-report'`,
    );
    expect((result as { rows: unknown[] }).rows).toEqual([
      { cron: '0 9 * * 1', timezone: t.config.reportTz },
    ]);
  });
});

describe('the weekly report: Monday–Sunday in Asia/Shanghai against the week before', () => {
  let a: TestSession;
  let b: TestSession;
  let c: TestSession;
  const w: Record<string, number> = {};
  beforeAll(async () => {
    a = await t.signIn();
    b = await t.signIn();
    c = await t.signIn();
    for (const name of ['one', 'two', 'three', 'four']) {
      w[name] = (await createArticle(t.db, a.userId, { status: 'published', title: `周报作品${name}` })).id;
    }
    const bWork = (await createArticle(t.db, b.userId, { status: 'published' })).id;
    const cWork = (await createArticle(t.db, c.userId, { status: 'published' })).id;
    const follow = (readerId: string, type = 'follow', at = noon('2026-11-12')) => ({
      type,
      at,
      readerId,
      authorId: a.userId,
    });
    // the week before, 11-09 … 11-15
    await sendAt('2026-11-16T00:00:00Z', [
      ...views(10, w.one!, noon('2026-11-10')),
      ...views(2, w.one!, '2026-11-15T15:59:59Z'), // Sunday 23:59:59 in Shanghai
      follow('f1'),
      ...views(4, cWork, noon('2026-11-11')), // c has data only then
    ]);
    // the week, 11-16 … 11-22
    await sendAt('2026-11-19T00:00:00Z', [
      ...views(1, w.two!, '2026-11-15T16:00:00Z'), // Monday 00:00 in Shanghai
      ...views(5, w.one!, noon('2026-11-17')),
      ...views(20, w.two!, noon('2026-11-18')),
      follow('f2', 'follow', noon('2026-11-17')),
      follow('f3', 'follow', noon('2026-11-17')),
    ]);
    await sendAt('2026-11-23T01:00:00Z', [
      follow('f1', 'unfollow', noon('2026-11-19')),
      ...views(8, w.three!, noon('2026-11-20')),
      ...views(3, w.four!, noon('2026-11-21')),
      { type: 'like', at: noon('2026-11-21'), readerId: 'r0', contentId: w.four },
      { type: 'share', at: noon('2026-11-21'), readerId: 'r0', contentId: w.four },
      ...views(1, w.three!, '2026-11-22T15:59:59Z'), // Sunday 23:59:59
      ...views(1, w.three!, '2026-11-22T16:00:00Z'), // Monday 11-23: the next week
      ...views(1, bWork, noon('2026-11-18')),
    ]);
  });

  it('the Monday 09:00 run makes one report per author with data that week, once', async () => {
    const monday9 = new Date('2026-11-23T01:00:00Z');
    expect(await runDataReports(t.db, TZ, monday9)).toEqual({
      weekStart: '2026-11-16',
      authors: 2,
      created: 2,
    });
    // again, and two servers at once: nothing new
    expect(await runDataReports(t.db, TZ, monday9)).toEqual({
      weekStart: '2026-11-16',
      authors: 0,
      created: 0,
    });
    const [x, y] = await Promise.all([
      generateWeeklyReports(t.db, '2026-11-09', monday9),
      generateWeeklyReports(t.db, '2026-11-09', monday9),
    ]);
    expect(x.created + y.created).toBe(2); // a and c, each once
    await expect(generateWeeklyReports(t.db, '2026-11-17', monday9)).rejects.toThrow(/not a Monday/);
  });

  it('holds the week’s metrics against the week before, each day, the best day, the top 3 works and fans', async () => {
    const res = await get<DataReport>('/api/data/report_detail', { weekStart: '2026-11-16' }, a);
    expect(res.status).toBe(1);
    const r = res.data;
    expect(r).toMatchObject({ weekStart: '2026-11-16', weekEnd: '2026-11-22', version: 1 });
    expect(r.createdAt).toBe('2026-11-23T01:00:00.000Z');
    expect(r.metrics).toMatchObject({
      views: 38,
      likes: 1,
      shares: 1,
      fansGained: 2,
      fansLost: 1,
      fansNet: 1,
      fansTotal: 2,
    });
    expect(r.previous).toMatchObject({ views: 12, fansGained: 1, fansLost: 0, fansTotal: 1 });
    expect(r.engagement).toBe(40);
    expect(r.previousEngagement).toBe(12);
    expect(r.days.map((d) => [d.date, d.engagement])).toEqual([
      ['2026-11-16', 1],
      ['2026-11-17', 5],
      ['2026-11-18', 20],
      ['2026-11-19', 0],
      ['2026-11-20', 8],
      ['2026-11-21', 5],
      ['2026-11-22', 1],
    ]);
    expect(r.days[1]!.fansNet).toBe(2);
    expect(r.days[3]!.fansNet).toBe(-1);
    expect(r.bestDay).toEqual({ date: '2026-11-18', engagement: 20 });
    // w.one and w.four tie at 5: the older work first
    expect(r.topWorks.map((x) => [x.id, x.engagement])).toEqual([
      [w.two, 21],
      [w.three, 9],
      [w.one, 5],
    ]);
    expect(r.topWorks[0]).toMatchObject({ title: '周报作品two', type: 'article', views: 21 });
  });

  it('tells the author once, with a link to the report, in the reader’s language', async () => {
    const list = await get<ListData<MessageItem>>(
      '/api/message/get_message_list',
      { page: 1, pageSize: 50 },
      a,
    );
    const reports = list.data.list.filter((m) => m.kind === 'data_report');
    // one each, the later-made (the week before's) first
    expect(reports.map((m) => m.link)).toEqual([
      '/dataReport?week=2026-11-09',
      '/dataReport?week=2026-11-16',
    ]);
    expect(reports[1]).toMatchObject({
      msgGroup: 8,
      title: '数据周报已生成',
      body: '2026-11-16 至 2026-11-22 的数据周报已生成：阅读 38，净增粉丝 1。',
    });
    const en = await get<ListData<MessageItem>>(
      '/api/message/get_message_list',
      { page: 1, pageSize: 50 },
      a,
      'en-US',
    );
    expect(en.data.list.find((m) => m.link === '/dataReport?week=2026-11-16')!.body).toBe(
      'Your report for 2026-11-16 to 2026-11-22 is ready: 38 views, 1 net followers.',
    );
    const cMessages = await get<ListData<MessageItem>>(
      '/api/message/get_message_list',
      { page: 1, pageSize: 50 },
      c,
    );
    expect(cMessages.data.list.filter((m) => m.kind === 'data_report').map((m) => m.link)).toEqual([
      '/dataReport?week=2026-11-09',
    ]);
  });

  it('report_list: newest week first with the headline numbers, paged', async () => {
    const list = await get<DataReportList>('/api/data/report_list', { page: 1, pageSize: 20 }, a);
    expect(list.data.total).toBe(2);
    expect(list.data.list).toEqual([
      {
        weekStart: '2026-11-16',
        weekEnd: '2026-11-22',
        createdAt: '2026-11-23T01:00:00.000Z',
        engagement: 40,
        views: 38,
        fansNet: 1,
      },
      {
        weekStart: '2026-11-09',
        weekEnd: '2026-11-15',
        createdAt: '2026-11-23T01:00:00.000Z',
        engagement: 12,
        views: 12,
        fansNet: 1,
      },
    ]);
    const second = await get<DataReportList>('/api/data/report_list', { page: 2, pageSize: 1 }, a);
    expect(second.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.data.list.map((r) => r.weekStart)).toEqual(['2026-11-09']);
    const none = await get<DataReportList>('/api/data/report_list', {}, await t.signIn());
    expect(none.data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
  });

  it('report_detail: a week the author has no report of is 10006 (another author’s too); not a Monday is 10007', async () => {
    const missing = await get('/api/data/report_detail', { weekStart: '2026-11-16' }, c);
    expect(missing.status).toBe(10006);
    expect(missing.message).toBe('这一周没有数据周报');
    const tuesday = await get<{ fields: { path: string; message: string }[] }>(
      '/api/data/report_detail',
      { weekStart: '2026-11-17' },
      a,
      'en-US',
    );
    expect(tuesday.status).toBe(10007);
    expect(tuesday.data.fields[0]).toMatchObject({
      path: 'weekStart',
      message: 'must be a Monday (a report covers Monday to Sunday)',
    });
    expect((await get('/api/data/report_detail', { weekStart: 'last week' }, a)).status).toBe(10007);
    expect((await get('/api/data/report_detail', { weekStart: '2026-11-16' }, b)).status).toBe(1);
  });
});
