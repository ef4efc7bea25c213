import isIdentityCard from 'validator/lib/isIdentityCard.js';
import { z } from 'zod';
import { idInputSchema, pageParamSchema, ruleIssue, textInputSchema } from './schemas.js';
import { authStatusSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * Author certification (API.md §14; issue #11): the agreement, a person's or an organization's application,
 * the operators' decision, and the rules of the identity numbers. The server and the forms validate with these
 * same schemas; the server alone decides uniqueness (one person per ID number, two accounts per organization).
 */

/** The two kinds of application (`/certification/person`, `/certification/organization`). */
export const CERTIFICATION_KINDS = ['person', 'organization'] as const;
export type CertificationKind = (typeof CERTIFICATION_KINDS)[number];

/**
 * Subject types of an organization (Dongchedi 懂车号's six less 个人, which is the person kind): 企业,
 * 群媒体, 国家机构, 新闻媒体, 其他组织.
 */
export const ORG_SUBJECT_TYPES = [
  'enterprise',
  'group_media',
  'government',
  'news_media',
  'other_org',
] as const;
export type OrgSubjectType = (typeof ORG_SUBJECT_TYPES)[number];

/** The fields an author may be certified in (a person's `field`). */
export const CERTIFICATION_FIELDS = [
  'car_review',
  'buying_guide',
  'modification',
  'motorsport',
  'new_energy',
  'used_cars',
  'maintenance',
  'industry_news',
] as const;
export type CertificationField = (typeof CERTIFICATION_FIELDS)[number];

/** Accounts one organization (one unified social credit code) may certify (Dongchedi: two). */
export const ACCOUNTS_PER_ORGANIZATION = 2;
/** Sample works a person may attach (links to their own published works). */
export const SAMPLE_URLS_MAX = 5;
/** Digits of a phone verification code; minutes it stays valid; seconds between two sends to one author. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_RESEND_SECONDS = 60;
/** Wrong codes before a code is spent (the author asks for a new one). */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/**
 * A resident identity number (GB 11643-1999): 18 characters, the 17th-digit weighted check character
 * (ISO 7064 MOD 11-2), a plausible birth date and a known province code — `validator`'s `isIdentityCard(…,
 * 'zh-CN')`. A lowercase `x` is accepted and read as `X`.
 * @param value the number as typed (trimmed)
 */
export function isResidentIdNumber(value: string): boolean {
  return /^\d{17}[\dXx]$/.test(value) && isIdentityCard(value, 'zh-CN');
}

/** GB 32100-2015 character set of the unified social credit code: digits and capitals without I, O, S, V, Z. */
const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * The check character of a unified social credit code (GB 32100-2015 §5.2, ISO 7064 MOD 31-3 style): for the
 * first 17 characters with values `v[i]` (their index in the character set) and weights `3^i mod 31`,
 * `C18 = 31 − (Σ v[i]·w[i]) mod 31`, with 31 read as `0`. There is no maintained npm library for it
 * (ARCHITECTURE.md), so it lives here, tested on published codes (`certification.test.ts`).
 * @param first17 the first 17 characters, upper case
 * @returns the check character, or null when a character is outside the set
 */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const v = CREDIT_CODE_CHARSET.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * CREDIT_CODE_WEIGHTS[i]!;
  }
  const c = 31 - (sum % 31);
  return CREDIT_CODE_CHARSET[c === 31 ? 0 : c]!;
}

/**
 * A unified social credit code (GB 32100-2015): 18 characters of the code's set — the registration authority
 * (1, 5, 9, Y …), the type, the 6-digit region, the 9-character organization code and the check character —
 * whose last character is `creditCodeCheckChar` of the rest. Lower case is read as upper case.
 */
export function isCreditCode(value: string): boolean {
  const v = value.toUpperCase();
  if (!/^[0-9A-HJ-NP-RTUWXY]{2}\d{6}[0-9A-HJ-NP-RTUWXY]{10}$/.test(v)) return false;
  return creditCodeCheckChar(v.slice(0, 17)) === v[17];
}

/**
 * Masks of personal data for answers, pages and logs (API.md §14 `1101**********002X`): an identity number
 * or credit code keeps its first and last 4 characters, a phone its first 3 and last 4, a name its first
 * character. Every character hidden is one `*`, so the length shows.
 */
export function maskIdNumber(value: string): string {
  return value.length <= 8
    ? '*'.repeat(value.length)
    : `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}
/** A phone number masked: its first 3 and last 4 digits (`138****5678`). */
export function maskPhone(value: string): string {
  return value.length <= 7
    ? '*'.repeat(value.length)
    : `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}
