import type { HomeOverview, ListData, NoticeDetail, NoticeItem } from '@cc/contracts';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_PASSWORD, seedDemo } from '../../db/seed.js';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { createArticle, createNotice } from '../../test/factories.js';
import { body, createTestApp, login, signedGet } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { publishNotice } from '../notice/notice.service.js';

// Home numbers, notices, the demo seed and the web-app fallback.
const webDist = path.join('/tmp', `cc-web-dist-${process.pid}`);
afterAll(() => rm(webDist, { recursive: true, force: true }));
const t = useTestApp(async () => {
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  return { webDist };
});

describe('home/overview', () => {
  it('counts the works not deleted and takes every number from reader events (issue #12)', async () => {
    const now = new Date('2026-11-20T04:00:00Z'); // 2026-11-20 12:00 in Shanghai
    const app = await buildApp(t.config, { handle: t.handle, clock: () => now });
    await app.ready();
    try {
      const author = await t.signIn();
      const a = await createArticle(t.db, author.userId, { status: 'published' });
      await createArticle(t.db, author.userId, { type: 'video', status: 'published' });
      await createArticle(t.db, author.userId, { status: 'deleted' });
      const yesterday = '2026-11-19T04:00:00Z';
      const ev = (n: number, type: string, at: string, extra: Record<string, unknown>) => ({
        eventId: `home-${process.pid}-${n}-xxxxxxxx`,
        type,
        at,
        readerId: `r${n}`,
        ...extra,
      });
      const res = await app.inject({
        method: 'POST',
        url: '/open/events',
        headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
        payload: {
          events: [
            ev(1, 'view', yesterday, { contentId: a.id }),
            ev(2, 'view', yesterday, { contentId: a.id }),
            ev(3, 'view', now.toISOString(), { contentId: a.id }),
            ev(4, 'like', now.toISOString(), { contentId: a.id }),
            ev(5, 'follow', yesterday, { authorId: author.userId }),
            ev(6, 'follow', now.toISOString(), { authorId: author.userId }),
          ],
        },
      });
      expect(JSON.parse(res.body).data.accepted).toBe(6);
      const env = body<HomeOverview>(await signedGet(app, '/api/home/overview', {}, { session: author }));
      expect(env.data).toEqual({
        fans: 2,
        totalViews: 3,
        totalLikes: 1,
        contentCount: 2,
        yesterdayViews: 2,
        yesterdayFans: 1,
      });
    } finally {
      await app.close();
    }
  });
});

describe('notices', () => {
  it('lists newest first and shows sanitized detail', async () => {
    const older = await createNotice(t.db, {
      title: '旧公告',
      content: '<p>旧</p>',
      publishedAt: new Date(Date.now() - 86_400_000),
    });
    const newer = await createNotice(t.db, {
      title: '新公告',
      content: '<p>新的<script>alert(1)</script>内容</p><img src=x onerror=alert(1)>',
    });
    const session = await t.signIn();
    const list = (
      await t.get<ListData<NoticeItem>>('/api/notice/get_notice_list', { page: 1, pageSize: 10 }, session)
    ).data;
    expect(list.list.map((n) => n.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(list.list[0]).toMatchObject({ title: '新公告', summary: '新的内容' });
    const detail = (await t.get<NoticeDetail>('/api/notice/get_notice_detail', { id: newer.id }, session))
      .data;
    expect(detail.content).not.toMatch(/script|onerror/);
    expect((await t.get('/api/notice/get_notice_detail', { id: 999_999 }, session)).status).toBe(10006);
  });

  it('refuses an empty notice', async () => {
    await expect(publishNotice(t.db, { title: ' ', content: '<script>x</script>' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('demo seed', () => {
  it('seeds the demo author once (idempotent) with the data the home page needs', async () => {
    expect(await seedDemo(t.db, t.config)).toBe(true);
    expect(await seedDemo(t.db, t.config)).toBe(false);
    const session = await login(t.app, DEMO_ACCOUNT, DEMO_PASSWORD);
    const get = async <T>(url: string, param: unknown = {}) =>
      body<T>(await signedGet(t.app, url, param, { session })).data;
    expect(await get('/api/home/userinfo')).toMatchObject({ authStatus: 2, mediaName: '车评小王' });
    expect(await get('/api/program/get_user_grade')).toEqual({ rankResult: 1, grade: 3 });
    expect(await get('/api/dynamic/get_dynamic_auth')).toEqual({ dynamicShow: 1 });
    expect(await get('/api/user_center/get_my_info_by_id')).toMatchObject({
      userIdentityList: [{ type: 163 }],
    });
    const groups = await get<{ msgGroup: number; unreadCount: number }[]>(
      '/api/message/get_mp_index_group_message',
    );
    expect(groups.find((g) => g.msgGroup === 8)!.unreadCount).toBeGreaterThanOrEqual(3);
    const content = await get<ListData<unknown>>('/api/content/list', { pageSize: 100 });
    expect(content.total).toBeGreaterThanOrEqual(12);
    // the seed writes no numbers: the demo's audience comes from simulated reader events (src/simulate/)
    const overview = await get<HomeOverview>('/api/home/overview');
    expect(overview.contentCount).toBeGreaterThanOrEqual(12);
    // Demo videos open in the video pages and play the clip shipped with the project (issue #9).
    const videosList = await get<ListData<{ id: number }>>('/api/content/list', { type: 'video' });
    expect(videosList.total).toBeGreaterThan(0);
    const detail = body<{ videoUrl: string | null; uploadState: string }>(
      await signedGet(t.app, '/api/video/detail', { id: videosList.list[0]!.id }, { session }),
    );
    expect(detail.status).toBe(1);
    expect(detail.data).toMatchObject({
      videoUrl: expect.stringMatching(/^\/media\/video\//),
      uploadState: 'ready',
    });
  });
});

describe('web app hosting', () => {
  it('answers app paths with index.html (no-cache) and assets with a long cache', async () => {
    for (const url of ['/', '/detailManage?type=article', '/notice/some/deep/path']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves files added after start and answers a missing asset with 404, never index.html', async () => {
    await writeFile(path.join(webDist, 'assets', 'late-def456.js'), 'console.log(2)');
    const late = await t.app.inject('/assets/late-def456.js');
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('console.log(2)');
    for (const url of ['/assets/gone-000000.js', '/favicon.svg']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>app</title>');
    }
  });

  it('never answers server paths with HTML', async () => {
    for (const url of ['/api/x', '/fileservice/x', '/open/x', '/media/x']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-type'], url).toMatch(/json/);
      // /open/ asks for the site key first (API.md §10)
      expect(res.json<{ status: number }>().status).toBe(url === '/open/x' ? 10002 : 10006);
    }
    const keyed = await t.app.inject({ url: '/open/x', headers: { 'x-site-key': DEV_OPEN_SITE_KEY } });
    expect(keyed.json<{ status: number }>().status).toBe(10006);
  });

  it('says how to build when WEB_DIST is missing', async () => {
    const bare = await createTestApp({ webDist: '/nonexistent/web/dist' });
    try {
      const res = await bare.app.inject('/messageList');
      expect(res.body).toBe('web app not built: run npm run build\n');
    } finally {
      await bare.close();
    }
  });
});
