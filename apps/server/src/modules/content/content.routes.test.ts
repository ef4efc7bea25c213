import {
  BODY_MARKUP_MAX,
  BODY_MARKUP_MAX_BYTES,
  type ContentDetail,
  DEV_SIGN_SECRET,
  type ContentListItem,
  type ListData,
  type MessageItem,
  type MessageRef,
  MsgGroup,
  renderMessage,
  signPayload,
  WEB_CID,
  WEB_VER,
  utf8ByteLength,
  RULE_REFS,
} from '@cc/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { DRAFT_QUOTA } from './content.service.js';
import { contents, messages, workDaily } from '../../db/schema/index.js';
import { createArticle } from '../../test/factories.js';
import { body, signedGet, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Article publishing and content management (API.md §9, issue #2) on the server.
const t = useTestApp();

const COVER = ['/media/img/400x300/covers/a.jpg'];
const GOOD_TITLE = '一篇关于新能源汽车的文章';
const GOOD_BODY = '<p>这是一段正文，长度足够十个字。</p>';

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/**
 * The event-loop guard's HTTP client, a worker thread: for each job it posts the signed forms to
 * `/api/article/publish` at once and asks for `/healthz` every 5 ms until they are answered (or for
 * `probeMs` when there are none), then answers `{ statuses, latencies }` (ms per `/healthz`).
 */
const HTTP_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
parentPort.on('message', async ({ saves, probeMs }) => {
  let done = false;
  const posts = Promise.all(saves.map(async (i) => {
    const res = await fetch(workerData.base + '/api/article/publish', { method: 'POST', body: workerData.forms[i],
      headers: { encrypttype: '1', 'content-type': 'application/x-www-form-urlencoded', cookie: workerData.cookie } });
    const env = await res.json();
    return env.status === 1 ? env.data.status : env.status + ' ' + env.message;
  }));
  if (probeMs) setTimeout(() => (done = true), probeMs);
  else posts.finally(() => (done = true)).catch(() => {});
  const latencies = [];
  while (!done) {
    const t0 = performance.now();
    await (await fetch(workerData.base + '/healthz')).text();
    latencies.push(performance.now() - t0);
    await sleep(5);
  }
  parentPort.postMessage({ statuses: await posts, latencies });
});
`;

const publish = (s: TestSession, param: Record<string, unknown>) =>
  signedPost(
    t.app,
    '/api/article/publish',
    { coverUrls: COVER, title: GOOD_TITLE, content: GOOD_BODY, publishType: 1, ...param },
    { session: s },
  );

function fieldsOf(res: Awaited<ReturnType<typeof publish>>) {
  return body<{ fields: { path: string; message: string }[] }>(res).data.fields;
}

/**
 * A field error as the server sends it to a zh-CN client (no Accept-Language): path, zh-CN text, code, and the
 * rule it applies (issue #11).
 */
const field = (path: string, ref: MessageRef) => ({
  path,
  code: ref.code,
  message: renderMessage(ref, 'zh-CN'),
  ...(RULE_REFS[ref.code] ? { ruleRef: RULE_REFS[ref.code] } : {}),
});
const TITLE_LENGTH: MessageRef = { code: 'TITLE_LENGTH', params: { min: 6, max: 30 } };
const BODY_LENGTH: MessageRef = { code: 'BODY_LENGTH', params: { min: 10, max: 100_000 } };

describe('article rules (the same schema as the client)', () => {
  it('title: 5.5 weighted refused, 6 accepted, 30 accepted, 30.5 refused (mixed CJK/ASCII)', async () => {
    const a = await t.signIn();
    const t55 = await publish(a, { title: '车评abcdefg' }); // 2 + 7×½ = 5.5
    expect(body(t55).status).toBe(10007);
    expect(fieldsOf(t55)).toEqual([field('title', TITLE_LENGTH)]);
    expect(fieldsOf(t55)[0]!.message).toBe('标题需为 6–30 个字（汉字算 1 个，字母数字算半个）');
    expect(body(await publish(a, { title: '车评abcdefgh' })).status).toBe(1); // 6
    const thirty = '汽'.repeat(25) + 'abcdefghij'; // 25 + 5
    expect(body(await publish(a, { title: thirty })).status).toBe(1);
    const thirtyHalf = '汽'.repeat(25) + 'abcdefghijk'; // 25 + 5.5
    expect(fieldsOf(await publish(a, { title: thirtyHalf }))).toEqual([field('title', TITLE_LENGTH)]);
  });

  it('title: emoji refused', async () => {
    const a = await t.signIn();
    expect(fieldsOf(await publish(a, { title: '今天试驾了这台车🚗很好' }))).toEqual([
      field('title', { code: 'TITLE_EMOJI' }),
    ]);
  });

  it('body: 9 characters refused, 10 accepted, 100000 accepted, 100001 refused', async () => {
    const a = await t.signIn();
    expect(fieldsOf(await publish(a, { content: `<p>${'字'.repeat(9)}</p>` }))).toEqual([
      field('content', BODY_LENGTH),
    ]);
    expect(body(await publish(a, { content: `<p>${'字'.repeat(10)}</p>` })).status).toBe(1);
    expect(body(await publish(a, { content: `<p>${'字'.repeat(100_000)}</p>` }))).toMatchObject({
      status: 1,
      data: { status: 'published' },
    });
    expect(fieldsOf(await publish(a, { content: `<p>${'字'.repeat(100_001)}</p>` }))).toEqual([
      field('content', BODY_LENGTH),
    ]);
  });

  it('a draft needs only a title', async () => {
    const a = await t.signIn();
    const res = await publish(a, { publishType: 0, title: '草稿', content: '', coverUrls: [] });
    expect(body(res)).toMatchObject({ status: 1, data: { status: 'draft' } });
  });
});

describe('publish and review', () => {
  it('publishes, stores sanitized HTML and sends a group-8 message', async () => {
    const a = await t.signIn();
    const res = await publish(a, {
      content:
        '<p onclick="x()">正文内容足够长了吗是的<script>alert(1)</script><img src="/media/img/0x0/a.png" onerror="x"></p><a href="javascript:alert(1)">link</a>',
    });
    const env = body<{ id: number; status: string }>(res);
    expect(env).toMatchObject({ status: 1, data: { status: 'published' } });
    const [row] = await t.db.select().from(contents).where(eq(contents.id, env.data.id));
    expect(row!.content).not.toMatch(/script|onclick|onerror|javascript/);
    expect(row!.content).toContain('<img src="/media/img/0x0/a.png" />');
    expect(row!.publishedAt).not.toBeNull();
    const msgs = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'article_published')));
    expect(
      msgs.some((m) => (m.params as { id: number }).id === env.data.id && m.msgGroup === MsgGroup.SYSTEM),
    ).toBe(true);
  });

  it('rejects a sensitive word with the reason naming it, and messages the author', async () => {
    const a = await t.signIn();
    const res = await publish(a, { content: '<p>这台车的价格就像赌博一样难以预测</p>' });
    const env = body<{ id: number; status: string }>(res);
    expect(env.data.status).toBe('rejected');
    const detail = body<ContentDetail>(
      await signedGet(t.app, '/api/content/detail', { id: env.data.id }, { session: a }),
    ).data;
    // issue #9: the reason in the reader's language, in the detail and the list alike
    expect(detail).toMatchObject({
      status: 'rejected',
      rejectReason: '包含违禁词：赌博（赌博）',
      publishedAt: null,
    });
    const en = { session: a, headers: { 'accept-language': 'en-US' } };
    const detailEn = body<ContentDetail>(
      await signedGet(t.app, '/api/content/detail', { id: env.data.id }, en),
    );
    expect(detailEn.data.rejectReason).toBe('contains a prohibited word: 赌博 (gambling)');
    const listEn = body<ListData<ContentListItem>>(await signedGet(t.app, '/api/content/list', {}, en));
    expect(listEn.data.list.find((i) => i.id === env.data.id)?.rejectReason).toBe(
      'contains a prohibited word: 赌博 (gambling)',
    );
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'article_rejected')));
    const reason = {
      code: 'REVIEW_SENSITIVE_WORD',
      params: { word: '赌博', rule: { code: 'WORD_RULE_GAMBLING' } },
    };
    expect(msg).toMatchObject({
      msgGroup: 8,
      isRead: false,
      params: { id: env.data.id, reason, rule: 'SENSITIVE_WORD', word: '赌博' },
      body: `你的文章《${GOOD_TITLE}》未通过审核：包含违禁词：赌博（赌博）`,
    });
  });

  it('re-reviews when a published article is published again, and a fixed one is published', async () => {
    const a = await t.signIn();
    const first = body<{ id: number }>(await publish(a, {})).data;
    const again = body<{ id: number; status: string }>(
      await publish(a, { id: first.id, title: '这篇文章提到了刷单的问题' }),
    ).data;
    expect(again).toEqual({ id: first.id, status: 'rejected' });
    const fixed = body<{ id: number; status: string }>(await publish(a, { id: first.id })).data;
    expect(fixed).toEqual({ id: first.id, status: 'published' });
  });

  it('a deleted article cannot be edited (10008)', async () => {
    const a = await t.signIn();
    const row = await createArticle(t.db, a.userId, { status: 'deleted' });
    const res = await publish(a, { id: row.id });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ status: 10008, ercd: 'CONFLICT' });
  });
});

describe('ownership: another author gets 10006', () => {
  it('B can neither read, update nor delete A\u2019s article; A can', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const row = await createArticle(t.db, a.userId, { title: 'A 的私有文章标题', status: 'published' });
    const read = await signedGet(t.app, '/api/content/detail', { id: row.id }, { session: b });
    expect(read.statusCode).toBe(404);
    expect(body(read)).toMatchObject({ status: 10006, data: null });
    expect(body(await publish(b, { id: row.id, title: 'B 想改掉这篇文章' })).status).toBe(10006);
    expect(body(await signedPost(t.app, '/api/content/delete', { id: row.id }, { session: b })).status).toBe(
      10006,
    );
    // Nothing changed.
    const [still] = await t.db.select().from(contents).where(eq(contents.id, row.id));
    expect(still).toMatchObject({ title: 'A 的私有文章标题', status: 'published', userId: a.userId });
    // A can.
    expect(
      body<ContentDetail>(await signedGet(t.app, '/api/content/detail', { id: row.id }, { session: a })).data
        .title,
    ).toBe('A 的私有文章标题');
    expect(body(await publish(a, { id: row.id })).status).toBe(1);
    expect(body(await signedPost(t.app, '/api/content/delete', { id: row.id }, { session: a }))).toEqual({
      status: 1,
      message: 'success',
      data: null,
    });
    expect(body(await signedGet(t.app, '/api/content/detail', { id: row.id }, { session: a })).status).toBe(
      10006,
    );
  });

  it('a missing id is the same 10006', async () => {
    const a = await t.signIn();
    expect(body(await signedGet(t.app, '/api/content/detail', { id: 999_999 }, { session: a })).status).toBe(
      10006,
    );
  });
});

describe("issue #9: refusals and reasons in the request's language", () => {
  it('a missing article: 10006 "文章不存在" by default, "no such article" with Accept-Language: en-US', async () => {
    const a = await t.signIn();
    const missing = { title: GOOD_TITLE, content: GOOD_BODY, coverUrls: COVER, publishType: 1, id: 999_999 };
    const zh = body(await signedPost(t.app, '/api/article/publish', missing, { session: a }));
    expect(zh).toMatchObject({
      status: 10006,
      ercd: 'NOT_FOUND',
      messageCode: 'ARTICLE_NOT_FOUND',
      message: '文章不存在',
    });
    const en = body(
      await signedPost(t.app, '/api/article/publish', missing, {
        session: a,
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      }),
    );
    expect(en).toMatchObject({
      status: 10006,
      ercd: 'NOT_FOUND',
      messageCode: 'ARTICLE_NOT_FOUND',
      message: 'no such article',
    });
  });

  it('a draft over the quota names the limit in both languages (ercd QUOTA_EXCEEDED unchanged)', async () => {
    const a = await t.signIn();
    await t.db.insert(contents).values(
      Array.from({ length: DRAFT_QUOTA }, (_, i) => ({
        userId: a.userId,
        type: 'article' as const,
        title: `草稿${i}`,
        status: 'draft' as const,
      })),
    );
    const draft = { title: GOOD_TITLE, content: GOOD_BODY, coverUrls: COVER, publishType: 0 };
    expect(body(await signedPost(t.app, '/api/article/publish', draft, { session: a }))).toMatchObject({
      ercd: 'QUOTA_EXCEEDED',
      message: `草稿最多 ${DRAFT_QUOTA} 篇，请先发布或删除一些`,
    });
    const en = { session: a, headers: { 'accept-language': 'en' } };
    expect(body(await signedPost(t.app, '/api/article/publish', draft, en))).toMatchObject({
      ercd: 'QUOTA_EXCEEDED',
      message: `at most ${DRAFT_QUOTA} drafts; publish or delete some first`,
    });
  });

  it('migration 0008 turns the English reasons stored before it into catalog messages', async () => {
    const a = await t.signIn();
    const old = async (rejectReason: string) =>
      (await createArticle(t.db, a.userId, { status: 'rejected', rejectReason })).id;
    const word = await old('contains a prohibited word: 加微信返现 (off-platform advertising)');
    const title = await old('title must be 6-30 characters');
    const free = await old('an operator wrote this');
    const [msg] = await t.db
      .insert(messages)
      .values({
        userId: a.userId,
        msgGroup: MsgGroup.SYSTEM,
        kind: 'article_rejected',
        params: { id: word, title: '标题', reason: 'contains a prohibited word: 赌博 (gambling)' },
        title: '文章审核未通过',
        body: '你的文章《标题》未通过审核：contains a prohibited word: 赌博 (gambling)',
      })
      .returning();
    // the data statements of the migration (its function, the updates, the drop), run again over rows
    // written the old way; only the column additions are skipped
    const migration = readFileSync(
      new URL('../../db/migrations/0008_message_languages.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      if (!/^\s*ALTER TABLE/.test(statement)) await t.db.execute(sql.raw(statement));
    const en = await t.get<ListData<MessageItem>>('/api/message/get_message_list', {}, a, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.data.list.find((m) => m.id === msg!.id)?.body).toBe(
      'Your article “标题” did not pass review: contains a prohibited word: 赌博 (gambling)',
    );
    const zh = await t.get<ListData<MessageItem>>('/api/message/get_message_list', {}, a);
    expect(zh.data.list.find((m) => m.id === msg!.id)?.body).toBe(
      '你的文章《标题》未通过审核：包含违禁词：赌博（赌博）',
    );
    const reasonOf = async (id: number, lang: string) =>
      body<ContentDetail>(
        await signedGet(
          t.app,
          '/api/content/detail',
          { id },
          { session: a, headers: { 'accept-language': lang } },
        ),
      ).data.rejectReason;
    expect(await reasonOf(word, 'zh-CN')).toBe('包含违禁词：加微信返现（站外引流广告）');
    expect(await reasonOf(word, 'en-US')).toBe(
      'contains a prohibited word: 加微信返现 (off-platform advertising)',
    );
    expect(await reasonOf(title, 'zh-CN')).toBe('标题需为 6–30 个字（汉字算 1 个，字母数字算半个）');
    expect(await reasonOf(free, 'zh-CN')).toBe('an operator wrote this');
  });
});

describe('content list', () => {
  it('filters by type, status and keyword, newest update first, without deleted items, paginated', async () => {
    const s = await t.signIn();
    const base = Date.now();
    const at = (m: number) => new Date(base - m * 60_000);
    const measured = await createArticle(t.db, s.userId, {
      title: '宝马三系长测',
      status: 'published',
      updatedAt: at(3),
    });
    // its audience rollup (issue #12: stats come from reader events)
    await t.db.insert(workDaily).values([
      {
        contentId: measured.id,
        day: '2026-11-01',
        authorId: s.userId,
        contentType: 'article',
        views: 6,
        likes: 2,
      },
      {
        contentId: measured.id,
        day: '2026-11-02',
        authorId: s.userId,
        contentType: 'article',
        views: 4,
        shares: 1,
      },
    ]);
    await createArticle(t.db, s.userId, { title: '奔驰C级对比', status: 'draft', updatedAt: at(2) });
    await createArticle(t.db, s.userId, { title: '宝马X3试驾', status: 'published', updatedAt: at(1) });
    await createArticle(t.db, s.userId, { title: '已删除的宝马', status: 'deleted', updatedAt: at(0) });
    await createArticle(t.db, s.userId, {
      type: 'video',
      title: '宝马视频',
      status: 'published',
      updatedAt: at(5),
    });
    const list = async (param: Record<string, unknown>) =>
      body<ListData<ContentListItem>>(await signedGet(t.app, '/api/content/list', param, { session: s }))
        .data;

    const all = await list({});
    expect(all.total).toBe(4);
    expect(all.list.map((i) => i.title)).toEqual(['宝马X3试驾', '奔驰C级对比', '宝马三系长测', '宝马视频']);
    expect((await list({ type: 'article', status: 'published' })).list.map((i) => i.title)).toEqual([
      '宝马X3试驾',
      '宝马三系长测',
    ]);
    expect((await list({ keyword: '宝马' })).total).toBe(3);
    expect((await list({ keyword: '%' })).total).toBe(0);
    const page2 = await list({ page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.list.map((i) => i.title)).toEqual(['宝马视频']);
    expect(all.list[2]).toMatchObject({
      coverUrl: '/media/img/400x300/covers/a.jpg',
      stats: { views: 10, likes: 2, comments: 0, shares: 1 },
      rejectReason: null,
    });
    expect(body(await signedGet(t.app, '/api/content/list', { pageSize: 101 }, { session: s })).status).toBe(
      10007,
    );
  });
});

describe('issue #8: no author stalls the server (item 3), covers and quotas (item 10)', () => {
  /*
   * THE EVENT-LOOP GUARD (issue #8 item 3, "Keep it fixed"). The server listens on a real port and a client
   * on another thread (so its own work never counts) sends maximal saves over HTTP while it keeps asking for
   * `/healthz`; this thread, the server's, records its event-loop delay (`monitorEventLoopDelay`). `app.inject`
   * could not show a stall: it runs the whole request in microtasks, where no timer can measure it.
   * Robust on a loaded 2-core CI box: a warm-up save first (starts the sanitizer's thread, JIT), the limit
   * applies to the delay the saves add over a baseline measured just before with only the probes, and the
   * best of up to three rounds counts. Still strict: with the bodies sanitised on this thread (checked by
   * switching `content.service.ts` to the synchronous `sanitizeHtml`) every round added 200–430 ms and the
   * test fails; off the thread a round adds ≈ 30–90 ms. The draft is CJK text at the byte bound
   * (`BODY_MARKUP_MAX_BYTES`): the embedded database (PGlite) writes the row on this thread, so the bound is on
   * bytes too — 500,000 CJK characters (1.5 MB) added 145–300 ms before it.
   */
  it('/healthz answers within 100 ms while maximal articles are saved and published', async () => {
    const a = await t.signIn();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const form = (param: Record<string, unknown>) =>
      new URLSearchParams(
        signPayload(
          { coverUrls: COVER, title: GOOD_TITLE, ...param },
          { cid: WEB_CID, ver: WEB_VER, uid: String(a.userId), secret: DEV_SIGN_SECRET },
        ) as unknown as Record<string, string>,
      ).toString();
    // two maximal bodies saved at once, signed here before any measuring: a draft of CJK paragraphs at the
    // byte bound (the largest row the database writes) and a publish (review on the sanitised text) of
    // 100,000 flat tags at the character limit and within the text limit
    const forms = [
      form({
        publishType: 0,
        content: '<p>汉字</p>'.repeat(Math.floor(BODY_MARKUP_MAX_BYTES / utf8ByteLength('<p>汉字</p>'))),
      }),
      form({ publishType: 1, content: '<p>a</p><p></p>'.repeat(Math.floor(BODY_MARKUP_MAX / 15)) }),
    ];
    const client = new Worker(HTTP_CLIENT, {
      eval: true,
      workerData: { base: `http://127.0.0.1:${port}`, cookie: cookieHeader(a.cookies), forms },
    });
    try {
      const run = (job: { saves: number[]; probeMs?: number }) =>
        new Promise<{ statuses: string[]; latencies: number[] }>((resolve, reject) => {
          client.once('message', resolve);
          client.once('error', reject);
          client.postMessage(job);
        });
      const measured = async (job: { saves: number[]; probeMs?: number }) => {
        const delay = monitorEventLoopDelay({ resolution: 5 });
        delay.enable();
        const result = await run(job);
        delay.disable();
        return { ...result, maxDelay: delay.max / 1e6, maxLatency: Math.max(...result.latencies) };
      };
      await run({ saves: [0] }); // warm-up
      // Up to three rounds, the best counts: another process taking the CPU mid-round can stretch one
      // round, a stall of our own (≥ 0.5 s for one body sanitised here) stretches every round.
      const rounds: string[] = [];
      let added = Infinity;
      let probes = 0;
      for (let round = 0; round < 3 && added >= 100; round++) {
        const baseline = await measured({ saves: [], probeMs: 500 });
        const loaded = await measured({ saves: [0, 1] });
        expect(loaded.statuses).toEqual(['draft', 'published']);
        probes = loaded.latencies.length;
        added = Math.max(loaded.maxDelay - baseline.maxDelay, loaded.maxLatency - baseline.maxLatency);
        rounds.push(
          `delay ${loaded.maxDelay.toFixed(0)} ms (baseline ${baseline.maxDelay.toFixed(0)}), ` +
            `/healthz ${loaded.maxLatency.toFixed(0)} ms (baseline ${baseline.maxLatency.toFixed(0)})`,
        );
      }
      expect(added, rounds.join('; ')).toBeLessThan(100);
      expect(probes).toBeGreaterThan(3); // /healthz was asked throughout the saves
    } finally {
      await client.terminate();
    }
  }, 60_000);

  it('markup: the limit passes, one more character is 10007 naming content; 6,700 nested tags are 10007', async () => {
    const a = await t.signIn();
    const atLimit = `<p>${'a'.repeat(BODY_MARKUP_MAX - 7)}</p>`;
    expect(body(await publish(a, { publishType: 0, content: atLimit })).status).toBe(1);
    const over = await publish(a, { publishType: 0, content: atLimit + ' ' });
    expect(body(over).status).toBe(10007);
    expect(fieldsOf(over).map((f) => f.path)).toEqual(['content']);
    for (const tag of ['div', 'blockquote', 'b']) {
      const deep = await publish(a, { publishType: 0, content: `<${tag}>`.repeat(6700) + 'x' });
      expect(deep.statusCode).toBe(400);
      expect(fieldsOf(deep)).toEqual([field('content', { code: 'BODY_TOO_DEEP', params: { max: 64 } })]);
    }
  });

  it('coverUrls: only our /media/img/ URLs; foreign hosts, quotes, markup and data: are 10007 naming the field', async () => {
    const a = await t.signIn();
    for (const bad of [
      'https://evil.example/media/img/1x1/a.png',
      '//evil.example/media/img/1x1/a.png',
      '/media/img/1x1/a.png" onerror="x',
      "/media/img/1x1/a'.png",
      '/media/img/1x1/<b>.png',
      'data:image/png;base64,AAAA',
      '/media/img/1x1/../secret.png',
      'javascript:alert(1)',
    ]) {
      const res = await publish(a, { coverUrls: [bad] });
      expect(body(res).status).toBe(10007);
      expect(fieldsOf(res).map((f) => f.path)).toEqual(['coverUrls.0']);
    }
    expect(body(await publish(a, { coverUrls: ['/media/img/800x450/covers/a-1_b.jpg'] })).status).toBe(1);
  });

  it('external and data: images in a body are dropped before storing', async () => {
    const a = await t.signIn();
    const res = await publish(a, {
      content:
        '<p>正文内容足够长了吗是的</p><img src="https://tracker.example/p.gif"><img src="data:image/gif;base64,R0lGOD"><img src="/media/img/0x0/k.png">',
    });
    const [row] = await t.db
      .select()
      .from(contents)
      .where(eq(contents.id, body<{ id: number }>(res).data.id));
    expect(row!.content).toBe('<p>正文内容足够长了吗是的</p><img src="/media/img/0x0/k.png" />');
  });

  it(`drafts: at most ${DRAFT_QUOTA} per author, QUOTA_EXCEEDED beyond; publishing and other authors unaffected`, async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await t.db.insert(contents).values(
      Array.from({ length: DRAFT_QUOTA - 1 }, (_, i) => ({
        userId: a.userId,
        type: 'article' as const,
        title: `草稿${i}`,
        status: 'draft' as const,
      })),
    );
    expect(body(await publish(a, { publishType: 0 })).status).toBe(1); // the 500th
    const over = await publish(a, { publishType: 0 });
    expect(body(over)).toMatchObject({ status: 0, ercd: 'QUOTA_EXCEEDED' });
    const published = body<{ id: number }>(await publish(a, {}));
    expect(published.status).toBe(1);
    // turning a published article back into a draft is a new draft too
    expect(body(await publish(a, { id: published.data.id, publishType: 0 })).ercd).toBe('QUOTA_EXCEEDED');
    // saving an existing draft again is not
    const [aDraft] = await t.db
      .select()
      .from(contents)
      .where(and(eq(contents.userId, a.userId), eq(contents.status, 'draft')))
      .limit(1);
    expect(body(await publish(a, { id: aDraft!.id, publishType: 0 })).status).toBe(1);
    expect(body(await publish(b, { publishType: 0 })).status).toBe(1);
  });
});

