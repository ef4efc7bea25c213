import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploadTokens, userIdentities, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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
