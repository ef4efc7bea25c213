import { Alert, App, Button, Form, Input, Result, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useMemo, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  type ApplicationField,
  CERTIFICATION_FIELDS,
  type CertificationKind,
  type CertificationState,
  type FieldError,
  ORG_SUBJECT_TYPES,
  SAMPLE_URLS_MAX,
  Status,
} from '@cc/contracts';
import { applicationValue } from '../../../components/application-summary';
import { LinkButton } from '../../../components/content-table';
import { ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText, isApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useCertificationState, useSubmitApplication } from '../api';
import {
  type ApplicationFormValues,
  CODE_OF,
  EMPTY_FORM,
  type ErrorPath,
  type FieldProblem,
  type FormErrors,
  hasCurrentAgreement,
  initialEditing,
  planForm,
  serverFieldErrors,
  toApplicationParam,
  validateApplication,
} from '../logic';
import { CertField, PhoneCodeInput, PrivatePhotoInput, ProblemText } from './field-parts';
import './certification.css';

type TextField =
  | 'realName'
  | 'idNumber'
  | 'phone'
  | 'orgName'
  | 'creditCode'
  | 'operatorName'
  | 'operatorIdNumber'
  | 'operatorPhone';

/** The sections of each form and their fields, in order. */
const SECTIONS: Record<CertificationKind, { key: string; fields: ApplicationField[] }[]> = {
  person: [
    { key: 'identity', fields: ['realName', 'idNumber', 'phone'] },
    { key: 'photos', fields: ['idFrontUrl', 'idBackUrl'] },
    { key: 'creation', fields: ['field', 'sampleUrls'] },
  ],
  organization: [
    { key: 'organization', fields: ['subjectType', 'orgName', 'creditCode', 'licenseUrl'] },
    { key: 'operator', fields: ['operatorName', 'operatorIdNumber', 'operatorPhone'] },
    { key: 'letter', fields: ['authLetterUrl'] },
  ],
};

/** Text inputs: their length limit and placeholder key. */
const TEXT_INPUTS: Record<TextField, { max: number; placeholder: string; numeric?: boolean }> = {
  realName: { max: 30, placeholder: 'realName' },
  idNumber: { max: 18, placeholder: 'idNumber' },
  phone: { max: 11, placeholder: 'phone', numeric: true },
  orgName: { max: 60, placeholder: 'orgName' },
  creditCode: { max: 18, placeholder: 'creditCode' },
  operatorName: { max: 30, placeholder: 'operatorName' },
  operatorIdNumber: { max: 18, placeholder: 'idNumber' },
  operatorPhone: { max: 11, placeholder: 'phone', numeric: true },
};

/**
 * `/certification/person` and `/certification/organization` (spec §2; issue #11): the application form of a kind.
 * While an application is under review or after approval there is nothing to fill in; without the current agreement
 * the author reads it first (`/certification/agreement?next=<kind>`). After a rejection of the same kind the fields
 * not rejected are kept (shown masked, "Change" fills one in again) and the rejected ones are asked again with the
 * reviewer's reason. Nothing is stored locally: the form holds ID numbers.
 */
export function ApplicationForm({ kind }: { kind: CertificationKind }) {
  const { t } = useTranslation();
  const state = useCertificationState();
  if (state.isPending) return <LoadingState rows={8} />;
  if (state.isError) return <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  const { authStatus } = state.data;
  if (authStatus === 1 || authStatus === 2)
    return (
      <Result
        status={authStatus === 1 ? 'info' : 'success'}
        title={t(authStatus === 1 ? 'certification.form.underReview' : 'certification.form.alreadyCertified')}
        extra={
          <LinkButton to="/certification/indexc" type="primary">
            {t('certification.form.backToState')}
          </LinkButton>
        }
      />
    );
  if (!hasCurrentAgreement(state.data))
    return <Navigate to={`/certification/agreement?next=${kind}`} replace />;
  return <FormBody key={`${kind}:${state.data.submittedAt ?? 'new'}`} kind={kind} state={state.data} />;
}

