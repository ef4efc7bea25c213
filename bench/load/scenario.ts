/**
 * What the simulated authors and the reader site do (issue #16 "A load test"; the mix is tabled in
 * bench/README.md "Load").
 *
 * Authors are a **closed loop with think time**: each author opens a page (the page's calls go out together, as
 * the web app's queries do), waits for all of them, then thinks for `thinkMs` (uniform, default 2–8 s) before
 * the next page: 200 authors are 200 people each with one browser tab, so the offered load falls when the server
 * slows down, as it would with real people. Their first page comes after a random share of one think time, so
 * the 200 do not arrive in the same millisecond.
 *
 * The reader site is an **open loop**: its traffic comes from readers, not from the authors, so it sends at a fixed
 * rate whatever the answers' speed (event batches, comments, comment reads on the works the authors published).
 */
import { createFileServiceClient, createUpload, READY_POLL_MS } from '@cc/uploader';
import {
  type AuthorClient,
  CallError,
  type ReaderEvent,
  type ReaderSiteClient,
} from '../../e2e/topology/http-client.js';

/** A published work the reader site may report on. */
export interface Work {
  contentId: number;
  authorId: number;
  type: 'article' | 'dynamic' | 'video';
}

/** What every author and the reader site share. */
export interface World {
  /** every published work so far (the reader site's targets) */
  works: Work[];
  /** the small MP4 every video upload sends (real, ffprobe-able bytes) */
  video: Uint8Array<ArrayBuffer>;
  /** a JPEG cover, uploaded once per author */
  cover: Uint8Array<ArrayBuffer>;
  stopped: boolean;
  /** resolves when the window ends (so a thinking author stops at once) */
  stop: Promise<void>;
}

