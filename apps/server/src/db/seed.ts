import { IDENTITY_TYPE_163, md5Hex, type MessageRef, MsgGroup, renderMessage } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import {
  albums,
  contents,
  dynamics,
  lives,
  programs,
  userIdentities,
  users,
  videos,
} from './schema/index.js';
import { randomBytes } from 'node:crypto';
import type { Db } from './client.js';
import { demoCoverKey } from './demo-covers.js';
import { insertDemoVideoUploads } from './demo-videos.js';
import {
  kindMessage,
  messageTemplates,
  sendSystemMessage,
  type SystemMessageInput,
} from '../modules/message/message.service.js';
import { publishNotice } from '../modules/notice/notice.service.js';
import { hashPassword } from '../modules/passport/passport.service.js';
import { findCredentials } from '../modules/user/user.service.js';
import * as business from '../modules/business/business.service.js';

/**
 * The demo author of API.md §5 with content, messages and notices. Idempotent: does nothing when the account
 * `demo` exists. Never called in production (main.ts decides). It writes no audience numbers: those come from
 * reader events, which the simulator (src/simulate/) sends through /open/events (issue #12).
 */

export const DEMO_ACCOUNT = 'demo';
export const DEMO_PASSWORD = 'demo-password';
/** The demo's operator (API.md §13 "The embedded demo seeds an operator, `operator` / `operator-password`"). */
export const OPERATOR_ACCOUNT = 'operator';
export const OPERATOR_PASSWORD = 'operator-password';

const DAY = 86_400_000;

/** Cover of demo item `i`: one of the generated demo covers (db/demo-covers.ts, written at start). */
const demoCover = (i: number) => `/media/img/0x0/${demoCoverKey(i)}`;

const demoContent: {
  type: (typeof contents.$inferInsert)['type'];
  title: string;
  status: (typeof contents.$inferInsert)['status'];
  daysAgo: number;
  /** why the automatic review refused it (a catalog message, rendered in the reader's language) */
  rejectMessage?: MessageRef;
  /** why it waits for an operator (status `reviewing`, issue #10) */
  holdMessage?: MessageRef;
}[] = [
  {
    type: 'article',
    title: '2024款凯美瑞双擎深度试驾：油耗到底有多低',
    status: 'published',
    daysAgo: 1,
  },
  {
    type: 'article',
    title: '十万元预算买什么车？五款家用轿车横评',
    status: 'published',
    daysAgo: 3,
  },
  {
    type: 'article',
    title: '冬季电动车续航缩水怎么办：实测与建议',
    status: 'reviewing',
    daysAgo: 0,
  },
  {
    type: 'article',
    title: '新手提车必看的十个细节检查项目',
    status: 'draft',
    daysAgo: 2,
  },
  {
    type: 'article',
    title: '4S店搞博彩式抽奖促销，值得去吗',
    status: 'rejected',
    daysAgo: 4,
    rejectMessage: {
      code: 'REVIEW_SENSITIVE_WORD',
      params: { word: '博彩', rule: { code: 'WORD_RULE_GAMBLING' } },
    },
  },
  {
    type: 'video',
    title: '极狐阿尔法S 冰雪路面制动实测',
    status: 'published',
    daysAgo: 5,
  },
  {
    type: 'video',
    title: '二手车交易避坑指南（上）',
    status: 'published',
    daysAgo: 9,
  },
  {
    type: 'smallVideo',
    title: '60秒看懂混动和增程的区别',
    status: 'published',
    daysAgo: 6,
  },
  {
    type: 'album',
    title: '北京车展新车图集：十台最值得关注的车',
    status: 'published',
    daysAgo: 12,
  },
  {
    type: 'dynamic',
    title: '今天去试驾了新款途观L，周末出详细体验',
    status: 'published',
    daysAgo: 1,
  },
  {
    type: 'article',
    title: '新车到店实拍，想看实车的朋友加微信预约',
    status: 'reviewing',
    daysAgo: 0,
    holdMessage: {
      code: 'REVIEW_HELD_WORD',
      params: { word: '加微信', rule: { code: 'WORD_RULE_CONTACT_DETAILS' } },
    },
  },
  {
    type: 'live',
    title: '周五晚八点：买车答疑直播',
    status: 'published',
    daysAgo: 0,
  },
  {
    type: 'program',
    title: '《车评小王说》第12期：保养的那些误区',
    status: 'published',
    daysAgo: 15,
  },
];

