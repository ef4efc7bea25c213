import { and, asc, count, desc, eq, gt, gte, inArray, ne, notLike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  ApplicationStatus,
  certificationAgreements,
  certificationApplications,
  certificationPhoneCodes,
} from './certification.schema.js';

/** Storage of certification: applications, agreement acceptances and phone codes (certification.schema.ts). */

export type ApplicationRow = typeof certificationApplications.$inferSelect;
export type NewApplicationRow = typeof certificationApplications.$inferInsert;
export type PhoneCodeRow = typeof certificationPhoneCodes.$inferSelect;

/** The author's latest application, or undefined. @param forUpdate lock it until the transaction ends */
export async function findLatestApplication(
  db: Db,
  userId: number,
  forUpdate = false,
): Promise<ApplicationRow | undefined> {
  const q = db
    .select()
    .from(certificationApplications)
    .where(eq(certificationApplications.userId, userId))
    .orderBy(desc(certificationApplications.id))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Stores a new application (every submission is a row; the latest is the author's state). @returns the row */
export async function insertApplication(db: Db, row: NewApplicationRow): Promise<ApplicationRow> {
  const [inserted] = await db.insert(certificationApplications).values(row).returning();
  return inserted!;
}

/** Records a decision on an application: its status (2 approved, 3 rejected), reasons, time and operator. */
export async function updateApplication(
  db: Db,
  id: number,
  patch: Partial<Pick<NewApplicationRow, 'status' | 'reason' | 'fieldReasons' | 'decidedAt' | 'decidedBy'>>,
): Promise<void> {
  await db.update(certificationApplications).set(patch).where(eq(certificationApplications.id, id));
}

/**
 * Serializes the applications that claim one identity (an ID number's or credit code's blind index) until the
 * transaction ends: two authors sending the same number at once are decided one after the other. On PGlite (one
 * connection) it is a no-op in effect.
 */
export async function lockIdentity(tx: Db, blindIndex: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${blindIndex}))`);
}

/** Whether another author's live application (under review or approved) is a person with one of these indexes. */
export async function idNumberClaimedByOther(db: Db, userId: number, indexes: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: certificationApplications.id })
    .from(certificationApplications)
    .where(
      and(
        eq(certificationApplications.kind, 'person'),
        inArray(certificationApplications.status, [ApplicationStatus.REVIEWING, ApplicationStatus.APPROVED]),
        inArray(certificationApplications.idNumberBidx, indexes),
        ne(certificationApplications.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** How many other authors hold a live organization application with one of these credit-code indexes. */
export async function creditCodeAccounts(db: Db, userId: number, indexes: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${certificationApplications.userId})::int` })
    .from(certificationApplications)
    .where(
      and(
        eq(certificationApplications.kind, 'organization'),
        inArray(certificationApplications.status, [ApplicationStatus.REVIEWING, ApplicationStatus.APPROVED]),
        inArray(certificationApplications.creditCodeBidx, indexes),
        ne(certificationApplications.userId, userId),
      ),
    );
  return row?.n ?? 0;
}

/** Records that the author accepted an agreement version (again is a no-op: the first time stays). */
export async function insertAgreementAcceptance(
  db: Db,
  userId: number,
  version: number,
  at: Date,
): Promise<Date> {
  await db.insert(certificationAgreements).values({ userId, version, acceptedAt: at }).onConflictDoNothing();
  const [row] = await db
    .select({ acceptedAt: certificationAgreements.acceptedAt })
    .from(certificationAgreements)
    .where(and(eq(certificationAgreements.userId, userId), eq(certificationAgreements.version, version)));
  return row!.acceptedAt;
}

/** The newest agreement version the author accepted, and when. */
export async function findLatestAcceptance(
  db: Db,
  userId: number,
): Promise<{ version: number; acceptedAt: Date } | undefined> {
  const [row] = await db
    .select({ version: certificationAgreements.version, acceptedAt: certificationAgreements.acceptedAt })
    .from(certificationAgreements)
    .where(eq(certificationAgreements.userId, userId))
    .orderBy(desc(certificationAgreements.version))
    .limit(1);
  return row;
}

