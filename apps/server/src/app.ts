import { WEB_CID } from '@cc/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { type DbHandle, openDb } from './db/client.js';
import { startJobs } from './jobs/index.js';
import { loggerOptions, OneLinePerRequest, REQUEST_ID_HEADER, requestIdOf } from './lib/logging.js';
import analyticsRoutes from './modules/analytics/analytics.routes.js';
import influenceRoutes from './modules/analytics/influence.routes.js';
import trendsRoutes from './modules/analytics/trends.routes.js';
import commentRoutes from './modules/comment/comment.routes.js';
import growthRoutes from './modules/growth/growth.routes.js';
import docimportRoutes from './modules/docimport/docimport.routes.js';
import trackingRoutes from './modules/tracking/tracking.routes.js';
import carphotoRoutes from './modules/carphoto/carphoto.routes.js';
import activityRoutes from './modules/activity/activity.routes.js';
import creditRoutes from './modules/credit/credit.routes.js';
import businessRoutes from './modules/business/business.routes.js';
import walletRoutes from './modules/wallet/wallet.routes.js';
import promotionRoutes from './modules/promotion/promotion.routes.js';
import assistantRoutes from './modules/assistant/assistant.routes.js';
import carRoutes from './modules/car/car.routes.js';
import topicRoutes from './modules/topic/topic.routes.js';
import albumRoutes from './modules/album/album.routes.js';
import dynamicRoutes from './modules/dynamic/dynamic.routes.js';
import liveRoutes from './modules/live/live.routes.js';
import programRoutes from './modules/program/program.routes.js';
import opsRoutes from './modules/ops/ops.routes.js';
import certificationRoutes from './modules/certification/certification.routes.js';
import { createSmsSender } from './modules/certification/sms-sender.js';
import rulesRoutes from './modules/rules/rules.routes.js';
import { ruleCatalogOf } from './modules/rules/rules.service.js';
import { keyringFromConfig } from './lib/personal-data.js';
import contentRoutes from './modules/content/content.routes.js';
import designRoutes from './modules/design/design.routes.js';
import { fileServiceRoutes, videoServingRoutes } from './modules/fileservice/fileservice.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import homeRoutes from './modules/home/home.routes.js';
import mediaRoutes from './modules/media/media.routes.js';
import messageRoutes from './modules/message/message.routes.js';
import noticeRoutes from './modules/notice/notice.routes.js';
import passportRoutes from './modules/passport/passport.routes.js';
import { ensureDemoCovers } from './db/demo-covers.js';
import { ensureDemoVideoFiles } from './db/demo-videos.js';
import { ensureDefaultAvatar } from './modules/user/default-avatar.js';
import userRoutes from './modules/user/user.routes.js';
import videoRoutes from './modules/video/video.routes.js';
import envelope, { envelopeServerOptions } from './plugins/envelope.js';
import metrics from './plugins/metrics.js';
import pressure from './plugins/pressure.js';
import security from './plugins/security.js';
import session from './plugins/session.js';
import signature from './plugins/signature.js';
import swagger from './plugins/swagger.js';
import webStatic from './plugins/web-static.js';
import { createStorage, type ObjectStorage } from './storage/storage.js';
import { createVideoStaging } from './storage/video-staging.js';
import type { JobQueue } from './jobs/queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the open database (tests and the CLI use it; routes get `db` as an option) */
    dbHandle: DbHandle;
    /** the job queue (tests send through it with their own clock; routes get `jobs` as an option) */
    jobs: JobQueue;
  }
}

