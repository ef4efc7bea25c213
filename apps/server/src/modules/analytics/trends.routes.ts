import {
  creativeHotSchema,
  creativeInterestSchema,
  creativeTrendParamSchema,
  dataReportDetailParamSchema,
  dataReportListParamSchema,
  dataReportListSchema,
  dataReportSchema,
  topicEngagementParamSchema,
  topicEngagementSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as reports from './report.service.js';
import * as trends from './trends.service.js';

/**
 * Creative trends, topic engagement and weekly data reports (issue #12 `creativeHot`, `creativeInterest`, `topic`,
 * `dataReport`; docs/api.md "Creative trends and topics"). `clock` is the server's time, as for the audience data
 * (analytics.routes.ts): tests and the simulator drive it.
 */
export default async function trendsRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  const tz = { reportTz: config.reportTz };

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/creative/hot',
      param: creativeTrendParamSchema,
      summary:
        'What readers of every author engage with in the last 24 h, by car series or keyword (extension)',
      tags: ['creative'],
      data: creativeHotSchema,
    },
    async (p, request) => {
      requireUser(request);
      return trends.creativeHot(db, p.kind, clock(), tz, requestLanguage(request));
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/creative/interest',
      param: creativeTrendParamSchema,
      summary: 'Rising car series or keywords: the last 7 complete days against the 7 before (extension)',
      tags: ['creative'],
      data: creativeInterestSchema,
    },
    async (p, request) => {
      requireUser(request);
      return trends.creativeInterest(db, p.kind, clock(), tz, requestLanguage(request));
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/topic/engagement',
      param: topicEngagementParamSchema,
      summary: 'Topics with their works and engagement over a period, most engaged first (extension)',
      tags: ['topic'],
      data: topicEngagementSchema,
    },
    async (p, request) =>
      trends.topicEngagement(db, requireUser(request).id, p, clock(), tz, requestLanguage(request)),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/data/report_list',
      param: dataReportListParamSchema,
      summary: 'The author’s weekly data reports, newest first (extension)',
      tags: ['data'],
      data: dataReportListSchema,
    },
    async (p, request) => reports.listReports(db, requireUser(request).id, p.page, p.pageSize),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/data/report_detail',
      param: dataReportDetailParamSchema,
      summary: 'One weekly data report of the author (extension)',
      tags: ['data'],
      data: dataReportSchema,
    },
    async (p, request) => reports.getReport(db, requireUser(request).id, p.weekStart),
  );
}
