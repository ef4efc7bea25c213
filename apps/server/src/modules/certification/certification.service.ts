import { randomInt } from 'node:crypto';
import {
  ACCOUNTS_PER_ORGANIZATION,
  AGREEMENT_RULE_SLUG,
  type ApplicationField,
  type ApplicationView,
  type CertificationKind,
  type CertificationState,
  type FieldIssue,
  type ListData,
  maskIdNumber,
  maskName,
  maskPhone,
  MsgGroup,
  type OpsCertificationDecideParam,
  type OpsCertificationItem,
  type OrganizationApplicationParam,
  ORGANIZATION_FIELDS,
  PERSON_FIELDS,
  type PersonApplicationParam,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
  requiredApplicationFields,
  type SendCodeResult,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { deleteInBatches } from '../../db/batched-delete.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  blindIndex,
  blindIndexes,
  type DataKeyring,
  decryptPersonal,
  encryptPersonal,
  isStale,
} from '../../lib/personal-data.js';
import { readCertificationQueue } from '../../read-models/certification-queue.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { isOwnPrivateImage, privateImageKey } from '../media/media.service.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import { type RuleCatalog, ruleVersion } from '../rules/rules.service.js';
import { getUserInfo, setAuthStatus } from '../user/user.service.js';
import * as repo from './certification.repo.js';
import { ApplicationStatus } from './certification.schema.js';
import type { SmsSender } from './sms-sender.js';

/**
 * Author certification (issue #11, API.md §14): the agreement, a person's or an organization's application,
 * phone codes, and the operators' decision. Personal data (names, ID numbers, credit codes, phones) is encrypted
 * before it reaches the database and only ever leaves masked (`maskIdNumber` …), in answers and log lines alike.
 * Uniqueness — one person per ID number, `ACCOUNTS_PER_ORGANIZATION` accounts per credit code — is checked on
 * blind indexes under an advisory lock, so two authors sending one number at once are decided in turn.
 */

