import type { AuthzCasesOf } from '../../test/authz-cases.js';

/** This area's rows of the authorization matrix (issue #15; test/authz-cases.ts). */
export const docimportAuthzCases: AuthzCasesOf = () => ({
  matrix: {},
  notResource: {
    'POST /api/article/clean_html': 'a pure function of the pasted HTML: reads and writes nothing',
    'POST /fileservice/document':
      'converts the session’s own upload; its pictures become images of the session’s author',
  },
});
