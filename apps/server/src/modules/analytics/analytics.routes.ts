import {
  dataOverviewParamSchema,
  dataOverviewSchema,
  dataPeersParamSchema,
  dataPeersSchema,
  EVENT_BATCH_MAX,
  EVENT_BODY_MAX_BYTES,
  eventBatchResultSchema,
  eventBatchSchema,
  emptyParamSchema,
  fansChartParamSchema,
  fansChartSchema,
  fansCountSchema,
  fansExportParamSchema,
  fansListSchema,
  fansPortraitSchema,
  pageParamSchema,
  renderMessage,
  workDetailParamSchema,
  workDetailSchema,
  workExportParamSchema,
  workListParamSchema,
  workListSchema,
  type PlainMessageCode,
} from '@cc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { attachmentDisposition, exportTable, TABLE_MIME, type TableFormat } from '../../lib/table-export.js';
import { binaryResponses, envelopeResponses, requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { readWorkData, toWorkListItem, type WorkDataRow } from '../../read-models/work-data.js';
import { dayIn } from './analytics.rules.js';
import * as service from './analytics.service.js';
import { peersMedian } from './analytics.peers.js';

/**
 * Reader events in (`POST /open/events`, API.md §10) and the audience data out (API.md §11, the extensions in
 * docs/api.md "Audience data"). `clock` is the server's time (the simulator drives it; everything else uses
 * the wall clock).
 */
export default async function analyticsRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  const analytics = service.postgresAnalytics(db, { reportTz: config.reportTz });

  app.post(
    '/open/events',
    {
      bodyLimit: EVENT_BODY_MAX_BYTES,
      schema: {
        summary: 'Reader events in (API.md §10): header x-site-key',
        tags: ['open'],
        body: eventBatchSchema,
        response: envelopeResponses(eventBatchResultSchema),
      },
    },
    async (request) => {
      const body = request.body as z.output<typeof eventBatchSchema>;
      if (body.events.length > EVENT_BATCH_MAX) {
        throw new AppError('TOO_LARGE', {
          code: 'EVENT_BATCH_TOO_LARGE',
          params: { max: EVENT_BATCH_MAX, count: body.events.length },
        });
      }
      return analytics.ingest(request.site!, body.events, clock(), requestLanguage(request));
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/data/overview',
      param: dataOverviewParamSchema,
      summary: 'Audience overview of a period (API.md §11)',
      tags: ['data'],
      data: dataOverviewSchema,
    },
    async (p, request) => analytics.overview(requireUser(request).id, p.period, p.type, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/data/work_list',
      param: workListParamSchema,
      summary: 'Per-work metrics of a period (API.md §11)',
      tags: ['data'],
      data: workListSchema,
    },
    async (p, request) => {
      const authorId = requireUser(request).id;
      const now = clock();
      const range = await workRange(db, config, authorId, p.period, now);
      const { rows, total } = await readWorkData(
        db,
        { authorId, ...range, type: p.type, keyword: p.keyword, sort: p.sort, order: p.order },
        p.pageSize,
        (p.page - 1) * p.pageSize,
      );
      return {
        list: rows.map((r) => toWorkListItem(r, service.workMetricsOf)),
        total,
        page: p.page,
        pageSize: p.pageSize,
        asOf: now.toISOString(),
      };
    },
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/data/work_detail',
      param: workDetailParamSchema,
      summary: 'One work’s metrics, trend, sources and retention (API.md §11)',
      tags: ['data'],
      data: workDetailSchema,
    },
    async (p, request) => analytics.workDetail(requireUser(request).id, p.id, p.period, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/data/peers',
      param: dataPeersParamSchema,
      summary: 'The median of the authors of the same field over a period (extension)',
      tags: ['data'],
      data: dataPeersSchema,
    },
    async (p, request) => peersMedian(db, config, requireUser(request).id, p.period, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/fans/count',
      summary: 'Fans total and yesterday’s change (API.md §11)',
      tags: ['fans'],
      data: fansCountSchema,
    },
    async (_p, request) => analytics.fansCount(requireUser(request).id, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/fans/chart',
      param: fansChartParamSchema,
      summary: 'Fans gained, lost, net and total per day (API.md §11)',
      tags: ['fans'],
      data: fansChartSchema,
    },
    async (p, request) => analytics.fansChart(requireUser(request).id, p.period, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/fans/list',
      param: pageParamSchema,
      summary: 'Current fans, newest first (API.md §11)',
      tags: ['fans'],
      data: fansListSchema,
    },
    async (p, request) => service.listFans(db, requireUser(request).id, p.page, p.pageSize, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/fans/portrait',
      param: emptyParamSchema,
      summary: 'Fans by gender, age band, region and device (API.md §11)',
      tags: ['fans'],
      data: fansPortraitSchema,
    },
    async (_p, request) => analytics.fansPortrait(requireUser(request).id, clock()),
  );

  fileRoute(
    app,
    '/api/fans/export',
    fansExportParamSchema,
    'Every current fan as CSV or XLSX (API.md §11)',
    (p: z.output<typeof fansExportParamSchema>, request) => {
      const authorId = requireUser(request).id;
      const lang = requestLanguage(request);
      const h = (code: PlainMessageCode) => renderMessage(code, lang);
      const rows = (async function* () {
        for await (const page of service.allFans(db, authorId)) {
          yield page.map((f) => [f.readerId, f.followedAt, f.gender, f.ageBand, f.region, f.device]);
        }
      })();
      return {
        format: p.format,
        filename: `fans-${dayIn(clock(), config.reportTz)}.${p.format}`,
        stream: exportTable(
          p.format,
          h('EXPORT_SHEET_FANS'),
          [
            h('EXPORT_HEADER_READER'),
            h('EXPORT_HEADER_FOLLOWED_AT'),
            h('EXPORT_HEADER_GENDER'),
            h('EXPORT_HEADER_AGE_BAND'),
            h('EXPORT_HEADER_REGION'),
            h('EXPORT_HEADER_DEVICE'),
          ],
          rows,
        ),
      };
    },
  );

  fileRoute(
    app,
    '/api/data/work_export',
    workExportParamSchema,
    'Every work of the table with its metrics as CSV or XLSX (extension)',
    async (p: z.output<typeof workExportParamSchema>, request) => {
      const authorId = requireUser(request).id;
      const lang = requestLanguage(request);
      const now = clock();
      const range = await workRange(db, config, authorId, p.period, now);
      const metricNames = service.workMetricKeys;
      const rows = (async function* () {
        const pageSize = 1000;
        for (let page = 0; ; page++) {
          const { rows: batch } = await readWorkData(
            db,
            { authorId, ...range, type: p.type, sort: 'publishedAt', order: 'desc' },
            pageSize,
            page * pageSize,
          );
          yield batch.map((r: WorkDataRow) => {
            const item = toWorkListItem(r, service.workMetricsOf);
            return [item.id, item.type, item.title, item.publishedAt, ...metricNames.map((k) => item[k])];
          });
          if (batch.length < pageSize) return;
        }
      })();
      return {
        format: p.format,
        filename: `works-${p.period}-${dayIn(now, config.reportTz)}.${p.format}`,
        stream: exportTable(
          p.format,
          renderMessage('EXPORT_SHEET_WORKS', lang),
          [
            renderMessage('EXPORT_HEADER_ID', lang),
            renderMessage('EXPORT_HEADER_TYPE', lang),
            renderMessage('EXPORT_HEADER_TITLE', lang),
            renderMessage('EXPORT_HEADER_PUBLISHED_AT', lang),
            ...metricNames.map((k) => service.metricName(k, lang)),
          ],
          rows,
        ),
      };
    },
  );
}