/** What the service needs. */
export interface CertificationDeps {
  db: Db;
  storage: ObjectStorage;
  keys: DataKeyring;
  catalog: RuleCatalog;
  sms: SmsSender;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** Different phones one author may send codes to within an hour (an SMS costs money and reaches strangers). */
export const PHONE_CODE_PHONES_PER_HOUR = 5;

const PURPOSE = {
  idNumber: 'id_number',
  creditCode: 'credit_code',
  phone: 'phone',
  code: 'phone_code',
} as const;

const nowOf = (deps: CertificationDeps) => (deps.now ? deps.now() : new Date());

/** The current version of the certification agreement (the `certification-agreement` rule's). */
export function currentAgreementVersion(deps: Pick<CertificationDeps, 'catalog'>): number {
  return ruleVersion(deps.catalog, AGREEMENT_RULE_SLUG);
}

function decryptOrUndefined(deps: CertificationDeps, value: string | null): string | undefined {
  return value ? decryptPersonal(deps.keys, value) : undefined;
}

/** An application as its author and operators see it: personal data masked, images as private URLs. */
function toView(deps: CertificationDeps, row: repo.ApplicationRow): ApplicationView {
  const url = (key: string | null) => (key ? `/media/private/${key}` : undefined);
  const masked = (value: string | null, mask: (v: string) => string) => {
    const plain = decryptOrUndefined(deps, value);
    return plain === undefined ? undefined : mask(plain);
  };
  const view: ApplicationView = {
    kind: row.kind,
    masked: {},
  };
  const set = <K extends keyof ApplicationView>(key: K, value: ApplicationView[K] | undefined | null) => {
    if (value !== undefined && value !== null) view[key] = value;
  };
  const setMasked = (key: keyof ApplicationView['masked'], value: string | undefined) => {
    if (value !== undefined) view.masked[key] = value;
  };
  if (row.kind === 'person') {
    set('field', row.field);
    set('sampleUrls', row.sampleUrls);
    set('idFrontUrl', url(row.idFrontKey));
    set('idBackUrl', url(row.idBackKey));
    setMasked('realName', masked(row.realNameEnc, maskName));
    setMasked('idNumber', masked(row.idNumberEnc, maskIdNumber));
    setMasked('phone', masked(row.phoneEnc, maskPhone));
  } else {
    set('subjectType', row.subjectType);
    set('orgName', row.orgName);
    set('licenseUrl', url(row.licenseKey));
    set('authLetterUrl', url(row.authLetterKey));
    setMasked('creditCode', masked(row.creditCodeEnc, maskIdNumber));
    setMasked('operatorName', masked(row.operatorNameEnc, maskName));
    setMasked('operatorIdNumber', masked(row.operatorIdNumberEnc, maskIdNumber));
    setMasked('operatorPhone', masked(row.operatorPhoneEnc, maskPhone));
  }
  return view;
}

/**
 * `GET /api/certification/state` (API.md §14): the author's `authStatus`, the latest application masked, the
 * reasons of a rejection (overall and per field), and the agreement's current and accepted versions.
 */
export async function getCertificationState(
  deps: CertificationDeps,
  userId: number,
): Promise<CertificationState> {
  const [row, acceptance, user] = await Promise.all([
    repo.findLatestApplication(deps.db, userId),
    repo.findLatestAcceptance(deps.db, userId),
    getUserInfo(deps.db, userId),
  ]);
  const agreement: CertificationState['agreement'] = { currentVersion: currentAgreementVersion(deps) };
  if (acceptance) {
    agreement.acceptedVersion = acceptance.version;
    agreement.acceptedAt = acceptance.acceptedAt.toISOString();
  }
  // `users.auth_status` is the truth `home/userinfo` shows; an account certified before applications were kept
  // here (the demo, imported accounts) is certified with no application to show
  if (!row) return { authStatus: user.authStatus, fieldReasons: [], masked: {}, agreement };
  const application = toView(deps, row);
  const state: CertificationState = {
    authStatus: row.status as 1 | 2 | 3,
    kind: row.kind,
    fieldReasons: row.status === ApplicationStatus.REJECTED ? row.fieldReasons : [],
    submittedAt: row.submittedAt.toISOString(),
    masked: {
      ...(application.masked.realName ? { realName: application.masked.realName } : {}),
      ...(application.masked.idNumber ? { idNumber: application.masked.idNumber } : {}),
      ...(application.masked.creditCode ? { creditCode: application.masked.creditCode } : {}),
    },
    application,
    agreement,
  };
  if (row.status === ApplicationStatus.REJECTED && row.reason) state.rejectReason = row.reason;
  if (row.decidedAt) state.decidedAt = row.decidedAt.toISOString();
  return state;
}

/**
 * `POST /api/certification/accept_agreement { version }` (extension): records that the author accepted this
 * version of the agreement, and when (the first acceptance of a version stays).
 * @throws VALIDATION_FAILED (10007, AGREEMENT_CHANGED) when `version` is not the current one
 */
export async function acceptAgreement(
  deps: CertificationDeps,
  userId: number,
  version: number,
): Promise<{ version: number; acceptedAt: string }> {
  const current = currentAgreementVersion(deps);
  if (version !== current)
    throw AppError.validation([{ path: 'version', code: 'AGREEMENT_CHANGED', params: { version: current } }]);
  const at = await repo.insertAgreementAcceptance(deps.db, userId, version, nowOf(deps));
  return { version, acceptedAt: at.toISOString() };
}

function codeHash(deps: CertificationDeps, userId: number, code: string): string {
  return blindIndex(deps.keys, PURPOSE.code, `${userId}:${code}`);
}

/**
 * `POST /api/certification/send_code { phone }` (extension): sends a 6-digit code to `phone` through the SMS
 * sender, valid `PHONE_CODE_TTL_MINUTES`; the code is stored only as an HMAC. With the development sender the
 * answer carries the code (`devCode`) for the dev banner; the log line masks the phone.
 * @throws RATE_LIMITED (10009, PHONE_CODE_TOO_SOON) within `PHONE_CODE_RESEND_SECONDS` of the last code, or after
 *   `PHONE_CODE_PHONES_PER_HOUR` phones; FAILED (status 0, SMS_SEND_FAILED) when the SMS gateway refuses
 */
export async function sendPhoneCode(
  deps: CertificationDeps,
  userId: number,
  phone: string,
): Promise<SendCodeResult> {
  const now = nowOf(deps);
  const phoneBidx = blindIndex(deps.keys, PURPOSE.phone, phone);
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000);
  await deps.db.transaction(async (tx) => {
    // distinct phones per author per hour (a resend to one phone is bounded by the wait below)
    const recent = await repo.countPhonesSince(tx, userId, new Date(now.getTime() - 3600_000));
    const last = await repo.findPhoneCode(tx, userId, phoneBidx);
    if (!last && recent >= PHONE_CODE_PHONES_PER_HOUR)
      throw new AppError('RATE_LIMITED', 'TOO_MANY_REQUESTS_NOW', { retryAfterSeconds: 3600 });
    const wait = last
      ? Math.ceil(PHONE_CODE_RESEND_SECONDS - (now.getTime() - last.sentAt.getTime()) / 1000)
      : 0;
    if (wait > 0)
      throw new AppError(
        'RATE_LIMITED',
        { code: 'PHONE_CODE_TOO_SOON', params: { seconds: wait } },
        {
          retryAfterSeconds: wait,
        },
      );
    await repo.upsertPhoneCode(tx, {
      userId,
      phoneBidx,
      codeHash: codeHash(deps, userId, code),
      sentAt: now,
      expiresAt,
    });
  });
  try {
    await deps.sms.send(phone, code);
  } catch (err) {
    // the gateway refused or was unreachable: the code never left, so it is dropped and may be asked again now
    deps.log.warn({ err, phone: maskPhone(phone) }, 'certification code not sent');
    await repo.deletePhoneCode(deps.db, userId, phoneBidx);
    throw new AppError('FAILED', 'SMS_SEND_FAILED');
  }
  return {
    phone: maskPhone(phone),
    expiresAt: expiresAt.toISOString(),
    resendAfterSeconds: PHONE_CODE_RESEND_SECONDS,
    ...(deps.sms.showsCode ? { devCode: code } : {}),
  };
}