/** An author's own state. */
export interface AuthorState {
  client: AuthorClient;
  index: number;
  coverUrl: string;
  /** ids of this author's published works */
  works: number[];
  uploads: number;
  published: number;
  /** `dynamic/get_dynamic_auth` at setup: whether the web app would offer this author dynamics at all */
  dynamicShow: boolean;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** A think time: not keeping the process alive once the window has ended (it races `world.stop`). */
const thinkFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
let serial = 0;

/** A page of calls made together (as a page's queries are), all awaited; a failed call is recorded, not thrown. */
async function page(...calls: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(calls);
}

const TITLES = [
  '新车试驾体验分享',
  '城市通勤油耗实测记录',
  '长途自驾的十个细节',
  '冬季用车保养指南',
  '二手车检查要点',
];

function articleParam(s: AuthorState, publishType: 0 | 1) {
  serial += 1;
  return {
    title: `${pick(TITLES)} ${s.index}-${serial}`,
    content: `<p>这是负载测试作者 ${s.index} 的第 ${serial} 篇文章，记录一次真实的驾驶体验与数据。</p>`,
    coverUrls: [s.coverUrl],
    publishType,
    requestId: `load-${process.pid}-${s.index}-${serial}`,
  };
}

/** Publishes an article now; records it as a work. */
export async function publishArticle(s: AuthorState, world: World): Promise<void> {
  const r = await s.client.call<{ id: number; status: string }>(
    'POST',
    'article/publish',
    articleParam(s, 1),
  );
  s.published += 1;
  if (r.status === 'published') {
    s.works.push(r.id);
    world.works.push({ contentId: r.id, authorId: Number(s.client.userId), type: 'article' });
  }
}

/**
 * Uploads the small video through the web uploader (token, shards with `content-md5`, merge), waits for the
 * server's probe as the video page does (`isExistLocalMergeFile` every READY_POLL_MS until `ready`), then
 * publishes it.
 */
export async function uploadAndPublishVideo(s: AuthorState, world: World): Promise<void> {
  s.uploads += 1;
  const { token } = await s.client.call<{ token: string }>('GET', 'video/get_upload_video_secret');
  const file = new File([world.video], `load-${s.index}-${s.uploads}.mp4`, {
    type: 'video/mp4',
    lastModified: Date.now(),
  });
  const transport = s.client.uploadTransport();
  const started = performance.now();
  const key = await new Promise<string>((resolve, reject) => {
    const handle = createUpload({
      file,
      use: 'video',
      getToken: async () => ({ token }),
      transport,
      userGuid: () => s.client.userGuid,
      onSuccess: () => resolve(handle.key!),
      onFailure: (f) =>
        reject(new Error(`upload failed: ${f.message} ${f.serverMessage ?? ''} ${f.ercd ?? ''}`)),
    });
    void handle.start();
  });
  const uploadMs = performance.now() - started;
  if (s.client.recorder.measuring) s.client.recorder.uploads.push({ bytes: file.size, ms: uploadMs });
  const fileService = createFileServiceClient(transport, token, () => s.client.userGuid);
  for (let waited = 0; ; waited += READY_POLL_MS) {
    const status = await fileService.queryMergeFile(key).result;
    if (status.state === 'ready') break;
    if (status.state === 'failed' || waited > 120_000)
      throw new Error(`upload ${key} did not become ready: ${status.state}`);
    await sleep(READY_POLL_MS);
  }
  serial += 1;
  const r = await s.client.call<{ id: number; status: string }>('POST', 'video/publish', {
    use: 'video',
    fileUploadId: key,
    title: `试驾视频记录 ${s.index}-${serial}`,
    description: '负载测试上传的小视频',
    publishType: 1,
  });
  s.published += 1;
  if (r.status === 'published') {
    s.works.push(r.id);
    world.works.push({ contentId: r.id, authorId: Number(s.client.userId), type: 'video' });
  }
}

/** One action of the mix: its weight (relative) and what the author's browser does. */
export interface Action {
  name: string;
  weight: number;
  /** API.md routes it calls, for the README table */
  routes: string;
  run(s: AuthorState, world: World): Promise<void>;
}

/** The mix (bench/README.md "Load" tables it). */
export const ACTIONS: Action[] = [
  {
    name: 'home',
    weight: 18,
    routes:
      'home/userinfo, user_center/get_my_info_by_id, program/get_user_grade, dynamic/get_dynamic_auth, message/get_mp_index_group_message, home/overview, data/overview (yesterday), message/get_message_list, notice/get_notice_list, task/list',
    run: async ({ client: c }) => {
      await page(
        c.call('GET', 'home/userinfo'),
        c.call('GET', 'user_center/get_my_info_by_id'),
        c.call('GET', 'program/get_user_grade'),
        c.call('GET', 'dynamic/get_dynamic_auth'),
        c.call('GET', 'message/get_mp_index_group_message'),
        c.call('GET', 'home/overview'),
        c.call('GET', 'data/overview', { period: 'yesterday' }),
        c.call('GET', 'message/get_message_list', { unreadOnly: true, page: 1, pageSize: 5 }),
        c.call('GET', 'notice/get_notice_list', { page: 1, pageSize: 5 }),
        c.call('GET', 'task/list'),
      );
    },
  },
  {
    name: 'works list',
    weight: 14,
    routes: 'content/list, content/status_counts',
    run: async ({ client: c }) => {
      await page(
        c.call('GET', 'content/list', { page: 1, pageSize: 10 }),
        c.call('GET', 'content/status_counts', {}),
      );
    },
  },
  {
    name: 'drafts list',
    weight: 5,
    routes: 'content/list (status draft), content/status_counts',
    run: async ({ client: c }) => {
      await page(
        c.call('GET', 'content/list', { status: 'draft', page: 1, pageSize: 10 }),
        c.call('GET', 'content/status_counts', {}),
      );
    },
  },
  {
    name: 'data overview',
    weight: 10,
    routes: 'data/overview (7d), data/work_list, data/peers',
    run: async ({ client: c }) => {
      await page(
        c.call('GET', 'data/overview', { period: '7d' }),
        c.call('GET', 'data/work_list', { period: '7d', page: 1, pageSize: 10 }),
        c.call('GET', 'data/peers', { period: '7d' }),
      );
    },
  },
  {
    name: 'work data',
    weight: 5,
    routes: 'data/work_detail (one own work, 7d)',
    run: async (s) => {
      if (s.works.length === 0) return;
      await page(s.client.call('GET', 'data/work_detail', { id: pick(s.works), period: '7d' }));
    },
  },
  {
    name: 'audience',
    weight: 8,
    routes: 'fans/count, fans/chart (7d), fans/portrait, fans/list',
    run: async ({ client: c }) => {
      await page(
        c.call('GET', 'fans/count'),
        c.call('GET', 'fans/chart', { period: '7d' }),
        c.call('GET', 'fans/portrait'),
        c.call('GET', 'fans/list', { page: 1, pageSize: 10 }),
      );
    },
  },
  {
    name: 'influence',
    weight: 5,
    routes: 'influence/index, rank/list',
    run: async ({ client: c }) => {
      await page(
        c.call('GET', 'influence/index'),
        c.call('GET', 'rank/list', { board: 'influence', page: 1, pageSize: 20 }),
      );
    },
  },
  {
    name: 'comment inbox',
    weight: 10,
    routes: 'comment/counts, comment/list; then comment/reply to the newest comment (one visit in three)',
    run: async ({ client: c }) => {
      const [, list] = await Promise.allSettled([
        c.call('GET', 'comment/counts'),
        c.call<{ list: { id: number; isAuthor: boolean; state: string }[] }>('GET', 'comment/list', {
          page: 1,
          pageSize: 20,
        }),
      ]);
      if (list.status !== 'fulfilled' || Math.random() > 1 / 3) return;
      const target = list.value.list.find((x) => !x.isAuthor && x.state === 'published');
      if (target)
        await page(c.call('POST', 'comment/reply', { commentId: target.id, text: '谢谢你的评论！' }));
    },
  },
  {
    name: 'publish article',
    weight: 6,
    routes: 'article/publish (publishType 1, one cover)',
    run: (s, world) => publishArticle(s, world),
  },
  {
    name: 'save draft',
    weight: 3,
    routes: 'article/publish (publishType 0)',
    run: async (s) => {
      await s.client.call('POST', 'article/publish', articleParam(s, 0));
    },
  },
  {
    name: 'publish dynamic',
    weight: 6,
    routes: 'dynamic/publish (publishType 1, text + the cover image); only authors with `dynamicShow` 1',
    run: async (s, world) => {
      // the web app offers dynamics only to authors get_dynamic_auth allows (spec §3/§6)
      if (!s.dynamicShow) return;
      serial += 1;
      const r = await s.client.call<{ id: number; status: string }>('POST', 'dynamic/publish', {
        text: `今天的通勤路上看到一辆很特别的车（负载测试 ${s.index}-${serial}）`,
        images: [s.coverUrl],
        publishType: 1,
        requestId: `load-${process.pid}-${s.index}-d${serial}`,
      });
      if (r.status === 'published') {
        s.works.push(r.id);
        world.works.push({ contentId: r.id, authorId: Number(s.client.userId), type: 'dynamic' });
      }
    },
  },
  {
    name: 'upload video',
    weight: 4,
    routes:
      'video/get_upload_video_secret, /fileservice/moreShard (1 MiB shards), /fileservice/merge, /fileservice/isExistLocalMergeFile (every 2 s until ready), video/publish',
    run: (s, world) => uploadAndPublishVideo(s, world),
  },
];

const totalWeight = ACTIONS.reduce((n, a) => n + a.weight, 0);

function pickAction(): Action {
  let r = Math.random() * totalWeight;
  for (const a of ACTIONS) {
    r -= a.weight;
    if (r < 0) return a;
  }
  return ACTIONS[0]!;
}

/**
 * One author until `world.stopped`: page, think, page … An action that fails part-way (its failing call is
 * already recorded) simply ends; a failure outside a call (an upload the uploader gave up on) is counted in
 * `failures`.
 */
export async function authorLoop(
  s: AuthorState,
  world: World,
  thinkMs: [number, number],
  counts: Map<string, number>,
  failures: string[],
): Promise<void> {
  const think = () => thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]);
  await Promise.race([thinkFor(Math.random() * think()), world.stop]);
  while (!world.stopped) {
    const action = pickAction();
    counts.set(action.name, (counts.get(action.name) ?? 0) + 1);
    try {
      await action.run(s, world);
    } catch (e) {
      if (!(e instanceof CallError)) failures.push(`${action.name}: ${String(e)}`);
    }
    if (world.stopped) break;
    await Promise.race([thinkFor(think()), world.stop]);
  }
}

