import { type ContentListItem, type ListData, type ProgramDetail, Status } from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contents, messages, programs, users } from '../../db/schema/index.js';
import { createArticle, createImage, createVideo, type TestAuthor } from '../../test/factories.js';
import { body, signedGet, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Programs (issue #10 "Programs", API.md §13, spec §6, docs/api.md "Programs").
const t = useTestApp();

const EN = { 'accept-language': 'en-US' };
const GOOD_TITLE = '周末试驾系列节目';

type Fields = { fields: { path: string; message: string; code: string }[] };

const save = (s: TestSession, param: Record<string, unknown>, headers: Record<string, string> = EN) =>
  signedPost(
    t.app,
    '/api/program/save',
    { title: GOOD_TITLE, episodeIds: [], ...param },
    { session: s, json: true, headers },
  );
const detail = async (s: TestSession, id: number) =>
  body<ProgramDetail>(await signedGet(t.app, '/api/program/detail', { id }, { session: s, headers: EN }));
const fieldsOf = (res: Awaited<ReturnType<typeof save>>) =>
  body<Fields>(res).data.fields.map(({ path, code }) => ({ path, code }));

/** A new author of grade 3 (rankResult 1, spec §6). */
const gradedAuthor = () => t.signIn({ grade: 3 });
/** A published work of the author, straight into the table (any type; an article by default). */
const work = (a: TestSession, fields: Parameters<typeof createArticle>[2] = {}) =>
  createArticle(t.db, a.userId, { status: 'published', ...fields }).then((r) => r.id);

async function newProgram(a: TestAuthor, param: Record<string, unknown> = {}) {
  const env = body<{ id: number }>(await save(a, param));
  expect(env.status, env.message).toBe(1);
  return env.data.id;
}

describe('POST /api/program/save', () => {
  it('rankResult 0 is 10005 on create and on edit, with the grade named; nothing is written', async () => {
    const a = await t.signIn({ grade: 2 });
    const res = await save(a, { episodeIds: [await work(a)] });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({
      status: Status.FORBIDDEN,
      message: 'programs open at creator grade 3: you cannot create or edit one yet',
    });
    expect(body(await save(a, {}, {})).message).toBe('创作者等级达到 3 级后才能创建和编辑节目');
    const rows = await t.db
      .select()
      .from(contents)
      .where(and(eq(contents.userId, a.userId), eq(contents.type, 'program')));
    expect(rows).toHaveLength(0);

    // a program made at grade 3 cannot be edited once the grade drops
    const b = await gradedAuthor();
    const id = await newProgram(b);
    await t.db.update(users).set({ grade: 1 }).where(eq(users.id, b.userId));
    expect(body(await save(b, { id, title: '降级后改的节目标题' })).status).toBe(Status.FORBIDDEN);
    // reading it still works
    expect((await detail(b, id)).data.title).toBe(GOOD_TITLE);
  });

  it('grade 3 and up (or the program white list) may create: reviewed at once, listed, with a message', async () => {
    const a = await t.signIn({ grade: 5 });
    const id = await newProgram(a, { description: '  每周一期的深度试驾  ' });
    const d = await detail(a, id);
    expect(d.data).toMatchObject({
      id,
      title: GOOD_TITLE,
      description: '每周一期的深度试驾',
      coverUrl: null,
      status: 'published',
      rejectReason: null,
      episodes: [],
    });
    const list = body<ListData<ContentListItem>>(
      await signedGet(t.app, '/api/content/list', { type: 'program' }, { session: a }),
    ).data;
    expect(list.list.map((i) => i.id)).toEqual([id]);
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'work_published')));
    expect(msg).toMatchObject({ link: '/program' });

    const listed = await t.signIn({ grade: 1, whiteLists: ['program'] });
    expect(body(await save(listed, {})).status).toBe(1);
  });

  it('keeps the episodes in the order given, of every allowed type, with a cover of the author', async () => {
    const a = await gradedAuthor();
    const video = (await createVideo(t, a)).id;
    const article = await work(a, { title: '第一期：城市通勤实测' });
    const album = await work(a, { type: 'album', title: '第二期：内饰细节图集' });
    const small = await work(a, { type: 'smallVideo', title: '第三期：十五秒看懂' });
    const cover = await createImage(
      t,
      a,
      await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2468f2' } })
        .png()
        .toBuffer(),
    );
    const order = [small, video, article, album];
    const id = await newProgram(a, { episodeIds: order, coverUrl: cover.url });
    const d = (await detail(a, id)).data;
    expect(d.coverUrl).toBe(cover.url);
    expect(d.episodes.map((e) => e.id)).toEqual(order);
    expect(d.episodes.map((e) => e.type)).toEqual(['smallVideo', 'video', 'article', 'album']);
    expect(d.episodes[2]).toMatchObject({ title: '第一期：城市通勤实测', status: 'published' });
    const [row] = await t.db.select().from(programs).where(eq(programs.contentId, id));
    expect(row?.episodeIds).toEqual(order);

    // edited: a new order, one dropped
    expect(body(await save(a, { id, episodeIds: [article, small] })).status).toBe(1);
    expect((await detail(a, id)).data.episodes.map((e) => e.id)).toEqual([article, small]);
    // an episode deleted since is shown as deleted, so the editor can drop it
    await signedPost(t.app, '/api/content/delete', { id: article }, { session: a, json: true });
    expect((await detail(a, id)).data.episodes.map((e) => [e.id, e.status])).toEqual([
      [article, 'deleted'],
      [small, 'published'],
    ]);
  });

  it('an episode of another author, unpublished, or of a type that cannot be one is 10007 naming episodeIds.<i>', async () => {
    const a = await gradedAuthor();
    const b = await t.signIn();
    const mine = await work(a);
    const theirs = await work(b);
    const draft = await work(a, { status: 'draft' });
    const live = await work(a, { type: 'live' });
    const dynamic = await work(a, { type: 'dynamic' });
    const otherProgram = await work(a, { type: 'program' });
    const res = await save(a, { episodeIds: [mine, theirs, draft, live, dynamic, otherProgram, 999_999] });
    expect(body(res)).toMatchObject({
      status: Status.VALIDATION_FAILED,
      message:
        'an episode must be one of your own published articles, image collections, videos or short videos',
    });
    expect(fieldsOf(res)).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => ({ path: `episodeIds.${i}`, code: 'PROGRAM_EPISODE_INVALID' })),
    );
    const rows = await t.db
      .select()
      .from(contents)
      .where(and(eq(contents.userId, a.userId), eq(contents.type, 'program')));
    expect(rows.map((r) => r.id)).toEqual([otherProgram]);
  });

  it('an episode listed twice is 10007', async () => {
    const a = await gradedAuthor();
    const one = await work(a);
    const two = await work(a);
    const res = await save(a, { episodeIds: [one, two, one] });
    expect(body(res)).toMatchObject({ status: Status.VALIDATION_FAILED, message: 'a work is listed twice' });
    expect(fieldsOf(res)).toEqual([{ path: 'episodeIds', code: 'PROGRAM_EPISODE_REPEATED' }]);
  });

  it("the cover must be the author's upload (10007 IMAGE_NOT_YOURS on coverUrl)", async () => {
    const a = await gradedAuthor();
    expect(fieldsOf(await save(a, { coverUrl: '/media/img/0x0/images/someone-else.png' }))).toEqual([
      { path: 'coverUrl', code: 'IMAGE_NOT_YOURS' },
    ]);
  });

  it("edits the author's own program; another author's (even of grade 3) is 10006 and stays as it was", async () => {
    const a = await gradedAuthor();
    const ep = await work(a);
    const id = await newProgram(a, { episodeIds: [ep] });
    expect(
      body(await save(a, { id, title: '改名后的试驾节目', description: '新简介', episodeIds: [ep] })).data,
    ).toEqual({ id });
    expect((await detail(a, id)).data).toMatchObject({ title: '改名后的试驾节目', description: '新简介' });

    const b = await gradedAuthor();
    expect(body(await save(b, { id, title: '别人的节目改个标题' }))).toMatchObject({
      status: Status.NOT_FOUND,
      message: 'no such program',
    });
    expect((await detail(b, id)).status).toBe(Status.NOT_FOUND);
    expect((await detail(a, id)).data).toMatchObject({ title: '改名后的试驾节目', episodes: [{ id: ep }] });
    // an id of another type is not a program
    expect(body(await save(a, { id: ep })).status).toBe(Status.NOT_FOUND);
  });

  it('a prohibited word in the title or description rejects it, with the reason', async () => {
    const a = await gradedAuthor();
    const id = await newProgram(a, { description: '节目里教你怎么赌博' });
    expect((await detail(a, id)).data).toMatchObject({
      status: 'rejected',
      rejectReason: 'contains a prohibited word: 赌博 (gambling)',
    });
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'work_rejected')));
    expect(msg).toMatchObject({ link: `/program?id=${id}` });
  });
});
