import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  CONTENT_MD5_HEADER,
  FILESERVICE_PATHS,
  mergeFileStatusSchema,
  mergeResultSchema,
  moreShardResultSchema,
  nullDataSchema,
  SHARD_FILE_FIELD,
  USER_GUID_HEADER,
} from '@cc/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { binaryResponses, envelopeResponses, requestLanguage } from '../../plugins/envelope.js';
import { isValidKey } from '../../storage/keys.js';
import {
  cancelUpload,
  type FileServiceDeps,
  getMergeStatus,
  lookupShard,
  mergeUpload,
  type ReceivedShard,
  type ShardLookup,
  storeShard,
  verifiedUploadToken,
  videoContentType,
} from './fileservice.service.js';
import { parseRange } from './range.js';

/** A shard is at most 5 MiB (spec §9); a little more for the multipart framing of the part itself. */
const SHARD_MAX_BYTES = 5 * 1024 * 1024 + 64 * 1024;
/** Text fields: coverBase64 carries a cover of up to 5 MB as base64 (×4/3) plus its data: prefix. */
const FIELD_MAX_BYTES = 7 * 1024 * 1024;

/** Shards per minute per upload token: 20,000 is ~330/s, over 1.5 GB/s with 5 MiB shards. */
export const SHARD_RATE_PER_MINUTE = 20_000;

export type FileServiceRoutesOptions = FileServiceDeps;

/**
 * Resolves the `token` query parameter (API.md §7) to its user, through the `UploadTokenCache` of `db`
 * (`verifiedUploadToken`: the database asked at most every few seconds per token, and the byte budget of
 * plugins/security.ts, which resolved the same token just before, shares the cache; issue #16). A
 * state-changing call (`changes: true`: shard, merge, cancel) must also carry `x-user-guid` equal to that
 * user's `UserGuid` (API.md §5, issue #8 item 10), checked before any of the body is read.
 * @throws NOT_LOGGED_IN (10002) for a missing, unknown or expired token; FORBIDDEN (10005) when a session
 *   of another user came along with it, or when a state-changing call lacks the header or carries another
 *   value (the same answer as `requireUserGuid` gives the image upload)
 */
async function authenticate(db: Db, request: FastifyRequest, changes: boolean): Promise<number> {
  const token = (request.query as { token?: unknown }).token;
  const row = typeof token === 'string' && token ? await verifiedUploadToken(db, token) : null;
  if (!row) {
    throw new AppError('NOT_LOGGED_IN', 'UPLOAD_TOKEN_INVALID');
  }
  if (request.user && request.user.id !== row.userId) {
    throw new AppError('FORBIDDEN', 'UPLOAD_TOKEN_OTHER_USER');
  }
  if (changes && request.headers[USER_GUID_HEADER] !== row.userGuid) {
    throw new AppError('FORBIDDEN', { code: 'USER_GUID_REQUIRED', params: { header: USER_GUID_HEADER } });
  }
  return row.userId;
}

/**
 * Maps an error met while reading a multipart body to the envelope: limits to TOO_LARGE/VALIDATION_FAILED,
 * and every other parser error (no boundary, a broken part or header, a body cut short, a `__proto__`
 * field) to VALIDATION_FAILED, never 10500 (issue #8 item 2). An AppError thrown while reading passes as is.
 * Only the parser runs inside the caller's try, so no fault of ours is hidden here.
 */
function multipartError(error: unknown): never {
  if (error instanceof AppError) throw error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', 'SHARD_TOO_LARGE');
  if (code === 'FST_FILES_LIMIT')
    throw AppError.validation([{ path: SHARD_FILE_FIELD, code: 'SHARD_ONE_FILE' }]);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw AppError.validation([{ path: 'body', code: 'FORM_TOO_MANY_FIELDS' }]);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    throw AppError.validation([{ path: 'body', code: 'MULTIPART_REQUIRED' }]);
  }
  throw AppError.validation([{ path: 'body', code: 'MULTIPART_MALFORMED' }]);
}