const EVENT_TYPES = [
  'impression',
  'impression',
  'impression',
  'view',
  'view',
  'play',
  'like',
  'favorite',
  'share',
  'follow',
];
const GENDERS = ['male', 'female', 'unknown'];
const AGES = ['18-24', '25-30', '31-40', '41-50'];
const REGIONS = ['CN-BJ', 'CN-SH', 'CN-GD', 'CN-ZJ', 'CN-SC'];
const DEVICES = ['ios', 'android', 'pc', 'h5'];

function readerEvent(work: Work): ReaderEvent {
  serial += 1;
  const readerNo = Math.floor(Math.random() * 50_000);
  const type = pick(EVENT_TYPES);
  const e: ReaderEvent = {
    eventId: `load-${process.pid}-e${serial}`,
    type,
    at: new Date().toISOString(),
    readerId: `reader-${readerNo}`,
    source: pick(['recommend', 'search', 'follow', 'profile']),
    reader: {
      gender: GENDERS[readerNo % 3]!,
      ageBand: AGES[readerNo % 4]!,
      region: REGIONS[readerNo % 5]!,
      device: DEVICES[readerNo % 4]!,
    },
  };
  if (type === 'follow') e.authorId = work.authorId;
  else e.contentId = work.contentId;
  if (type === 'play') e.watchMs = Math.floor(Math.random() * 5000);
  return e;
}