/**
 * Checks the code sent to `phone`, in its own transaction: a wrong code counts a try (committed, so the count
 * survives the refusal), and after `PHONE_CODE_MAX_ATTEMPTS` the code is dead. The code is spent
 * (`spendPhoneCode`) in the transaction of the application it verified, so a refused application leaves it usable.
 * @throws VALIDATION_FAILED naming `path` (PHONE_CODE_WRONG) when missing, wrong or expired
 */
async function checkPhoneCode(
  deps: CertificationDeps,
  userId: number,
  phone: string,
  code: string | undefined,
  path: string,
): Promise<void> {
  const phoneBidx = blindIndex(deps.keys, PURPOSE.phone, phone);
  const ok = await deps.db.transaction(async (tx) => {
    const row = await repo.findPhoneCode(tx, userId, phoneBidx);
    if (
      !code ||
      !row ||
      row.expiresAt.getTime() < nowOf(deps).getTime() ||
      row.attempts >= PHONE_CODE_MAX_ATTEMPTS
    )
      return false;
    if (row.codeHash === codeHash(deps, userId, code)) return true;
    await repo.setPhoneCodeAttempts(tx, userId, phoneBidx, row.attempts + 1);
    return false;
  });
  if (!ok) throw AppError.validation([{ path, code: 'PHONE_CODE_WRONG' }]);
}

/** Spends a checked code inside the application's transaction. */
async function spendPhoneCode(deps: CertificationDeps, tx: Db, userId: number, phone: string): Promise<void> {
  await repo.deletePhoneCode(tx, userId, blindIndex(deps.keys, PURPOSE.phone, phone));
}

type Submitted = Partial<Record<ApplicationField, unknown>>;

/**
 * The application's state before a new one: refuses while one is under review or after approval, and says
 * which fields the new one may keep (those of the same kind not rejected).
 */
function previousOf(
  latest: repo.ApplicationRow | undefined,
  kind: CertificationKind,
  authStatus: number,
): { previous: repo.ApplicationRow | undefined; rejected: Set<ApplicationField> } {
  if (!latest && authStatus === 2) throw new AppError('CONFLICT', 'CERTIFICATION_DONE');
  if (latest?.status === ApplicationStatus.REVIEWING)
    throw new AppError('CONFLICT', 'CERTIFICATION_UNDER_REVIEW');
  if (latest?.status === ApplicationStatus.APPROVED) throw new AppError('CONFLICT', 'CERTIFICATION_DONE');
  if (!latest || latest.kind !== kind) return { previous: undefined, rejected: new Set() };
  return { previous: latest, rejected: new Set(latest.fieldReasons.map((f) => f.path)) };
}

