import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Tasks and grades (issue #14; docs/api.md "Tasks and grades").
 */
export const GROWTH_MESSAGES = {
  // ---- tasks: refusals (`task/claim`, `ops/growth/save_task`) ----
  GROWTH_TASK_NOT_FOUND: {
    'zh-CN': '任务不存在或已下线',
    'en-US': 'no such task, or it is no longer active',
  },
  GROWTH_TASK_NOT_DONE: {
    'zh-CN': '任务“{{title}}”尚未完成：当前 {{progress}} / {{target}} {{unit}}',
    'en-US': 'the task “{{title}}” is not done yet: {{progress}} / {{target}} {{unit}} so far',
  },
  GROWTH_TASK_ALREADY_CLAIMED: {
    'zh-CN': '任务“{{title}}”本期（{{period}}）的奖励已于 {{at}} 领取',
    'en-US': 'the reward of “{{title}}” for {{period}} was already claimed at {{at}}',
  },
  GROWTH_TASK_CODE_FORMAT: {
    'zh-CN': '任务代码为 2–40 位小写字母、数字或下划线，以字母开头',
    'en-US': 'a task code is 2–40 lowercase letters, digits or underscores, starting with a letter',
  },
  GROWTH_TASK_CODE_TAKEN: {
    'zh-CN': '任务代码 {{code}} 已被使用',
    'en-US': 'the task code {{code}} is taken',
  },
  GROWTH_TASK_CODE_FIXED: {
    'zh-CN': '任务代码创建后不能修改（当前为 {{code}}）',
    'en-US': 'a task’s code cannot change once created (it is {{code}})',
  },
  GROWTH_TASK_STATE_METRIC_NEWCOMER: {
    'zh-CN': '“完善资料”和“完成认证”只能用于新手任务',
    'en-US': '“complete the profile” and “get certified” are for newcomer tasks only',
  },
  GROWTH_TASK_TARGET_FIXED: {
    'zh-CN': '此类任务的目标固定为 {{target}}',
    'en-US': 'this task’s target is always {{target}}',
  },
  GROWTH_TASK_DEFINITION_LOCKED: {
    'zh-CN': '任务已被领取 {{claims}} 次，不能再修改类型或统计项（可以下线后新建任务）',
    'en-US':
      'the task was claimed {{claims}} times: its kind and metric can no longer change (deactivate it and create a new one)',
  },

  // ---- units of task progress (params of GROWTH_TASK_NOT_DONE and the suggestions) ----
  GROWTH_UNIT_ARTICLES: { 'zh-CN': '篇文章', 'en-US': 'articles' },
  GROWTH_UNIT_VIDEOS: { 'zh-CN': '个视频', 'en-US': 'videos' },
  GROWTH_UNIT_WORKS: { 'zh-CN': '个作品', 'en-US': 'works' },
  GROWTH_UNIT_PLAYS: { 'zh-CN': '次播放/阅读', 'en-US': 'plays and reads' },
  GROWTH_UNIT_FANS: { 'zh-CN': '位新粉丝', 'en-US': 'new fans' },
  GROWTH_UNIT_STEPS: { 'zh-CN': '项资料', 'en-US': 'profile steps' },
  GROWTH_UNIT_CERTIFIED: { 'zh-CN': '项认证', 'en-US': 'certification' },

  // ---- grade analysis: what would raise the grade (`grade/analysis` suggestions) ----
  GROWTH_SUGGEST_CLAIM: {
    'zh-CN': '领取已完成的任务“{{task}}”→ +{{points}} 成长值',
    'en-US': 'claim the finished task “{{task}}” → +{{points}} growth points',
  },
  GROWTH_SUGGEST_TASK: {
    'zh-CN': '再完成 {{remaining}} {{unit}}即可领取“{{task}}”（{{ends}}）→ +{{points}} 成长值',
    'en-US': '{{remaining}} more {{unit}} to finish “{{task}}” ({{ends}}) → +{{points}} growth points',
  },
  GROWTH_SUGGEST_ENDS_WEEK: { 'zh-CN': '本周内', 'en-US': 'this week' },
  GROWTH_SUGGEST_ENDS_MONTH: { 'zh-CN': '本月内', 'en-US': 'this month' },
  GROWTH_SUGGEST_ENDS_ONCE: { 'zh-CN': '新手任务', 'en-US': 'newcomer task' },
  GROWTH_SUGGEST_PUBLISH: {
    'zh-CN': '发布 {{count}} 个{{type}} → +{{points}} 成长值（每个 {{each}}，每天最多 {{cap}}）',
    'en-US': 'publish {{count}} {{type}} → +{{points}} growth points ({{each}} each, at most {{cap}} a day)',
  },
  GROWTH_SUGGEST_PLAYS: {
    'zh-CN': '作品每多 {{plays}} 次播放/阅读 → +{{points}} 成长值（近 {{days}} 天日均 {{average}} 次）',
    'en-US':
      'every {{plays}} more plays and reads of your works → +{{points}} growth points (your daily average over {{days}} days: {{average}})',
  },
  GROWTH_SUGGEST_FANS: {
    'zh-CN': '每新增 1 位粉丝 → +{{points}} 成长值（近 {{days}} 天新增 {{gained}} 位）',
    'en-US': 'each new fan → +{{points}} growth points ({{gained}} gained in the last {{days}} days)',
  },
  GROWTH_SUGGEST_CREDIT: {
    'zh-CN':
      '信用分 {{score}}：每天 {{now}} 成长值；保持无违规，信用分恢复到 {{target}} 后有作品产出的每天 +{{bonus}}',
    'en-US':
      'credit score {{score}}: {{now}} growth points a day; keep clean and at {{target}} each active day earns +{{bonus}}',
  },
  GROWTH_SUGGEST_TOP: {
    'zh-CN': '你已达到最高等级 {{grade}} 级，继续创作保持成长值',
    'en-US': 'you are at the top grade, {{grade}}: keep creating to hold your points',
  },
  GROWTH_TYPE_ARTICLES: { 'zh-CN': '文章', 'en-US': 'articles' },
  GROWTH_TYPE_VIDEOS: { 'zh-CN': '视频', 'en-US': 'videos' },
  GROWTH_TYPE_SMALL_VIDEOS: { 'zh-CN': '小视频', 'en-US': 'short videos' },
  GROWTH_TYPE_ALBUMS: { 'zh-CN': '图集', 'en-US': 'image collections' },

  // ---- message centre ----
  // kinds' params: `grade` the new grade, `count` (raised: business orders at once; lowered: growth points); the
  // messages also carry `from` and `points` for clients that render their own text
  MSG_GRADE_RAISED_TITLE: { 'zh-CN': '创作者等级提升', 'en-US': 'Creator grade raised' },
  MSG_GRADE_RAISED_BODY: {
    'zh-CN': '恭喜！你的创作者等级已提升至 {{grade}} 级，可同时承接 {{count}} 个商单；3 级起开放节目功能。',
    'en-US':
      'Congratulations! Your creator grade is now {{grade}}: you may hold {{count}} business orders at once. Programs open at grade 3.',
  },
  MSG_GRADE_DOWN_TITLE: { 'zh-CN': '创作者等级下调', 'en-US': 'Creator grade lowered' },
  MSG_GRADE_DOWN_BODY: {
    'zh-CN': '你的成长值为 {{count}}，创作者等级已下调至 {{grade}} 级。查看等级分析，了解如何提升。',
    'en-US':
      'With {{count}} growth points your creator grade was lowered to {{grade}}. See the grade analysis for how to raise it.',
  },
} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). */
export const GROWTH_MESSAGE_KINDS = {
  /** a grade raised below PROGRAM_MIN_GRADE (the catalog's `grade_up` names programs, open from grade 3) */
  grade_raised: { title: 'MSG_GRADE_RAISED_TITLE', body: 'MSG_GRADE_RAISED_BODY' },
  grade_down: { title: 'MSG_GRADE_DOWN_TITLE', body: 'MSG_GRADE_DOWN_BODY' },
} as const satisfies Record<string, { title: string; body: string }>;
