import type { draftsZhCN } from './drafts.zh-CN';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** en-US texts of local copies and the leave prompt (lib/local-draft, issue #9): the same keys as zh-CN. */
export const draftsEnUS: Widen<typeof draftsZhCN> = {
  prompt: {
    title: 'Restore the unsaved copy from {{time}}?',
    description: 'This device kept a copy of changes that were not saved to the server.',
    restore: 'Restore',
    discard: 'Discard',
  },
  failure: {
    quota: 'The browser’s storage is full, so no copy of your changes is kept on this device. Save soon.',
    tooLarge: 'This work is too large for a copy on this device. Save soon to keep your changes.',
    unavailable: 'This browser does not allow local storage, so no copy of your changes is kept. Save soon.',
  },
  leave: {
    title: 'Leave this page?',
    content:
      'Your changes are not saved to the server. A copy stays on this device and is offered the next time you open it.',
    ok: 'Leave',
    cancel: 'Stay',
  },
};
