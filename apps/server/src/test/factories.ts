import { randomBytes } from 'node:crypto';
import type {
  ContentStatus,
  ContentType,
  DesignSaveResult,
  Envelope,
  ImageUploadResult,
  NoticeDetail,
} from '@cc/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { contents, uploads, userIdentities, users } from '../db/schema/index.js';
import { scopedUploadKey, videoFileKey } from '../modules/fileservice/fileservice.service.js';
import { sendSystemMessage, type SystemMessageInput } from '../modules/message/message.service.js';
import { publishNotice } from '../modules/notice/notice.service.js';
import { hashPassword } from '../modules/passport/passport.service.js';
import { body, login, signedPost, type TestSession } from './helpers.js';

/**
 * Test data builders (model: Outline `server/test/factories.ts`): every call makes NEW rows with unique
 * keys and sensible defaults, so each test builds exactly the data it needs and no test depends on
 * another's (issue #7 "One test harness"). Rows go straight into the database unless the builder says it
 * goes through a route.
 */

export const DEFAULT_PASSWORD = 'password-123';

/** What the factories need of a test app: `useTestApp()`'s handle or `createTestApp()`'s result. */
export interface FactoryContext {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly config: AppConfig;
}

/** Columns of `users` to override, plus the plain password and the identity types to attach. */
export type UserFields = Partial<typeof users.$inferInsert> & { password?: string; identities?: number[] };

/** A unique account name (`<prefix>_<8 hex>`, 13+ characters, valid for the login schema). */
export const uniqueAccount = (prefix = 'user') => `${prefix}_${randomBytes(4).toString('hex')}`;

/**
 * Inserts a user (argon2id hash of `password`, default `DEFAULT_PASSWORD`) with a unique account.
 * @returns the `users` row
 */
export async function createUser(db: Db, config: AppConfig, fields: UserFields = {}) {
  const { password, identities, ...rest } = fields;
  const [user] = await db
    .insert(users)
    .values({
      account: uniqueAccount(),
      mediaName: '测试作者',
      passwordHash: await hashPassword(config, password ?? DEFAULT_PASSWORD),
      ...rest,
    })
    .returning();
  for (const type of identities ?? []) await db.insert(userIdentities).values({ userId: user!.id, type });
  return user!;
}

/** A signed-in author: the session (cookies, uid) plus the user row and the credentials. */
export interface TestAuthor extends TestSession {
  user: Awaited<ReturnType<typeof createUser>>;
  account: string;
  password: string;
}

/**
 * Creates a NEW user (see `createUser`) and signs in through the real login route (API.md §5).
 * @throws Error when the login answers anything but status 1
 */
export async function createAuthor(t: FactoryContext, fields: UserFields = {}): Promise<TestAuthor> {
  const user = await createUser(t.db, t.config, fields);
  const password = fields.password ?? DEFAULT_PASSWORD;
  const session = await login(t.app, user.account, password);
  return { ...session, user, account: user.account, password };
}

/** Inserts a content row (an article unless `type` says otherwise), a draft by default. */
export async function createArticle(
  db: Db,
  userId: number,
  fields: Partial<typeof contents.$inferInsert> & { type?: ContentType; status?: ContentStatus } = {},
) {
  const [row] = await db
    .insert(contents)
    .values({
      userId,
      type: 'article',
      title: '一篇用于测试的汽车文章',
      content: '<p>这是一段足够长的正文内容，用于测试。</p>',
      coverUrls: ['/media/img/400x300/covers/a.jpg'],
      status: 'draft',
      ...fields,
    })
    .returning();
  return row!;
}

/**
 * An upload row as the file service leaves it (API.md §7): by default a ready 125.5 s 1920×1080 video
 * with a probed cover. Stored under the user-scoped id, as the file service does.
 * @returns the client's key (what `fileUploadId` carries)
 */
export async function createUpload(
  db: Db,
  userId: number,
  fields: Partial<typeof uploads.$inferInsert> = {},
): Promise<string> {
  const key = randomBytes(16).toString('hex');
  const id = scopedUploadKey(userId, key);
  // the merged file is named as the file service names it (`videoFileKey`: stored id and `createdAt`)
  const createdAt = fields.createdAt ?? new Date();
  await db.insert(uploads).values({
    key: id,
    userId,
    use: 'video',
    name: 'clip.mp4',
    suffix: 'mp4',
    size: 1000,
    shardSize: 1024 * 1024,
    shardTotal: 1,
    state: 'ready',
    storage: 'local',
    createdAt,
    fileKey: videoFileKey(id, fields.suffix ?? 'mp4', createdAt),
    cover: `covers/${key}.jpg`,
    duration: 125.5,
    width: 1920,
    height: 1080,
    ...fields,
  });
  return key;
}

