import { type Envelope, FILESERVICE_PATHS, Status, USER_GUID_HEADER } from '@cc/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isUnsignedApiPath } from './plugins/signature.js';
import {
  createArticle,
  createDesign,
  createImage,
  createMessage,
  createUpload,
  createVideo,
  type TestAuthor,
} from './test/factories.js';
import { barrages, comments, dataReports, lives, programs } from './db/schema/index.js';
import { useTestApp } from './test/support.js';
import { useWebDistFixture } from './test/web-dist.js';
import { tokenFor } from './modules/fileservice/test-support.js';
import { growthAuthzCases } from './modules/growth/growth.authz.js';
import { creditAuthzCases } from './modules/credit/credit.authz.js';
import { businessAuthzCases } from './modules/business/business.authz.js';
import { walletAuthzCases } from './modules/wallet/wallet.authz.js';
import { promotionAuthzCases } from './modules/promotion/promotion.authz.js';
import { assistantAuthzCases } from './modules/assistant/assistant.authz.js';
import { docimportAuthzCases } from './modules/docimport/docimport.authz.js';
import { trackingAuthzCases } from './modules/tracking/tracking.authz.js';
import { carphotoAuthzCases } from './modules/carphoto/carphoto.authz.js';
import { activityAuthzCases } from './modules/activity/activity.authz.js';

// Issue #8 "Keep it fixed": the per-route authorization matrix. Every route that takes the id or key of an
// author's resource (article, video, design, message, upload, …), called by ANOTHER signed-in author,
// answers 10006 — "not found", never "forbidden", so nobody learns that the id exists — and leaves the
// resource as it was. The list of routes comes from the app: a new route must be put in MATRIX or in
// NOT_RESOURCE_ROUTES (with the reason), or this test fails.

// The web app's routes exist in every environment (a fresh clone has no apps/web/dist).
const webDist = useWebDistFixture();
const t = useTestApp(async () => ({ webDist: await webDist.create() }));

/** What one matrix row needs: the owner's resource, created fresh, and the intruder who calls the route. */
interface Case {
  owner: TestAuthor;
  intruder: TestAuthor;
}

/** A route called by the intruder on the owner's resource; resolves to the parsed envelope. */
type Probe = (c: Case) => Promise<Envelope>;

const article = (c: Case) => createArticle(t.db, c.owner.userId).then((row) => row.id);
const video = (c: Case) => createVideo(t, c.owner).then((v) => v.id);
const design = (c: Case) => createDesign(t, c.owner).then((d) => d.id);
/** A reader's comment on a published work of the owner, straight into the table. */
const ownerComment = async (c: Case) => {
  const work = await createArticle(t.db, c.owner.userId, { status: 'published' });
  const [row] = await t.db
    .insert(comments)
    .values({
      contentId: work.id,
      authorId: c.owner.userId,
      contentType: 'article',
      readerId: 'reader-x',
      readerName: '读者',
      text: '评论',
      state: 'published',
      createdAt: new Date(),
    })
    .returning();
  return row!.id;
};
/** A reader's barrage message on a published video of the owner. */
const ownerBarrage = async (c: Case) => {
  const id = await createVideo(t, c.owner).then((v) => v.id);
  const [row] = await t.db
    .insert(barrages)
    .values({
      site: 'reader',
      externalId: `matrix-${id}-barrage`,
      contentId: id,
      authorId: c.owner.userId,
      readerId: 'reader-x',
      readerName: '读者',
      text: '弹幕',
      positionMs: 0,
      state: 'published',
      createdAt: new Date(),
    })
    .returning();
  return row!.id;
};
const message = (c: Case) => createMessage(t.db, c.owner.userId);
const album = (c: Case) =>
  createArticle(t.db, c.owner.userId, { type: 'album', title: '车主的一组图集' }).then((row) => row.id);
const dynamic = (c: Case) =>
  createArticle(t.db, c.owner.userId, { type: 'dynamic', title: '车主的动态', content: '车主的动态' }).then(
    (row) => row.id,
  );
