import type { AuthzCasesOf } from '../../test/authz-cases.js';

/** This area's rows of the authorization matrix (issue #15; test/authz-cases.ts). */
export const activityAuthzCases: AuthzCasesOf = () => ({
  matrix: {},
  notResource: {},
});