const demoArticleBody =
  '<h2>试驾概述</h2><p>这次我们开着车跑了三百公里，市区、高速和山路都有覆盖。</p>' +
  '<ul><li>市区油耗：4.3 L/100km</li><li>高速油耗：5.1 L/100km</li></ul>' +
  '<blockquote>结论：家用通勤非常省心。</blockquote>';

/** The upload key (API.md §7 `fileUploadId`) of demo item `i`'s video, one per item of `demoContent`. */
const demoVideoKeys = () => demoContent.map((_, i) => md5Hex(`demo-video-${i}`));

/**
 * The demo's business orders (issue #14), through the business service with the times they would have happened:
 * 极狐汽车's implanted video, delivered with the demo's brake test video, approved four days ago and settled at T+3
 * into the wallet by the job's own function (its five messages marked read); 星途汽车's invitation from 40 hours ago,
 * waiting for the author (`hasBussinessTask` 1, its message unread).
 */
async function seedDemoOrders(
  tx: Db,
  config: AppConfig,
  userId: number,
  videoId: number,
  now: Date,
): Promise<void> {
  const operator = await findCredentials(tx, OPERATOR_ACCOUNT);
  if (!operator) throw new Error('seed: the demo operator is missing');
  const opts = { reportTz: config.reportTz };
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const settled = await business.createOrder(
    tx,
    operator.id,
    {
      account: DEMO_ACCOUNT,
      brand: '极狐汽车',
      campaign: '阿尔法S 冬季制动实测',
      brief:
        '在冰雪路面实测阿尔法S 的制动表现，视频中自然植入品牌与车型卖点（不少于 30 秒），发布后保留 60 天。',
      type: 'implanted_video',
      priceFen: 1_200_000,
      respondBy: ago(6 * 24 - 24).toISOString(),
      deliverBy: ago(24).toISOString(),
      revisionsAllowed: 2,
      keepDays: 60,
    },
    ago(7 * 24),
    opts,
  );
  await business.acceptOrder(tx, userId, settled.id, ago(6 * 24 + 12), opts);
  await business.deliverOrder(tx, userId, settled.id, videoId, ago(4 * 24 + 12), opts);
  await business.reviewOrder(tx, operator.id, { id: settled.id, decision: 'approve' }, ago(4 * 24), opts);
  await business.settleDueOrders(tx, now, opts);
  await tx.execute(
    sql`update messages set is_read = true where user_id = ${userId} and msg_group = ${MsgGroup.BUSINESS}`,
  );

  await business.createOrder(
    tx,
    operator.id,
    {
      account: DEMO_ACCOUNT,
      brand: '星途汽车',
      campaign: '星途瑶光 C-DM 试驾推广',
      brief: '到店试驾星途瑶光 C-DM，制作一支 3–5 分钟的定制视频，讲清楚混动系统的油耗与动力表现。',
      type: 'custom_video',
      priceFen: 800_000,
      respondBy: new Date(now.getTime() + 32 * 3_600_000).toISOString(),
      deliverBy: new Date(now.getTime() + 12 * DAY).toISOString(),
      revisionsAllowed: 2,
      keepDays: 60,
    },
    ago(40),
    opts,
  );
}

/** Creates the demo's operator (role `operator`, API.md §13) unless the account exists. */
async function ensureOperator(db: Db, config: AppConfig): Promise<void> {
  if (await findCredentials(db, OPERATOR_ACCOUNT)) return;
  await db
    .insert(users)
    .values({
      account: OPERATOR_ACCOUNT,
      passwordHash: await hashPassword(config, OPERATOR_PASSWORD),
      mediaName: '内容审核',
      role: 'operator',
    })
    .onConflictDoNothing();
}

/**
 * Seeds the demo if absent.
 * @returns true when it seeded, false when the demo already existed
 */
