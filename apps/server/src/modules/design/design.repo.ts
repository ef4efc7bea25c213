import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { designs } from './design.schema.js';

export type DesignRow = typeof designs.$inferSelect;
export type NewDesignRow = typeof designs.$inferInsert;

/** The user's design by id; undefined when absent or another author's. */
export async function findOwnDesign(db: Db, userId: number, id: number): Promise<DesignRow | undefined> {
  const [row] = await db
    .select()
    .from(designs)
    .where(and(eq(designs.id, id), eq(designs.userId, userId)))
    .limit(1);
  return row;
}

export async function insertDesign(db: Db, row: NewDesignRow): Promise<DesignRow> {
  const [inserted] = await db.insert(designs).values(row).returning();
  return inserted!;
}

/**
 * The user's design created with idempotency key `requestId` (issue #8 item 10).
 * @returns the row, or undefined when the user made none with that key (or deleted it)
 */
export async function findOwnByRequestId(
  db: Db,
  userId: number,
  requestId: string,
): Promise<DesignRow | undefined> {
  const [row] = await db
    .select()
    .from(designs)
    .where(and(eq(designs.userId, userId), eq(designs.requestId, requestId)))
    .limit(1);
  return row;
}

/**
 * Inserts a design carrying `requestId` unless the user already has one with that key (issue #8 item 10):
 * `insert … on conflict (user_id, request_id) do nothing` on the partial unique index.
 * @returns the new row, or undefined when the key was taken (read the winner with `findOwnByRequestId`)
 */
export async function insertDesignOnce(
  db: Db,
  row: NewDesignRow & { requestId: string },
): Promise<DesignRow | undefined> {
  const [inserted] = await db
    .insert(designs)
    .values(row)
    .onConflictDoNothing({ target: [designs.userId, designs.requestId], where: isNotNull(designs.requestId) })
    .returning();
  return inserted;
}

/** Updates the user's design; undefined when it is not theirs (or gone). */
export async function updateOwnDesign(
  db: Db,
  userId: number,
  id: number,
  patch: Partial<NewDesignRow>,
): Promise<DesignRow | undefined> {
  const [row] = await db
    .update(designs)
    .set(patch)
    .where(and(eq(designs.id, id), eq(designs.userId, userId)))
    .returning();
  return row;
}

/** Deletes the user's design; false when it is not theirs (or gone). */
export async function deleteOwnDesign(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(designs)
    .where(and(eq(designs.id, id), eq(designs.userId, userId)))
    .returning({ id: designs.id });
  return rows.length > 0;
}

/** A page of the user's designs without their documents, most recently changed first. */
export async function listDesigns(
  db: Db,
  userId: number,
  opts: { limit: number; offset: number },
): Promise<{ rows: Omit<DesignRow, 'document' | 'requestId'>[]; total: number }> {
  const rows = await db
    .select({
      id: designs.id,
      userId: designs.userId,
      name: designs.name,
      width: designs.width,
      height: designs.height,
      thumbnailUrl: designs.thumbnailUrl,
      createdAt: designs.createdAt,
      updatedAt: designs.updatedAt,
    })
    .from(designs)
    .where(eq(designs.userId, userId))
    .orderBy(desc(designs.updatedAt), desc(designs.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(designs).where(eq(designs.userId, userId));
  return { rows, total: Number(total?.n ?? 0) };
}

/** How many designs the user holds; for the quota (issue #8 item 10). */
export async function countDesigns(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(designs).where(eq(designs.userId, userId));
  return Number(row?.n ?? 0);
}
