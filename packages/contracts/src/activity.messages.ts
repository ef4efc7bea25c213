import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Activities (issue #15 "Activities"; spec §7 "tasks and activities").
 * Times in texts are `YYYY-MM-DD HH:mm` in REPORT_TZ.
 */
export const ACTIVITY_MESSAGES = {
  // ---- names used inside other texts ----
  ACTIVITY_STATE_DRAFT: { 'zh-CN': '草稿', 'en-US': 'a draft' },
  ACTIVITY_STATE_PUBLISHED: { 'zh-CN': '已发布', 'en-US': 'published' },
  ACTIVITY_STATE_CLOSED: { 'zh-CN': '已截止报名', 'en-US': 'closed for entries' },
  ACTIVITY_STATE_ANNOUNCED: { 'zh-CN': '已公布结果', 'en-US': 'announced' },
  ACTIVITY_ACTION_EDIT: { 'zh-CN': '编辑', 'en-US': 'edited' },
  ACTIVITY_ACTION_PUBLISH: { 'zh-CN': '发布', 'en-US': 'published' },
  ACTIVITY_ACTION_CLOSE: { 'zh-CN': '截止报名', 'en-US': 'closed' },
  ACTIVITY_ACTION_ANNOUNCE: { 'zh-CN': '公布结果', 'en-US': 'announced' },
  ACTIVITY_ACTION_DISQUALIFY: { 'zh-CN': '取消参赛资格', 'en-US': 'disqualified' },
  ACTIVITY_NO_PRIZE: {
    'zh-CN': '本次未获奖，感谢参与',
    'en-US': 'no prize this time; thank you for taking part',
  },
  ACTIVITY_PRIZE_WON: { 'zh-CN': '获得奖品：{{prize}}', 'en-US': 'prize: {{prize}}' },

  // ---- field errors ----
  ACTIVITY_TIME_INVALID: {
    'zh-CN': '时间格式错误，应为带时区的 ISO 时间',
    'en-US': 'the time must be an ISO time with an offset',
  },
  ACTIVITY_TITLE_REQUIRED: { 'zh-CN': '请填写活动标题', 'en-US': 'the title is required' },
  ACTIVITY_RULES_REQUIRED: { 'zh-CN': '请填写活动规则', 'en-US': 'the rules are required' },
  ACTIVITY_PRIZE_REQUIRED: { 'zh-CN': '请填写奖品说明', 'en-US': 'the prize text is required' },
  ACTIVITY_PRIZE_RANKS: {
    'zh-CN': '奖品的名次区间须从小到大且互不重叠',
    'en-US': 'prize rank ranges must ascend and must not overlap',
  },
  ACTIVITY_WORK_TYPES_REQUIRED: {
    'zh-CN': '请至少选择一种可参赛的作品类型',
    'en-US': 'choose at least one work type that may enter',
  },
  ACTIVITY_WORK_TYPE_INVALID: { 'zh-CN': '作品类型无效或重复', 'en-US': 'unknown or repeated work type' },
  ACTIVITY_ENDS_BEFORE_START: {
    'zh-CN': '报名截止时间须晚于开始时间',
    'en-US': 'the entry window must end after it starts',
  },
  ACTIVITY_RESULTS_BEFORE_END: {
    'zh-CN': '结果公布时间不能早于报名截止时间',
    'en-US': 'the results date cannot be before the entry window ends',
  },
  ACTIVITY_REASON_REQUIRED: { 'zh-CN': '请填写原因', 'en-US': 'the reason is required' },
  ACTIVITY_TOPIC_NOT_FOUND: { 'zh-CN': '话题不存在', 'en-US': 'no such topic' },

  // ---- refusals ----
  ACTIVITY_NOT_FOUND: { 'zh-CN': '活动不存在', 'en-US': 'no such activity' },
  ACTIVITY_ENTRY_NOT_FOUND: { 'zh-CN': '参赛作品不存在', 'en-US': 'no such entry' },
  ACTIVITY_WORK_NOT_FOUND: { 'zh-CN': '作品不存在', 'en-US': 'no such work of yours' },
  ACTIVITY_STATE_CONFLICT: {
    'zh-CN': '这个活动当前为“{{state}}”，不能{{action}}',
    'en-US': 'the activity is {{state}} and cannot be {{action}}',
  },
  ACTIVITY_NOT_OPEN: {
    'zh-CN': '不在报名时间内（{{from}} 至 {{to}}）',
    'en-US': 'entries are open only from {{from}} to {{to}}',
  },
  ACTIVITY_WORK_TYPE_NOT_ALLOWED: {
    'zh-CN': '这个活动不接受此类型的作品',
    'en-US': 'this activity does not accept works of this type',
  },
  ACTIVITY_WORK_NOT_PUBLISHED: {
    'zh-CN': '只有已发布的作品可以参加活动',
    'en-US': 'only published works can enter an activity',
  },
  ACTIVITY_WORK_ALREADY_ENTERED: {
    'zh-CN': '这个作品已参加本活动',
    'en-US': 'this work has already entered this activity',
  },
  ACTIVITY_ENTRY_DISQUALIFIED: {
    'zh-CN': '这个参赛作品已被取消资格',
    'en-US': 'this entry has been disqualified',
  },

  // ---- messages ----
  MSG_ACTIVITY_RESULT_TITLE: { 'zh-CN': '活动结果已公布', 'en-US': 'Activity results announced' },
  MSG_ACTIVITY_RESULT_BODY: {
    'zh-CN': '“{{activity}}”结果已公布：你的作品《{{work}}》排名第 {{rank}} 名，{{prize}}。',
    'en-US': 'The results of "{{activity}}" are out: your work "{{work}}" ranked {{rank}}; {{prize}}.',
  },
  MSG_ACTIVITY_DISQUALIFIED_TITLE: { 'zh-CN': '活动结果已公布', 'en-US': 'Activity results announced' },
  MSG_ACTIVITY_DISQUALIFIED_BODY: {
    'zh-CN': '“{{activity}}”结果已公布：你的作品《{{work}}》已被取消参赛资格，原因：{{reason}}。',
    'en-US': 'The results of "{{activity}}" are out: your work "{{work}}" was disqualified: {{reason}}.',
  },
  NOTICE_ACTIVITY_RESULT_TITLE: {
    'zh-CN': '“{{activity}}”获奖名单公布',
    'en-US': 'Results of "{{activity}}"',
  },
  NOTICE_ACTIVITY_RESULT_SUMMARY: {
    'zh-CN': '“{{activity}}”结果已公布，有效参赛作品 {{count}} 个，排名与奖品见全文。',
    'en-US':
      'The results of "{{activity}}" are out. Qualified entries: {{count}}. The ranking and prizes are inside.',
  },
  NOTICE_ACTIVITY_RESULT_INTRO: {
    'zh-CN':
      '“{{activity}}”有效参赛作品 {{count}} 个，排名如下（得分 = 阅读 + 3×点赞 + 5×评论 + 10×新增粉丝）：',
    'en-US':
      'Qualified entries of "{{activity}}": {{count}}. The ranking (score = views + 3 × likes + 5 × comments + 10 × new fans):',
  },
  NOTICE_ACTIVITY_RESULT_ROW: {
    'zh-CN': '第 {{rank}} 名：《{{work}}》（{{author}}），{{score}} 分{{prize}}',
    'en-US': 'No. {{rank}}: "{{work}}" by {{author}}, score {{score}}{{prize}}',
  },
  NOTICE_ACTIVITY_RESULT_PRIZE: { 'zh-CN': '，{{prize}}', 'en-US': ', {{prize}}' },
  NOTICE_ACTIVITY_RESULT_EMPTY: { 'zh-CN': '本次活动没有有效参赛作品。', 'en-US': 'No entry qualified.' },
} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). */
export const ACTIVITY_MESSAGE_KINDS = {
  activity_result: { title: 'MSG_ACTIVITY_RESULT_TITLE', body: 'MSG_ACTIVITY_RESULT_BODY' },
  activity_disqualified: { title: 'MSG_ACTIVITY_DISQUALIFIED_TITLE', body: 'MSG_ACTIVITY_DISQUALIFIED_BODY' },
} as const satisfies Record<string, { title: string; body: string }>;

/** A value for every `{{param}}` this area's kinds use (server-messages.test.ts renders every kind with them). */
export const ACTIVITY_MESSAGE_SAMPLE_PARAMS: Record<string, unknown> = {
  activity: '春季用车故事征集',
  work: '我的第一台车',
  rank: 1,
  prize: '获得奖品：车模一台',
  reason: '作品与活动主题无关',
};