export async function seedDemo(db: Db, config: AppConfig, now = new Date()): Promise<boolean> {
  const existing = await findCredentials(db, DEMO_ACCOUNT);
  if (existing) {
    // A demo seeded before the clips existed gets them now (issue #9); a no-op otherwise.
    await insertDemoVideoUploads(db, existing.id, demoVideoKeys(), config.storageDriver, now);
    // a demo seeded before operators existed gets its operator now (issue #10)
    await ensureOperator(db, config);
    return false;
  }
  const passwordHash = await hashPassword(config, DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        account: DEMO_ACCOUNT,
        passwordHash,
        mediaName: '车评小王',
        grade: 3,
        dynamicShow: 1,
        // the content assistant (spec §6 allow flag, issue #14): on for the demo so its page shows what it does
        contentAssistant: 1,
        authStatus: 2,
      })
      .returning();
    const userId = user!.id;
    await tx.insert(userIdentities).values({ userId, type: IDENTITY_TYPE_163 });

    // the id of each demo work by its title, so the demo's messages open the work they name
    const contentIds = new Map<string, number>();
    for (const [i, item] of demoContent.entries()) {
      const at = new Date(now.getTime() - item.daysAgo * DAY - i * 60_000);
      const [row] = await tx
        .insert(contents)
        .values({
          userId,
          type: item.type,
          title: item.title,
          content: item.type === 'article' ? demoArticleBody : '',
          coverUrls: [demoCover(i)],
          status: item.status,
          rejectReason: item.rejectMessage ? renderMessage(item.rejectMessage, 'zh-CN') : null,
          rejectMessage: item.rejectMessage ?? null,
          holdMessage: item.holdMessage ?? null,
          publishedAt: item.status === 'published' ? at : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      contentIds.set(item.title, row!.id);
      if (item.type === 'video' || item.type === 'smallVideo') {
        // Demo videos play a clip shipped with the project (db/demo-videos.ts, issue #9): no ffmpeg at start.
        await tx.insert(videos).values({
          contentId: row!.id,
          use: item.type,
          uploadKey: demoVideoKeys()[i]!,
          description: '演示视频：项目自带的测试画面。',
        });
      }
      // the facts of the other types (issue #10), so every demo work opens in its own editor
      if (item.type === 'album')
        await tx.insert(albums).values({
          contentId: row!.id,
          images: [0, 1, 2].map((k) => ({ url: demoCover(k), caption: `展台实拍 ${k + 1}` })),
        });
      if (item.type === 'dynamic') {
        await tx
          .update(contents)
          .set({ content: item.title })
          .where(sql`${contents.id} = ${row!.id}`);
        await tx.insert(dynamics).values({ contentId: row!.id, images: [demoCover(i)] });
      }
      if (item.type === 'live')
        await tx.insert(lives).values({
          contentId: row!.id,
          startAt: new Date(now.getTime() + 2 * DAY),
          description: '买车前的疑问，直播间里一次聊清楚。',
          streamKey: randomBytes(18).toString('base64url'),
        });
      if (item.type === 'program')
        await tx.insert(programs).values({
          contentId: row!.id,
          description: '每期一个用车话题，讲透讲明白。',
          episodeIds: demoContent.flatMap((c) =>
            c.type === 'video' && c.status === 'published' && contentIds.has(c.title)
              ? [contentIds.get(c.title)!]
              : [],
          ),
        });
    }
    await ensureOperator(tx, config);
    await insertDemoVideoUploads(tx, userId, demoVideoKeys(), config.storageDriver, now);

    // 4 messages: several unread system messages (the bell). Each is a kind of the catalog with its params, so it
    // reads in both languages (issue #9); the operator's invitation is a `custom` message carrying its own
    // translation. The business group's messages come from the demo's real orders (`seedDemoOrders`). No comment, like or follow messages with invented readers or
    // counts: comment messages come from the simulated readers' comments through POST /open/comments
    // (src/simulate/, issue #13). No grade message either: the demo's grade 3 is set above, not earned by points (the
    // daily grade job keeps it as a floor, issue #14 "Grades"), so no event ever raised it.
    const gamblingReason = demoContent.find((c) => c.rejectMessage)!.rejectMessage!;
    const msgs: {
      read: boolean;
      hoursAgo: number;
      message: Omit<SystemMessageInput, 'userId'>;
    }[] = [
      {
        read: false,
        hoursAgo: 20,
        message: messageTemplates.articlePublished(
          contentIds.get('2024款凯美瑞双擎深度试驾：油耗到底有多低')!,
          '2024款凯美瑞双擎深度试驾：油耗到底有多低',
        ),
      },
      {
        read: false,
        hoursAgo: 90,
        message: messageTemplates.articleRejected(
          contentIds.get('4S店搞博彩式抽奖促销，值得去吗')!,
          '4S店搞博彩式抽奖促销，值得去吗',
          gamblingReason,
          {
            rule: 'SENSITIVE_WORD',
            word: '博彩',
          },
        ),
      },
      { read: false, hoursAgo: 200, message: kindMessage('certified', {}, null) },
      {
        read: true,
        hoursAgo: 300,
        message: {
          msgGroup: MsgGroup.SYSTEM,
          kind: 'custom',
          title: '平台活动邀请',
          body: '“冬季用车”征文活动开始了，优秀作品将获得流量扶持。',
          params: {
            translations: {
              'en-US': {
                title: 'Invitation to a platform event',
                body: 'The “Winter driving” writing contest has begun: the best works get extra exposure.',
              },
            },
          },
          link: null,
        },
      },
    ];
    for (const m of msgs) {
      const id = await sendSystemMessage(tx, { userId, ...m.message });
      await tx.execute(
        // Spread the demo over time and mark the older ones read.
        sql`update messages set created_at = ${new Date(now.getTime() - m.hoursAgo * 3_600_000)}, is_read = ${m.read} where id = ${id}`,
      );
    }
    await sendSystemMessage(tx, { userId, ...messageTemplates.welcome('车评小王') });

    // Business orders (issue #14), made through the business service so their messages, history and wallet entry
    // come from real transitions: one settled at T+3 into the wallet (its messages read), one invitation waiting.
    await seedDemoOrders(tx, config, userId, contentIds.get('极狐阿尔法S 冰雪路面制动实测')!, now);
  });

  // Notices in zh-CN with their en-US translation (issue #9: both languages render).
  const notices = [
    {
      title: '创作者中心全新升级',
      summary: '新版创作者中心上线：数据更清晰，发布更快捷。',
      content:
        '<p>新版创作者中心今天上线。</p><ul><li>首页数据总览</li><li>文章编辑器支持图片与引用</li></ul>',
      en: {
        title: 'The new Creator Centre is here',
        summary: 'The new Creator Centre is live: clearer numbers, faster publishing.',
        content:
          '<p>The new Creator Centre goes live today.</p><ul><li>An overview of your numbers on the home page</li><li>Images and quotes in the article editor</li></ul>',
      },
      days: 10,
    },
    {
      title: '关于规范汽车内容创作的公告',
      summary: '请勿发布夸大宣传、虚假测评等内容。',
      content: '<p>为维护良好的社区环境，请勿发布夸大宣传、虚假测评、违规改装等内容。</p>',
      en: {
        title: 'Notice on responsible car content',
        summary: 'Do not publish exaggerated claims, fake reviews and the like.',
        content:
          '<p>To keep the community healthy, do not publish exaggerated claims, fake reviews or illegal modifications.</p>',
      },
      days: 4,
    },
    {
      title: '“冬季用车”征文活动开启',
      summary: '分享你的冬季用车经验，赢取流量扶持。',
      content: '<h2>活动时间</h2><p>即日起至月底。</p><p>优秀作品将获得首页推荐。</p>',
      en: {
        title: 'The “Winter driving” writing contest is open',
        summary: 'Share your winter driving experience and win extra exposure.',
        content:
          '<h2>When</h2><p>From today to the end of the month.</p><p>The best works will be featured on the home page.</p>',
      },
      days: 1,
    },
  ];
  for (const n of notices) {
    await publishNotice(db, {
      title: n.title,
      summary: n.summary,
      content: n.content,
      translations: { 'en-US': n.en },
      publishedAt: new Date(now.getTime() - n.days * DAY),
    });
  }
  return true;
}
