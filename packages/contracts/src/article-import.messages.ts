import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Article helpers: importing a draft from a document or pasted rich text
 * (issue #15 "Article helper routes"; docs/api.md "Article import").
 */
export const ARTICLE_IMPORT_MESSAGES = {
  // ---- refusals of `POST /fileservice/document` ----
  IMPORT_MULTIPART: {
    'zh-CN': '请以 multipart/form-data 发送文档',
    'en-US': 'send the document as multipart/form-data',
  },
  IMPORT_DOC_TOO_LARGE: {
    'zh-CN': '文档不能超过 {{mb}} MB',
    'en-US': 'the document must be at most {{mb}} MB',
  },
  IMPORT_DOC_TYPE: {
    'zh-CN': '只能导入 Word 文档（.docx）、纯文本（.txt）、Markdown（.md）或网页（.html）',
    'en-US':
      'only Word documents (.docx), plain text (.txt), Markdown (.md) or web pages (.html) can be imported',
  },
  IMPORT_DOC_OLD_WORD: {
    'zh-CN': '这是旧版 Word 文档（.doc），请在 Word 中“另存为” .docx 后再导入',
    'en-US': 'this is an old Word document (.doc): save it as .docx in Word, then import it',
  },
  IMPORT_DOC_ENCRYPTED: {
    'zh-CN': '文档设置了打开密码，无法读取；请在 Word 中取消密码后再导入',
    'en-US':
      'the document is password-protected and cannot be read: remove the password in Word, then import it',
  },
  IMPORT_DOC_CORRUPT: {
    'zh-CN': '文档已损坏或不是有效的 .docx 文件，无法读取',
    'en-US': 'the document is damaged or not a valid .docx file and cannot be read',
  },
  IMPORT_DOC_NOT_TEXT: {
    'zh-CN': '文件不是 UTF-8 编码的文本',
    'en-US': 'the file is not UTF-8 text',
  },
  IMPORT_TOO_MANY_IMAGES: {
    'zh-CN': '文档有 {{count}} 张图片，最多 {{max}} 张；请删减后再导入',
    'en-US':
      'the document has {{count}} pictures, at most {{max}} can be imported: remove some, then try again',
  },
  // ---- refusals of both calls ----
  IMPORT_TOO_LONG: {
    'zh-CN': '导入的内容有 {{chars}} 字，超过正文上限 {{max}} 字',
    'en-US': 'the imported text has {{chars}} characters, more than the body limit of {{max}}',
  },
  IMPORT_MARKUP_TOO_LONG: {
    'zh-CN': '导入的内容格式过于复杂（{{chars}} 个字符的标记，最多 {{max}}）',
    'en-US':
      'the imported content’s formatting is too large ({{chars}} characters of markup, at most {{max}})',
  },
  IMPORT_EMPTY: {
    'zh-CN': '没有可导入的文字或图片',
    'en-US': 'there is no text or picture to import',
  },
  // ---- notes (warnings) in the answer ----
  IMPORT_WARN_EXTERNAL_IMAGES: {
    'zh-CN': '{{count}} 张来自其他网站的图片已移除（正文只能使用本站上传的图片）',
    'en-US': '{{count}} pictures from other sites were removed (a body shows only pictures uploaded here)',
  },
  IMPORT_WARN_IMAGES_SKIPPED: {
    'zh-CN': '{{count}} 张图片格式不受支持（仅 JPEG、PNG、GIF、WebP），已跳过',
    'en-US': '{{count}} pictures are in an unsupported format (only JPEG, PNG, GIF, WebP) and were skipped',
  },
  IMPORT_WARN_TABLES: {
    'zh-CN': '表格已转换为普通段落（正文不支持表格）',
    'en-US': 'tables became plain paragraphs (a body has no tables)',
  },
  IMPORT_WARN_REMOVED: {
    'zh-CN': '脚本、样式和不安全的链接已移除',
    'en-US': 'scripts, styles and unsafe links were removed',
  },
} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). None: imports send no messages. */
export const ARTICLE_IMPORT_MESSAGE_KINDS = {} as const satisfies Record<
  string,
  { title: string; body: string }
>;

/** A value for every `{{param}}` this area's kinds use (server-messages.test.ts renders every kind with them). */
export const ARTICLE_IMPORT_MESSAGE_SAMPLE_PARAMS: Record<string, unknown> = {};