/**
 * The fields missing after keeping the previous application's: every required field must be sent or kept, and a
 * rejected field must be sent again. @returns the issues (empty when complete)
 */
function missingFields(
  kind: CertificationKind,
  param: Submitted,
  previous: repo.ApplicationRow | undefined,
  rejected: Set<ApplicationField>,
): FieldIssue[] {
  // every required field, and a rejected optional one (sample works) too: the operator asked for it again
  const fields = new Set<ApplicationField>([...requiredApplicationFields(kind), ...rejected]);
  return [...fields]
    .filter((f) => param[f] === undefined && (!previous || rejected.has(f)))
    .map((path) => ({ path, code: 'CERTIFICATION_FIELD_MISSING' as const }));
}

async function checkImages(
  deps: CertificationDeps,
  userId: number,
  param: Submitted,
  fields: ApplicationField[],
) {
  const issues: FieldIssue[] = [];
  for (const f of fields) {
    const url = param[f];
    if (typeof url === 'string' && !(await isOwnPrivateImage(deps.storage, userId, url)))
      issues.push({ path: f, code: 'PRIVATE_IMAGE_NOT_YOURS' });
  }
  if (issues.length) throw AppError.validation(issues);
}

/** The agreement version sent must be the current one; the acceptance is recorded with the application. */
async function checkAgreement(
  deps: CertificationDeps,
  tx: Db,
  userId: number,
  version: number,
): Promise<void> {
  const current = currentAgreementVersion(deps);
  if (version !== current)
    throw AppError.validation([
      { path: 'agreementVersion', code: 'AGREEMENT_CHANGED', params: { version: current } },
    ]);
  await repo.insertAgreementAcceptance(tx, userId, version, nowOf(deps));
}

/** What differs between a person's and an organization's application; `submitApplication` does the rest. */
interface ApplicationSpec<P extends { agreementVersion: number }> {
  kind: CertificationKind;
  /** the private images the application names */
  images: ApplicationField[];
  /** the phone sent with its code (undefined when kept), and the code's field */
  phone(param: P): { phone: string | undefined; code: string | undefined; path: string };
  /** the identity that must stay unique: its field, its blind-index purpose, the value sent (undefined when kept) */
  identity: { path: ApplicationField; purpose: string; value(param: P): string | undefined };
  /**
   * Refuses the identity when other accounts hold it (`indexes`: its blind indexes under every key), inside the
   * advisory lock. @returns the field issue, or null when it is free
   */
  refuse(tx: Db, userId: number, indexes: string[]): Promise<FieldIssue | null>;
  /** the kept blind index of the identity in a previous application */
  keptIndex(previous: repo.ApplicationRow | undefined): string | null;
  /** the kind's columns: sent values encrypted (`enc`), the rest kept from `previous`; `identity` the new columns */
  columns(
    param: P,
    previous: repo.ApplicationRow | undefined,
    enc: (value: string | undefined, kept: string | null | undefined) => string | null,
    identity: { enc: string; bidx: string } | null,
  ): Partial<repo.NewApplicationRow>;
}

const keyOf = (url: string | undefined, kept: string | null | undefined) =>
  url ? privateImageKey(url) : (kept ?? null);

const PERSON: ApplicationSpec<PersonApplicationParam> = {
  kind: 'person',
  images: ['idFrontUrl', 'idBackUrl'],
  phone: (p) => ({ phone: p.phone, code: p.phoneCode, path: 'phoneCode' }),
  identity: { path: 'idNumber', purpose: PURPOSE.idNumber, value: (p) => p.idNumber },
  refuse: async (tx, userId, indexes) =>
    (await repo.idNumberClaimedByOther(tx, userId, indexes))
      ? { path: 'idNumber', code: 'ID_NUMBER_TAKEN' }
      : null,
  keptIndex: (previous) => previous?.idNumberBidx ?? null,
  columns: (p, previous, enc, identity) => ({
    realNameEnc: enc(p.realName, previous?.realNameEnc),
    idNumberEnc: identity?.enc ?? previous?.idNumberEnc ?? null,
    idNumberBidx: identity?.bidx ?? previous?.idNumberBidx ?? null,
    phoneEnc: enc(p.phone, previous?.phoneEnc),
    idFrontKey: keyOf(p.idFrontUrl, previous?.idFrontKey),
    idBackKey: keyOf(p.idBackUrl, previous?.idBackKey),
    field: p.field ?? previous?.field ?? null,
    sampleUrls: p.sampleUrls ?? previous?.sampleUrls ?? [],
  }),
};