/**
 * Reads a multipart form: text fields, and the chunks of the `shard` file part (buffered: at most 5 MiB)
 * with their base64 MD5 when `withMd5` (the stored checksum of a shard, issue #8 item 10). `onFields` is
 * called once, with the fields parsed so far, when the first file part begins (the client sends the fields
 * first), so the caller can start work that needs them while the bytes arrive (issue #16).
 * @throws as `multipartError`
 */
async function readForm(
  request: FastifyRequest,
  withMd5 = false,
  onFields?: (fields: Record<string, string>) => void,
): Promise<{ fields: Record<string, string>; file: ReceivedShard | null }> {
  const fields: Record<string, string> = {};
  let file: ReceivedShard | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (onFields) {
          onFields({ ...fields });
          onFields = undefined;
        }
        // Hash while the bytes arrive (the loop would idle between chunks anyway).
        const hash = withMd5 ? createHash('md5') : null;
        const chunks: Buffer[] = [];
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          hash?.update(chunk);
          chunks.push(chunk);
        }
        if (part.file.truncated)
          throw Object.assign(new Error('shard too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        // Kept as the chunks that arrived: the staging writes them with writev, so the shard is never
        // copied into one more 5 MiB buffer.
        if (part.fieldname === SHARD_FILE_FIELD) {
          let length = 0;
          for (const chunk of chunks) length += chunk.length;
          file = { chunks, length, md5Base64: hash?.digest('base64') };
        }
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated)
          throw new AppError('TOO_LARGE', { code: 'FORM_FIELD_TOO_LONG', params: { name: part.fieldname } });
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    multipartError(error);
  }
  return { fields, file };
}

/** `fileUploadId` from a urlencoded, JSON or multipart body, or the query. */
async function readFileUploadId(request: FastifyRequest): Promise<string> {
  if (request.isMultipart()) return (await readForm(request)).fields.fileUploadId ?? '';
  const fromBody = (request.body as { fileUploadId?: unknown } | undefined)?.fileUploadId;
  const fromQuery = (request.query as { fileUploadId?: unknown }).fileUploadId;
  const value = fromBody ?? fromQuery;
  return typeof value === 'string' ? value : '';
}

/**
 * The video file service (API.md §7): moreShard, merge, isExistLocalMergeFile, cancel. Authentication
 * is the upload token in the query string; responses are the envelope (plugins/envelope.ts).
 */
