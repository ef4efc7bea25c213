import { homeOverviewSchema, type PublicConfig, publicConfigSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { envelopeResponses } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './home.service.js';

/** The public config (unsigned) for the page frame, and the home page's numbers. */
export function publicConfigOf(config: AppConfig): PublicConfig {
  return {
    imageHosts: config.imageHosts,
    siblingSites: config.siblingSites,
    feedbackUrl: config.feedbackUrl,
    copyright: `© ${new Date().getUTCFullYear()} Creator Centre · 创作者中心`,
    productName: '创作者中心',
  };
}

export default async function homeRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  app.get(
    '/api/config',
    {
      config: { signed: false },
      schema: {
        summary: 'Public config (unsigned)',
        tags: ['home'],
        response: envelopeResponses(publicConfigSchema),
      },
    },
    async () => publicConfigOf(config),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/home/overview',
      summary: 'Key numbers of the home page',
      tags: ['home'],
      data: homeOverviewSchema,
    },
    async (_p, request) => service.getOverview(db, requireUser(request).id, config.reportTz, clock()),
  );
}