/** The code last sent to (author, phone index), locked until the transaction ends; undefined when none. */
export async function findPhoneCode(
  db: Db,
  userId: number,
  phoneBidx: string,
): Promise<PhoneCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(certificationPhoneCodes)
    .where(and(eq(certificationPhoneCodes.userId, userId), eq(certificationPhoneCodes.phoneBidx, phoneBidx)))
    .limit(1)
    .for('update');
  return row;
}

/** Stores a new code for (author, phone), replacing the last one and its wrong tries. */
export async function upsertPhoneCode(
  db: Db,
  row: { userId: number; phoneBidx: string; codeHash: string; sentAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insert(certificationPhoneCodes)
    .values({ ...row, attempts: 0 })
    .onConflictDoUpdate({
      target: [certificationPhoneCodes.userId, certificationPhoneCodes.phoneBidx],
      set: { codeHash: row.codeHash, sentAt: row.sentAt, expiresAt: row.expiresAt, attempts: 0 },
    });
}

/** How many phones the author was sent a code for since `since`. */
export async function countPhonesSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(certificationPhoneCodes)
    .where(and(eq(certificationPhoneCodes.userId, userId), gte(certificationPhoneCodes.sentAt, since)));
  return row?.n ?? 0;
}

/** Sets the wrong tries of (author, phone index)'s code. */
export async function setPhoneCodeAttempts(db: Db, userId: number, phoneBidx: string, attempts: number) {
  await db
    .update(certificationPhoneCodes)
    .set({ attempts })
    .where(and(eq(certificationPhoneCodes.userId, userId), eq(certificationPhoneCodes.phoneBidx, phoneBidx)));
}

/** Spends or drops (author, phone index)'s code. */
export async function deletePhoneCode(db: Db, userId: number, phoneBidx: string): Promise<void> {
  await db
    .delete(certificationPhoneCodes)
    .where(and(eq(certificationPhoneCodes.userId, userId), eq(certificationPhoneCodes.phoneBidx, phoneBidx)));
}

/** Applications after `afterId`, by id, `limit` at a time (the key rotation walks them all). */
export async function listApplicationsAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(certificationApplications)
    .where(gt(certificationApplications.id, afterId))
    .orderBy(asc(certificationApplications.id))
    .limit(limit);
}

/** Rewrites the personal-data columns of one application (ciphertexts and blind indexes). */
export async function updatePersonalColumns(
  db: Db,
  id: number,
  patch: Partial<
    Pick<
      NewApplicationRow,
      | 'realNameEnc'
      | 'idNumberEnc'
      | 'idNumberBidx'
      | 'phoneEnc'
      | 'creditCodeEnc'
      | 'creditCodeBidx'
      | 'operatorNameEnc'
      | 'operatorIdNumberEnc'
      | 'operatorPhoneEnc'
    >
  >,
): Promise<void> {
  await db.update(certificationApplications).set(patch).where(eq(certificationApplications.id, id));
}

/** Deletes phone codes whose phone index is not of `prefix` (`v<current>:`); returns how many. */
export async function deletePhoneCodesNotOf(db: Db, prefix: string): Promise<number> {
  const rows = await db
    .delete(certificationPhoneCodes)
    .where(notLike(certificationPhoneCodes.phoneBidx, `${prefix}%`))
    .returning({ userId: certificationPhoneCodes.userId });
  return rows.length;
}

/**
 * Deletes at most `limit` phone codes expired at `now` (they verify nothing any more), in one statement; rows
 * another transaction holds are skipped. @returns how many were deleted
 */
export async function deleteExpiredPhoneCodes(db: Db, now: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${certificationPhoneCodes} where (user_id, phone_bidx) in (
      select user_id, phone_bidx from ${certificationPhoneCodes}
      where expires_at <= ${now.toISOString()} limit ${limit} for update skip locked
    ) returning user_id`);
  return (result as { rows: unknown[] }).rows.length;
}