export const fileServiceRoutes: FastifyPluginAsync<FileServiceRoutesOptions> = async (
  app: FastifyInstance,
  deps,
) => {
  // Encapsulated: this scope's multipart parser has the shard limits (media.routes has its own).
  await app.register(multipart, {
    limits: { fileSize: SHARD_MAX_BYTES, files: 1, fields: 20, parts: 21, fieldSize: FIELD_MAX_BYTES },
  });

  // The global flood guard (600 requests/min per IP, plugins/security.ts) would stop a legitimate upload:
  // a 30 GB file is 6,144 shards and a fast link sends hundreds a minute. Shards get their own limit,
  // counted per upload token rather than per IP (many authors may share one NAT address).
  const shardRateLimit = {
    max: SHARD_RATE_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const token = (request.query as { token?: unknown }).token;
      return typeof token === 'string' && token
        ? `shard-token:${token.slice(0, 128)}`
        : `shard-ip:${request.ip}`;
    },
  };

  const tags = ['fileservice'];
  app.post(
    FILESERVICE_PATHS.moreShard,
    {
      config: { rateLimit: shardRateLimit },
      schema: {
        summary: 'Store one shard (multipart, API.md §7)',
        tags,
        response: envelopeResponses(moreShardResultSchema),
      },
    },
    async (request) => {
      const userId = await authenticate(deps.db, request, true);
      if (!request.isMultipart()) throw AppError.validation([{ path: 'body', code: 'SHARD_MULTIPART' }]);
      const md5 = request.headers[CONTENT_MD5_HEADER];
      // The upload row is read while the shard's bytes arrive (lookupShard), not after them.
      let lookup: ShardLookup | null = null;
      const { fields, file } = await readForm(request, true, (early) => {
        lookup = lookupShard(deps, userId, early);
      });
      const stored = await storeShard(
        deps,
        userId,
        fields,
        file,
        typeof md5 === 'string' ? md5 : undefined,
        undefined,
        lookup,
      );
      // issue #16 /metrics: bytes of acknowledged shards (a resent shard is traffic and counts again)
      app.metrics.uploadBytes.inc(
        { use: fields.use === 'smallVideo' ? 'smallVideo' : 'video' },
        file?.length ?? 0,
      );
      return stored;
    },
  );

  app.post(
    FILESERVICE_PATHS.merge,
    {
      schema: {
        summary: 'Merge the shards (API.md §7)',
        tags,
        response: envelopeResponses(mergeResultSchema),
      },
    },
    async (request) => {
      const userId = await authenticate(deps.db, request, true);
      const key = await readFileUploadId(request);
      if (!key) throw AppError.validation([{ path: 'fileUploadId', code: 'FILE_UPLOAD_ID_REQUIRED' }]);
      return mergeUpload(deps, userId, key);
    },
  );

  app.get<{ Querystring: { fileUploadId?: string } }>(
    FILESERVICE_PATHS.isExistLocalMergeFile,
    {
      schema: {
        summary: 'State of an upload (API.md §7)',
        tags,
        response: envelopeResponses(mergeFileStatusSchema),
      },
    },
    async (request) => {
      const userId = await authenticate(deps.db, request, false);
      return getMergeStatus(deps, userId, request.query.fileUploadId ?? '', requestLanguage(request));
    },
  );

  app.delete<{ Querystring: { fileUploadId?: string } }>(
    FILESERVICE_PATHS.upload,
    {
      schema: {
        summary: 'Cancel an upload and free its bytes (API.md §7)',
        tags,
        response: envelopeResponses(nullDataSchema),
      },
    },
    async (request) => {
      const userId = await authenticate(deps.db, request, true);
      return cancelUpload(deps, userId, request.query.fileUploadId ?? '');
    },
  );
};

/**
 * `GET /media/video/<key>-<created>.<suffix>` (or `<key>.<suffix>`, merged before names carried the
 * upload's creation time; see `videoFileKey`) — merged videos with HTTP range requests (206 + Content-Range,
 * Accept-Ranges, 416 for a range outside the file) so the player can seek; from local disk or S3.
 * Like images, anyone holding the URL can fetch it (the key is the client's random 128-bit upload id).
 */
export const videoServingRoutes: FastifyPluginAsync<Pick<FileServiceDeps, 'storage'>> = async (
  app,
  { storage },
) => {
  const handler = async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const key = `videos/${request.params.name}`;
    if (!/^[0-9a-f]{32}(?:-[0-9a-z]{1,12})?\.[0-9a-z]{1,5}$/.test(request.params.name) || !isValidKey(key)) {
      throw new AppError('NOT_FOUND', 'VIDEO_NOT_FOUND');
    }
    const info = await storage.stat(key);
    if (!info) throw new AppError('NOT_FOUND', 'VIDEO_NOT_FOUND');
    const range = parseRange(request.headers.range, info.size);
    reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(info.contentType ?? videoContentType(key.slice(key.lastIndexOf('.') + 1)));
    if (range.kind === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${info.size}`).send();
    }
    const part = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
    reply.header('content-length', part ? part.end - part.start + 1 : info.size);
    if (part) reply.code(206).header('content-range', `bytes ${part.start}-${part.end}/${info.size}`);
    if (request.method === 'HEAD') return reply.send();
    const stream = await storage.createReadStream(key, part);
    if (!stream) throw new AppError('NOT_FOUND', 'VIDEO_NOT_FOUND');
    return reply.send(stream);
  };
  app.get(
    '/media/video/:name',
    {
      schema: {
        summary: 'A merged video, with HTTP range requests (206)',
        tags: ['fileservice'],
        produces: ['video/*'],
        response: binaryResponses('the video bytes, or the requested range of them'),
      },
    },
    handler,
  );
};