const ORGANIZATION: ApplicationSpec<OrganizationApplicationParam> = {
  kind: 'organization',
  images: ['licenseUrl', 'authLetterUrl'],
  phone: (p) => ({ phone: p.operatorPhone, code: p.operatorPhoneCode, path: 'operatorPhoneCode' }),
  identity: { path: 'creditCode', purpose: PURPOSE.creditCode, value: (p) => p.creditCode },
  refuse: async (tx, userId, indexes) =>
    (await repo.creditCodeAccounts(tx, userId, indexes)) >= ACCOUNTS_PER_ORGANIZATION
      ? { path: 'creditCode', code: 'CREDIT_CODE_FULL', params: { max: ACCOUNTS_PER_ORGANIZATION } }
      : null,
  keptIndex: (previous) => previous?.creditCodeBidx ?? null,
  columns: (p, previous, enc, identity) => ({
    subjectType: p.subjectType ?? previous?.subjectType ?? null,
    orgName: p.orgName ?? previous?.orgName ?? null,
    creditCodeEnc: identity?.enc ?? previous?.creditCodeEnc ?? null,
    creditCodeBidx: identity?.bidx ?? previous?.creditCodeBidx ?? null,
    licenseKey: keyOf(p.licenseUrl, previous?.licenseKey),
    operatorNameEnc: enc(p.operatorName, previous?.operatorNameEnc),
    operatorIdNumberEnc: enc(p.operatorIdNumber, previous?.operatorIdNumberEnc),
    operatorPhoneEnc: enc(p.operatorPhone, previous?.operatorPhoneEnc),
    authLetterKey: keyOf(p.authLetterUrl, previous?.authLetterKey),
  }),
};

/**
 * One application of either kind, under review at once (`authStatus` 1). After a rejection the fields not
 * rejected may be left out and are kept (ciphertexts copied, nothing decrypted). The images and a new phone's code
 * are checked first; then one transaction: the state (none under review, not certified), the missing fields, the
 * agreement acceptance, the code spent, the identity's uniqueness under its advisory lock (a kept identity is
 * checked again: another account may hold it by now), the new row and the author's `authStatus`. The log line
 * names the identity masked.
 */
async function submitApplication<P extends { agreementVersion: number }>(
  deps: CertificationDeps,
  userId: number,
  param: P,
  spec: ApplicationSpec<P>,
): Promise<{ authStatus: 1 }> {
  const fields = param as Submitted;
  await checkImages(deps, userId, fields, spec.images);
  const phone = spec.phone(param);
  // a new phone needs its code; a phone kept from the last application was verified then
  if (phone.phone !== undefined) await checkPhoneCode(deps, userId, phone.phone, phone.code, phone.path);
  const value = spec.identity.value(param);
  await deps.db.transaction(async (tx) => {
    const { previous, rejected } = previousOf(
      await repo.findLatestApplication(tx, userId, true),
      spec.kind,
      (await getUserInfo(tx, userId)).authStatus,
    );
    const missing = missingFields(spec.kind, fields, previous, rejected);
    if (missing.length) throw AppError.validation(missing);
    await checkAgreement(deps, tx, userId, param.agreementVersion);
    if (phone.phone !== undefined) await spendPhoneCode(deps, tx, userId, phone.phone);
    const identity =
      value === undefined
        ? null
        : {
            enc: encryptPersonal(deps.keys, value),
            bidx: blindIndex(deps.keys, spec.identity.purpose, value),
          };
    const lockIndex = identity?.bidx ?? spec.keptIndex(previous);
    if (lockIndex) {
      await repo.lockIdentity(tx, lockIndex);
      const indexes =
        value === undefined ? [lockIndex] : blindIndexes(deps.keys, spec.identity.purpose, value);
      const refused = await spec.refuse(tx, userId, indexes);
      if (refused) throw AppError.validation([refused]);
    }
    const enc = (v: string | undefined, kept: string | null | undefined) =>
      v !== undefined ? encryptPersonal(deps.keys, v) : (kept ?? null);
    await repo.insertApplication(tx, {
      userId,
      kind: spec.kind,
      status: ApplicationStatus.REVIEWING,
      agreementVersion: param.agreementVersion,
      ...spec.columns(param, previous, enc, identity),
      submittedAt: nowOf(deps),
    });
    await setAuthStatus(tx, userId, 1);
  });
  deps.log.info(
    { userId, kind: spec.kind, [spec.identity.path]: value === undefined ? 'kept' : maskIdNumber(value) },
    'certification application submitted',
  );
  return { authStatus: 1 };
}

