import type {
  ActivityDetail,
  ActivityEligibleWork,
  ActivityEntry,
  ActivityItem,
  Envelope,
  ListData,
  OpsActivity,
  OpsActivityDetail,
} from '@cc/contracts';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { activities, messages, notices } from '../../db/schema/index.js';
import { activityJobs } from '../../jobs/activity.js';
import { createArticle, type TestAuthor } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { closeDueActivities } from './activity.service.js';
import { testActivity, testEntry } from './test-support.js';

// issue #15 "Activities" (spec §7 "tasks and activities"; docs/api.md "Activities"): operators' campaigns with a
// state machine, authors entering their own published works inside the window, numbers from the audience data
// inside the window only, a ranking by the published score, and results announced exactly once.
const t = useTestApp();
const HOUR = 3_600_000;
const EN = { headers: { 'accept-language': 'en-US' } };
const ZH = { headers: { 'accept-language': 'zh-CN' } };
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

const draftParam = (extra: Record<string, unknown> = {}) => ({
  titleZh: '春季用车故事征集',
  titleEn: 'Spring car stories',
  rulesZh: '分享你与爱车的故事。',
  rulesEn: 'Share the story of you and your car.',
  startsAt: iso(-HOUR),
  endsAt: iso(24 * HOUR),
  resultsAt: iso(48 * HOUR),
  workTypes: ['article'],
  prizes: [
    { fromRank: 1, toRank: 1, textZh: '车模一台', textEn: 'A model car' },
    { fromRank: 2, toRank: 3, textZh: '纪念徽章', textEn: 'A badge' },
  ],
  ...extra,
});

const post = <T>(url: string, param: unknown, who: TestAuthor, lang = EN) =>
  t.post<T>(url, param, who, { json: true, ...lang });
const get = <T>(url: string, param: unknown, who: TestAuthor, lang = EN) => t.get<T>(url, param, who, lang);

async function published(op: TestAuthor, extra: Record<string, unknown> = {}) {
  const saved = await post<OpsActivity>('/api/ops/activity/save', draftParam(extra), op);
  expect(saved, JSON.stringify(saved)).toMatchObject({ status: 1 });
  const pub = await post<OpsActivity>('/api/ops/activity/publish', { id: saved.data.id }, op);
  expect(pub.data?.state).toBe('published');
  return pub.data;
}
const publishedWork = (userId: number, fields: Parameters<typeof createArticle>[2] = {}) =>
  createArticle(t.db, userId, {
    status: 'published',
    publishedAt: new Date(Date.now() - 48 * HOUR),
    ...fields,
  });

let seq = 0;
const uid = (p: string) => `${p}-${process.pid}-${++seq}-${Date.now().toString(36)}`;
async function sendEvents(events: Record<string, unknown>[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/open/events',
    headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify({ events: events.map((e) => ({ eventId: uid('ae'), ...e })) }),
  });
  const env = JSON.parse(res.body) as Envelope<{ accepted: number; rejected: unknown[] }>;
  expect(env.data?.rejected).toEqual([]);
}
async function sendComment(contentId: number, at: Date) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/open/comments',
    headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify({
      commentId: uid('ac'),
      contentId,
      readerId: uid('cr'),
      readerName: 'reader',
      text: 'nice car',
      at: at.toISOString(),
    }),
  });
  expect(JSON.parse(res.body), res.body).toMatchObject({ status: 1 });
}

