import type { AuthzCasesOf } from '../../test/authz-cases.js';

/**
 * The assistant area's rows of the authorization matrix (issue #14; test/authz-cases.ts). No call takes a stored
 * resource: the text, title and covers are sent in the call, nothing is read or written by id (the page reads a
 * work through `content/detail`, whose own row covers ownership).
 */
export const assistantAuthzCases: AuthzCasesOf = () => ({
  matrix: {},
  notResource: {
    'GET /api/assistant/state': "the caller's own permission and the configured engine; no resource",
    'POST /api/assistant/suggest_titles':
      'works on the text sent in the call; reads no stored work (10005 without the permission)',
    'POST /api/assistant/check':
      'works on the title, text and cover sizes sent in the call; reads no stored work',
  },
});
