import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. Activities (issue #15 "Activities"; spec §7 "tasks and activities").
 */
export const ACTIVITY_MESSAGES = {} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). */
export const ACTIVITY_MESSAGE_KINDS = {} as const satisfies Record<string, { title: string; body: string }>;

/** A value for every `{{param}}` this area's kinds use (server-messages.test.ts renders every kind with them). */
export const ACTIVITY_MESSAGE_SAMPLE_PARAMS: Record<string, unknown> = {};
