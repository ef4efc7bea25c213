/** zh-CN texts of the rule centre (features/rules, issue #11) and of the links from refusals to their rule. */
export const rulesZhCN = {
  /** the link beside a refusal (components/rule-link.tsx) */
  seeRule: '查看规则',
  nav: {
    label: '规则分类',
    all: '全部规则',
    publish: '发布规范',
    recommend: '推荐规范',
  },
  categories: {
    publish: '发布规范',
    recommend: '推荐规范',
    certification: '认证规范',
  },
  categoryHints: {
    publish: '发布文章、图集、视频、动态和直播时须遵守的规则',
    recommend: '作品怎样获得更多推荐，哪些内容会被限制推荐',
    certification: '作者认证的条件、材料和协议',
  },
  intro: '平台的发布、推荐和认证规则。作品被拒绝或操作不被允许时，提示旁的“查看规则”会直接打开对应的条款。',
  search: {
    label: '搜索规则',
    placeholder: '搜索规则，例如“标题”“联系方式”',
    button: '搜索',
    results: '“{{q}}”的搜索结果：{{count}} 条',
    empty: '没有找到与“{{q}}”相关的规则，换个关键词试试，或按分类浏览',
    clear: '清除搜索，按分类浏览',
  },
  list: {
    label: '{{category}}：规则列表',
    empty: '这个分类还没有规则，可以回到规则中心看看其他分类',
    rules: '{{count}} 条规则',
  },
  rule: {
    version: '第 {{version}} 版',
    effective: '{{date}} 起生效',
    toc: '本页目录',
    copyLink: '复制“{{title}}”的链接',
    linkCopied: '已复制本节链接',
    copyFailed: '无法复制，请从地址栏复制链接',
    history: '版本历史',
    historyEntry: '第 {{version}} 版 · {{date}} 起生效',
    current: '当前版本',
    notFound: '没有找到这条规则',
    notFoundHint: '规则可能已改名或下线，请回到规则中心搜索或按分类查找。',
    backToCentre: '返回规则中心',
    sectionMissing: '本规则中没有“{{section}}”这一节，已为你打开规则全文。',
  },
} as const;