describe('operators: drafts and the state machine', () => {
  it('creates and edits a draft; publish, close, announce follow draft → published → closed → announced', async () => {
    const op = await t.signIn({ role: 'operator' });
    const saved = await post<OpsActivity>('/api/ops/activity/save', draftParam(), op);
    expect(saved.data).toMatchObject({ state: 'draft', titleEn: 'Spring car stories', entryCount: 0 });
    const edited = await post<OpsActivity>(
      '/api/ops/activity/save',
      draftParam({ id: saved.data.id, titleEn: 'Spring stories' }),
      op,
    );
    expect(edited.data).toMatchObject({ id: saved.data.id, titleEn: 'Spring stories' });
    const id = saved.data.id;
    // announce a draft: 10008 naming the state
    const early = await post('/api/ops/activity/announce', { id }, op);
    expect(early.status).toBe(10008);
    expect(early.message).toBe('the activity is a draft and cannot be announced');
    expect((await post('/api/ops/activity/publish', { id }, op)).data).toMatchObject({ state: 'published' });
    const again = await post('/api/ops/activity/publish', { id }, op, ZH);
    expect(again.status).toBe(10008);
    expect(again.message).toBe('这个活动当前为“已发布”，不能发布');
    const edit = await post('/api/ops/activity/save', draftParam({ id }), op);
    expect(edit.status).toBe(10008);
    expect(edit.message).toBe('the activity is published and cannot be edited');
    expect((await post('/api/ops/activity/close', { id }, op)).data).toMatchObject({ state: 'closed' });
    expect((await post('/api/ops/activity/close', { id }, op)).status).toBe(10008);
    const ann = await post<OpsActivityDetail>('/api/ops/activity/announce', { id }, op);
    expect(ann.data).toMatchObject({ state: 'announced', entries: [] });
    expect((await post('/api/ops/activity/close', { id }, op)).message).toBe(
      'the activity is announced and cannot be closed',
    );
  });

  it('refuses bad drafts field by field in both languages, writing nothing', async () => {
    const op = await t.signIn({ role: 'operator' });
    const before = (await get<ListData<OpsActivity>>('/api/ops/activity/list', {}, op)).data.total;
    const bad = await post<{ fields: { path: string; message: string }[] }>(
      '/api/ops/activity/save',
      draftParam({
        titleEn: ' ',
        endsAt: iso(-2 * HOUR),
        workTypes: [],
        prizes: [
          { fromRank: 2, toRank: 3, textZh: 'a', textEn: 'a' },
          { fromRank: 1, toRank: 1, textZh: 'b', textEn: 'b' },
        ],
      }),
      op,
    );
    expect(bad.status).toBe(10007);
    const paths = bad.data.fields.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['titleEn', 'workTypes']));
    const zh = await post<{ fields: { path: string; message: string }[] }>(
      '/api/ops/activity/save',
      draftParam({ endsAt: iso(-2 * HOUR) }),
      op,
      ZH,
    );
    expect(zh.data.fields).toContainEqual(
      expect.objectContaining({ path: 'endsAt', message: '报名截止时间须晚于开始时间' }),
    );
    const en = await post<{ fields: { path: string; message: string }[] }>(
      '/api/ops/activity/save',
      draftParam({
        prizes: [
          { fromRank: 2, toRank: 3, textZh: 'a', textEn: 'a' },
          { fromRank: 1, toRank: 1, textZh: 'b', textEn: 'b' },
        ],
      }),
      op,
    );
    expect(en.data.fields).toContainEqual(
      expect.objectContaining({
        path: 'prizes.1.fromRank',
        message: 'prize rank ranges must ascend and must not overlap',
      }),
    );
    const topic = await post('/api/ops/activity/save', draftParam({ topicId: 999_999 }), op);
    expect(topic.status).toBe(10007);
    expect((await get<ListData<OpsActivity>>('/api/ops/activity/list', {}, op)).data.total).toBe(before);
  });

  it('operators only: every ops route answers 10005 to an author', async () => {
    const author = await t.signIn();
    const a = await testActivity(t.db);
    for (const [url, param] of [
      ['/api/ops/activity/save', draftParam()],
      ['/api/ops/activity/publish', { id: a.id }],
      ['/api/ops/activity/close', { id: a.id }],
      ['/api/ops/activity/announce', { id: a.id }],
      ['/api/ops/activity/disqualify', { id: 1, reason: 'x' }],
    ] as const)
      expect((await post(url, param, author)).status, url).toBe(10005);
    expect((await get('/api/ops/activity/list', {}, author)).status).toBe(10005);
    expect((await get('/api/ops/activity/detail', { id: a.id }, author)).status).toBe(10005);
  });
});

