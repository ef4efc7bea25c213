import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploadTokens, userIdentities, users } from './user.schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * The query of {@link findUserById}, built once per database handle or transaction (issue #16: building this
 * 16-column select was the largest part of a signed `home/userinfo`'s CPU after the database round trips).
 * Prepared with an empty name: node-postgres still sends an unnamed statement, as a PgBouncer in transaction
 * mode needs (docs/operations.md).
 */
function userByIdQuery(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('');
}

const userByIdQueries = new WeakMap<Db, ReturnType<typeof userByIdQuery>>();

/** The user with this id, or undefined. @param db the database or the caller's transaction */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  let query = userByIdQueries.get(db);
  if (!query) userByIdQueries.set(db, (query = userByIdQuery(db)));
  const [row] = await query.execute({ id });
  return row;
}

/** Accounts are case-insensitive (the unique index is on lower(account)). */
export async function findUserByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = ${account.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted!;
}

/** Sets the given profile columns of a user (and `updated_at`). @returns the updated row, or undefined when none */
export async function updateUser(
  db: Db,
  id: number,
  fields: Partial<
    Pick<
      NewUserRow,
      | 'avatarKey'
      | 'mediaName'
      | 'passwordHash'
      | 'dynamicShow'
      | 'grade'
      | 'smallVideoMaxSeconds'
      | 'publishPoint'
      | 'contentAssistant'
      | 'whiteLists'
      | 'authStatus'
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function findIdentityTypes(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ type: userIdentities.type })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(userIdentities.type);
  return rows.map((r) => r.type);
}

export async function insertUploadToken(db: Db, row: typeof uploadTokens.$inferInsert): Promise<void> {
  await db.insert(uploadTokens).values(row);
}

export async function findLiveUploadToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: uploadTokens.userId, expiresAt: uploadTokens.expiresAt, userGuid: users.guid })
    .from(uploadTokens)
    .innerJoin(users, eq(users.id, uploadTokens.userId))
    .where(and(eq(uploadTokens.tokenHash, tokenHash), gt(uploadTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Deletes at most `limit` upload tokens expired at `now` (expires_at ≤ now: `findLiveUploadToken` no
 * longer accepts them), in one statement; rows another transaction holds are skipped, not waited for.
 * @returns how many rows were deleted
 */
export async function deleteExpiredUploadTokens(db: Db, now: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: uploadTokens.id })
    .from(uploadTokens)
    .where(lte(uploadTokens.expiresAt, now))
    .limit(limit)
    .for('update', { skipLocked: true });
  const gone = await db
    .delete(uploadTokens)
    .where(inArray(uploadTokens.id, batch))
    .returning({ id: uploadTokens.id });
  return gone.length;
}

/** The user's grade with the row locked (FOR UPDATE) until the transaction ends; undefined when no such user. */
export async function lockUserGrade(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ grade: users.grade }).from(users).where(eq(users.id, id)).for('update');
  return row?.grade;
}
