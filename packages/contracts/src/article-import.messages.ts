import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Article helpers: importing a draft from a document or pasted rich text (issue #15 "Article helper routes").
 */
export const ARTICLE_IMPORT_MESSAGES = {} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). */
export const ARTICLE_IMPORT_MESSAGE_KINDS = {} as const satisfies Record<
  string,
  { title: string; body: string }
>;

/** A value for every `{{param}}` this area's kinds use (server-messages.test.ts renders every kind with them). */
export const ARTICLE_IMPORT_MESSAGE_SAMPLE_PARAMS: Record<string, unknown> = {};
