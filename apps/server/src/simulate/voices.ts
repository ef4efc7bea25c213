import { type BARRAGE_MODES, type ContentType, EARLY_EXIT_MS } from '@cc/contracts';
import { AD_ACCOUNT_NAMES, readerNickname } from './names.js';
import { geometric, logNormal, pick, type Rng, rngOf } from './random.js';
import type { SimDay, SimEvent, TrafficWork } from './traffic.js';

/*
 * Readers' voices of the simulator (issue #13 "honest demo data"): the comments and barrage that the simulated
 * readers write, for `POST /open/comments` and `POST /open/barrage` (API.md §10), made from the day's events
 * so that they follow the same sessions:
 * - comments: a view of an article, album, dynamic or video leads to a comment with a chance of
 *   `commentsPer1000Views` / 1000 × quality² (popular works draw more discussion), a minute or two after the
 *   view (after watching a video); a third of those answer an earlier comment of another reader on the same
 *   work (`parentId`), when there is one;
 * - advertising: ad accounts post on the most popular works (a chance per view ∝ quality¹⁰; 3–6 % of the
 *   comments, most of them on the top works): texts the platform's words hold ("加我微信返现", "加 微 信 领…",
 *   "刷单", "内部价"…), and about 1 % of the barrage;
 * - barrage: a play of a video of known duration that lasted at least 3 s leads to a burst of 1 + Geometric(0.8)
 *   messages with a chance of `barragePer1000Plays` / 1000 × quality², each at a position within what was
 *   watched (so within the duration), sent when the play reached it; a few at the top or bottom, a few coloured.
 * Pure and deterministic: the same seed, works and events give the same voices with the same ids
 * (`sim<seed>c-<yyyymmdd>-<n>`, `sim<seed>b-<yyyymmdd>-<n>`), so a re-run sends duplicates. Replies only ever
 * answer an ordinary comment (never an ad), written earlier; the driver still sends a reply only when the route
 * published its parent.
 */

/**
 * Comments per 1000 views of a work of quality 1 (× quality²): the demo's ≈ 6,000 views of commented types →
 * ≈ 100 comments (popular works take most views, and more than 1 % of them comment).
 */
export const COMMENTS_PER_1000_VIEWS = 10;
/** Barrage bursts per 1000 plays of 3 s or more, of a video of quality 1 (the demo: ≈ 110 messages). */
export const BARRAGE_PER_1000_PLAYS = 25;
/** Ad comments per ordinary one on a work of quality 1 (× quality¹⁰: the most popular works attract them). */
export const AD_COMMENT_SHARE = 0.003;
/** Ad barrage among barrage messages. */
export const AD_BARRAGE_SHARE = 0.01;
/** A comment answers an earlier one on the same work (when there is one by another reader). */
export const REPLY_SHARE = 0.35;
/** Messages in a burst of barrage: 1 + Geometric(mean). */
const BURST_EXTRA_MEAN = 0.8;
/** Work types readers comment on (the inbox's tabs and albums). */
const COMMENTED_TYPES: ReadonlySet<ContentType> = new Set([
  'article',
  'album',
  'dynamic',
  'video',
  'smallVideo',
]);

/** A comment as `POST /open/comments` takes it (contracts `openCommentSchema`). */
export interface SimComment {
  commentId: string;
  contentId: number;
  readerId: string;
  readerName: string;
  text: string;
  /** the `commentId` answered (an earlier ordinary comment on the same work) */
  parentId?: string;
  /** ISO 8601, UTC, ms */
  at: string;
  /** an advertising text the platform's words hold */
  ad: boolean;
}

/** A barrage message as `POST /open/barrage` takes it (contracts `openBarrageSchema`). */
export interface SimBarrage {
  barrageId: string;
  contentId: number;
  readerId: string;
  readerName: string;
  text: string;
  positionMs: number;
  at: string;
  mode?: (typeof BARRAGE_MODES)[number];
  color?: string;
  ad: boolean;
}