/** Reader-site rates: event batches per second (each of `batch` events), comments and comment reads per second. */
export interface ReaderRates {
  batchesPerSecond: number;
  batch: number;
  commentsPerSecond: number;
  readsPerSecond: number;
}

/**
 * The reader site's open loop until `world.stopped`: every tick (100 ms) it sends what the rates owe so far, each
 * request on its own (never waiting for the previous answer). Resolves when every request it sent has answered.
 */
export async function readerLoop(site: ReaderSiteClient, world: World, rates: ReaderRates): Promise<void> {
  const inFlight = new Set<Promise<unknown>>();
  const fire = (p: Promise<unknown>) => {
    const q = p.catch(() => {});
    inFlight.add(q);
    void q.finally(() => inFlight.delete(q));
  };
  const started = performance.now();
  const sent = { batches: 0, comments: 0, reads: 0 };
  while (!world.stopped) {
    const elapsed = (performance.now() - started) / 1000;
    if (world.works.length > 0) {
      while (sent.batches < elapsed * rates.batchesPerSecond) {
        sent.batches += 1;
        fire(site.events(Array.from({ length: rates.batch }, () => readerEvent(pick(world.works)))));
      }
      while (sent.comments < elapsed * rates.commentsPerSecond) {
        sent.comments += 1;
        serial += 1;
        const readerNo = Math.floor(Math.random() * 50_000);
        fire(
          site.comment({
            commentId: `load-${process.pid}-c${serial}`,
            contentId: pick(world.works).contentId,
            readerId: `reader-${readerNo}`,
            readerName: `读者${readerNo}`,
            text: pick(['写得很好，学到了', '请问这台车油耗多少？', '视频拍得不错', '期待下一期']),
            at: new Date().toISOString(),
          }),
        );
      }
      while (sent.reads < elapsed * rates.readsPerSecond) {
        sent.reads += 1;
        fire(site.readComments(pick(world.works).contentId));
      }
    }
    await sleep(100);
  }
  await Promise.all(inFlight);
}