function FormBody({ kind, state }: { kind: CertificationKind; state: CertificationState }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const submit = useSubmitApplication();
  const plan = useMemo(() => planForm(state, kind), [state, kind]);
  const [values, setValues] = useState<ApplicationFormValues>(EMPTY_FORM);
  const [editing, setEditing] = useState<Set<ApplicationField>>(() => initialEditing(plan));
  const [errors, setErrors] = useState<FormErrors>({});
  const [agreementChanged, setAgreementChanged] = useState(false);
  const agreementVersion = state.agreement.currentVersion;

  const clearError = (...paths: ErrorPath[]) =>
    setErrors((e) => {
      if (!paths.some((p) => e[p])) return e;
      const next = { ...e };
      for (const p of paths) delete next[p];
      return next;
    });
  const setProblem = (path: ErrorPath, problem: FieldProblem | undefined) =>
    setErrors((e) => {
      const next = { ...e };
      if (problem) next[path] = problem;
      else delete next[path];
      return next;
    });
  const set = <K extends keyof ApplicationFormValues>(key: K, value: ApplicationFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };
  const startEditing = (field: ApplicationField) => setEditing((s) => new Set(s).add(field));
  const keepOld = (field: ApplicationField) => {
    setEditing((s) => {
      const next = new Set(s);
      next.delete(field);
      return next;
    });
    const code = CODE_OF[field];
    setValues((v) => ({ ...v, [field]: EMPTY_FORM[field], ...(code ? { [code]: '' } : {}) }));
    clearError(field, ...(code ? [code] : []));
  };

  const handleSubmit = async () => {
    const found = validateApplication(kind, values, editing, agreementVersion, currentLanguage());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      void message.error(t('certification.form.fixErrors'));
      requestAnimationFrame(() =>
        document
          .querySelector('.cc-cert-form .ant-form-item-has-error')
          ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' }),
      );
      return;
    }
    try {
      await submit.mutateAsync({ kind, param: toApplicationParam(kind, values, editing, agreementVersion) });
      void message.success(t('certification.form.submitted'));
      void navigate('/certification/indexc');
    } catch (e) {
      const fields = isApiError(e, Status.VALIDATION_FAILED)
        ? ((e.data as { fields?: FieldError[] } | null)?.fields ?? [])
        : [];
      if (fields.length > 0) {
        const placed = serverFieldErrors(fields);
        setErrors(placed);
        if (placed.agreementVersion) setAgreementChanged(true);
      }
      void message.error(apiErrorText(e, t, i18n.exists.bind(i18n)));
    }
  };

  const isEditing = (field: ApplicationField) => editing.has(field);
  const common = (field: ApplicationField) => ({
    field,
    label: t(`certification.fields.${field}`),
    plan: plan.fields[field] ?? { mode: 'new' as const },
    editing: isEditing(field),
    problem: errors[field],
    kept: state.application ? applicationValue(state.application, field) : undefined,
    onChange: () => startEditing(field),
    onKeep: () => keepOld(field),
    htmlFor: `cert-${field}`,
  });

  const textInput = (field: TextField) => {
    const spec = TEXT_INPUTS[field];
    return (
      <Input
        id={`cert-${field}`}
        data-testid={`cert-input-${field}`}
        value={values[field]}
        maxLength={spec.max}
        inputMode={spec.numeric ? 'numeric' : undefined}
        autoComplete="off"
        placeholder={t(`certification.form.placeholders.${spec.placeholder}`)}
        onChange={(e) => set(field, e.target.value)}
        aria-invalid={Boolean(errors[field])}
        style={{ width: 360, maxWidth: '100%' }}
      />
    );
  };

  const renderField = (field: ApplicationField): ReactNode => {
    switch (field) {
      case 'realName':
      case 'orgName':
      case 'operatorName':
        return (
          <CertField key={field} {...common(field)}>
            {textInput(field)}
          </CertField>
        );
      case 'idNumber':
      case 'operatorIdNumber':
        return (
          <CertField key={field} {...common(field)} hint={t('certification.form.hints.idNumber')}>
            {textInput(field)}
          </CertField>
        );
      case 'creditCode':
        return (
          <CertField key={field} {...common(field)} hint={t('certification.form.hints.creditCode')}>
            {textInput(field)}
          </CertField>
        );
      case 'phone':
      case 'operatorPhone': {
        const code = CODE_OF[field]!;
        return (
          <div key={field}>
            <CertField {...common(field)}>{textInput(field)}</CertField>
            {isEditing(field) ? (
              <CertField
                field={code}
                label={t(`certification.fields.${code}`)}
                plan={{ mode: 'new' }}
                editing
                problem={errors[code]}
                htmlFor={`cert-${code}`}
              >
                <PhoneCodeInput
                  id={`cert-${code}`}
                  phone={values[field]}
                  code={values[code]}
                  onCode={(c) => set(code, c)}
                  onPhoneProblem={(p) => setProblem(field, p)}
                />
              </CertField>
            ) : null}
          </div>
        );
      }
      case 'idFrontUrl':
      case 'idBackUrl':
      case 'licenseUrl':
      case 'authLetterUrl':
        return (
          <CertField
            key={field}
            {...common(field)}
            hint={
              field === 'authLetterUrl'
                ? `${t('certification.form.hints.authLetter')} ${t('certification.form.hints.photo')}`
                : t('certification.form.hints.photo')
            }
          >
            <div data-testid={`cert-input-${field}`}>
              <PrivatePhotoInput
                value={values[field]}
                label={t(`certification.fields.${field}`)}
                onChange={(url) => set(field, url)}
              />
            </div>
          </CertField>
        );
      case 'field':
      case 'subjectType': {
        const options: { value: string; label: string }[] =
          field === 'field'
            ? CERTIFICATION_FIELDS.map((f) => ({ value: f, label: t(`certification.areas.${f}`) }))
            : ORG_SUBJECT_TYPES.map((s) => ({ value: s, label: t(`certification.subjectTypes.${s}`) }));
        return (
          <CertField key={field} {...common(field)}>
            <Select
              id={`cert-${field}`}
              data-testid={`cert-input-${field}`}
              value={values[field] || undefined}
              options={options}
              placeholder={t(`certification.form.placeholders.${field}`)}
              onChange={(v: string) => set(field, v)}
              status={errors[field] ? 'error' : undefined}
              style={{ width: 360, maxWidth: '100%' }}
            />
          </CertField>
        );
      }
      case 'sampleUrls':
        return (
          <CertField
            key={field}
            {...common(field)}
            required={false}
            htmlFor="cert-sampleUrls-0"
            hint={t('certification.form.hints.sampleUrls', { max: SAMPLE_URLS_MAX })}
          >
            <SampleUrls values={values.sampleUrls} onChange={(list) => set('sampleUrls', list)} />
          </CertField>
        );
    }
  };

  return (
    <Form layout="vertical" className="cc-cert-form" onSubmitCapture={(e) => e.preventDefault()}>
      <Typography.Paragraph type="secondary">
        {t(kind === 'person' ? 'certification.form.personIntro' : 'certification.form.organizationIntro')}
      </Typography.Paragraph>
      {plan.resubmission ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="cert-resubmit-intro"
          title={t('certification.form.resubmitIntro')}
          description={
            state.rejectReason
              ? t('certification.rejected.reason', { reason: state.rejectReason })
              : undefined
          }
        />
      ) : null}
      {plan.otherKind ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('certification.form.otherKindIntro', {
            kind: t(`certification.kinds.${plan.otherKind}`),
          })}
        />
      ) : null}
      {agreementChanged ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={
            errors.agreementVersion ? (
              <ProblemText problem={errors.agreementVersion} testId="cert-error-agreementVersion" />
            ) : (
              t('certification.form.agreementChanged')
            )
          }
          action={
            <LinkButton to={`/certification/agreement?next=${kind}`} size="small">
              {t('certification.agreementState.read')}
            </LinkButton>
          }
        />
      ) : null}
      {SECTIONS[kind].map((section) => (
        <fieldset key={section.key} className="cc-cert-section">
          <legend className="cc-cert-section-title">{t(`certification.form.sections.${section.key}`)}</legend>
          {section.fields.map(renderField)}
        </fieldset>
      ))}
      <div className="cc-cert-actions">
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('certification.form.agreementLine', { version: agreementVersion })}
        </Typography.Text>
        <Space>
          <LinkButton to="/certification/indexc">{t('certification.agreement.backToState')}</LinkButton>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={submit.isPending}
            onClick={() => void handleSubmit()}
            data-testid="cert-submit"
          >
            {t(plan.resubmission ? 'certification.form.resubmit' : 'certification.form.submit')}
          </Button>
        </Space>
      </div>
    </Form>
  );
}

/** Up to SAMPLE_URLS_MAX links to sample works, one input each. */
function SampleUrls({ values, onChange }: { values: string[]; onChange: (list: string[]) => void }) {
  const { t } = useTranslation();
  const list = values.length > 0 ? values : [''];
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {list.map((url, i) => (
        <Space.Compact key={i} style={{ width: 520, maxWidth: '100%' }}>
          <Input
            id={`cert-sampleUrls-${i}`}
            data-testid={`cert-input-sampleUrls-${i}`}
            value={url}
            maxLength={300}
            inputMode="url"
            placeholder={t('certification.form.placeholders.sampleUrl')}
            aria-label={`${t('certification.fields.sampleUrls')} ${i + 1}`}
            onChange={(e) => onChange(list.map((u, j) => (j === i ? e.target.value : u)))}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('certification.form.removeSample', { n: i + 1 })}
            disabled={list.length === 1 && !url}
            onClick={() => onChange(list.length === 1 ? [''] : list.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      {list.length < SAMPLE_URLS_MAX ? (
        <Button icon={<PlusOutlined />} onClick={() => onChange([...list, ''])} data-testid="cert-add-sample">
          {t('certification.form.addSample')}
        </Button>
      ) : null}
    </Space>
  );
}