/** What car-site readers write under a work, whatever its type (none holds a platform word). */
export const COMMENT_TEXTS: readonly string[] = [
  '这车实际油耗多少？市区能到8个吗？',
  '请问后排空间怎么样，一米八坐得下吗？',
  '落地价大概多少？',
  '写得很实在，收藏了。',
  '感谢分享，正在纠结买哪台。',
  '同价位我更推荐它的竞品。',
  '不太同意，这个价位配置算一般。',
  '冬天续航打几折？',
  '保养一次多少钱？',
  '隔音怎么样，高速上吵不吵？',
  '车机卡不卡？',
  '有没有跑过山路，底盘稳不稳？',
  '去店里看过，内饰质感比图片好。',
  '提车三个月了，车机偶尔黑屏，其他都满意。',
  '店里现金优惠能给到多少？我们这边才一万。',
  '二手保值率怎么样？',
  '第一次买车，十五万左右的家用车求推荐。',
  '这个颜色好看！',
  '座椅舒服吗？长途开会不会累？',
  '后备箱能放下婴儿车吗？',
  '油耗说得有点乐观了，我开下来百公里9个多。',
  '测得很专业，比看参数表直观多了。',
  '说得好，但是价格还是有点贵。',
  '中控屏太大了，开车的时候有点分心。',
  '辅助驾驶在高速上好用吗？',
  '小区没有固定车位，充电桩不好装怎么办？',
  '家里老人坐后排会不会晕车？',
  '等降价再说。',
  '能不能测一下冬天的表现？',
  '刚订了一台，等提车中。',
  '四驱版值得多花钱吗？',
  '跟上一代比进步挺大的。',
  '外观见仁见智，我觉得挺耐看。',
  '我的也有这个问题，4S店说是正常现象。',
  '质保几年？三电终身质保吗？',
  '大灯亮度够不够？',
  '刹车脚感偏软，不知道是不是个例。',
  '看完决定去试驾了。',
  '这价格还要什么自行车。',
  '空调制冷快吗？南方夏天很关键。',
  '高速超车有劲吗？',
  '还是燃油车省心。',
  '混动和纯电到底选哪个？',
  '车漆有点薄，停车小心剐蹭。',
  '每期都看，支持一下！',
  '讲得很清楚，点赞。',
  '轮胎噪音大吗？',
  '能不能出一期和同级车的对比？',
  '油箱多大？跑一趟长途要加几次油？',
  '我觉得说得有点夸张了，没那么好。',
  '后排中间地板平吗？',
  '座椅通风加热都有吗？',
  '贷款买划算还是全款划算？',
  '提车前要检查哪些地方？',
  '我这个配置落地二十万出头，还行。',
  '倒车影像清楚吗？',
  '雨天视野怎么样？',
  '地库车位比较窄，这车身长能停下吗？',
  '终于有人说实话了。',
  '买了两年，除了保养没进过店。',
];

/** What readers write under works of one type besides `COMMENT_TEXTS`. */
export const COMMENT_TEXTS_BY_TYPE: Partial<Record<ContentType, readonly string[]>> = {
  video: ['视频拍得很用心，画面好评。', 'BGM叫什么？', '声浪录得好清楚。', '镜头有点晃，看得头晕。'],
  smallVideo: ['一分钟讲清楚了，好评。', '太短了，没看过瘾。', 'BGM叫什么？'],
  article: ['文章写得很详细，受教了。', '数据很全，收藏慢慢看。'],
  album: ['图片很清晰，细节拍到位了。', '第三张图是什么颜色？', '求原图做壁纸！'],
  dynamic: ['羡慕，我也想开一圈。', '哪天来我们这边试驾？'],
};

/** What a reply says (to another reader's comment on the same work). */
export const REPLY_TEXTS: readonly string[] = [
  '同意，我也是这么觉得。',
  '楼上说得对。',
  '不同意，我开了两年没遇到这个问题。',
  '同问，坐等作者回复。',
  '我市区开下来8个左右，看开法。',
  '你说的是老款吧，新款已经改了。',
  '哈哈哈，真实。',
  '我这边落地比你说的便宜五千。',
  '一米八坐后排，膝盖前还有一拳多。',
  '可以去店里多试几次再决定。',
  '我家也是这台，冬天续航打七折左右。',
  '+1',
  '谢谢解答！',
  '每个人需求不一样，适合自己就好。',
  '这个要看配置，低配没有。',
  '别听他的，自己去试驾最靠谱。',
];

/**
 * Advertising (issue #13: a small share of spam that the moderation holds): each holds a platform word, most
 * a prohibited one (`platformWord`), some a word for review (`reviewWord`), some spread apart ("加 微 信").
 */
