import {
  activityDetailSchema,
  activityEligibleWorksSchema,
  activityEntrySchema,
  activityJoinParamSchema,
  activityListParamSchema,
  activityListSchema,
  activityWithdrawSchema,
  idParamSchema,
  opsActivityDetailSchema,
  opsActivityDisqualifyParamSchema,
  opsActivityListParamSchema,
  opsActivityListSchema,
  opsActivitySaveParamSchema,
  opsActivitySchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { operatorOf } from '../ops/ops.service.js';
import * as service from './activity.service.js';

/**
 * Activities (issue #15 "Activities"; spec §7 "tasks and activities"; docs/api.md "Activities"): the authors'
 * list, page, works that may enter, join and withdraw; the operators' drafts, state transitions, disqualification
 * and the announcement. `clock` is the server's time.
 */
export default async function activityRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date; storage: ObjectStorage },
): Promise<void> {
  const { db, config, clock } = opts;
  const tz = config.reportTz;
  const tags = ['activity'];

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/activity/list',
      param: activityListParamSchema,
      summary: 'Visible activities by phase (open, upcoming, ended), or only those I joined',
      tags,
      data: activityListSchema,
    },
    async (p, request) =>
      service.listActivities(db, requireUser(request).id, p, clock(), requestLanguage(request)),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/activity/detail',
      param: idParamSchema,
      summary: 'One activity: rules, prizes, score rule, my entries with their numbers, the ranking',
      tags,
      data: activityDetailSchema,
    },
    async (p, request) =>
      service.activityDetail(db, requireUser(request).id, p.id, clock(), requestLanguage(request), tz),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/activity/eligible_works',
      param: idParamSchema,
      summary: 'My published works of the allowed types that have not entered the activity',
      tags,
      data: activityEligibleWorksSchema,
    },
    async (p, request) => service.eligibleWorks(db, requireUser(request).id, p.id),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/activity/join',
      param: activityJoinParamSchema,
      summary: 'Enter one of my published works into an open activity',
      tags,
      data: activityEntrySchema,
    },
    async (p, request) =>
      service.joinActivity(db, requireUser(request).id, p, clock(), requestLanguage(request), tz),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/activity/withdraw',
      param: idParamSchema,
      summary: 'Withdraw my entry while entries are open',
      tags,
      data: activityWithdrawSchema,
    },
    async (p, request) => service.withdrawEntry(db, requireUser(request).id, p.id, clock(), tz),
  );

  const operator = (request: FastifyRequest) => operatorOf(db, requireUser(request));
  const opsTags = ['ops'];

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/activity/list',
      param: opsActivityListParamSchema,
      summary: 'Every activity, newest first (operators)',
      tags: opsTags,
      data: opsActivityListSchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsList(db, p);
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/activity/detail',
      param: idParamSchema,
      summary: 'One activity with every entry, its numbers and rank (operators)',
      tags: opsTags,
      data: opsActivityDetailSchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsDetail(db, p.id, requestLanguage(request), tz);
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/activity/save',
      param: opsActivitySaveParamSchema,
      summary: 'Create a draft activity, or edit a draft (operators)',
      tags: opsTags,
      data: opsActivitySchema,
    },
    async (p, request) => {
      const op = await operator(request);
      return service.opsSave(db, op.id, p, clock());
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/activity/publish',
      param: idParamSchema,
      summary: 'Publish a draft activity (operators)',
      tags: opsTags,
      data: opsActivitySchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsPublish(db, p.id, clock());
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/activity/close',
      param: idParamSchema,
      summary: 'Close entries of a published activity early (operators)',
      tags: opsTags,
      data: opsActivitySchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsClose(db, p.id, clock());
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/activity/disqualify',
      param: opsActivityDisqualifyParamSchema,
      summary: 'Disqualify an entry with a reason before the results (operators)',
      tags: opsTags,
      data: activityEntrySchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsDisqualify(db, p, requestLanguage(request), tz);
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/activity/announce',
      param: idParamSchema,
      summary: 'Announce the results: ranking frozen, notice and messages, exactly once (operators)',
      tags: opsTags,
      data: opsActivityDetailSchema,
    },
    async (p, request) => {
      await operator(request);
      return service.opsAnnounce(db, p.id, clock(), requestLanguage(request), tz);
    },
  );
}
