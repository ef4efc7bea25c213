import { and, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';

/*
 * src/read-models/ (issue #7 "read models … live in one clearly named place and only read"): queries that
 * join or gather several modules' tables for a page (the home overview, content lists' video facts, the data
 * pages' work table). They may import any module's `*.schema.ts` tables (never a repo or a service), because
 * a page's numbers cross module lines, but they only SELECT: no insert, update or delete, so every write stays
 * in the module that owns the table. A module's service calls them (home.service.ts → this file); they never
 * call modules.
 */

/**
 * How many works of the author are not deleted (the home overview's `contentCount`; the audience numbers come
 * from the analytics module, issue #12).
 */
export async function readContentCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contents)
    .where(and(eq(contents.userId, userId), ne(contents.status, 'deleted')));
  return Number(row?.n ?? 0);
}
