import { IDENTITY_TYPE_163, md5Hex, MsgGroup } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import { contents, dailyStats, userIdentities, users, videos } from './schema/index.js';
import type { Db } from './client.js';
import { demoCoverKey } from './demo-covers.js';
import { messageTemplates, sendSystemMessage } from '../modules/message/message.service.js';
import { publishNotice } from '../modules/notice/notice.service.js';
import { hashPassword } from '../modules/passport/passport.service.js';
import { findCredentials } from '../modules/user/user.service.js';

/**
 * The demo author of API.md §5 with content, messages, notices, fans and daily numbers. Idempotent: does
 * nothing when the account `demo` exists. Never called in production (main.ts decides).
 */

export const DEMO_ACCOUNT = 'demo';
export const DEMO_PASSWORD = 'demo-password';

const DAY = 86_400_000;

/** Cover of demo item `i`: one of the generated demo covers (db/demo-covers.ts, written at start). */
const demoCover = (i: number) => `/media/img/0x0/${demoCoverKey(i)}`;

const demoContent: {
  type: (typeof contents.$inferInsert)['type'];
  title: string;
  status: (typeof contents.$inferInsert)['status'];
  views: number;
  likes: number;
  comments: number;
  shares: number;
  daysAgo: number;
  rejectReason?: string;
}[] = [
  {
    type: 'article',
    title: '2024款凯美瑞双擎深度试驾：油耗到底有多低',
    status: 'published',
    views: 128_430,
    likes: 3_210,
    comments: 412,
    shares: 188,
    daysAgo: 1,
  },
  {
    type: 'article',
    title: '十万元预算买什么车？五款家用轿车横评',
    status: 'published',
    views: 56_712,
    likes: 1_480,
    comments: 230,
    shares: 95,
    daysAgo: 3,
  },
  {
    type: 'article',
    title: '冬季电动车续航缩水怎么办：实测与建议',
    status: 'reviewing',
    views: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    daysAgo: 0,
  },
  {
    type: 'article',
    title: '新手提车必看的十个细节检查项目',
    status: 'draft',
    views: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    daysAgo: 2,
  },
  {
    type: 'article',
    title: '这款车赌博式降价背后的真相',
    status: 'rejected',
    views: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    daysAgo: 4,
    rejectReason: 'contains a prohibited word: 赌博 (gambling)',
  },
  {
    type: 'video',
    title: '极狐阿尔法S 冰雪路面制动实测',
    status: 'published',
    views: 342_118,
    likes: 9_802,
    comments: 1_204,
    shares: 640,
    daysAgo: 5,
  },
  {
    type: 'video',
    title: '二手车交易避坑指南（上）',
    status: 'published',
    views: 8_906,
    likes: 312,
    comments: 45,
    shares: 21,
    daysAgo: 9,
  },
  {
    type: 'smallVideo',
    title: '60秒看懂混动和增程的区别',
    status: 'published',
    views: 23_004,
    likes: 1_021,
    comments: 88,
    shares: 130,
    daysAgo: 6,
  },
  {
    type: 'album',
    title: '北京车展新车图集：十台最值得关注的车',
    status: 'published',
    views: 15_230,
    likes: 640,
    comments: 52,
    shares: 40,
    daysAgo: 12,
  },
  {
    type: 'dynamic',
    title: '今天去试驾了新款途观L，周末出详细体验',
    status: 'published',
    views: 2_310,
    likes: 188,
    comments: 36,
    shares: 4,
    daysAgo: 1,
  },
  {
    type: 'live',
    title: '周五晚八点：买车答疑直播',
    status: 'scheduled',
    views: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    daysAgo: 0,
  },
  {
    type: 'program',
    title: '《车评小王说》第12期：保养的那些误区',
    status: 'published',
    views: 41_870,
    likes: 1_336,
    comments: 201,
    shares: 77,
    daysAgo: 15,
  },
];

const demoArticleBody =
  '<h2>试驾概述</h2><p>这次我们开着车跑了三百公里，市区、高速和山路都有覆盖。</p>' +
  '<ul><li>市区油耗：4.3 L/100km</li><li>高速油耗：5.1 L/100km</li></ul>' +
  '<blockquote>结论：家用通勤非常省心。</blockquote>';

/**
 * Seeds the demo if absent.
 * @returns true when it seeded, false when the demo already existed
 */