describe('authors: list, join, withdraw', () => {
  it('lists visible activities by phase and joined; drafts stay hidden (10006)', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const open = await published(op);
    const upcoming = await published(op, {
      startsAt: iso(HOUR),
      endsAt: iso(2 * HOUR),
      resultsAt: iso(3 * HOUR),
    });
    const draft = await post<OpsActivity>('/api/ops/activity/save', draftParam(), op);
    const ids = async (p: Record<string, unknown>) =>
      (
        await get<ListData<ActivityItem>>('/api/activity/list', { pageSize: 100, ...p }, author)
      ).data.list.map((x) => x.id);
    expect(await ids({ phase: 'open' })).toContain(open.id);
    expect(await ids({ phase: 'open' })).not.toContain(upcoming.id);
    expect(await ids({ phase: 'upcoming' })).toContain(upcoming.id);
    expect(await ids({})).not.toContain(draft.data.id);
    expect((await get('/api/activity/detail', { id: draft.data.id }, author)).status).toBe(10006);
    const work = await publishedWork(author.userId);
    expect((await post('/api/activity/join', { id: open.id, contentId: work.id }, author)).status).toBe(1);
    expect(await ids({ joined: 'true' })).toEqual([open.id]);
    const zh = (await get<ListData<ActivityItem>>('/api/activity/list', { joined: 'true' }, author, ZH)).data
      .list[0]!;
    expect(zh).toMatchObject({ title: '春季用车故事征集', phase: 'open', entryCount: 1, myEntryCount: 1 });
  });

  it('join refusals: another author’s work 10006; wrong type, unpublished, twice, outside the window 10008', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const other = await t.signIn();
    const a = await published(op);
    const theirs = await publishedWork(other.userId);
    const r1 = await post('/api/activity/join', { id: a.id, contentId: theirs.id }, author);
    expect(r1.status).toBe(10006);
    expect(r1.message).toBe('no such work of yours');
    const video = await publishedWork(author.userId, { type: 'video' });
    const r2 = await post('/api/activity/join', { id: a.id, contentId: video.id }, author, ZH);
    expect(r2.status).toBe(10008);
    expect(r2.message).toBe('这个活动不接受此类型的作品');
    const draft = await createArticle(t.db, author.userId, { status: 'draft' });
    expect((await post('/api/activity/join', { id: a.id, contentId: draft.id }, author)).message).toBe(
      'only published works can enter an activity',
    );
    const mine = await publishedWork(author.userId);
    expect((await post('/api/activity/join', { id: a.id, contentId: mine.id }, author)).status).toBe(1);
    const twice = await post('/api/activity/join', { id: a.id, contentId: mine.id }, author);
    expect(twice.status).toBe(10008);
    expect(twice.message).toBe('this work has already entered this activity');
    const later = await published(op, {
      startsAt: iso(HOUR),
      endsAt: iso(2 * HOUR),
      resultsAt: iso(3 * HOUR),
    });
    const r3 = await post('/api/activity/join', { id: later.id, contentId: mine.id }, author);
    expect(r3.status).toBe(10008);
    expect(r3.message).toMatch(/^entries are open only from \d{4}-\d\d-\d\d \d\d:\d\d to /);
    const zh3 = await post('/api/activity/join', { id: later.id, contentId: mine.id }, author, ZH);
    expect(zh3.message).toMatch(/^不在报名时间内（/);
    // eligible works: only mine, published, of the allowed types, not entered
    const el = await get<ActivityEligibleWork[]>('/api/activity/eligible_works', { id: a.id }, author);
    expect(el.data.map((w) => w.id)).not.toContain(mine.id);
    expect(el.data.map((w) => w.id)).not.toContain(video.id);
    expect(el.data.map((w) => w.id)).not.toContain(theirs.id);
  });

  it('withdraws while open; another author’s entry 10006; after the close 10008', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const other = await t.signIn();
    const a = await published(op);
    const work = await publishedWork(author.userId);
    const entry = await post<ActivityEntry>('/api/activity/join', { id: a.id, contentId: work.id }, author);
    expect((await post('/api/activity/withdraw', { id: entry.data.id }, other)).status).toBe(10006);
    expect((await post('/api/activity/withdraw', { id: entry.data.id }, author)).data).toEqual({
      id: entry.data.id,
    });
    const again = await post<ActivityEntry>('/api/activity/join', { id: a.id, contentId: work.id }, author);
    await post('/api/ops/activity/close', { id: a.id }, op);
    const late = await post('/api/activity/withdraw', { id: again.data.id }, author);
    expect(late.status).toBe(10008);
  });
});