export const AD_COMMENT_TEXTS: readonly string[] = [
  '加我微信返现，提车最高省两万',
  '加 微 信 领 优惠，名额有限',
  '刷单兼职，日结三百，有意私聊',
  '内部价 私聊',
  '4S店内部价拿车，看我主页',
  '全网最低价提车，手慢无',
  '想要底价的加vx',
  '扫码进群领购车补贴',
  '买粉丝、刷播放量找我',
];
export const AD_BARRAGE_TEXTS: readonly string[] = [
  '加我微信返现',
  '刷单兼职日结',
  '内部价 私聊',
  '加 微 信 领 优惠',
];

/** Barrage by where in the video it is sent: the first 15 %, the body, the last 15 %. */
export const BARRAGE_TEXTS = {
  start: ['来了来了', '开头就爱了', '前排', '打卡', '这车颜值可以', '第一次刷到'],
  body: [
    '前方高能',
    '这声浪绝了',
    '油耗多少',
    '这加速太猛了',
    '内饰好评',
    '后排真宽敞',
    '这个弯过得稳',
    '这个价格可以',
    '车机好流畅',
    '贵了贵了',
    '想要',
    '哈哈哈哈',
    '细节拉满',
    '空间确实大',
    '这颜色绝了',
    '刹车好稳',
    '好家伙',
    '声音好评',
    '这配置真香',
    '求落地价',
    '底盘扎实',
    '太帅了',
    '胎噪有点大啊',
    '就这？',
  ],
  end: ['已三连', '讲得好', '下期测冬季续航', '看完了', '收藏了', '感谢分享', '三连支持'],
} as const;

/** Barrage colours other than white (Bilibili's palette). */
export const BARRAGE_COLORS: readonly string[] = [
  '#FE0302',
  '#FF7204',
  '#FFAA02',
  '#FFD302',
  '#00CD00',
  '#4266BE',
  '#89D5FF',
  '#CC0273',
];

/** The id of the `n`-th comment (from 0) of `date` in a run of `seed`: `sim<seed>c-<yyyymmdd>-<n>`. */
export function commentId(seed: number, date: string, n: number): string {
  return `sim${seed}c-${date.replaceAll('-', '')}-${n}`;
}
/** The id of the `n`-th barrage message of `date`: `sim<seed>b-<yyyymmdd>-<n>`. */
export function barrageId(seed: number, date: string, n: number): string {
  return `sim${seed}b-${date.replaceAll('-', '')}-${n}`;
}

/** Rates of `VoiceModel` (per 1000 views or plays of a work of quality 1). */
export interface VoiceRates {
  commentsPer1000Views: number;
  barragePer1000Plays: number;
}

/** An ordinary comment a later one may answer. */
interface Answerable {
  commentId: string;
  readerId: string;
  at: number;
}

/**
 * The voices of a run, day by day: keeps the comments that later ones may answer (across days), so it must see
 * the days in order.
 */
export class VoiceModel {
  private readonly names = new Map<string, string>();
  private readonly answerable = new Map<number, Answerable[]>();

  constructor(
    private readonly seed: number,
    private readonly works: ReadonlyMap<number, TrafficWork>,
    /** 0.6 … 1.4 by popularity (traffic.ts) */
    private readonly quality: ReadonlyMap<number, number>,
    private readonly rates: VoiceRates,
  ) {}

  /** A reader's nickname: the same reader, the same name. */
  private nameOf(readerId: string): string {
    let name = this.names.get(readerId);
    if (name === undefined) this.names.set(readerId, (name = readerNickname(rngOf('reader-name', readerId))));
    return name;
  }

  private adAccount(rng: Rng): { readerId: string; readerName: string } {
    const k = Math.floor(rng() * AD_ACCOUNT_NAMES.length);
    return { readerId: `sim${this.seed}-ad${k}`, readerName: AD_ACCOUNT_NAMES[k]! };
  }