describe('idempotent creates: requestId (issue #8 item 10)', () => {
  const rowsWithKey = (userId: number, requestId: string) =>
    t.db
      .select()
      .from(contents)
      .where(and(eq(contents.userId, userId), eq(contents.requestId, requestId)));
  const messagesOf = (userId: number) => t.db.select().from(messages).where(eq(messages.userId, userId));

  it('the same key twice makes one article and answers the same id, without a second message', async () => {
    const a = await t.signIn();
    const key = crypto.randomUUID();
    const first = body<{ id: number; status: string }>(await publish(a, { requestId: key }));
    const again = body<{ id: number; status: string }>(await publish(a, { requestId: key }));
    expect(first).toMatchObject({ status: 1, data: { status: 'published' } });
    expect(again.data).toEqual(first.data);
    expect(await rowsWithKey(a.userId, key)).toHaveLength(1);
    expect(await messagesOf(a.userId)).toHaveLength(1);
    // a draft save is a create too
    const draftKey = 'draft_key-1';
    const d1 = body<{ id: number }>(await publish(a, { publishType: 0, requestId: draftKey }));
    const d2 = body<{ id: number }>(await publish(a, { publishType: 0, requestId: draftKey }));
    expect(d2.data.id).toBe(d1.data.id);
    expect(await rowsWithKey(a.userId, draftKey)).toHaveLength(1);
  });

  it('a concurrent pair with one key makes one article; both answer its id', async () => {
    const a = await t.signIn();
    const key = crypto.randomUUID();
    const [r1, r2] = await Promise.all([
      publish(a, { publishType: 0, requestId: key }),
      publish(a, { publishType: 0, requestId: key }),
    ]);
    expect(body(r1).status).toBe(1);
    expect(body<{ id: number }>(r2).data.id).toBe(body<{ id: number }>(r1).data.id);
    expect(await rowsWithKey(a.userId, key)).toHaveLength(1);
  });

  it('a create racing an uncommitted one with the same key waits for it and answers its id', async () => {
    const a = await t.signIn();
    const key = crypto.randomUUID();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstId = 0;
    const first = t.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contents)
        .values({ userId: a.userId, type: 'article', title: GOOD_TITLE, status: 'draft', requestId: key })
        .returning();
      firstId = row!.id;
      await held;
    });
    await vi.waitFor(() => expect(firstId).toBeGreaterThan(0));
    const second = publish(a, { publishType: 0, requestId: key });
    await new Promise((r) => setTimeout(r, 300)); // the second reaches its insert and waits on the index
    release();
    await first;
    expect(body(await second)).toMatchObject({ status: 1, data: { id: firstId, status: 'draft' } });
    expect(await rowsWithKey(a.userId, key)).toHaveLength(1);
  });

  it('different authors may use the same key; without a key every call creates; with an id the key is ignored', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const key = crypto.randomUUID();
    const ofA = body<{ id: number }>(await publish(a, { requestId: key }));
    const ofB = body<{ id: number }>(await publish(b, { requestId: key }));
    expect(ofB.status).toBe(1);
    expect(ofB.data.id).not.toBe(ofA.data.id);
    const n1 = body<{ id: number }>(await publish(a, {}));
    const n2 = body<{ id: number }>(await publish(a, {}));
    expect(n2.data.id).not.toBe(n1.data.id);
    // an update carrying some key updates that article and creates nothing
    const upd = body<{ id: number }>(await publish(a, { id: n1.data.id, publishType: 0, requestId: key }));
    expect(upd).toMatchObject({ status: 1, data: { id: n1.data.id, status: 'draft' } });
    expect(await rowsWithKey(a.userId, key)).toHaveLength(1);
  });

  it('a malformed key is 10007 naming requestId', async () => {
    const a = await t.signIn();
    for (const bad of ['short', 'x'.repeat(65), 'has space!', '键键键键键键键键']) {
      const res = await publish(a, { requestId: bad });
      expect(body(res).status).toBe(10007);
      expect(fieldsOf(res).map((f) => f.path)).toEqual(['requestId']);
    }
  });
});
