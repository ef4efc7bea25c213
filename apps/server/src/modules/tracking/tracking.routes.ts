import {
  saveTrackingSettingsParamSchema,
  trackingBatchParamSchema,
  trackingBatchResultSchema,
  trackingSettingsSchema,
  emptyParamSchema,
  trackingUsageParamSchema,
  trackingUsageSchema,
  type TrackingBatchParam,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { envelopeResponses } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute, verifySignedRequest } from '../../plugins/signature.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { operatorOf } from '../ops/ops.service.js';
import * as service from './tracking.service.js';

/**
 * Tracking points (issue #15 "Tracking points"; spec §3; docs/api.md "Tracking points"): the web app's batches of an
 * author's page views and key actions (a signed call, and the beacon of a hidden page), the author's opt-out, and
 * the operators' usage view. `clock` is the server's time.
 */
export default async function trackingRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date; storage: ObjectStorage },
): Promise<void> {
  const { db, config, clock } = opts;

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/tracking/batch',
      param: trackingBatchParamSchema,
      summary:
        "Store a batch of the author's page views and key actions (1–50 events, idempotent by event id)",
      tags: ['tracking'],
      data: trackingBatchResultSchema,
    },
    async (p, request) => service.recordBatch(db, requireUser(request).id, p.events, clock()),
  );

  /*
   * The beacon of a page being hidden (`navigator.sendBeacon`): a beacon cannot set the `encryptType` header, so
   * this route is not signed by the plugin (`signed: false`) and the SAME check runs here with `encryptType`
   * read from the form body instead: the six signed fields, the signature, the time window, the session cookie
   * and `uid`, then the batch schema. Everything else as `/api/tracking/batch`.
   */
  app.route({
    method: 'POST',
    url: '/api/tracking/beacon',
    config: { signed: false },
    schema: {
      summary:
        'The page-hide beacon: the batch call with encryptType and the six signed fields in the urlencoded body',
      tags: ['tracking'],
      response: envelopeResponses(trackingBatchResultSchema),
    },
    handler: async (request) => {
      const form = request.body;
      if (form === null || typeof form !== 'object' || Array.isArray(form)) {
        throw new AppError('BAD_SIGNATURE', 'TRACKING_BEACON_FORM');
      }
      const encryptType = (form as Record<string, unknown>).encryptType;
      const asSigned = Object.create(request, {
        headers: {
          value: { ...request.headers, encrypttype: typeof encryptType === 'string' ? encryptType : '' },
        },
      }) as FastifyRequest;
      const p = verifySignedRequest(
        asSigned,
        { param: trackingBatchParamSchema, auth: 'user' },
        config.signSecrets,
        Math.floor(clock().getTime() / 1000),
      ) as TrackingBatchParam;
      return service.recordBatch(db, requireUser(request).id, p.events, clock());
    },
  });

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/tracking/settings',
      param: emptyParamSchema,
      summary: 'The author\'s "do not record my usage" setting',
      tags: ['tracking'],
      data: trackingSettingsSchema,
    },
    async (_p, request) => service.getSettings(db, requireUser(request).id),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/tracking/save_settings',
      param: saveTrackingSettingsParamSchema,
      summary: 'Set "do not record my usage" (held on every device; the server drops the events)',
      tags: ['tracking'],
      data: trackingSettingsSchema,
    },
    async (p, request) => service.saveSettings(db, requireUser(request).id, p.optOut, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/tracking/usage',
      param: trackingUsageParamSchema,
      summary: 'Active authors per day, the upload → publish funnel, top pages and key actions (operators)',
      tags: ['ops'],
      data: trackingUsageSchema,
    },
    async (p, request) => {
      await operatorOf(db, requireUser(request));
      return service.usage(db, p, config.reportTz, clock());
    },
  );
}