/** A published live show of the owner (its `contents` row and its `lives` row), straight into the tables. */
const live = async (c: Case) => {
  const row = await createArticle(t.db, c.owner.userId, {
    type: 'live',
    title: '车主的一场直播预告',
    content: '',
    status: 'published',
  });
  await t.db
    .insert(lives)
    .values({ contentId: row.id, startAt: new Date(Date.now() + 86_400_000), streamKey: 'owner-key' });
  return row.id;
};
/** A published program of the owner with no episodes, straight into the tables. */
const program = async (c: Case) => {
  const row = await createArticle(t.db, c.owner.userId, {
    type: 'program',
    title: '车主的一档节目',
    content: '',
    status: 'published',
  });
  await t.db.insert(programs).values({ contentId: row.id });
  return row.id;
};

async function fileService(c: Case, method: 'GET' | 'POST' | 'DELETE', path: string): Promise<Envelope> {
  const key = await createUpload(t.db, c.owner.userId);
  const token = await tokenFor(t.db, c.intruder.userId);
  const query = `token=${encodeURIComponent(token)}`;
  const res =
    method === 'POST'
      ? await t.app.inject({
          method,
          url: `${path}?${query}`,
          payload: new URLSearchParams({ fileUploadId: key }).toString(),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            [USER_GUID_HEADER]: c.intruder.userGuid,
          },
        })
      : await t.app.inject({
          method,
          url: `${path}?${query}&fileUploadId=${key}`,
          headers: { [USER_GUID_HEADER]: c.intruder.userGuid },
        });
  return res.json<Envelope>();
}