/** A name masked: its first character (`王**`); a one-character name is `*`. */
export function maskName(value: string): string {
  const chars = [...value];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

/** A mainland mobile number: 11 digits starting 1[3-9] (what an SMS code can reach). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * A private image of the author's (ID photos, licence, authorization letter): `/media/private/<key>`, served
 * only to its owner and operators (docs/api.md "Certification"), uploaded with `POST /fileservice/private_image`.
 */
export const PRIVATE_IMAGE_URL_PATTERN = /^\/media\/private\/cert\/u\d+\/[a-z0-9]+\.(?:jpg|png|webp|gif)$/;

const idNumberSchema = textInputSchema(32, { trim: true })
  .refine(isResidentIdNumber, 'ID_NUMBER_INVALID')
  .transform((v) => v.toUpperCase());
const creditCodeSchema = textInputSchema(32, { trim: true })
  .refine(isCreditCode, 'CREDIT_CODE_INVALID')
  .transform((v) => v.toUpperCase());
const phoneSchema = textInputSchema(20, { trim: true }).refine((v) => PHONE_PATTERN.test(v), 'PHONE_INVALID');
const nameSchema = (max: number) =>
  textInputSchema(max, { trim: true }).pipe(z.string().min(2, 'NAME_TOO_SHORT'));
const privateImageSchema = textInputSchema(200).refine(
  (v) => PRIVATE_IMAGE_URL_PATTERN.test(v),
  'PRIVATE_IMAGE_REQUIRED',
);
const phoneCodeSchema = textInputSchema(PHONE_CODE_LENGTH, { trim: true }).refine(
  (v) => new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(v),
  'PHONE_CODE_INVALID',
);
const agreementVersionSchema = z.coerce
  .number('FIELD_EXPECTED_NUMBER')
  .int('FIELD_EXPECTED_INTEGER')
  .min(1)
  .max(10_000);

/**
 * `POST /api/certification/person` (API.md §14). Extension (docs/api.md): `phoneCode`, the code sent to
 * `phone` (`certification/send_code`). On a resubmission after a rejection the fields that were not rejected
 * may be left out: the server keeps them from the last application (`idNumber`, `phone` and `phoneCode`
 * travel together).
 */
export const personApplicationParamSchema = z.object({
  agreementVersion: agreementVersionSchema,
  realName: nameSchema(30).optional(),
  idNumber: idNumberSchema.optional(),
  phone: phoneSchema.optional(),
  phoneCode: phoneCodeSchema.optional(),
  idFrontUrl: privateImageSchema.optional(),
  idBackUrl: privateImageSchema.optional(),
  field: z.enum(CERTIFICATION_FIELDS, 'CERTIFICATION_FIELD_INVALID').optional(),
  sampleUrls: z
    .array(textInputSchema(300, { trim: true }))
    .max(SAMPLE_URLS_MAX, 'SAMPLE_URLS_TOO_MANY')
    .optional(),
});
export type PersonApplicationParam = z.infer<typeof personApplicationParamSchema>;

/**
 * `POST /api/certification/organization` (API.md §14). Extension: `operatorPhoneCode`; left-out fields are kept
 * on a resubmission, as for a person.
 */
export const organizationApplicationParamSchema = z.object({
  agreementVersion: agreementVersionSchema,
  subjectType: z.enum(ORG_SUBJECT_TYPES, 'SUBJECT_TYPE_INVALID').optional(),
  orgName: nameSchema(60).optional(),
  creditCode: creditCodeSchema.optional(),
  licenseUrl: privateImageSchema.optional(),
  operatorName: nameSchema(30).optional(),
  operatorIdNumber: idNumberSchema.optional(),
  operatorPhone: phoneSchema.optional(),
  operatorPhoneCode: phoneCodeSchema.optional(),
  authLetterUrl: privateImageSchema.optional(),
});
export type OrganizationApplicationParam = z.infer<typeof organizationApplicationParamSchema>;

/** The fields of each kind an operator can reject by name (the paths of the two param schemas). */
export const PERSON_FIELDS = [
  'realName',
  'idNumber',
  'phone',
  'idFrontUrl',
  'idBackUrl',
  'field',
  'sampleUrls',
] as const;
export const ORGANIZATION_FIELDS = [
  'subjectType',
  'orgName',
  'creditCode',
  'licenseUrl',
  'operatorName',
  'operatorIdNumber',
  'operatorPhone',
  'authLetterUrl',
] as const;
export const APPLICATION_FIELDS = [...PERSON_FIELDS, ...ORGANIZATION_FIELDS] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

/** The fields a resubmission must send again: those rejected, else all (the first application). */
export function requiredApplicationFields(kind: CertificationKind): readonly ApplicationField[] {
  return kind === 'person' ? PERSON_FIELDS.filter((f) => f !== 'sampleUrls') : ORGANIZATION_FIELDS;
}

/** One rejected field and why, in the operator's words. */
export const fieldReasonSchema = z.strictObject({ path: z.enum(APPLICATION_FIELDS), reason: z.string() });
export type FieldReason = z.infer<typeof fieldReasonSchema>;

/**
 * The application as its author (and operators) see it: plain where harmless, masked where personal
 * (API.md §14 `masked`), images as their private URLs.
 */
export const applicationViewSchema = z.strictObject({
  kind: z.enum(CERTIFICATION_KINDS),
  field: z.enum(CERTIFICATION_FIELDS).optional(),
  sampleUrls: z.array(z.string()).optional(),
  subjectType: z.enum(ORG_SUBJECT_TYPES).optional(),
  orgName: z.string().optional(),
  idFrontUrl: z.string().optional(),
  idBackUrl: z.string().optional(),
  licenseUrl: z.string().optional(),
  authLetterUrl: z.string().optional(),
  masked: z.strictObject({
    realName: z.string().optional(),
    idNumber: z.string().optional(),
    phone: z.string().optional(),
    creditCode: z.string().optional(),
    operatorName: z.string().optional(),
    operatorIdNumber: z.string().optional(),
    operatorPhone: z.string().optional(),
  }),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/**
 * `GET /api/certification/state` (API.md §14). Extensions (docs/api.md): `fieldReasons` (each rejected field),
 * `application` (what was sent, masked), `agreement` (the version this author accepted and when, and the
 * current version), `decidedAt`.
 */
export const certificationStateSchema = z.strictObject({
  authStatus: authStatusSchema,
  kind: z.enum(CERTIFICATION_KINDS).optional(),
  rejectReason: z.string().optional(),
  fieldReasons: z.array(fieldReasonSchema),
  submittedAt: isoTimeSchema.optional(),
  decidedAt: isoTimeSchema.optional(),
  masked: z.strictObject({
    realName: z.string().optional(),
    idNumber: z.string().optional(),
    creditCode: z.string().optional(),
  }),
  application: applicationViewSchema.optional(),
  agreement: z.strictObject({
    currentVersion: z.int().min(1),
    acceptedVersion: z.int().min(1).optional(),
    acceptedAt: isoTimeSchema.optional(),
  }),
});
export type CertificationState = z.infer<typeof certificationStateSchema>;

/** Answer of both application calls (API.md §14): under review now. */
export const applicationResultSchema = z.strictObject({ authStatus: z.literal(1) });

/** `POST /api/certification/accept_agreement { version }` (extension): records the acceptance. */
export const acceptAgreementParamSchema = z.object({ version: agreementVersionSchema });
export const acceptAgreementResultSchema = z.strictObject({
  version: z.int().min(1),
  acceptedAt: isoTimeSchema,
});

/**
 * `POST /api/certification/send_code { phone }` (extension): sends a verification code by SMS. `devCode` is
 * the code itself, present only while the SMS sender is the development logger (SMS_SENDER=log, the embedded
 * default), for the dev banner.
 */
export const sendCodeParamSchema = z.object({ phone: phoneSchema });
export const sendCodeResultSchema = z.strictObject({
  phone: z.string(),
  expiresAt: isoTimeSchema,
  resendAfterSeconds: z.int().min(0),
  devCode: z.string().optional(),
});
export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;

/** `GET /api/ops/certification/list` (extension, operators): applications under review, oldest first. */
export const opsCertificationListParamSchema = pageParamSchema.extend({
  authStatus: z.coerce
    .number()
    .pipe(z.literal([1, 2, 3]))
    .default(1),
});
export const opsCertificationItemSchema = z.strictObject({
  userId: idSchema,
  account: z.string(),
  mediaName: z.string(),
  authStatus: authStatusSchema,
  submittedAt: isoTimeSchema,
  /** earlier applications of this author (a resubmission after a rejection has ≥ 1) */
  previousRejections: z.int().min(0),
  application: applicationViewSchema,
});
export type OpsCertificationItem = z.infer<typeof opsCertificationItemSchema>;
export const opsCertificationListSchema = listDataSchema(opsCertificationItemSchema);

/**
 * `POST /api/ops/certification/decide { userId, decision, reason }` (API.md §14). Extension: `fieldReasons`,
 * the rejected fields each with its reason; a rejection needs a `reason` or at least one field reason.
 */
export const CERTIFICATION_DECISIONS = ['approve', 'reject'] as const;
export const opsCertificationDecideParamSchema = z
  .object({
    userId: idInputSchema,
    decision: z.enum(CERTIFICATION_DECISIONS),
    reason: textInputSchema(200, { trim: true, multiline: true }).optional(),
    fieldReasons: z
      .array(
        z.object({
          path: z.enum(APPLICATION_FIELDS),
          reason: textInputSchema(200, { trim: true }).pipe(z.string().min(1, 'OPS_REASON_REQUIRED')),
        }),
      )
      .max(APPLICATION_FIELDS.length)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason && !v.fieldReasons?.length)
      ctx.addIssue(ruleIssue({ code: 'OPS_REASON_REQUIRED' }, ['reason']));
  });
export type OpsCertificationDecideParam = z.infer<typeof opsCertificationDecideParamSchema>;
export const opsCertificationDecideResultSchema = z.strictObject({
  userId: idSchema,
  authStatus: authStatusSchema,
});
