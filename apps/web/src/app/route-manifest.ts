import type { ComponentType } from 'react';
import {
  BarChartOutlined,
  CommentOutlined,
  CrownOutlined,
  FileTextOutlined,
  HomeOutlined,
  ReadOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { NotFoundScreen, ServerErrorScreen } from '../components/error-screens';

/**
 * THE route manifest (issue #7 "One route manifest"): every page of the product, one entry each. The
 * router (router.tsx), the spec's route table (route-table.ts) and the aside menu (menu.ts) are
 * generated from it — adding a page means adding one entry here (and its i18n key in both locales).
 */

/**
 * The frame a page renders in (spec §1, §2): `default` = top bar, header, aside menu and footer;
 * `only-header` = header without the aside (editors, top-level pages); `public` = header without user
 * calls (sign-in and the error screens, which must render signed out).
 */
export type Layout = 'default' | 'only-header' | 'public';

/** Who may see a menu entry (spec §6): the program area by rankResult, the dynamic area by dynamicShow. */
export type MenuRequirement = 'program' | 'dynamic';

/** The aside-menu groups, in display order (DESIGN.md); `home` is shown ungrouped. */
export const MENU_GROUPS = [
  { key: 'home', icon: HomeOutlined },
  { key: 'content', icon: FileTextOutlined },
  { key: 'data', icon: BarChartOutlined },
  { key: 'interaction', icon: CommentOutlined },
  { key: 'growth', icon: RiseOutlined },
  { key: 'business', icon: CrownOutlined },
  { key: 'certification', icon: SafetyCertificateOutlined },
  { key: 'rules', icon: ReadOutlined },
] as const satisfies readonly { key: string; icon: ComponentType }[];

export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

/** A page module loaded on first visit (its own chunk). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * What a path shows: a lazily loaded page, a component bundled with the frame (the error screens,
 * which must show even when chunks fail), a redirect, or — not built yet — the "coming soon" page.
 */
export type RoutePage =
  | { built: true; load: PageLoader }
  | { built: true; Component: ComponentType }
  | { built: true; redirectTo: string }
  | { built: false };

export interface RouteEntry {
  /** the path without its leading slash (spec §2: no route has parameters); '' is home */
  path: string;
  layout: Layout;
  /** full i18n key of the page's name: `menu.*` for menu pages, else `pages.*` (or an existing title) */
  titleKey: string;
  page: RoutePage;
  /** present when the page has an aside-menu entry: its group, its order inside the group, who sees it */
  menu?: { group: MenuGroupKey; order: number; requires?: MenuRequirement };
}

const lazy = (load: PageLoader): RoutePage => ({ built: true, load });
/**
 * The article editor (issue #2) and its eight helper routes (spec §2, issue #15 "Article helper routes"): one page
 * module, so the router keeps the editor mounted while a helper opens and closes (the page reads the path).
 */
const ARTICLE_PAGE = lazy(() => import('./routes/article'));

/** Every route of the app (spec §2 plus the product's own pages: login, register, designs, poster). */
export const ROUTE_MANIFEST: readonly RouteEntry[] = [
  // ── public layout ──────────────────────────────────────────────────────────────────────────────
  { path: 'login', layout: 'public', titleKey: 'pages.login', page: lazy(() => import('./routes/login')) },
  {
    path: 'register',
    layout: 'public',
    titleKey: 'pages.register',
    page: lazy(() => import('./routes/register')),
  },
  {
    path: 'notFound/notFound',
    layout: 'public',
    titleKey: 'errors.notFoundTitle',
    page: { built: true, Component: NotFoundScreen },
  },
  {
    path: 'serverError/serverError',
    layout: 'public',
    titleKey: 'errors.serverTitle',
    page: { built: true, Component: ServerErrorScreen },
  },

  // ── default layout: menu pages ─────────────────────────────────────────────────────────────────
  {
    path: '',
    layout: 'default',
    titleKey: 'menu.home',
    page: lazy(() => import('./routes/home')),
    menu: { group: 'home', order: 1 },
  },
  {
    path: 'detailManage',
    layout: 'default',
    titleKey: 'menu.detailManage',
    page: lazy(() => import('./routes/detail-manage')),
    menu: { group: 'content', order: 2 },
  },
  {
    path: 'designs',
    layout: 'default',
    titleKey: 'menu.designs',
    page: lazy(() => import('./routes/designs')),
    menu: { group: 'content', order: 3 },
  },
  {
    path: 'detailManage/dynamic',
    layout: 'default',
    titleKey: 'menu.dynamicManage',
    page: lazy(() => import('./routes/dynamic-manage')),
    menu: { group: 'content', order: 4, requires: 'dynamic' },
  },
  {
    path: 'imageCollection',
    layout: 'default',
    titleKey: 'menu.imageCollection',
    page: lazy(() => import('./routes/image-collection')),
    menu: { group: 'content', order: 5 },
  },
  {
    path: 'videos',
    layout: 'default',
    titleKey: 'menu.videos',
    page: lazy(() => import('./routes/videos')),
    menu: { group: 'content', order: 6 },
  },
  {
    path: 'smallVideo',
    layout: 'default',
    titleKey: 'menu.smallVideo',
    page: lazy(() => import('./routes/small-videos')),
    menu: { group: 'content', order: 7 },
  },
  {
    path: 'liveShow',
    layout: 'default',
    titleKey: 'menu.liveShow',
    page: lazy(() => import('./routes/live-show')),
    menu: { group: 'content', order: 8 },
  },
  {
    path: 'program',
    layout: 'default',
    titleKey: 'menu.program',
    page: lazy(() => import('./routes/program')),
    menu: { group: 'content', order: 9, requires: 'program' },
  },
  {
    path: 'contentAssistant',
    layout: 'default',
    titleKey: 'menu.contentAssistant',
    page: lazy(() => import('./routes/content-assistant')),
    menu: { group: 'content', order: 10 },
  },
  {
    path: 'creativeHot',
    layout: 'default',
    titleKey: 'menu.creativeHot',
    page: lazy(() => import('./routes/creative-hot')),
    menu: { group: 'content', order: 11 },
  },
  {
    path: 'dataOverview',
    layout: 'default',
    titleKey: 'menu.dataOverview',
    page: lazy(() => import('./routes/data-overview')),
    menu: { group: 'data', order: 1 },
  },
  {
    path: 'workData',
    layout: 'default',
    titleKey: 'menu.workData',
    page: lazy(() => import('./routes/work-data')),
    menu: { group: 'data', order: 2 },
  },
  {
    path: 'dataReport',
    layout: 'default',
    titleKey: 'menu.dataReport',
    page: lazy(() => import('./routes/data-report')),
    menu: { group: 'data', order: 3 },
  },
  {
    path: 'manage/dataAnalyse',
    layout: 'default',
    titleKey: 'menu.dataAnalyse',
    page: lazy(() => import('./routes/data-analyse')),
    menu: { group: 'data', order: 4 },
  },
  {
    path: 'manage/influenceIndex',
    layout: 'default',
    titleKey: 'menu.influenceIndex',
    page: lazy(() => import('./routes/influence-index')),
    menu: { group: 'data', order: 5 },
  },
  {
    path: 'manage/fansManage/fans',
    layout: 'default',
    titleKey: 'menu.fans',
    page: lazy(() => import('./routes/fans')),
    menu: { group: 'data', order: 6 },
  },
  {
    path: 'rank',
    layout: 'default',
    titleKey: 'menu.rank',
    page: lazy(() => import('./routes/rank-board')),
    menu: { group: 'data', order: 7 },
  },
  {
    path: 'messageList',
    layout: 'default',
    titleKey: 'menu.messageList',
    page: lazy(() => import('./routes/message-list')),
    menu: { group: 'interaction', order: 1 },
  },
  {
    path: 'noticeList',
    layout: 'default',
    titleKey: 'menu.noticeList',
    page: lazy(() => import('./routes/notice-list')),
    menu: { group: 'interaction', order: 2 },
  },
  {
    path: 'manage/commentManage',
    layout: 'default',
    titleKey: 'menu.commentManage',
    page: lazy(() => import('./routes/comment-manage')),
    menu: { group: 'interaction', order: 3 },
  },
  {
    path: 'popBarrage',
    layout: 'default',
    titleKey: 'menu.popBarrage',
    page: lazy(() => import('./routes/pop-barrage')),
    menu: { group: 'interaction', order: 4 },
  },
  {
    path: 'topic',
    layout: 'default',
    titleKey: 'menu.topic',
    page: lazy(() => import('./routes/topic')),
    menu: { group: 'interaction', order: 5 },
  },
  {
    path: 'newDynamic/community',
    layout: 'default',
    titleKey: 'menu.community',
    page: lazy(() => import('./routes/new-dynamic-community')),
    menu: { group: 'interaction', order: 6, requires: 'dynamic' },
  },
  {
    path: 'growUp/myGrade',
    layout: 'default',
    titleKey: 'menu.myGrade',
    page: lazy(() => import('./routes/grow-up-my-grade')),
    menu: { group: 'growth', order: 1 },
  },
  {
    path: 'growUp/creditScore',
    layout: 'default',
    titleKey: 'menu.creditScore',
    page: lazy(() => import('./routes/grow-up-credit-score')),
    menu: { group: 'growth', order: 2 },
  },
  {
    path: 'growthInterest/growthBoost',
    layout: 'default',
    titleKey: 'menu.growthBoost',
    page: lazy(() => import('./routes/growth-boost')),
    menu: { group: 'growth', order: 3 },
  },
  {
    path: 'activity',
    layout: 'default',
    titleKey: 'activity.title',
    page: lazy(() => import('./routes/activity')),
    menu: { group: 'growth', order: 4 },
  },
  {
    path: 'activity/detail',
    layout: 'default',
    titleKey: 'activity.detailTitle',
    page: lazy(() => import('./routes/activity-detail')),
  },
  {
    path: 'businessOrder',
    layout: 'default',
    titleKey: 'menu.businessOrder',
    page: lazy(() => import('./routes/business-order')),
    menu: { group: 'business', order: 1 },
  },
  {
    path: 'growthInterest/myPromotion',
    layout: 'default',
    titleKey: 'menu.myPromotion',
    page: lazy(() => import('./routes/my-promotion')),
    menu: { group: 'business', order: 2 },
  },
  {
    path: 'authoringService/ruleCenter',
    layout: 'default',
    titleKey: 'menu.ruleCenter',
    page: lazy(() => import('./routes/rule-center')),
    menu: { group: 'rules', order: 1 },
  },

  // ── default layout: pages without a menu entry ──────────────────────────────────────────────────
  {
    // the product's own page (spec §2 names no route for account settings; issue #9): reached from the
    // header's avatar and user menu
    path: 'account/settings',
    layout: 'default',
    titleKey: 'account.settings.pageTitle',
    page: lazy(() => import('./routes/account-settings')),
  },
  {
    // the product's own page (issue #10 "a small operator page"; spec §2 names none): operators only
    path: 'ops/review',
    layout: 'default',
    titleKey: 'ops.title',
    page: lazy(() => import('./routes/ops-review')),
  },
  {
    path: 'businessOrder/detail',
    layout: 'default',
    titleKey: 'pages.businessOrderDetail',
    page: lazy(() => import('./routes/business-order-detail')),
  },
  {
    path: 'creativeInterest',
    layout: 'default',
    titleKey: 'menu.creativeInterest',
    page: lazy(() => import('./routes/creative-interest')),
  },
  {
    path: 'exponent',
    layout: 'default',
    titleKey: 'menu.exponent',
    page: lazy(() => import('./routes/influence-index')),
  },
  {
    path: 'exponent/hotRank',
    layout: 'default',
    titleKey: 'pages.exponentHotRank',
    page: lazy(() => import('./routes/rank-board')),
  },
  {
    path: 'exponent/popularRank',
    layout: 'default',
    titleKey: 'pages.exponentPopularRank',
    page: lazy(() => import('./routes/rank-board')),
  },
  {
    path: 'exponent/safeRank',
    layout: 'default',
    titleKey: 'pages.exponentSafeRank',
    page: lazy(() => import('./routes/rank-board')),
  },
  {
    path: 'rank/carBuyingInfluenceRank',
    layout: 'default',
    titleKey: 'pages.rankCarBuyingInfluence',
    page: lazy(() => import('./routes/rank-board')),
  },
  {
    path: 'rank/leaderRank',
    layout: 'default',
    titleKey: 'pages.rankLeader',
    page: lazy(() => import('./routes/rank-board')),
  },
  {
    path: 'rank/videoRank',
    layout: 'default',
    titleKey: 'pages.rankVideo',
    page: lazy(() => import('./routes/rank-board')),
  },
  {
    path: 'stat_param',
    layout: 'default',
    titleKey: 'pages.statParam',
    page: lazy(() => import('./routes/stat-param')),
  },
  {
    path: 'authoringService/ruleCenter/publish',
    layout: 'default',
    titleKey: 'pages.ruleCenterPublish',
    page: lazy(() => import('./routes/rule-center-publish')),
  },
  {
    path: 'authoringService/ruleCenter/recommend',
    layout: 'default',
    titleKey: 'pages.ruleCenterRecommend',
    page: lazy(() => import('./routes/rule-center-recommend')),
  },
  {
    path: 'newDynamic/oldDynamic',
    layout: 'default',
    titleKey: 'pages.oldDynamic',
    page: lazy(() => import('./routes/new-dynamic-old')),
  },
  {
    path: 'newDynamic/smallVideo',
    layout: 'default',
    titleKey: 'pages.dynamicSmallVideo',
    page: lazy(() => import('./routes/new-dynamic-small-video')),
  },
  {
    path: 'growthInterest/couponDetail',
    layout: 'default',
    titleKey: 'pages.couponDetail',
    page: lazy(() => import('./routes/coupon-detail')),
  },
  {
    path: 'growUp/gradeAnalysis',
    layout: 'default',
    titleKey: 'pages.gradeAnalysis',
    page: lazy(() => import('./routes/grow-up-grade-analysis')),
  },
  {
    path: 'growUp/gradeRights',
    layout: 'default',
    titleKey: 'pages.gradeRights',
    page: lazy(() => import('./routes/grow-up-grade-rights')),
  },
  {
    path: 'manage/commentManage/article',
    layout: 'default',
    titleKey: 'pages.commentArticle',
    page: lazy(() => import('./routes/comment-manage')),
  },
  {
    path: 'manage/commentManage/commentlist',
    layout: 'default',
    titleKey: 'pages.commentList',
    page: lazy(() => import('./routes/comment-manage')),
  },
  {
    path: 'manage/commentManage/dynamic',
    layout: 'default',
    titleKey: 'pages.commentDynamic',
    page: lazy(() => import('./routes/comment-manage')),
  },
  {
    path: 'manage/commentManage/popReply',
    layout: 'default',
    titleKey: 'pages.commentPopReply',
    page: lazy(() => import('./routes/comment-manage')),
  },
  {
    path: 'manage/commentManage/smallVideo',
    layout: 'default',
    titleKey: 'pages.commentSmallVideo',
    page: lazy(() => import('./routes/comment-manage')),
  },
  {
    path: 'manage/commentManage/video',
    layout: 'default',
    titleKey: 'pages.commentVideo',
    page: lazy(() => import('./routes/comment-manage')),
  },
  {
    path: 'manage/dataAnalyse/imageAnalyse',
    layout: 'default',
    titleKey: 'pages.imageAnalyse',
    page: lazy(() => import('./routes/data-analyse-image')),
  },
  {
    path: 'manage/dataAnalyse/videoAnalyse',
    layout: 'default',
    titleKey: 'pages.videoAnalyse',
    page: lazy(() => import('./routes/data-analyse-video')),
  },

  // ── only-header layout ─────────────────────────────────────────────────────────────────────────
  {
    path: 'article',
    layout: 'only-header',
    titleKey: 'menu.publishArticle',
    page: ARTICLE_PAGE,
    menu: { group: 'content', order: 1 },
  },
  {
    path: 'certification/indexc',
    layout: 'only-header',
    titleKey: 'menu.certification',
    page: lazy(() => import('./routes/certification-indexc')),
    menu: { group: 'certification', order: 1 },
  },
  {
    path: 'poster',
    layout: 'only-header',
    titleKey: 'pages.poster',
    page: lazy(() => import('./routes/poster')),
  },
  {
    path: 'article/preview',
    layout: 'only-header',
    titleKey: 'pages.articlePreview',
    page: lazy(() => import('./routes/article-preview')),
  },
  {
    path: 'article/index-new',
    layout: 'only-header',
    titleKey: 'menu.publishArticle',
    page: ARTICLE_PAGE,
  },
  {
    path: 'notice',
    layout: 'only-header',
    titleKey: 'pages.notice',
    page: lazy(() => import('./routes/notice')),
  },
  {
    path: 'videos/video',
    layout: 'only-header',
    titleKey: 'pages.publishVideo',
    page: lazy(() => import('./routes/video-publish')),
  },
  {
    path: 'smallVideo/indexv',
    layout: 'only-header',
    titleKey: 'pages.publishSmallVideo',
    page: lazy(() => import('./routes/small-video-publish')),
  },
  {
    path: 'videodot',
    layout: 'only-header',
    titleKey: 'pages.videoDots',
    page: lazy(() => import('./routes/videodot')),
  },
  {
    path: 'releaseImages',
    layout: 'only-header',
    titleKey: 'pages.releaseImages',
    page: lazy(() => import('./routes/release-images')),
  },
  {
    path: 'certification/agreement',
    layout: 'only-header',
    titleKey: 'pages.certificationAgreement',
    page: lazy(() => import('./routes/certification-agreement')),
  },
  {
    path: 'certification/organization',
    layout: 'only-header',
    titleKey: 'pages.certificationOrganization',
    page: lazy(() => import('./routes/certification-organization')),
  },
  {
    path: 'certification/person',
    layout: 'only-header',
    titleKey: 'pages.certificationPerson',
    page: lazy(() => import('./routes/certification-person')),
  },
  {
    path: 'dynamic/dynamic',
    layout: 'only-header',
    titleKey: 'pages.publishDynamic',
    page: lazy(() => import('./routes/dynamic-publish')),
  },
  {
    path: 'task/detail',
    layout: 'only-header',
    titleKey: 'pages.taskDetail',
    page: lazy(() => import('./routes/task-detail')),
  },
  {
    path: 'article/cropperDialog',
    layout: 'only-header',
    titleKey: 'pages.articleCropper',
    page: ARTICLE_PAGE,
  },
  { path: 'article/getData', layout: 'only-header', titleKey: 'pages.articleGetData', page: ARTICLE_PAGE },
  { path: 'article/mixin', layout: 'only-header', titleKey: 'pages.articleMixin', page: ARTICLE_PAGE },
  {
    path: 'article/newSurfacePlotCompound',
    layout: 'only-header',
    titleKey: 'pages.articleSurfaceCompound',
    page: ARTICLE_PAGE,
  },
  {
    path: 'article/toolbarTips',
    layout: 'only-header',
    titleKey: 'pages.articleToolbarTips',
    page: ARTICLE_PAGE,
  },
  {
    path: 'article/upLayer/upFile',
    layout: 'only-header',
    titleKey: 'pages.articleUpFile',
    page: ARTICLE_PAGE,
  },
  {
    path: 'article/upLayer/upImage',
    layout: 'only-header',
    titleKey: 'pages.articleUpImage',
    page: ARTICLE_PAGE,
  },
];

/** The manifest entries of one layout, in manifest order. */
export function routesOfLayout(layout: Layout): RouteEntry[] {
  return ROUTE_MANIFEST.filter((r) => r.layout === layout);
}