  /**
   * The comments and barrage that `events` (one day's, from `generateTraffic`) lead to, each sorted by time:
   * a reply always comes after its parent.
   */
  ofDay(day: SimDay, events: readonly SimEvent[]): { comments: SimComment[]; barrage: SimBarrage[] } {
    const rng = rngOf(this.seed, 'voices', day.date);
    const perView = this.rates.commentsPer1000Views / 1000;
    const perPlay = this.rates.barragePer1000Plays / 1000;
    const comments: Omit<SimComment, 'commentId' | 'parentId'>[] = [];
    const barrage: Omit<SimBarrage, 'barrageId'>[] = [];
    for (const e of events) {
      if (e.contentId === undefined || (e.type !== 'view' && e.type !== 'play')) continue;
      const work = this.works.get(e.contentId);
      if (!work) continue;
      const q = this.quality.get(work.id) ?? 1;
      const seen = Date.parse(e.at);
      if (e.type === 'view' && COMMENTED_TYPES.has(work.type)) {
        // a minute or two after opening it (after watching, for a video)
        const video = work.durationMs !== null ? Math.min(work.durationMs, 600_000) : 0;
        const at = seen + video + Math.floor(15_000 + logNormal(rng, 60_000, 0.8));
        if (at >= day.cutoff) continue;
        if (rng() < perView * q * q)
          comments.push({
            contentId: work.id,
            readerId: e.readerId,
            readerName: this.nameOf(e.readerId),
            text: pick(rng, [...COMMENT_TEXTS, ...(COMMENT_TEXTS_BY_TYPE[work.type] ?? [])]),
            at: new Date(at).toISOString(),
            ad: false,
          });
        else if (rng() < perView * AD_COMMENT_SHARE * q ** 10)
          comments.push({
            contentId: work.id,
            ...this.adAccount(rng),
            text: pick(rng, AD_COMMENT_TEXTS),
            at: new Date(at).toISOString(),
            ad: true,
          });
      }
      if (
        e.type === 'play' &&
        work.durationMs !== null &&
        e.watchMs !== undefined &&
        e.watchMs >= EARLY_EXIT_MS &&
        rng() < perPlay * q * q
      ) {
        // the play event is sent 500 ms after it ended (traffic.ts)
        const started = seen - e.watchMs - 500;
        const watched = Math.min(e.watchMs, work.durationMs);
        const burst = 1 + geometric(rng, BURST_EXTRA_MEAN);
        for (let k = 0; k < burst; k++) {
          const positionMs = Math.floor(rng() * watched);
          const share = positionMs / work.durationMs;
          const ad = rng() < AD_BARRAGE_SHARE;
          const who = ad
            ? this.adAccount(rng)
            : { readerId: e.readerId, readerName: this.nameOf(e.readerId) };
          const u = rng();
          const colour = rng() < 0.15 ? pick(rng, BARRAGE_COLORS) : undefined;
          barrage.push({
            contentId: work.id,
            ...who,
            text: ad
              ? pick(rng, AD_BARRAGE_TEXTS)
              : pick(
                  rng,
                  share < 0.15 ? BARRAGE_TEXTS.start : share > 0.85 ? BARRAGE_TEXTS.end : BARRAGE_TEXTS.body,
                ),
            positionMs,
            at: new Date(started + positionMs).toISOString(),
            ...(u < 0.05 ? { mode: 'top' as const } : u < 0.09 ? { mode: 'bottom' as const } : {}),
            ...(colour === undefined ? {} : { color: colour }),
            ad,
          });
        }
      }
    }

    // by time (stable): ids in that order, and replies to what was written before them
    comments.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    barrage.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const outComments = comments.map((c, n): SimComment => {
      const id = commentId(this.seed, day.date, n);
      if (c.ad) return { commentId: id, ...c };
      const at = Date.parse(c.at);
      const earlier = (this.answerable.get(c.contentId) ?? []).filter(
        (p) => p.at < at && p.readerId !== c.readerId,
      );
      let out: SimComment = { commentId: id, ...c };
      if (earlier.length > 0 && rng() < REPLY_SHARE) {
        // mostly one of the latest comments of the work
        const parent = pick(rng, earlier.slice(-8));
        out = { ...out, parentId: parent.commentId, text: pick(rng, REPLY_TEXTS) };
      }
      const list = this.answerable.get(c.contentId);
      if (list) list.push({ commentId: id, readerId: c.readerId, at });
      else this.answerable.set(c.contentId, [{ commentId: id, readerId: c.readerId, at }]);
      return out;
    });
    return {
      comments: outComments,
      barrage: barrage.map((b, n) => ({ barrageId: barrageId(this.seed, day.date, n), ...b })),
    };
  }
}
