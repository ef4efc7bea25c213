/*
 * Every table of the application, for drizzle-kit (drizzle.config.ts), the migrations and the typed client
 * (db/client.ts). The tables themselves live in the module that owns them, `modules/<m>/<m>.schema.ts`
 * (issue #7): a module reads and writes only its own tables and reaches others through their services.
 * Outside the modules, read-only read models (src/read-models/), the demo seed and test factories may
 * import from here.
 */
export * from '../../modules/user/user.schema.js';
export * from '../../modules/passport/passport.schema.js';
export * from '../../modules/message/message.schema.js';
export * from '../../modules/notice/notice.schema.js';
export * from '../../modules/content/content.schema.js';
export * from '../../modules/fileservice/fileservice.schema.js';
export * from '../../modules/video/video.schema.js';
export * from '../../modules/design/design.schema.js';
export * from '../../modules/media/media.schema.js';
export * from '../../modules/ratelimit/ratelimit.schema.js';
export * from '../../modules/topic/topic.schema.js';
export * from '../../modules/album/album.schema.js';
export * from '../../modules/dynamic/dynamic.schema.js';
export * from '../../modules/live/live.schema.js';
export * from '../../modules/program/program.schema.js';
export * from '../../modules/certification/certification.schema.js';
export * from '../../modules/analytics/analytics.schema.js';
export * from '../../modules/comment/comment.schema.js';
export * from '../../modules/growth/growth.schema.js';
export * from '../../modules/docimport/docimport.schema.js';
export * from '../../modules/tracking/tracking.schema.js';
export * from '../../modules/carphoto/carphoto.schema.js';
export * from '../../modules/activity/activity.schema.js';
export * from '../../modules/credit/credit.schema.js';
export * from '../../modules/business/business.schema.js';
export * from '../../modules/wallet/wallet.schema.js';
export * from '../../modules/promotion/promotion.schema.js';