/** Every resource route: `METHOD url` → the intruder's call on a fresh resource of the owner. */
const MATRIX: Record<string, Probe> = {
  'GET /api/data/work_detail': async (c) =>
    t.get('/api/data/work_detail', { id: await article(c), period: '7d' }, c.intruder),
  'GET /api/content/detail': async (c) => t.get('/api/content/detail', { id: await article(c) }, c.intruder),
  'POST /api/content/delete_batch': async (c) =>
    t.post('/api/content/delete_batch', { ids: [await article(c)] }, c.intruder, { json: true }),
  'POST /api/content/delete': async (c) =>
    t.post('/api/content/delete', { id: await article(c) }, c.intruder),
  'POST /api/article/publish': async (c) =>
    t.post(
      '/api/article/publish',
      { id: await article(c), title: '别人的文章草稿', content: '<p>x</p>', publishType: 0 },
      c.intruder,
      { json: true },
    ),
  'GET /api/video/detail': async (c) => t.get('/api/video/detail', { id: await video(c) }, c.intruder),
  'POST /api/video/publish': async (c) => {
    // the intruder's own upload: the refusal must come from the video id
    const own = await createUpload(t.db, c.intruder.userId);
    return t.post(
      '/api/video/publish',
      { id: await video(c), use: 'video', fileUploadId: own, title: '别人的视频草稿', publishType: 0 },
      c.intruder,
      { json: true },
    );
  },
  'POST /api/video/save_dots': async (c) =>
    t.post('/api/video/save_dots', { id: await video(c), dots: [] }, c.intruder, { json: true }),
  'GET /api/album/detail': async (c) => t.get('/api/album/detail', { id: await album(c) }, c.intruder),
  'POST /api/album/publish': async (c) => {
    // the intruder's own image: the refusal must come from the album id
    const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const own = await createImage(t, c.intruder, png);
    return t.post(
      '/api/album/publish',
      { id: await album(c), title: '别人的图集草稿', images: [{ url: own.url }], publishType: 0 },
      c.intruder,
      { json: true },
    );
  },
  'GET /api/dynamic/detail': async (c) => t.get('/api/dynamic/detail', { id: await dynamic(c) }, c.intruder),
  // an intruder allowed dynamics (one who is not gets 10005 before the id is looked at)
  'POST /api/dynamic/publish': async (c) =>
    t.post(
      '/api/dynamic/publish',
      { id: await dynamic(c), text: '别人的动态', publishType: 0 },
      await t.signIn({ dynamicShow: 1 }),
      { json: true },
    ),
  'GET /api/live/detail': async (c) => t.get('/api/live/detail', { id: await live(c) }, c.intruder),
  'POST /api/live/save': async (c) =>
    t.post(
      '/api/live/save',
      {
        id: await live(c),
        title: '别人的直播改个标题',
        coverUrl: '/media/img/0x0/images/x.png',
        startAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      c.intruder,
      { json: true },
    ),
  'POST /api/live/state': async (c) =>
    t.post('/api/live/state', { id: await live(c), state: 'live' }, c.intruder, { json: true }),
  'POST /api/live/reset_key': async (c) =>
    t.post('/api/live/reset_key', { id: await live(c) }, c.intruder, { json: true }),
  'GET /api/program/detail': async (c) => t.get('/api/program/detail', { id: await program(c) }, c.intruder),
  // an intruder allowed programs (grade 3; one who is not gets 10005 before the id is looked at)
  'POST /api/program/save': async (c) =>
    t.post(
      '/api/program/save',
      { id: await program(c), title: '别人的节目改个标题', episodeIds: [] },
      await t.signIn({ grade: 3 }),
      { json: true },
    ),
  'GET /api/design/detail': async (c) => t.get('/api/design/detail', { id: await design(c) }, c.intruder),
  'POST /api/design/save': async (c) =>
    t.post(
      '/api/design/save',
      {
        id: await design(c),
        name: 'Mine now',
        width: 900,
        height: 1200,
        document: JSON.stringify({ schemaVersion: 2, objects: [] }),
      },
      c.intruder,
      { json: true },
    ),
  'POST /api/design/duplicate': async (c) =>
    t.post('/api/design/duplicate', { id: await design(c) }, c.intruder, { json: true }),
  'POST /api/design/rename': async (c) =>
    t.post('/api/design/rename', { id: await design(c), name: 'Mine now' }, c.intruder, { json: true }),
  'POST /api/design/delete': async (c) =>
    t.post('/api/design/delete', { id: await design(c) }, c.intruder, { json: true }),
  'GET /api/message/read_message': async (c) =>
    t.get('/api/message/read_message', { id: await message(c) }, c.intruder),
  [`POST ${FILESERVICE_PATHS.merge}`]: (c) => fileService(c, 'POST', FILESERVICE_PATHS.merge),
  // a report is addressed by its week: the owner's week asked by the intruder, who has none (issue #12)
  'GET /api/data/report_detail': async (c) => {
    await t.db
      .insert(dataReports)
      .values({ authorId: c.owner.userId, weekStart: '2026-11-16', body: {}, createdAt: new Date() });
    return t.get('/api/data/report_detail', { weekStart: '2026-11-16' }, c.intruder);
  },
};

MATRIX['POST /api/comment/reply'] = async (c) =>
  t.post('/api/comment/reply', { commentId: await ownerComment(c), text: '插一句' }, c.intruder, {
    json: true,
  });
MATRIX['POST /api/comment/batch'] = async (c) =>
  t.post('/api/comment/batch', { ids: [await ownerComment(c)], action: 'hide' }, c.intruder, { json: true });
MATRIX['POST /api/comment/work_settings'] = async (c) =>
  t.post('/api/comment/work_settings', { contentId: await article(c), commentsOff: true }, c.intruder, {
    json: true,
  });
MATRIX['POST /api/barrage/batch'] = async (c) =>
  t.post('/api/barrage/batch', { ids: [await ownerBarrage(c)], action: 'delete' }, c.intruder, {
    json: true,
  });

/** Routes that take no author's resource, and why. */
const NOT_RESOURCE_ROUTES: Record<string, string> = {
  'POST /api/passport/register': 'creates an account',
  'POST /api/passport/login': 'signs in',
  'GET /api/logout': 'own session',
  'POST /api/user/update_profile':
    'own profile (the avatar must be an image of the session’s author, tested in its route test)',
  'POST /api/user/change_password': 'own password and sessions',
  'GET /api/config': 'public config',
  'GET /api/car/series_search': 'the shared car catalogue, the same for every author',
  'GET /api/topic/list': "the platform's topics (the counts are of the session's own works)",
  'GET /api/user/permissions': 'own permissions',
  'GET /api/content/status_counts': 'own counts',
  'GET /api/ops/review/list': 'operators only (10005 for authors, tested in ops.routes.test.ts)',
  'POST /api/ops/review/decide': 'operators only (10005 for authors, tested in ops.routes.test.ts)',
  'GET /api/ops/user/permissions': 'operators only (10005 for authors, tested in ops.routes.test.ts)',
  'POST /api/ops/user/set_permissions': 'operators only (10005 for authors, tested in ops.routes.test.ts)',
  'GET /api/home/userinfo': 'own user',
  'GET /api/home/overview': 'own statistics',
  'POST /open/events':
    'reader sites by their key (API.md §10), not authors; tested in analytics.routes.test.ts',
  'GET /api/data/overview': 'own statistics',
  'POST /open/comments': 'reader sites by their key (API.md §10); tested in comment.routes.test.ts',
  'GET /open/comments': 'what every reader sees of a published work (API.md §10)',
  'POST /open/comments/like': 'reader sites by their key (extension)',
  'POST /open/barrage': 'reader sites by their key (API.md §10); tested in comment.routes.test.ts',
  'GET /open/barrage': 'what every reader sees of a published video (API.md §10)',
  'GET /api/comment/list':
    'own inbox: every filter narrows the author’s own comments (another’s ids match nothing)',
  'GET /api/comment/settings': 'own settings',
  'POST /api/comment/settings': 'own settings',
  'GET /api/comment/counts': 'own counts',
  'POST /api/comment/read': 'marks only the author’s own comments (another’s ids change nothing, tested)',
  'GET /api/comment/work_list': 'own works, a list',
  'GET /api/barrage/list': 'own barrage: filters narrow the author’s own',
  'POST /api/reader/block': 'own block list (a reader id is the site’s, not an author’s resource)',
  'GET /api/reader/blocked_list': 'own block list',
  'GET /api/data/work_list': 'own works, a list',
  'GET /api/data/work_export': 'own works, a file',
  'GET /api/data/peers': 'medians over authors, no one author’s numbers',
  'GET /api/fans/count': 'own fans',
  'GET /api/fans/chart': 'own fans',
  'GET /api/fans/list': 'own fans, a list',
  'GET /api/fans/portrait': 'own fans',
  'GET /api/fans/export': 'own fans, a file',
  'GET /api/creative/hot': 'totals over every author’s works, no one author’s numbers',
  'GET /api/creative/interest': 'totals over every author’s works, no one author’s numbers',
  'GET /api/topic/engagement':
    'platform topics with totals over every author; own counts are the session’s; others’ works only once published',
  'GET /api/data/report_list': 'own reports, a list',
  'GET /api/influence/index': 'own influence index',
  'GET /api/rank/list': 'daily rankings every author sees alike, plus own place',
  'GET /api/user_center/get_my_info_by_id': 'own user (the id is the session’s)',
  'GET /api/program/get_user_grade': 'own grade',
  'GET /api/dynamic/get_dynamic_auth': 'own permission',
  'GET /api/dynamic/list': 'own dynamics, a list',
  'GET /api/manage/upload_file_secret': 'own upload secret',
  'GET /api/video/get_upload_video_secret': 'own upload token',
  'GET /api/small_video/get_duration_permission': 'own permission',
  'GET /api/message/get_mp_index_group_message': 'own messages, no id',
  'GET /api/message/clear_unread_msg': 'own messages, by group',
  'GET /api/message/get_message_list': 'own messages, a list',
  'GET /api/notice/get_notice_list': 'platform notices are public to every author',
  'GET /api/notice/get_notice_detail': 'platform notices are public to every author',
  'GET /api/content/list': 'own content, a list',
  'GET /api/design/list': 'own designs, a list',
  'GET /api/common_material': 'platform materials',
  'GET /api/media/my_images': 'own images, a list',
  [`GET ${FILESERVICE_PATHS.isExistLocalMergeFile}`]:
    'keys are scoped to the token’s author: another author’s key answers as a never-used key (tested below)',
  [`DELETE ${FILESERVICE_PATHS.upload}`]:
    'keys are scoped to the token’s author: another author’s key answers as a never-used key (tested below)',
  'POST /fileservice/image': 'creates an image of the session’s author',
  'POST /fileservice/private_image': 'creates a private image of the session’s author',
  'GET /media/private/*':
    'the owner (u<id> of the key) and operators only, else 404 (tested in certification.routes.test.ts)',
  'GET /api/certification/state': 'own certification',
  'POST /api/certification/person':
    'own application (materials must be own uploads, tested in its route test)',
  'POST /api/certification/organization':
    'own application (materials must be own uploads, tested in its route test)',
  'POST /api/certification/accept_agreement': 'own acceptance',
  'POST /api/certification/send_code': 'own verification code',
  'GET /api/ops/certification/list':
    'operators only (10005 for authors, tested in certification.routes.test.ts)',
  'POST /api/ops/certification/decide':
    'operators only (10005 for authors, tested in certification.routes.test.ts)',
  'GET /api/rules/list': 'public rules',
  'GET /api/rules/detail': 'public rules',
  'GET /api/rules/search': 'public rules',
  'POST /fileservice/moreShard':
    'the key is made by the client and scoped to the token’s author: another author’s key is a new upload of one’s own',
  'GET /media/img/:size/*': 'published bytes by unguessable key (readers fetch them)',
  'GET /media/video/:name': 'published bytes by unguessable key',
  'GET /healthz': 'no input',
  'GET /readyz': 'no input',
  'GET /': 'the web app',
  'GET /*': 'the web app',
};

// issue #14: each area keeps its rows beside its module (<m>.authz.ts, test/authz-cases.ts)
for (const cases of [
  growthAuthzCases,
  creditAuthzCases,
  businessAuthzCases,
  walletAuthzCases,
  promotionAuthzCases,
  assistantAuthzCases,
  docimportAuthzCases,
  trackingAuthzCases,
  carphotoAuthzCases,
  activityAuthzCases,
]) {
  const { matrix, notResource } = cases(t);
  Object.assign(MATRIX, matrix);
  Object.assign(NOT_RESOURCE_ROUTES, notResource);
}

/** Routes of the product: swagger-ui's own pages and HEAD twins of GET routes are left out. */
function productRoutes(): string[] {
  return t.app.routeResponses
    .filter((r) => r.method !== 'HEAD' && !(r.url.startsWith('/api/docs') && isUnsignedApiPath(r.url)))
    .map((r) => `${r.method} ${r.url}`);
}

describe('authorization matrix: another author’s resource is 10006 (issue #8 "Keep it fixed")', () => {
  it('every route is classified as a resource route or not', () => {
    const unclassified = productRoutes().filter(
      (route) => !(route in MATRIX) && !(route in NOT_RESOURCE_ROUTES),
    );
    expect(unclassified, 'add each to MATRIX (with a probe) or NOT_RESOURCE_ROUTES (with a reason)').toEqual(
      [],
    );
    const stale = [...Object.keys(MATRIX), ...Object.keys(NOT_RESOURCE_ROUTES)].filter(
      (route) => !productRoutes().includes(route),
    );
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
  });

  for (const [route, probe] of Object.entries(MATRIX)) {
    it(`${route} by another author → 10006`, async () => {
      const c: Case = { owner: await t.signIn(), intruder: await t.signIn() };
      const env = await probe(c);
      expect({ status: env.status, message: env.message }).toMatchObject({ status: Status.NOT_FOUND });
    });
  }

  for (const [method, path] of [
    ['GET', FILESERVICE_PATHS.isExistLocalMergeFile],
    ['DELETE', FILESERVICE_PATHS.upload],
  ] as const) {
    it(`${method} ${path} on another author's key answers as for a never-used key and changes nothing`, async () => {
      const c: Case = { owner: await t.signIn(), intruder: await t.signIn() };
      const foreign = await fileService(c, method, path);
      const unknown = await fileService({ owner: await t.signIn(), intruder: c.intruder }, method, path);
      expect(foreign).toEqual(unknown);
      const rows = await t.db.query.uploads.findMany({ where: (u, { eq }) => eq(u.userId, c.owner.userId) });
      expect(rows.map((r) => r.state)).toEqual(['ready']);
    });
  }
});
