import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. The content assistant (issue #14, spec §6 "content assistant allow flag").
 */
export const ASSISTANT_MESSAGES = {
  // ---- content assistant (issue #14, docs/api.md "Content assistant") ----
  ASSISTANT_NOT_ALLOWED: {
    'zh-CN': '你的账号还没有开通内容助手：内容助手由运营人员按作者开通，请联系运营人员',
    'en-US':
      'the content assistant is not enabled for your account: an operator grants it per author, so ask your operator',
  },
  ASSISTANT_TEXT_TOO_SHORT: {
    'zh-CN': '正文至少需要 {{min}} 个字才能生成标题建议',
    'en-US': 'the text needs at least {{min}} characters to suggest titles from',
  },
  // why the model's titles are missing (`modelError`): the fallback sentence around one reason
  ASSISTANT_MODEL_FALLBACK: {
    'zh-CN': '模型标题暂不可用（{{reason}}），以下是本地建议',
    'en-US': 'model titles are unavailable ({{reason}}); these are the local suggestions',
  },
  ASSISTANT_MODEL_TIMEOUT: {
    'zh-CN': '模型服务 {{seconds}} 秒内没有回应',
    'en-US': 'the model service did not answer within {{seconds}} s',
  },
  ASSISTANT_MODEL_HTTP: {
    'zh-CN': '模型服务返回了错误 HTTP {{status}}',
    'en-US': 'the model service answered with HTTP {{status}}',
  },
  ASSISTANT_MODEL_UNREACHABLE: {
    'zh-CN': '无法连接模型服务',
    'en-US': 'the model service could not be reached',
  },
  ASSISTANT_MODEL_UNREADABLE: {
    'zh-CN': '模型的回答中没有可读的标题',
    'en-US': "the model's answer held no readable titles",
  },
  ASSISTANT_MODEL_NO_VALID_TITLES: {
    'zh-CN': '模型给出的标题都不符合标题规范，或含有违禁词、标题党写法',
    'en-US': "none of the model's titles met the title rules (length, prohibited words, clickbait)",
  },
  ASSISTANT_MODEL_BUSY: {
    'zh-CN': '每位作者每分钟最多请求模型 {{max}} 次，请稍后再试',
    'en-US': 'at most {{max}} model requests a minute per author; try again shortly',
  },
  // the check before publishing: clickbait (publish-titles#clickbait and #symbols)
  ASSISTANT_CLICKBAIT_SHOCK: {
    'zh-CN': '“{{match}}”是夸大惊悚的词语，标题容易被认定为标题党',
    'en-US': '“{{match}}” is a sensational word: the title may be judged clickbait',
  },
  ASSISTANT_CLICKBAIT_URGENCY: {
    'zh-CN': '“{{match}}”在催促读者点击，标题容易被认定为标题党',
    'en-US': '“{{match}}” pushes readers to click: the title may be judged clickbait',
  },
  ASSISTANT_CLICKBAIT_REGRET: {
    'zh-CN': '“{{match}}”用后悔或损失吓唬读者，标题容易被认定为标题党',
    'en-US': '“{{match}}” scares readers with regret or loss: the title may be judged clickbait',
  },
  ASSISTANT_CLICKBAIT_ABSOLUTE: {
    'zh-CN': '“{{match}}”是无法证明的绝对化表述',
    'en-US': '“{{match}}” is an absolute claim that cannot be proven',
  },
  ASSISTANT_CLICKBAIT_SUSPENSE: {
    'zh-CN': '标题以“{{match}}”结尾，故意隐去关键信息（悬念截断）',
    'en-US': 'the title ends in “{{match}}”, holding back the point to make readers click',
  },
  ASSISTANT_CLICKBAIT_MARKS: {
    'zh-CN': '标题中有 {{count}} 个感叹号或问号，全标题最多用 1 个',
    'en-US': 'the title has {{count}} exclamation or question marks; use at most 1',
  },
  ASSISTANT_CLICKBAIT_ALL_CAPS: {
    'zh-CN': '英文“{{match}}”全部大写：请按品牌官方写法书写，不要用全大写吸引注意',
    'en-US': '“{{match}}” is in capitals: write names as the brand does, not in capitals for attention',
  },
  ASSISTANT_CLICKBAIT_BRACKETS: {
    'zh-CN': '标题用括号堆砌关键词（“{{match}}”）',
    'en-US': 'the title piles up bracketed tags (“{{match}}”)',
  },
  // covers (publish-covers#count, #size-aspect, #size-files)
  ASSISTANT_COVER_TOO_MANY: {
    'zh-CN': '{{type}}最多 {{max}} 张封面',
    'en-US': 'a {{type}} has at most {{max}} covers',
  },
  ASSISTANT_COVER_NONE: {
    'zh-CN': '{{type}}没有单独的封面，信息流展示其中的图片或视频画面',
    'en-US': 'a {{type}} has no cover of its own: the feed shows its images or video frame',
  },
  ASSISTANT_COVER_ASPECT: {
    'zh-CN': '第 {{index}} 张封面为 {{width}}×{{height}}，会被裁剪为 {{expected}}',
    'en-US': 'cover {{index}} is {{width}}×{{height}} and will be cropped to {{expected}}',
  },
  ASSISTANT_COVER_SMALL: {
    'zh-CN': '第 {{index}} 张封面短边为 {{side}} 像素，建议不低于 {{min}} 像素，否则在大屏上会模糊',
    'en-US':
      'cover {{index}} has a short side of {{side}} px; at least {{min}} px keeps it sharp on large screens',
  },
  ASSISTANT_COVER_TOO_MANY_PIXELS: {
    'zh-CN': '第 {{index}} 张封面超过 5000 万像素，无法上传',
    'en-US': 'cover {{index}} has more than 50 megapixels and cannot be uploaded',
  },
} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). */
export const ASSISTANT_MESSAGE_KINDS = {} as const satisfies Record<string, { title: string; body: string }>;
