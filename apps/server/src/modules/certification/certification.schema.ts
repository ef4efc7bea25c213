import type { ApplicationField, CertificationField, CertificationKind, OrgSubjectType } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the certification module (issue #11, API.md §14): only certification.repo.ts reads and writes them;
 * other modules call certification.service.ts. Personal data is stored only as AES-256-GCM ciphertexts
 * (`*_enc`, lib/personal-data.ts) and HMAC blind indexes (`*_bidx`) — nothing in these tables reads as a name,
 * ID number, credit code or phone number.
 */

/** Application states: under review, approved, rejected (= `authStatus` 1, 2, 3 of API.md §14). */
export const ApplicationStatus = { REVIEWING: 1, APPROVED: 2, REJECTED: 3 } as const;

/**
 * Every application an author sent, newest last: the latest is the author's certification state; earlier ones
 * are the history (a resubmission after a rejection is a new row that copies what was not rejected).
 */
export const certificationApplications = pgTable(
  'certification_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CertificationKind>().notNull(),
    /** 1 reviewing, 2 approved, 3 rejected (ApplicationStatus) */
    status: smallint('status').notNull(),
    /** the agreement version the author accepted for this application */
    agreementVersion: integer('agreement_version').notNull(),
    // a person
    realNameEnc: text('real_name_enc'),
    idNumberEnc: text('id_number_enc'),
    idNumberBidx: text('id_number_bidx'),
    phoneEnc: text('phone_enc'),
    idFrontKey: text('id_front_key'),
    idBackKey: text('id_back_key'),
    field: text('field').$type<CertificationField>(),
    sampleUrls: jsonb('sample_urls').$type<string[]>().notNull().default([]),
    // an organization
    subjectType: text('subject_type').$type<OrgSubjectType>(),
    orgName: text('org_name'),
    creditCodeEnc: text('credit_code_enc'),
    creditCodeBidx: text('credit_code_bidx'),
    licenseKey: text('license_key'),
    operatorNameEnc: text('operator_name_enc'),
    operatorIdNumberEnc: text('operator_id_number_enc'),
    operatorPhoneEnc: text('operator_phone_enc'),
    authLetterKey: text('auth_letter_key'),
    // the decision
    reason: text('reason'),
    fieldReasons: jsonb('field_reasons')
      .$type<{ path: ApplicationField; reason: string }[]>()
      .notNull()
      .default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('certification_applications_user_idx').on(t.userId, t.id),
    index('certification_applications_status_idx').on(t.status, t.submittedAt),
    // one person per ID number among live applications (the service checks every key version first)
    uniqueIndex('certification_applications_person_id_uq')
      .on(t.idNumberBidx)
      .where(sql`kind = 'person' and status in (1, 2)`),
    index('certification_applications_credit_idx').on(t.creditCodeBidx),
  ],
);

/** Each agreement version an author accepted, and when (issue #11 "acceptance recorded with its version and time"). */
export const certificationAgreements = pgTable(
  'certification_agreements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

/**
 * The phone verification code last sent to an author for a phone: the phone's blind index, the code's HMAC
 * (never the code), when it expires, and the wrong tries so far.
 */
export const certificationPhoneCodes = pgTable(
  'certification_phone_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneBidx: text('phone_bidx').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phoneBidx] })],
);
