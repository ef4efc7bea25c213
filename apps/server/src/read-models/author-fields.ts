import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { certificationApplications } from '../modules/certification/certification.schema.js';

/*
 * Read model (rules in read-models/home-overview.ts): an author's field for the peers' median (issue #12
 * "against the median of authors in the same field"): the field of their approved person certification
 * (certification module, API.md §14). Authors without one are compared with every author.
 */

/** Status of an approved application (API.md §14 `authStatus` 2). */
const APPROVED = 2;

/** The field of the author's approved person certification, or null. */
export async function readAuthorField(db: Db, authorId: number): Promise<string | null> {
  const [row] = await db
    .select({ field: certificationApplications.field })
    .from(certificationApplications)
    .where(
      and(
        eq(certificationApplications.userId, authorId),
        eq(certificationApplications.status, APPROVED),
        eq(certificationApplications.kind, 'person'),
      ),
    )
    .orderBy(desc(certificationApplications.id))
    .limit(1);
  return row?.field ?? null;
}

/** The authors whose approved person certification names `field`. */
export async function readAuthorsOfField(db: Db, field: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: certificationApplications.userId })
    .from(certificationApplications)
    .where(
      and(
        eq(certificationApplications.field, field as never),
        eq(certificationApplications.status, APPROVED),
        inArray(certificationApplications.kind, ['person']),
      ),
    );
  return rows.map((r) => r.userId);
}