/**
 * `POST /api/certification/person` (API.md §14): a person's application (`submitApplication`).
 * @throws VALIDATION_FAILED (10007) naming the field: a missing or rejected field not sent, a wrong phone code,
 *   an image that is not the author's own upload, an ID number that certifies another account (ID_NUMBER_TAKEN,
 *   which does not say whose), an agreement version that is not the current one;
 *   CONFLICT (10008) while an application is under review or after approval
 */
export function submitPerson(
  deps: CertificationDeps,
  userId: number,
  param: PersonApplicationParam,
): Promise<{ authStatus: 1 }> {
  return submitApplication(deps, userId, param, PERSON);
}

/**
 * `POST /api/certification/organization` (API.md §14): an organization's application (`submitApplication`).
 * Refusals as for a person; a credit code already behind `ACCOUNTS_PER_ORGANIZATION` other accounts is 10007
 * CREDIT_CODE_FULL.
 */
export function submitOrganization(
  deps: CertificationDeps,
  userId: number,
  param: OrganizationApplicationParam,
): Promise<{ authStatus: 1 }> {
  return submitApplication(deps, userId, param, ORGANIZATION);
}

/**
 * `GET /api/ops/certification/list` (extension, operators): the latest applications in one state (default under
 * review), oldest first, masked, with the images' private URLs (which operators may open).
 */
