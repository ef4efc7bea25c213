import {
  type ApplicationField,
  type CertificationKind,
  type CertificationState,
  type FieldError,
  type MessageLanguage,
  organizationApplicationParamSchema,
  personApplicationParamSchema,
  renderMessage,
  requiredApplicationFields,
  RULE_REFS,
  zodIssueMessage,
} from '@cc/contracts';
import { fieldsOfKind } from '../../components/application-summary';

/**
 * The rules of the certification forms (issue #11, API.md §14), free of React: which fields a resubmission keeps,
 * which must be filled again, the param sent, and the errors placed on their fields — checked with the contracts'
 * own schemas, in the server's words.
 */

/**
 * How a field shows in the form: `new` an empty input (a first application); `kept` the last application's value,
 * masked, with a "Change" button (a resubmission, the field was not rejected); `rejected` the reviewer's reason over
 * an empty input that must be filled again.
 */
export type FieldMode = 'new' | 'kept' | 'rejected';
export interface FieldPlan {
  mode: FieldMode;
  /** the reviewer's reason (`rejected`) */
  reason?: string;
}

/** The plan of every field of a kind, and whether the form resubmits a rejected application of that kind. */
export interface FormPlan {
  kind: CertificationKind;
  resubmission: boolean;
  /** the last application was rejected but of the other kind: everything is asked again */
  otherKind: CertificationKind | null;
  fields: Partial<Record<ApplicationField, FieldPlan>>;
}

/**
 * What the form of `kind` asks (the server's rule, certification.service `missingFields`): after a rejection of the
 * same kind, the rejected fields are asked again and the others kept; otherwise (no application yet, or the last one
 * was of the other kind) every field is new.
 */
export function planForm(state: CertificationState | undefined, kind: CertificationKind): FormPlan {
  const resubmission = state?.authStatus === 3 && state.kind === kind && state.application !== undefined;
  const reasons = new Map((resubmission ? state.fieldReasons : []).map((f) => [f.path, f.reason]));
  const fields: FormPlan['fields'] = {};
  for (const field of fieldsOfKind(kind)) {
    const reason = reasons.get(field);
    fields[field] = !resubmission
      ? { mode: 'new' }
      : reason !== undefined
        ? { mode: 'rejected', reason }
        : { mode: 'kept' };
  }
  const otherKind = state?.authStatus === 3 && state.kind && state.kind !== kind ? state.kind : null;
  return { kind, resubmission, otherKind, fields };
}

/** The fields the form starts editing: all but the kept ones. */
export function initialEditing(plan: FormPlan): Set<ApplicationField> {
  return new Set(
    (Object.entries(plan.fields) as [ApplicationField, FieldPlan][])
      .filter(([, p]) => p.mode !== 'kept')
      .map(([f]) => f),
  );
}

/** Every value of both forms (one shape: the page shows one kind's fields). */
export interface ApplicationFormValues {
  realName: string;
  idNumber: string;
  phone: string;
  phoneCode: string;
  idFrontUrl: string;
  idBackUrl: string;
  field: string;
  sampleUrls: string[];
  subjectType: string;
  orgName: string;
  creditCode: string;
  licenseUrl: string;
  operatorName: string;
  operatorIdNumber: string;
  operatorPhone: string;
  operatorPhoneCode: string;
  authLetterUrl: string;
}

export const EMPTY_FORM: ApplicationFormValues = {
  realName: '',
  idNumber: '',
  phone: '',
  phoneCode: '',
  idFrontUrl: '',
  idBackUrl: '',
  field: '',
  sampleUrls: [''],
  subjectType: '',
  orgName: '',
  creditCode: '',
  licenseUrl: '',
  operatorName: '',
  operatorIdNumber: '',
  operatorPhone: '',
  operatorPhoneCode: '',
  authLetterUrl: '',
};

/** The code field that travels with a phone field (a new phone needs its code). */
export const CODE_OF: Partial<Record<ApplicationField, 'phoneCode' | 'operatorPhoneCode'>> = {
  phone: 'phoneCode',
  operatorPhone: 'operatorPhoneCode',
};

/** A path of the form's errors: a field, a code field, or `agreementVersion` (shown over the form). */
export type ErrorPath = ApplicationField | 'phoneCode' | 'operatorPhoneCode' | 'agreementVersion';
export interface FieldProblem {
  message: string;
  /** the rule the refusal applies (`slug#section`), linked beside the message */
  ruleRef?: string;
}
export type FormErrors = Partial<Record<ErrorPath, FieldProblem>>;

