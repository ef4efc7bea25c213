import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { certificationApplications } from '../modules/certification/certification.schema.js';
import { users } from '../modules/user/user.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT only):
 * the operators' certification queue (issue #11, docs/api.md "Certification"): each author's latest application
 * in one state, oldest first, with the author's account and name, which live in the user module's table.
 */

export type CertificationQueueRow = typeof certificationApplications.$inferSelect & {
  account: string;
  mediaName: string;
  /** the author's earlier applications that were rejected */
  previousRejections: number;
};

/**
 * Latest applications in `status` (1 under review, 2 approved, 3 rejected), oldest submission first.
 * @param opts.limit/offset a page
 */
export async function readCertificationQueue(
  db: Db,
  opts: { status: number; limit: number; offset: number },
): Promise<{ rows: CertificationQueueRow[]; total: number }> {
  // an application is the latest of its author when no later one exists
  const latest = and(
    eq(certificationApplications.status, opts.status),
    sql`not exists (select 1 from certification_applications later
      where later.user_id = ${certificationApplications.userId} and later.id > ${certificationApplications.id})`,
  );
  const rows = await db
    .select({
      app: certificationApplications,
      account: users.account,
      mediaName: users.mediaName,
      previousRejections: sql<number>`(select count(*)::int from certification_applications earlier
        where earlier.user_id = ${certificationApplications.userId} and earlier.status = 3
          and earlier.id < ${certificationApplications.id})`,
    })
    .from(certificationApplications)
    .innerJoin(users, eq(users.id, certificationApplications.userId))
    .where(latest)
    .orderBy(asc(certificationApplications.submittedAt), asc(certificationApplications.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(certificationApplications).where(latest);
  return {
    rows: rows.map((r) => ({
      ...r.app,
      account: r.account,
      mediaName: r.mediaName,
      previousRejections: Number(r.previousRejections),
    })),
    total: total?.n ?? 0,
  };
}
