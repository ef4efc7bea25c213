import type { AuthzCasesOf } from '../../test/authz-cases.js';

/**
 * This area's rows of the authorization matrix (issue #15; test/authz-cases.ts). No route takes an author's resource
 * id: events are always stored under the session's user, and the setting is the caller's own.
 */
export const trackingAuthzCases: AuthzCasesOf = () => ({
  matrix: {},
  notResource: {
    'POST /api/tracking/batch': "the caller's own events, stored under the session's user (no id taken)",
    'POST /api/tracking/beacon':
      "the caller's own events (the batch call signed in the body, session cookie; tested in tracking.routes.test.ts)",
    'GET /api/tracking/settings': "the caller's own setting",
    'POST /api/tracking/save_settings': "the caller's own setting",
    'GET /api/ops/tracking/usage': 'operators only (10005 for authors, tested in tracking.routes.test.ts)',
  },
});