export async function seedDemo(db: Db, config: AppConfig, now = new Date()): Promise<boolean> {
  if (await findCredentials(db, DEMO_ACCOUNT)) return false;
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
        authStatus: 2,
        fansCount: 12_846,
      })
      .returning();
    const userId = user!.id;
    await tx.insert(userIdentities).values({ userId, type: IDENTITY_TYPE_163 });

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
          rejectReason: item.rejectReason ?? null,
          views: item.views,
          likes: item.likes,
          comments: item.comments,
          shares: item.shares,
          publishedAt: item.status === 'published' ? at : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (item.type === 'video' || item.type === 'smallVideo') {
        // Demo videos have no file (npm start must not need ffmpeg): their upload key names no upload, so
        // the pages show the video as unavailable and offer to upload one, like a video whose file was removed.
        await tx.insert(videos).values({
          contentId: row!.id,
          use: item.type,
          uploadKey: md5Hex(`demo-video-${i}`),
          description: '演示视频：文件未上传。',
        });
      }
    }

    // 15 messages: several unread system messages (the bell), and a few in the other groups.
    const msgs: {
      group: number;
      title: string;
      body: string;
      read: boolean;
      hoursAgo: number;
      kind: string;
      params?: Record<string, string | number>;
      link?: string;
    }[] = [
      {
        group: MsgGroup.SYSTEM,
        title: '文章审核通过',
        body: '你的文章《2024款凯美瑞双擎深度试驾：油耗到底有多低》已通过审核并发布。',
        read: false,
        hoursAgo: 20,
        kind: 'article_published',
        params: { id: 0, title: '2024款凯美瑞双擎深度试驾：油耗到底有多低' },
        link: '/detailManage?type=article&status=published',
      },
      {
        group: MsgGroup.SYSTEM,
        title: '文章审核未通过',
        body: '你的文章《这款车赌博式降价背后的真相》未通过审核：contains a prohibited word: 赌博 (gambling)',
        read: false,
        hoursAgo: 90,
        kind: 'article_rejected',
        params: {
          id: 0,
          title: '这款车赌博式降价背后的真相',
          reason: 'contains a prohibited word: 赌博 (gambling)',
        },
      },
      {
        group: MsgGroup.SYSTEM,
        title: '创作者等级提升',
        body: '恭喜！你的创作者等级已提升至 3 级，节目功能已开放。',
        read: false,
        hoursAgo: 30,
        kind: 'grade_up',
      },
      {
        group: MsgGroup.SYSTEM,
        title: '认证审核通过',
        body: '你的创作者认证已通过审核。',
        read: false,
        hoursAgo: 200,
        kind: 'certified',
      },
      {
        group: MsgGroup.SYSTEM,
        title: '平台活动邀请',
        body: '“冬季用车”征文活动开始了，优秀作品将获得流量扶持。',
        read: true,
        hoursAgo: 300,
        kind: 'custom',
      },
      {
        group: MsgGroup.COMMENT,
        title: '新评论',
        body: '用户“阿杰”评论了你的视频：制动距离比我想的短！',
        read: false,
        hoursAgo: 5,
        kind: 'comment',
      },
      {
        group: MsgGroup.COMMENT,
        title: '新评论',
        body: '用户“Lily”评论了你的文章：请问后排空间怎么样？',
        read: false,
        hoursAgo: 26,
        kind: 'comment',
      },
      {
        group: MsgGroup.COMMENT,
        title: '新评论',
        body: '用户“老张”评论了你的文章：写得很实在。',
        read: true,
        hoursAgo: 50,
        kind: 'comment',
      },
      {
        group: MsgGroup.LIKE,
        title: '收到点赞',
        body: '你的视频《极狐阿尔法S 冰雪路面制动实测》收到 120 个新赞。',
        read: false,
        hoursAgo: 8,
        kind: 'like',
      },
      {
        group: MsgGroup.LIKE,
        title: '收到点赞',
        body: '你的文章《十万元预算买什么车？》收到 45 个新赞。',
        read: true,
        hoursAgo: 70,
        kind: 'like',
      },
      {
        group: MsgGroup.FOLLOW,
        title: '新粉丝',
        body: '昨天有 86 位用户关注了你。',
        read: false,
        hoursAgo: 12,
        kind: 'follow',
      },
      {
        group: MsgGroup.FOLLOW,
        title: '新粉丝',
        body: '用户“驾驶者小林”关注了你。',
        read: true,
        hoursAgo: 100,
        kind: 'follow',
      },
      {
        group: MsgGroup.BUSINESS,
        title: '商单邀约',
        body: '某品牌邀请你参与新车试驾推广，请在商务合作中查看。',
        read: false,
        hoursAgo: 40,
        kind: 'business',
      },
      {
        group: MsgGroup.BUSINESS,
        title: '结算完成',
        body: '你的 11 月推广收入已结算。',
        read: true,
        hoursAgo: 400,
        kind: 'business',
      },
    ];
    for (const m of msgs) {
      const id = await sendSystemMessage(tx, {
        userId,
        msgGroup: m.group,
        kind: m.kind,
        params: m.params,
        title: m.title,
        body: m.body,
        link: m.link ?? null,
      });
      await tx.execute(
        // Spread the demo over time and mark the older ones read.
        sql`update messages set created_at = ${new Date(now.getTime() - m.hoursAgo * 3_600_000)}, is_read = ${m.read} where id = ${id}`,
      );
    }
    await sendSystemMessage(tx, { userId, ...messageTemplates.welcome('车评小王') });

    for (let d = 1; d <= 30; d++) {
      const day = new Date(now.getTime() - d * DAY).toISOString().slice(0, 10);
      await tx.insert(dailyStats).values({
        userId,
        day,
        views: 8_000 + ((d * 7919) % 9_000),
        likes: 200 + ((d * 131) % 300),
        newFans: 40 + ((d * 37) % 90),
      });
    }
  });

  const notices = [
    {
      title: '创作者中心全新升级',
      summary: '新版创作者中心上线：数据更清晰，发布更快捷。',
      content:
        '<p>新版创作者中心今天上线。</p><ul><li>首页数据总览</li><li>文章编辑器支持图片与引用</li></ul>',
      days: 10,
    },
    {
      title: '关于规范汽车内容创作的公告',
      summary: '请勿发布夸大宣传、虚假测评等内容。',
      content: '<p>为维护良好的社区环境，请勿发布夸大宣传、虚假测评、违规改装等内容。</p>',
      days: 4,
    },
    {
      title: '“冬季用车”征文活动开启',
      summary: '分享你的冬季用车经验，赢取流量扶持。',
      content: '<h2>活动时间</h2><p>即日起至月底。</p><p>优秀作品将获得首页推荐。</p>',
      days: 1,
    },
  ];
  for (const n of notices) {
    await publishNotice(db, {
      title: n.title,
      summary: n.summary,
      content: n.content,
      publishedAt: new Date(now.getTime() - n.days * DAY),
    });
  }
  return true;
}