/** The rollup days of a period for the work table (`all`: from the first day with data). */
async function workRange(
  db: Db,
  config: AppConfig,
  authorId: number,
  period: z.output<typeof workListParamSchema>['period'],
  now: Date,
) {
  const today = dayIn(now, config.reportTz);
  const first = period === 'all' ? await service.firstDay(db, authorId) : null;
  const r = service.periodRange(period, today, first);
  return { start: r.start, end: r.end };
}

/**
 * A signed GET whose answer is a file, not an envelope (API.md §11 `fans/export`): the signature and session
 * rules of every `/api/` call apply (errors are envelopes); a success streams the file with its
 * `Content-Disposition`.
 */
function fileRoute<S extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  param: S,
  summary: string,
  make: (
    p: z.output<S>,
    request: FastifyRequest,
  ) =>
    | { format: TableFormat; filename: string; stream: NodeJS.ReadableStream }
    | Promise<{
        format: TableFormat;
        filename: string;
        stream: NodeJS.ReadableStream;
      }>,
): void {
  app.route({
    method: 'GET',
    url,
    config: { signed: { param, auth: 'user' } },
    schema: {
      summary,
      tags: ['data'],
      description:
        'Signed call (API.md §2); needs a session. The answer is the file itself (not an envelope).',
      response: binaryResponses('the table as CSV (UTF-8 with BOM) or XLSX'),
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const file = await make(request.param as z.output<S>, request);
      reply.header('content-type', TABLE_MIME[file.format]);
      reply.header('content-disposition', attachmentDisposition(file.filename));
      reply.header('cache-control', 'no-store');
      return reply.send(file.stream);
    },
  });
}
