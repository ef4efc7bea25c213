import type { AuthzCasesOf } from '../../test/authz-cases.js';

/**
 * The growth area's rows of the authorization matrix (issue #14; test/authz-cases.ts). No route takes an author's
 * resource: tasks are shared definitions, and every answer is the caller's own progress, claims, points and grade.
 */
export const growthAuthzCases: AuthzCasesOf = () => ({
  matrix: {},
  notResource: {
    'GET /api/task/list': "the caller's own progress on the shared task definitions",
    'POST /api/task/claim':
      "a shared task's reward for the caller's own progress (claimed once per period; tested in growth.routes.test.ts)",
    'GET /api/grade/my': "the caller's own grade and points",
    'GET /api/grade/analysis': "the caller's own points",
    'GET /api/grade/rights': 'the public table of rights, with the caller’s own grade',
    'GET /api/ops/growth/task_list': 'operators only (10005 for authors, tested in growth.routes.test.ts)',
    'POST /api/ops/growth/save_task': 'operators only (10005 for authors, tested in growth.routes.test.ts)',
  },
});
