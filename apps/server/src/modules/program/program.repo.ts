import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { programs } from './program.schema.js';

/**
 * Storage of programs: the `programs` row beside the program's `contents` row (the content module's, reached
 * through content.service.ts).
 */

export type ProgramRow = typeof programs.$inferSelect;
export type NewProgramRow = typeof programs.$inferInsert;

/** The `programs` row of a program (its content id: description, episode ids in order), or undefined. */
export async function findProgram(db: Db, contentId: number): Promise<ProgramRow | undefined> {
  const [row] = await db.select().from(programs).where(eq(programs.contentId, contentId)).limit(1);
  return row;
}

/** Inserts or replaces the program's description and episodes. */
export async function upsertProgram(db: Db, row: NewProgramRow): Promise<ProgramRow> {
  const [stored] = await db
    .insert(programs)
    .values(row)
    .onConflictDoUpdate({
      target: programs.contentId,
      set: { description: row.description, episodeIds: row.episodeIds },
    })
    .returning();
  return stored!;
}
