import {
  BARRAGE_TEXT_MAX,
  type CommentItem,
  type ListData,
  OPEN_VOICE_ID_PATTERN,
  openBarrageSchema,
  openCommentSchema,
} from '@cc/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { barrages, comments, contents, uploads, videos, workDaily } from '../db/schema/index.js';
import { DEMO_ACCOUNT, DEMO_PASSWORD, seedDemo } from '../db/seed.js';
import { moderateVoice } from '../modules/comment/comment.service.js';
import { login } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { readerNickname } from './names.js';
import { rngOf } from './random.js';
import { simulate, type SimulateOptions } from './run.js';
import { generateTraffic, planDays, type TrafficWork } from './traffic.js';
import {
  AD_BARRAGE_TEXTS,
  AD_COMMENT_TEXTS,
  BARRAGE_TEXTS,
  COMMENT_TEXTS,
  COMMENT_TEXTS_BY_TYPE,
  REPLY_TEXTS,
  type SimBarrage,
  type SimComment,
} from './voices.js';

// The readers' comments and barrage of the simulator (issue #13): the model's rules on a generated stream, then
// a small simulation of the demo through the real POST /open/comments and /open/barrage of a test app.
const clean = { readerBlocked: false, matchAuthorWord: null, holdAll: false };

describe('the voices model', () => {
  const TZ = 'Asia/Shanghai';
  const NOW = new Date('2026-03-18T09:30:00Z');
  const DAYS = planDays(NOW, 7, TZ);
  const TYPES = ['article', 'album', 'video', 'smallVideo', 'dynamic', 'live', 'program'] as const;
  const rng = rngOf('voice-test-works');
  const from = DAYS[0]!.start - 10 * 86_400_000;
  const WORKS: TrafficWork[] = Array.from({ length: 140 }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    return {
      id: 500 + i,
      authorId: 1 + (i % 20),
      type,
      publishedAt: Math.floor(from + rng() * (NOW.getTime() - from)),
      durationMs: type === 'video' ? 60_000 + i * 1000 : type === 'smallVideo' ? 15_000 + i * 100 : null,
    };
  });
  const byId = new Map(WORKS.map((w) => [w.id, w]));
  const run = () => [
    ...generateTraffic({
      seed: 4,
      works: WORKS,
      days: DAYS,
      events: 12_000,
      commentsPer1000Views: 100,
      barragePer1000Plays: 200,
    }),
  ];
  const OUT = run();
  const COMMENTS: SimComment[] = OUT.flatMap((d) => d.comments);
  const BARRAGE: SimBarrage[] = OUT.flatMap((d) => d.barrage);

  it('writes only ordinary texts the moderation publishes, and ads it holds by a platform word', () => {
    const ordinary = [
      ...COMMENT_TEXTS,
      ...Object.values(COMMENT_TEXTS_BY_TYPE).flat(),
      ...REPLY_TEXTS,
      ...Object.values(BARRAGE_TEXTS).flat(),
    ];
    expect(COMMENT_TEXTS.length).toBeGreaterThanOrEqual(60);
    for (const text of ordinary) expect(moderateVoice(text, clean), text).toEqual({ state: 'published' });
    for (const text of [...AD_COMMENT_TEXTS, ...AD_BARRAGE_TEXTS]) {
      const verdict = moderateVoice(text, clean);
      expect(verdict.state, text).toBe('held');
      expect(['platformWord', 'reviewWord'], text).toContain(verdict.holdCode);
    }
    // the evasion "加 微 信" spread apart is caught as the prohibited 加微信领
    expect(moderateVoice('加 微 信 领 优惠，名额有限', clean).holdCode).toBe('platformWord');
    for (const text of BARRAGE_TEXTS.body) expect([...text].length).toBeLessThanOrEqual(BARRAGE_TEXT_MAX);
  });

  it('is deterministic, with valid ids, names and fields the routes take', () => {
    const again = run();
    expect(JSON.stringify(again.map((d) => [d.comments, d.barrage]))).toBe(
      JSON.stringify(OUT.map((d) => [d.comments, d.barrage])),
    );
    expect(readerNickname(rngOf('reader-name', 'x'))).toBe(readerNickname(rngOf('reader-name', 'x')));
    expect(COMMENTS.length).toBeGreaterThan(50);
    expect(BARRAGE.length).toBeGreaterThan(50);
    const ids = new Set<string>();
    for (const c of COMMENTS) {
      const { ad: _ad, ...payload } = c;
      expect(openCommentSchema.safeParse(payload).success, JSON.stringify(c)).toBe(true);
      expect(c.commentId).toMatch(OPEN_VOICE_ID_PATTERN);
      ids.add(c.commentId);
    }
    for (const b of BARRAGE) {
      const { ad: _ad, ...payload } = b;
      expect(openBarrageSchema.safeParse(payload).success, JSON.stringify(b)).toBe(true);
      expect(b.barrageId).toMatch(OPEN_VOICE_ID_PATTERN);
      ids.add(b.barrageId);
    }
    expect(ids.size).toBe(COMMENTS.length + BARRAGE.length);
    // a reader keeps one name
    const names = new Map<string, string>();
    for (const v of [...COMMENTS, ...BARRAGE]) {
      expect(names.get(v.readerId) ?? v.readerName).toBe(v.readerName);
      names.set(v.readerId, v.readerName);
    }
  });

  it('comments on commented types after the work, within the day; replies answer earlier ordinary comments', () => {
    const all = new Map(COMMENTS.map((c) => [c.commentId, c]));
    for (const { day, comments: list } of OUT) {
      for (const c of list) {
        const at = Date.parse(c.at);
        expect(at).toBeGreaterThanOrEqual(day.start);
        expect(at).toBeLessThan(day.cutoff);
        const work = byId.get(c.contentId)!;
        expect(['article', 'album', 'video', 'smallVideo', 'dynamic']).toContain(work.type);
        expect(at).toBeGreaterThan(work.publishedAt);
      }
    }
    const replies = COMMENTS.filter((c) => c.parentId !== undefined);
    expect(replies.length).toBeGreaterThan(5);
    for (const r of replies) {
      const parent = all.get(r.parentId!)!;
      expect(parent.contentId).toBe(r.contentId);
      expect(parent.ad).toBe(false);
      expect(parent.readerId).not.toBe(r.readerId);
      expect(Date.parse(parent.at)).toBeLessThan(Date.parse(r.at));
    }
    const ads = COMMENTS.filter((c) => c.ad);
    expect(ads.length).toBeGreaterThan(0);
    expect(ads.length / COMMENTS.length).toBeLessThan(0.1);
  });

  it('puts barrage on videos only, within what was watched of the duration', () => {
    for (const { day, barrage: list } of OUT)
      for (const b of list) {
        const work = byId.get(b.contentId)!;
        expect(['video', 'smallVideo']).toContain(work.type);
        expect(b.positionMs).toBeGreaterThanOrEqual(0);
        expect(b.positionMs).toBeLessThanOrEqual(work.durationMs!);
        expect(Date.parse(b.at)).toBeGreaterThanOrEqual(day.start);
        expect(Date.parse(b.at)).toBeLessThan(day.cutoff);
      }
    expect(BARRAGE.some((b) => b.mode === 'top' || b.mode === 'bottom')).toBe(true);
    expect(BARRAGE.some((b) => b.color !== undefined)).toBe(true);
  });
});