/**
 * Publishes a video of `author` through `POST /api/video/publish` on a new ready upload.
 * @param upload overrides of the upload row (e.g. `{ duration: 100 }`)
 * @param param overrides of the publish param (e.g. `{ publishType: 0 }` for a draft)
 * @returns the content id and the upload's client key
 * @throws Error when the route answers anything but status 1
 */
export async function createVideo(
  t: FactoryContext,
  author: TestSession,
  upload: Partial<typeof uploads.$inferInsert> = {},
  param: Record<string, unknown> = {},
): Promise<{ id: number; key: string }> {
  const key = await createUpload(t.db, author.userId, upload);
  const env = body<{ id: number }>(
    await signedPost(
      t.app,
      '/api/video/publish',
      {
        use: 'video',
        title: '冰雪路面制动实测视频',
        description: '一段视频简介',
        publishType: 1,
        fileUploadId: key,
        ...param,
      },
      { session: author, json: true },
    ),
  );
  if (env.status !== 1) throw new Error(`createVideo: ${env.status} ${env.message}`);
  return { id: env.data.id, key };
}

/** A poster document as the editor saves it (schemaVersion 2, 900×1200, white), with extra fields. */
export const designDocument = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    schemaVersion: 2,
    width: 900,
    height: 1200,
    background: { type: 'color', color: '#fff' },
    objects: [],
    ...extra,
  });

/**
 * Saves a design through `POST /api/design/save` (a new one unless `param.id`).
 * @throws Error when the route answers anything but status 1
 */
export async function createDesign(
  t: FactoryContext,
  author: TestSession,
  param: Record<string, unknown> = {},
): Promise<DesignSaveResult> {
  const env = body<DesignSaveResult>(
    await signedPost(
      t.app,
      '/api/design/save',
      { name: 'Cover', width: 900, height: 1200, document: designDocument(), ...param },
      { session: author, json: true },
    ),
  );
  if (env.status !== 1) throw new Error(`createDesign: ${env.status} ${env.message}`);
  return env.data;
}

/** Options of `uploadImage`: the multipart field, file name, scene, and the session parts to send. */
export interface UploadImageOptions {
  /** the `x-user-guid` header; `null` leaves it out (default: the session's guid) */
  guid?: string | null;
  /** cookies to send (default: the session's) */
  cookies?: Record<string, string>;
  /** the file's form field (any name is accepted; default `file`) */
  field?: string;
  filename?: string;
  scene?: string;
  /** extra text fields sent before the file */
  fields?: Record<string, string>;
  /** the upload route (default `/fileservice/image`; `/fileservice/private_image` for certification materials) */
  url?: string;
}

/** `POST /fileservice/image` (API.md §8) as `author`; the raw response. */
export function uploadImage(
  t: FactoryContext,
  author: TestSession,
  bytes: Buffer,
  opts: UploadImageOptions = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  if (opts.scene) form.append('scene', opts.scene);
  form.append(opts.field ?? 'file', new Blob([new Uint8Array(bytes)]), opts.filename ?? 'p.png');
  const headers: Record<string, string> = { cid: '500', ver: '1.0.4' };
  const guid = opts.guid === undefined ? author.userGuid : opts.guid;
  if (guid !== null) headers['x-user-guid'] = guid;
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/fileservice/image',
    payload: form,
    headers,
    cookies: opts.cookies ?? author.cookies,
  });
}

/** `uploadImage` that must succeed; the parsed result. @throws Error on any status but 1 */
export async function createImage(
  t: FactoryContext,
  author: TestSession,
  bytes: Buffer,
  opts: UploadImageOptions = {},
): Promise<ImageUploadResult> {
  const env: Envelope<ImageUploadResult> = body(await uploadImage(t, author, bytes, opts));
  if (env.status !== 1) throw new Error(`createImage: ${env.status} ${env.message}`);
  return env.data;
}

/** A system message for `userId` through the message service (default group 8, kind `custom`). */
export function createMessage(
  db: Db,
  userId: number,
  fields: Partial<Omit<SystemMessageInput, 'userId'>> = {},
): Promise<number> {
  const title = fields.title ?? `message ${randomBytes(3).toString('hex')}`;
  return sendSystemMessage(db, {
    msgGroup: 8,
    body: `${title} body`,
    link: null,
    ...fields,
    title,
    userId,
  });
}

/** A platform notice through the notice service (sanitized as the real one). */
export function createNotice(
  db: Db,
  fields: { title?: string; content?: string; summary?: string; publishedAt?: Date } = {},
): Promise<NoticeDetail> {
  return publishNotice(db, { title: '平台公告', content: '<p>公告内容</p>', ...fields });
}
