/** Who may see an entry (spec §6): the program area by rankResult, the dynamic area by dynamicShow. */
export type MenuRequirement = 'program' | 'dynamic';

export interface MenuEntry {
  path: string;
  /** i18n key under `menu.` */
  labelKey: string;
  requires?: MenuRequirement;
}

export interface MenuGroup {
  /** i18n key under `menu.groups.`; null for the ungrouped home entry */
  key: 'home' | 'content' | 'data' | 'interaction' | 'growth' | 'business' | 'certification' | 'rules';
  entries: MenuEntry[];
}

/**
 * The aside menu, grouped as DESIGN.md says, over the spec §2 routes. Entries not built yet open a
 * "coming soon" page in the frame, so the menu is complete from the start.
 */
export const MENU: MenuGroup[] = [
  { key: 'home', entries: [{ path: '/', labelKey: 'home' }] },
  {
    key: 'content',
    entries: [
      { path: '/article', labelKey: 'publishArticle' },
      { path: '/detailManage', labelKey: 'detailManage' },
      { path: '/designs', labelKey: 'designs' },
      { path: '/detailManage/dynamic', labelKey: 'dynamicManage', requires: 'dynamic' },
      { path: '/imageCollection', labelKey: 'imageCollection' },
      { path: '/videos', labelKey: 'videos' },
      { path: '/smallVideo', labelKey: 'smallVideo' },
      { path: '/liveShow', labelKey: 'liveShow' },
      { path: '/program', labelKey: 'program', requires: 'program' },
      { path: '/contentAssistant', labelKey: 'contentAssistant' },
      { path: '/creativeHot', labelKey: 'creativeHot' },
    ],
  },
  {
    key: 'data',
    entries: [
      { path: '/dataOverview', labelKey: 'dataOverview' },
      { path: '/workData', labelKey: 'workData' },
      { path: '/dataReport', labelKey: 'dataReport' },
      { path: '/manage/dataAnalyse', labelKey: 'dataAnalyse' },
      { path: '/manage/influenceIndex', labelKey: 'influenceIndex' },
      { path: '/manage/fansManage/fans', labelKey: 'fans' },
      { path: '/rank', labelKey: 'rank' },
    ],
  },
  {
    key: 'interaction',
    entries: [
      { path: '/messageList', labelKey: 'messageList' },
      { path: '/noticeList', labelKey: 'noticeList' },
      { path: '/manage/commentManage', labelKey: 'commentManage' },
      { path: '/popBarrage', labelKey: 'popBarrage' },
      { path: '/topic', labelKey: 'topic' },
      { path: '/newDynamic/community', labelKey: 'community', requires: 'dynamic' },
    ],
  },
  {
    key: 'growth',
    entries: [
      { path: '/growUp/myGrade', labelKey: 'myGrade' },
      { path: '/growUp/creditScore', labelKey: 'creditScore' },
      { path: '/growthInterest/growthBoost', labelKey: 'growthBoost' },
    ],
  },
  {
    key: 'business',
    entries: [
      { path: '/businessOrder', labelKey: 'businessOrder' },
      { path: '/growthInterest/myPromotion', labelKey: 'myPromotion' },
    ],
  },
  { key: 'certification', entries: [{ path: '/certification/indexc', labelKey: 'certification' }] },
  { key: 'rules', entries: [{ path: '/authoringService/ruleCenter', labelKey: 'ruleCenter' }] },
];

/** The menu with the entries the author may see (spec §6). */
export function visibleMenu(flags: { rankResult: number; dynamicShow: number }): MenuGroup[] {
  const allowed = (e: MenuEntry) =>
    !e.requires || (e.requires === 'program' ? flags.rankResult === 1 : flags.dynamicShow === 1);
  return MENU.map((g) => ({ ...g, entries: g.entries.filter(allowed) })).filter((g) => g.entries.length > 0);
}

/** The i18n label key of a path in the menu, if it has one (used by placeholder pages for their title). */
export function menuLabelKey(path: string): string | undefined {
  for (const g of MENU) for (const e of g.entries) if (e.path === path) return `menu.${e.labelKey}`;
  return undefined;
}