describe('simulated voices through the routes', () => {
  const t = useTestApp();
  const NOW = new Date('2026-06-10T06:00:00Z');
  const OPTIONS: SimulateOptions = {
    days: 7,
    events: 2000,
    authors: 3,
    // a seed whose week has ads (held) and replies on the demo's popular works
    seed: 3,
    now: NOW,
    includeDemo: true,
    commentsPer1000Views: 100,
    barragePer1000Plays: 60,
  };

  it("fills the demo's inbox through POST /open/comments and /open/barrage, moderated and counted", async () => {
    expect(await seedDemo(t.db, t.config, NOW)).toBe(true);
    const run = await simulate(t.handle, t.config, OPTIONS);
    const c = run.comments;
    const b = run.barrage;
    expect(c.sent).toBe(c.published + c.held + c.refused);
    expect(b.sent).toBe(b.published + b.held + b.refused);
    expect(c.refused).toBe(0);
    expect(b.refused).toBe(0);
    expect(c.held).toBeGreaterThan(0);
    expect(c.published).toBeGreaterThan(15);
    expect(b.published).toBeGreaterThan(15);

    // every comment the routes accepted is stored, with its verdict
    const rows = await t.db.select().from(comments);
    expect(rows.length).toBe(c.published + c.held);
    expect(rows.filter((r) => r.state === 'held').length).toBe(c.held);
    for (const r of rows.filter((r) => r.state === 'held'))
      expect(['platformWord', 'reviewWord']).toContain(r.holdCode);
    expect(rows.every((r) => r.externalId !== null && OPEN_VOICE_ID_PATTERN.test(r.externalId))).toBe(true);
    // replies answer a published comment of the same work
    const byRow = new Map(rows.map((r) => [r.id, r]));
    const replies = rows.filter((r) => r.parentId !== null);
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) {
      const parent = byRow.get(r.parentId!)!;
      expect(parent.state).toBe('published');
      expect(parent.contentId).toBe(r.contentId);
    }

    // every barrage message lies within its video's duration
    const positions = await t.db
      .select({ positionMs: barrages.positionMs, duration: uploads.duration, state: barrages.state })
      .from(barrages)
      .innerJoin(contents, eq(contents.id, barrages.contentId))
      .innerJoin(videos, eq(videos.contentId, contents.id))
      .innerJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`);
    expect(positions.length).toBe(b.published + b.held);
    for (const p of positions) expect(p.positionMs).toBeLessThanOrEqual(p.duration! * 1000);

    // the rollups count what arrived
    const [rollup] = await t.db
      .select({
        comments: sql<string>`coalesce(sum(${workDaily.comments}), 0)`,
        barrages: sql<string>`coalesce(sum(${workDaily.barrages}), 0)`,
      })
      .from(workDaily);
    expect(Number(rollup!.comments)).toBe(rows.length);
    expect(Number(rollup!.barrages)).toBe(positions.length);

    // the demo author's inbox shows them, held ones with their reason
    const session = await login(t.app, DEMO_ACCOUNT, DEMO_PASSWORD);
    const inbox = await t.get<ListData<CommentItem>>(
      '/api/comment/list',
      { page: 1, pageSize: 100 },
      session,
    );
    expect(inbox.status).toBe(1);
    expect(inbox.data.total).toBeGreaterThan(0);
    expect(inbox.data.total).toBe(rows.filter((r) => r.authorId === session.userId).length);
    for (const item of inbox.data.list.filter((i) => i.state === 'held'))
      expect(item.holdReason).toBeTruthy();

    // the same seed again: the routes answer the same verdicts and nothing new is stored
    const again = await simulate(t.handle, t.config, OPTIONS);
    expect(again.comments).toEqual(c);
    expect(again.barrage).toEqual(b);
    const [count] = await t.db.select({ n: sql<string>`count(*)` }).from(comments);
    expect(Number(count!.n)).toBe(rows.length);
  });
});
