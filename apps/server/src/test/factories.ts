import { randomBytes } from 'node:crypto';
import type { ContentStatus, ContentType } from '@cc/contracts';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { contents, userIdentities, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/passport/passport.service.js';

/** Test data builders: rows straight into the database, with sensible defaults. */

export const DEFAULT_PASSWORD = 'password-123';

export async function createUser(
  db: Db,
  config: AppConfig,
  fields: Partial<typeof users.$inferInsert> & { password?: string; identities?: number[] } = {},
) {
  const { password, identities, ...rest } = fields;
  const [user] = await db
    .insert(users)
    .values({
      account: `user_${randomBytes(4).toString('hex')}`,
      mediaName: '测试作者',
      passwordHash: await hashPassword(config, password ?? DEFAULT_PASSWORD),
      ...rest,
    })
    .returning();
  for (const type of identities ?? []) await db.insert(userIdentities).values({ userId: user!.id, type });
  return user!;
}

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
