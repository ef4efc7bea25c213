import type { AuthzCasesOf } from '../../test/authz-cases.js';

/**
 * The car photo library's rows of the authorization matrix (issue #15; test/authz-cases.ts). No route takes an
 * author's resource: library pictures are shared, curated by operators; `use` makes the caller's own copies.
 */
export const carphotoAuthzCases: AuthzCasesOf = () => ({
  matrix: {},
  notResource: {
    'GET /api/carphoto/search': 'the shared library of official pictures (active ones only)',
    'POST /api/carphoto/use': "shared library pictures copied into the caller's own uploads",
    'GET /api/ops/carphoto/list': 'operators only (10005 for authors, tested in carphoto.routes.test.ts)',
    'POST /api/ops/carphoto/save': 'operators only (10005 for authors, tested in carphoto.routes.test.ts)',
    'POST /api/ops/carphoto/retire': 'operators only (10005 for authors, tested in carphoto.routes.test.ts)',
  },
});