/** Signed POST bodies carry an article of up to 100,000 characters, URL-encoded (×9 for CJK at worst). */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Builds the server: plugins, then modules. Never listens (main.ts does; tests use `app.inject`).
 * Does not migrate either: `main.ts start`/`migrate` and the test helper do.
 * @param deps an already open database (tests) or storage; otherwise opened from the config and closed with the app;
 *   `logStream` receives the log lines instead of stdout (tests of issue #8 item 8's redaction); `clock` is the
 *   time reader events are judged and bucketed by (default the wall clock; the simulator drives its own)
 */
export async function buildApp(
  config: AppConfig,
  deps: {
    handle?: DbHandle;
    storage?: ObjectStorage;
    logStream?: { write(line: string): void };
    clock?: () => Date;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // one id per request on every log line of it, taken from the proxy's `X-Request-Id` when well-formed, and
    // echoed in the answer (issue #16, lib/logging.ts)
    requestIdHeader: false,
    genReqId: requestIdOf,
    // one line per request (lib/logging.ts)
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    ...envelopeServerOptions,
  });
  const handle =
    deps.handle ?? (await openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  if (!deps.handle) app.addHook('onClose', () => handle.close());
  const storage = deps.storage ?? createStorage(config);
  const db = handle.db;
  app.decorate('dbHandle', handle);

  app.setValidatorCompiler(validatorCompiler);

  // Also the serializer compiler: answers are checked against their response schemas (plugins/envelope.ts).
  await app.register(envelope, { strictResponses: config.strictResponses });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  await app.register(metrics, { config, handle, clock: deps.clock });
  await app.register(pressure, { config, handle });
  await app.register(security, { config, db });
  await app.register(swagger);
  await app.register(session, { db, config });
  await app.register(signature, { config });

  await app.register(healthRoutes, { handle });
  const clock = deps.clock ?? (() => new Date());
  await app.register(homeRoutes, { db, config, clock });
  await app.register(passportRoutes, { db, config });
  await app.register(userRoutes, { db, config });
  await app.register(messageRoutes, { db });
  await app.register(noticeRoutes, { db });
  await app.register(contentRoutes, { db });
  await app.register(carRoutes);
  // every kind of work (issue #10, API.md §13)
  await app.register(topicRoutes, { db });
  await app.register(albumRoutes, { db });
  await app.register(dynamicRoutes, { db });
  await app.register(liveRoutes, { db, config });
  await app.register(programRoutes, { db });
  await app.register(opsRoutes, { db });
  await app.register(analyticsRoutes, { db, config, clock });
  await app.register(influenceRoutes, { db, config, clock: deps.clock ?? (() => new Date()) });
  await app.register(trendsRoutes, { db, config, clock: deps.clock ?? (() => new Date()) });
  await app.register(commentRoutes, { db, config, clock });
  // growth and business (issue #14)
  await app.register(growthRoutes, { db, config, clock });
  await app.register(creditRoutes, { db, config, clock });
  await app.register(businessRoutes, { db, config, clock });
  await app.register(walletRoutes, { db, config, clock });
  await app.register(promotionRoutes, { db, config, clock });
  await app.register(assistantRoutes, { db, config, clock });
  // the rest of the spec (issue #15): activities, the car photo library, tracking points, document import
  await app.register(activityRoutes, { db, config, clock, storage });
  await app.register(carphotoRoutes, { db, config, clock, storage });
  await app.register(trackingRoutes, { db, config, clock, storage });
  await app.register(docimportRoutes, { db, config, clock, storage });
  // certification and the rule centre (issue #11)
  const catalog = await ruleCatalogOf(config.rulesDir);
  const keys = keyringFromConfig(config.dataKeys);
  await app.register(rulesRoutes, { catalog });
  await app.register(certificationRoutes, {
    db,
    storage,
    keys,
    catalog,
    sms: createSmsSender(config, app.log),
  });
  await app.register(mediaRoutes, { storage, config, db });
  await app.register(designRoutes, { db });
  // Video file service (issue #3): shards staged in UPLOAD_DIR, jobs on the same database.
  const fileDeps = {
    db,
    storage,
    staging: createVideoStaging(config.uploadDir, storage),
    ffprobePath: config.ffprobePath,
    ffmpegPath: config.ffmpegPath,
  };
  const jobs = startJobs(app, handle, fileDeps, config);
  app.decorate('jobs', jobs);
  await app.register(fileServiceRoutes, { ...fileDeps, jobs });
  await app.register(videoServingRoutes, { storage });
  await app.register(videoRoutes, { db, jobs });

  await app.register(webStatic, { webDist: config.webDist, signSecret: config.signSecrets[WEB_CID] });

  app.addHook('onReady', async () => {
    await ensureDefaultAvatar(storage);
    if (config.seedDemo) await ensureDemoCovers(storage);
    if (config.seedDemo) await ensureDemoVideoFiles(db, storage);
  });
  return app;
}