export async function listApplications(
  deps: CertificationDeps,
  param: { authStatus: number; page: number; pageSize: number },
): Promise<ListData<OpsCertificationItem>> {
  const { rows, total } = await readCertificationQueue(deps.db, {
    status: param.authStatus,
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  const list = rows.map((r) => ({
    userId: r.userId,
    account: r.account,
    mediaName: r.mediaName,
    authStatus: r.status as 1 | 2 | 3,
    submittedAt: r.submittedAt.toISOString(),
    previousRejections: r.previousRejections,
    application: toView(deps, r),
  }));
  return { list, total, page: param.page, pageSize: param.pageSize };
}

/**
 * `POST /api/ops/certification/decide { userId, decision, reason, fieldReasons? }` (API.md §14): approves or
 * rejects the author's application under review; `authStatus` follows and the author gets a message either way
 * (one transaction).
 * @throws CONFLICT (10008, CERTIFICATION_NOT_WAITING) when nothing waits; VALIDATION_FAILED naming
 *   `fieldReasons` when a field is not one of the application's kind
 */
export async function decideApplication(
  deps: CertificationDeps,
  operatorId: number,
  param: OpsCertificationDecideParam,
): Promise<{ userId: number; authStatus: 2 | 3 }> {
  const authStatus = param.decision === 'approve' ? 2 : 3;
  await deps.db.transaction(async (tx) => {
    const row = await repo.findLatestApplication(tx, param.userId, true);
    if (row?.status !== ApplicationStatus.REVIEWING)
      throw new AppError('CONFLICT', 'CERTIFICATION_NOT_WAITING');
    const allowed: readonly string[] = row.kind === 'person' ? PERSON_FIELDS : ORGANIZATION_FIELDS;
    const fieldReasons = param.decision === 'reject' ? (param.fieldReasons ?? []) : [];
    const foreign = fieldReasons.findIndex((f) => !allowed.includes(f.path));
    if (foreign >= 0)
      throw AppError.validation([{ path: `fieldReasons.${foreign}.path`, code: 'FIELD_INVALID' }]);
    await repo.updateApplication(tx, row.id, {
      status: authStatus,
      reason: param.decision === 'reject' ? (param.reason ?? null) : null,
      fieldReasons: fieldReasons.map((f) => ({ path: f.path, reason: f.reason })),
      decidedAt: nowOf(deps),
      decidedBy: operatorId,
    });
    await setAuthStatus(tx, param.userId, authStatus);
    const link = '/certification/indexc';
    if (authStatus === 2) {
      await sendSystemMessage(tx, {
        userId: param.userId,
        ...kindMessage('certified', {}, link, MsgGroup.SYSTEM),
      });
    } else {
      const reason =
        param.reason ??
        ({ code: 'CERTIFICATION_FIELDS_REJECTED', params: { count: fieldReasons.length } } as const);
      await sendSystemMessage(tx, {
        userId: param.userId,
        ...kindMessage('certification_rejected', { reason, fields: fieldReasons.map((f) => f.path) }, link),
      });
    }
  });
  deps.log.info({ userId: param.userId, operatorId, decision: param.decision }, 'certification decided');
  return { userId: param.userId, authStatus };
}

/** Applications re-encrypted per transaction by `reencryptPersonalData`. */
const REENCRYPT_BATCH = 200;

/**
 * Key rotation (issue #11 "a key version prefix so keys can rotate"; README "Rotating the data key"): rewrites every
 * ciphertext and blind index written with an older key under the current one — each application in its own
 * short transaction, in batches, so the server keeps serving — and drops phone codes indexed under an old key (they
 * live 10 minutes). Run after DATA_KEY has a new version and the old key is in DATA_KEYS_PREVIOUS; once it reports
 * nothing left, the old key may be removed. Idempotent: values already under the current key are left alone.
 * @returns how many applications were rewritten and phone codes dropped
 * @throws Error when a value cannot be decrypted with any configured key (nothing of that row is changed)
 */
export async function reencryptPersonalData(
  db: Db,
  keys: DataKeyring,
): Promise<{ applications: number; phoneCodes: number }> {
  const fresh = (value: string | null) => (value && isStale(keys, value) ? value : null);
  const ENC = [
    'realNameEnc',
    'idNumberEnc',
    'phoneEnc',
    'creditCodeEnc',
    'operatorNameEnc',
    'operatorIdNumberEnc',
    'operatorPhoneEnc',
  ] as const;
  let applications = 0;
  let after = 0;
  for (;;) {
    const rows = await repo.listApplicationsAfter(db, after, REENCRYPT_BATCH);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      const patch: Parameters<typeof repo.updatePersonalColumns>[2] = {};
      for (const column of ENC) {
        const stale = fresh(row[column]);
        if (stale) patch[column] = encryptPersonal(keys, decryptPersonal(keys, stale));
      }
      if (row.idNumberBidx && isStale(keys, row.idNumberBidx) && row.idNumberEnc)
        patch.idNumberBidx = blindIndex(keys, PURPOSE.idNumber, decryptPersonal(keys, row.idNumberEnc));
      if (row.creditCodeBidx && isStale(keys, row.creditCodeBidx) && row.creditCodeEnc)
        patch.creditCodeBidx = blindIndex(keys, PURPOSE.creditCode, decryptPersonal(keys, row.creditCodeEnc));
      if (Object.keys(patch).length === 0) continue;
      await db.transaction((tx) => repo.updatePersonalColumns(tx, row.id, patch));
      applications += 1;
    }
  }
  const phoneCodes = await repo.deletePhoneCodesNotOf(db, `v${keys.current.version}:`);
  return { applications, phoneCodes };
}

/**
 * Deletes expired phone codes in batches (the hourly `auth-purge` job, issue #7 "tables that do not grow forever").
 * @returns how many were deleted
 */
export async function purgeExpiredPhoneCodes(
  db: Db,
  now = new Date(),
  opts: { batchRows?: number; maxBatches?: number } = {},
): Promise<number> {
  return deleteInBatches((limit) => repo.deleteExpiredPhoneCodes(db, now, limit), opts);
}