describe('numbers, ranking and results', () => {
  it('counts views, likes, comments and new fans inside the window only, and ranks by the published score', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const rival = await t.signIn();
    // window [now − 3 h, now − 1 h): events at −4 h and −30 min fall outside
    const a = await testActivity(t.db, {
      startsAt: new Date(Date.now() - 3 * HOUR),
      endsAt: new Date(Date.now() - HOUR),
    });
    const w1 = await publishedWork(author.userId);
    const w2 = await publishedWork(rival.userId);
    await testEntry(t.db, a.id, w1.id, author.userId);
    await testEntry(t.db, a.id, w2.id, rival.userId);
    const before = new Date(Date.now() - 4 * HOUR);
    const inside = new Date(Date.now() - 2 * HOUR);
    const after = new Date(Date.now() - 30 * 60_000);
    const r = uid('r');
    await sendEvents([
      // inside: 3 views (one by r), 2 likes, r follows the author after viewing w1
      { type: 'view', at: inside.toISOString(), readerId: r, contentId: w1.id },
      { type: 'view', at: inside.toISOString(), readerId: uid('r'), contentId: w1.id },
      { type: 'view', at: inside.toISOString(), readerId: uid('r'), contentId: w1.id },
      { type: 'like', at: inside.toISOString(), readerId: uid('r'), contentId: w1.id },
      { type: 'like', at: inside.toISOString(), readerId: uid('r'), contentId: w1.id },
      {
        type: 'follow',
        at: new Date(inside.getTime() + 60_000).toISOString(),
        readerId: r,
        authorId: author.userId,
      },
      // a follow by a reader who never saw w1: not w1's fan
      { type: 'follow', at: inside.toISOString(), readerId: uid('r'), authorId: author.userId },
      // outside the window
      { type: 'view', at: before.toISOString(), readerId: uid('r'), contentId: w1.id },
      { type: 'view', at: after.toISOString(), readerId: uid('r'), contentId: w1.id },
      { type: 'like', at: after.toISOString(), readerId: uid('r'), contentId: w1.id },
      // w2: one view inside
      { type: 'view', at: inside.toISOString(), readerId: uid('r'), contentId: w2.id },
    ]);
    await sendComment(w1.id, inside);
    await sendComment(w1.id, after);
    const d = await get<ActivityDetail>('/api/activity/detail', { id: a.id }, author);
    expect(d.data.myEntries).toHaveLength(1);
    expect(d.data.myEntries[0]!.numbers).toEqual({
      views: 3,
      likes: 2,
      comments: 1,
      fans: 1,
      score: 3 + 6 + 5 + 10,
    });
    expect(d.data.ranking.map((e) => [e.contentId, e.rank, e.numbers.score])).toEqual([
      [w1.id, 1, 24],
      [w2.id, 2, 1],
    ]);
    expect(d.data.myEntries[0]!.prize).toBe('A model car');
    expect(d.data.scoreWeights).toEqual({ views: 1, likes: 3, comments: 5, fans: 10 });
    // the operator's view agrees
    const o = await get<OpsActivityDetail>('/api/ops/activity/detail', { id: a.id }, op);
    expect(o.data.entries.map((e) => e.numbers.score)).toEqual([24, 1]);
  });

  it('the job closes ended windows once; announce freezes the ranking and sends one notice and one message per entry, exactly once', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const cheat = await t.signIn();
    const name = uid('活动');
    const a = await testActivity(t.db, {
      titleZh: name,
      titleEn: `${name} en`,
      startsAt: new Date(Date.now() - 3 * HOUR),
      endsAt: new Date(Date.now() - HOUR),
    });
    const w1 = await publishedWork(author.userId, { title: uid('第一台车') });
    const w2 = await publishedWork(cheat.userId, { title: uid('刷量作品') });
    await testEntry(t.db, a.id, w1.id, author.userId);
    const e2 = await testEntry(t.db, a.id, w2.id, cheat.userId);
    await sendEvents([
      {
        type: 'view',
        at: new Date(Date.now() - 2 * HOUR).toISOString(),
        readerId: uid('r'),
        contentId: w2.id,
      },
    ]);
    // announce before the close: 10008
    expect((await post('/api/ops/activity/announce', { id: a.id }, op)).status).toBe(10008);
    const job = activityJobs.find((j) => j.name === 'activity-close')!;
    const first = await job.run(t.db, new Date(), { reportTz: t.config.reportTz });
    expect(first.closed).toBeGreaterThanOrEqual(1);
    expect(await closeDueActivities(t.db, new Date())).toBe(0);
    const dq = await post<ActivityEntry>(
      '/api/ops/activity/disqualify',
      { id: e2, reason: 'bought views' },
      op,
    );
    expect(dq.data).toMatchObject({ state: 'disqualified', reason: 'bought views', rank: null });
    expect((await post('/api/ops/activity/disqualify', { id: e2, reason: 'again' }, op)).status).toBe(10008);
    const results = await Promise.all([
      post<OpsActivityDetail>('/api/ops/activity/announce', { id: a.id }, op),
      post<OpsActivityDetail>('/api/ops/activity/announce', { id: a.id }, op),
    ]);
    const third = await post<OpsActivityDetail>('/api/ops/activity/announce', { id: a.id }, op);
    for (const r of [...results, third]) expect(r.data).toMatchObject({ state: 'announced' });
    expect(third.data.entries.map((e) => [e.contentId, e.rank])).toEqual([
      [w1.id, 1],
      [w2.id, null],
    ]);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, a.id));
    const found = await t.db
      .select()
      .from(notices)
      .where(like(notices.title, `%${name}%`));
    expect(found).toHaveLength(1);
    expect(found[0]!.id).toBe(row!.noticeId);
    expect(found[0]!.content).toContain(w1.title);
    expect(found[0]!.content).not.toContain(w2.title);
    expect(found[0]!.translations['en-US']?.title).toBe(`Results of "${name} en"`);
    const msgs = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, author.userId), eq(messages.kind, 'activity_result')));
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.body).toBe(
      `“${name}”结果已公布：你的作品《${w1.title}》排名第 1 名，获得奖品：车模一台。`,
    );
    const en = await get<ListData<{ title: string; body: string; kind: string }>>(
      '/api/message/get_message_list',
      { msgGroup: 8 },
      author,
    );
    const enMsg = en.data.list.find((m) => m.kind === 'activity_result');
    expect(enMsg).toMatchObject({
      title: 'Activity results announced',
      body: `The results of "${name} en" are out: your work "${w1.title}" ranked 1; prize: A model car.`,
    });
    const cheatMsgs = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, cheat.userId), eq(messages.kind, 'activity_disqualified')));
    expect(cheatMsgs).toHaveLength(1);
    expect(cheatMsgs[0]!.body).toContain('bought views');
    // the frozen results: later events change nothing
    await sendEvents([
      {
        type: 'view',
        at: new Date(Date.now() - 2 * HOUR).toISOString(),
        readerId: uid('r'),
        contentId: w1.id,
      },
    ]);
    const d = await get<ActivityDetail>('/api/activity/detail', { id: a.id }, author);
    expect(d.data).toMatchObject({ final: true, phase: 'ended' });
    expect(d.data.myEntries[0]!.numbers.views).toBe(0);
    expect((await post('/api/ops/activity/disqualify', { id: e2, reason: 'late' }, op)).status).toBe(10008);
  });
});
