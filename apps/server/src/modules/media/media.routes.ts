import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  commonMaterialParamSchema,
  commonMaterialSchema,
  DESIGN_THUMBNAIL_SCENE,
  imageUploadResultSchema,
  MAX_IMAGE_BYTES,
  MB,
  myImageListSchema,
  myImagesParamSchema,
} from '@cc/contracts';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { binaryResponses, envelopeResponses } from '../../plugins/envelope.js';
import { requireUser, requireUserGuid } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { getUserRole } from '../user/user.service.js';
import {
  createRenditionCache,
  getImageRendition,
  getPrivateImage,
  listCommonMaterial,
  listMyImages,
  recordUploadedImage,
  saveUploadedImage,
} from './media.service.js';

export interface MediaRoutesOptions {
  storage: ObjectStorage;
  config: Pick<AppConfig, 'supportUrl' | 'imageCacheMaxBytes'>;
  /** records every upload in media_images for the editor's picture panel (issue #4) */
  db: Db;
}

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

const isOperator = async (db: Db, userId: number) => (await getUserRole(db, userId)) === 'operator';

/**
 * `/media/img/` requests per minute (issue #8 item 6): per client address without a session, per author
 * with one (an office behind one address shares nothing). A page shows at most a few dozen images; the
 * browser and any CDN keep them (immutable), so a client past these is scraping or filling the cache.
 */
export const MEDIA_ANONYMOUS_PER_MINUTE = 300;
export const MEDIA_AUTHOR_PER_MINUTE = 1200;

/** The route-level `@fastify/rate-limit` options of `/media/img/` (issue #8 item 6). */
const mediaRateLimit = {
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) =>
    request.user ? `media:u:${request.user.id}` : `media:ip:${request.ip}`,
  max: (request: FastifyRequest) => (request.user ? MEDIA_AUTHOR_PER_MINUTE : MEDIA_ANONYMOUS_PER_MINUTE),
  // The global limit leaves non-envelope paths alone (allowList); this route is limited on its own.
  allowList: () => false,
  groupId: 'media-img',
};

/**
 * Generic image upload (API.md §8), sized image serving (API.md §4) and the materials of
 * `common_material` (API.md §6).
 */
const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app: FastifyInstance, opts) => {
  const { storage, config, db } = opts;
  const renditions = createRenditionCache(storage, db, config.imageCacheMaxBytes);

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/common_material',
      param: commonMaterialParamSchema,
      summary: 'Materials of a group; contact_support is the support QR image',
      tags: ['media'],
      data: commonMaterialSchema,
    },
    async (param) => listCommonMaterial(storage, param.groupName, config.supportUrl),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/media/my_images',
      param: myImagesParamSchema,
      summary: 'Images I uploaded, newest first (the poster editor picture panel)',
      tags: ['media'],
      data: myImageListSchema,
    },
    async (param, request) => listMyImages(db, requireUser(request).id, param),
  );

  // Encapsulated here: only the file service parses multipart bodies. One file part per request.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 4096 },
  });

  const imageUploadSchema = {
    summary: 'Upload an image (multipart, API.md §8)',
    tags: ['media'],
    response: envelopeResponses(imageUploadResultSchema),
  };
  const uploadImage = async (request: FastifyRequest) => {
    const user = requireUserGuid(request);
    if (!request.isMultipart()) throw AppError.validation([{ path: 'file', code: 'IMAGE_MULTIPART' }]);
    let bytes: Buffer | null = null;
    let scene = '';
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') bytes = await part.toBuffer();
        else if (part.fieldname === 'scene') scene = String(part.value);
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('TOO_LARGE', { code: 'IMAGE_TOO_LARGE', params: { mb: MAX_IMAGE_BYTES / MB } });
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
        throw AppError.validation([{ path: 'file', code: 'IMAGE_ONE_FILE' }]);
      // Any other parser error (no boundary, a broken part, a body cut short) is the client's: 10007 (issue #8 item 2).
      if (error instanceof AppError) throw error;
      throw AppError.validation([{ path: 'body', code: 'MULTIPART_MALFORMED' }]);
    }
    if (!bytes) throw AppError.validation([{ path: 'file', code: 'FILE_REQUIRED' }]);
    if (request.url.startsWith('/fileservice/private_image'))
      return saveUploadedImage(storage, user.id, bytes, { private: true });
    const saved = await saveUploadedImage(storage, user.id, bytes);
    // Design thumbnails are the editor's own renders, not pictures the author chose (issue #4).
    if (scene !== DESIGN_THUMBNAIL_SCENE) await recordUploadedImage(db, user.id, saved);
    return saved;
  };
  app.post('/fileservice/image', { schema: imageUploadSchema }, uploadImage);
  // A private image (issue #11, docs/api.md "Certification"): ID photos, licences, authorization letters. The
  // same checks as API.md §8; stored under `cert/u<id>/`, URL `/media/private/<key>`, never in the picture panel.
  app.post(
    '/fileservice/private_image',
    {
      schema: {
        ...imageUploadSchema,
        summary: 'Upload a private image (certification materials; served only to the owner and operators)',
      },
    },
    uploadImage,
  );

  app.get<{ Params: { '*': string } }>(
    '/media/private/*',
    {
      schema: {
        summary: 'A private image: its owner and operators only, else 404 (issue #11)',
        tags: ['media'],
        produces: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
        response: binaryResponses('the image bytes as uploaded'),
      },
      config: { rateLimit: mediaRateLimit },
    },
    async (request, reply) => {
      const image = await getPrivateImage(storage, request.params['*'], request.user?.id, (id) =>
        isOperator(db, id),
      );
      if (!image) throw new AppError('NOT_FOUND', 'IMAGE_NOT_FOUND');
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type(image.contentType)
        .send(image.bytes);
    },
  );

  const imageSchema = {
    summary: 'An image at a size (API.md §4)',
    tags: ['media'],
    description:
      'Sizes are a fixed set (IMAGE_SIZES: 0x0, 120x120, 200x200, 240x0, 800x0); any other size is served at ' +
      'the member that canonicalImageSize picks (docs/decisions/0003-image-sizes.md). Rate limited.',
    produces: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    response: binaryResponses('the image bytes, resized to fit w×h (0 keeps the aspect)'),
  };
  app.get<{ Params: { size: string; '*': string } }>(
    '/media/img/:size/*',
    { schema: imageSchema, config: { rateLimit: mediaRateLimit } },
    async (request, reply) => {
      const match = /^(\d{1,4})x(\d{1,4})$/.exec(request.params.size);
      if (!match) throw new AppError('NOT_FOUND', 'IMAGE_NOT_FOUND');
      const rendition = await getImageRendition(
        renditions,
        request.params['*'],
        Number(match[1]),
        Number(match[2]),
      );
      if (!rendition) throw new AppError('NOT_FOUND', 'IMAGE_NOT_FOUND');
      // Keys are never reused for other bytes (uploads get fresh random keys), so the bytes are immutable.
      return reply
        .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .type(rendition.contentType)
        .send(rendition.bytes);
    },
  );
};

export default mediaRoutes;