/**
 * The param of `certification/person` or `certification/organization`: the agreement version and the fields being
 * edited (trimmed; empty ones left out, the check says they are missing); kept fields are left out, so the server
 * keeps them. A phone goes with its code; sample works without the empty lines.
 */
export function toApplicationParam(
  kind: CertificationKind,
  values: ApplicationFormValues,
  editing: ReadonlySet<ApplicationField>,
  agreementVersion: number,
): Record<string, unknown> {
  const param: Record<string, unknown> = { agreementVersion };
  for (const field of fieldsOfKind(kind)) {
    if (!editing.has(field)) continue;
    if (field === 'sampleUrls') {
      param.sampleUrls = values.sampleUrls.map((u) => u.trim()).filter(Boolean);
      continue;
    }
    const value = values[field].trim();
    if (value) param[field] = value;
    const code = CODE_OF[field];
    if (code && values[code].trim()) param[code] = values[code].trim();
  }
  return param;
}

/** A required field left empty, in the server's words. */
function missing(lang: MessageLanguage): FieldProblem {
  return { message: renderMessage('CERTIFICATION_FIELD_MISSING', lang) };
}

/** The field an error path belongs to: `sampleUrls.2` is the sample works' list. */
function errorPathOf(path: string): ErrorPath | null {
  const head = path.split('.')[0] ?? '';
  const known: readonly string[] = [
    ...fieldsOfKind('person'),
    ...fieldsOfKind('organization'),
    'phoneCode',
    'operatorPhoneCode',
    'agreementVersion',
  ];
  return known.includes(head) ? (head as ErrorPath) : null;
}

/**
 * Checks the form before sending, as the server will: a required field being edited must be filled (a rejected one
 * included), a phone being changed needs its code, and the rest by the contracts' schema (ID numbers by GB 11643,
 * credit codes by GB 32100, the phone pattern, names, photos). Messages in `lang`, with the rule's reference.
 * @returns the first problem of each field; empty when the application may go
 */
export function validateApplication(
  kind: CertificationKind,
  values: ApplicationFormValues,
  editing: ReadonlySet<ApplicationField>,
  agreementVersion: number,
  lang: MessageLanguage,
): FormErrors {
  const errors: FormErrors = {};
  const param = toApplicationParam(kind, values, editing, agreementVersion);
  for (const field of requiredApplicationFields(kind)) {
    if (editing.has(field) && param[field] === undefined) errors[field] = missing(lang);
  }
  for (const [phone, code] of Object.entries(CODE_OF) as [ApplicationField, ErrorPath][]) {
    if (editing.has(phone) && param[phone] !== undefined && param[code] === undefined)
      errors[code] = missing(lang);
  }
  const schema = kind === 'person' ? personApplicationParamSchema : organizationApplicationParamSchema;
  const parsed = schema.safeParse(param);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = errorPathOf(issue.path.map(String).join('.'));
      if (!path || errors[path]) continue;
      const ref = zodIssueMessage(issue);
      const ruleRef = RULE_REFS[ref.code];
      errors[path] = { message: renderMessage(ref, lang), ...(ruleRef ? { ruleRef } : {}) };
    }
  }
  return errors;
}

/** The server's refusal (10007 `data.fields`) placed on the fields; the first message of each wins. */
export function serverFieldErrors(fields: readonly FieldError[]): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const path = errorPathOf(f.path);
    if (!path || errors[path]) continue;
    errors[path] = { message: f.message, ...(f.ruleRef ? { ruleRef: f.ruleRef } : {}) };
  }
  return errors;
}

/** True when the author accepted the agreement's current version. */
export function hasCurrentAgreement(state: Pick<CertificationState, 'agreement'>): boolean {
  return state.agreement.acceptedVersion === state.agreement.currentVersion;
}

/** Where applying for `kind` starts: its form, or the agreement first when the current version is not accepted. */
export function applyHref(state: Pick<CertificationState, 'agreement'>, kind: CertificationKind): string {
  return hasCurrentAgreement(state) ? `/certification/${kind}` : `/certification/agreement?next=${kind}`;
}

/** Where the agreement page continues to: the form of `?next=` when it names a kind, else the state page. */
export function agreementNextHref(next: string | null): string {
  return next === 'person' || next === 'organization' ? `/certification/${next}` : '/certification/indexc';
}
