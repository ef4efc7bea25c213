import {
  emptyParamSchema,
  gradeAnalysisParamSchema,
  gradeAnalysisSchema,
  gradeRightsListSchema,
  myGradeSchema,
  opsTaskListParamSchema,
  opsTaskListSchema,
  opsTaskSchema,
  saveTaskParamSchema,
  taskClaimParamSchema,
  taskClaimResultSchema,
  taskListSchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { operatorOf } from '../ops/ops.service.js';
import * as service from './growth.service.js';

/**
 * Tasks and grades (issue #14 "Tasks", "Grades"; docs/api.md "Tasks and grades"): the author's tasks and claims,
 * grade, analysis and rights; the operators' task definitions. `clock` is the server's time. The default tasks are
 * inserted when missing as the server becomes ready (`ensureDefaultTasks`).
 */
export default async function growthRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  const options = { reportTz: config.reportTz };

  app.addHook('onReady', async () => {
    const inserted = await service.ensureDefaultTasks(db);
    if (inserted) app.log.info({ inserted }, 'default growth tasks inserted');
  });

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/task/list',
      param: emptyParamSchema,
      summary:
        'Newcomer and periodic tasks with progress, target, claim state, reward and period (extension)',
      tags: ['task'],
      data: taskListSchema,
    },
    async (_p, request) =>
      service.listTasks(db, requireUser(request).id, requestLanguage(request), clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/task/claim',
      param: taskClaimParamSchema,
      summary: "Claim a done task's reward for the current period, once (extension)",
      tags: ['task'],
      data: taskClaimResultSchema,
    },
    async (p, request) =>
      service.claimTask(db, requireUser(request).id, p.taskId, requestLanguage(request), clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/grade/my',
      param: emptyParamSchema,
      summary: 'Grade, growth points, next level, rights now and history (extension)',
      tags: ['grade'],
      data: myGradeSchema,
    },
    async (_p, request) => service.getMyGrade(db, requireUser(request).id, clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/grade/analysis',
      param: gradeAnalysisParamSchema,
      summary: 'What moved the growth points per component per day, and what would raise them (extension)',
      tags: ['grade'],
      data: gradeAnalysisSchema,
    },
    async (p, request) =>
      service.getGradeAnalysis(
        db,
        requireUser(request).id,
        p.period,
        requestLanguage(request),
        clock(),
        options,
      ),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/grade/rights',
      param: emptyParamSchema,
      summary: "Each level's rights and where they are enforced (extension)",
      tags: ['grade'],
      data: gradeRightsListSchema,
    },
    async (_p, request) => service.getGradeRights(db, requireUser(request).id),
  );

  const operator = (request: FastifyRequest) => operatorOf(db, requireUser(request));

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/growth/task_list',
      param: opsTaskListParamSchema,
      summary: 'Every task definition with both languages and its claims (operators)',
      tags: ['ops'],
      data: opsTaskListSchema,
    },
    async (p, request) => {
      await operator(request);
      return service.listOpsTasks(db, p);
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/growth/save_task',
      param: saveTaskParamSchema,
      summary: 'Create, edit or deactivate a task (operators)',
      tags: ['ops'],
      data: opsTaskSchema,
    },
    async (p, request) => {
      await operator(request);
      return service.saveTask(db, p);
    },
  );
}
