import { Alert, Result, Steps, Typography } from 'antd';
import {
  BankOutlined,
  CheckCircleFilled,
  ClockCircleOutlined,
  ExclamationCircleFilled,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CERTIFICATION_KINDS, type CertificationKind, type CertificationState } from '@cc/contracts';
import { ApplicationSummary } from '../../../components/application-summary';
import { RuleLink } from '../../../components/rule-link';
import { LinkButton } from '../../../components/content-table';
import { ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useCertificationState } from '../api';
import { applyHref, hasCurrentAgreement } from '../logic';

/** The rule a certification review applies (the server's `ruleRef` of a `certification_rejected` message). */
const CERTIFICATION_REVIEW_RULE = 'certification-standards#review';
import './certification.css';

const TIME = 'YYYY-MM-DD HH:mm';

/**
 * `/certification/indexc` (spec §2; issue #11): where the author stands and what to do next — not applied (choose
 * person or organization: what each needs), under review (since when, what was sent), certified, or rejected (the
 * overall reason, each rejected field with its reason, and the way to correct and resubmit). Applying goes through
 * the agreement first when its current version is not accepted.
 */
export function CertificationOverview() {
  const { t } = useTranslation();
  const state = useCertificationState();
  if (state.isPending) return <LoadingState rows={8} />;
  if (state.isError) return <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  const s = state.data;
  return (
    <div data-testid="cert-overview" data-status={s.authStatus}>
      <Typography.Paragraph type="secondary">{t('certification.intro')}</Typography.Paragraph>
      <StateSteps state={s} />
      {s.authStatus === 0 ? <KindChoice state={s} /> : null}
      {s.authStatus === 1 ? <UnderReview state={s} /> : null}
      {s.authStatus === 2 ? <Certified state={s} /> : null}
      {s.authStatus === 3 ? <Rejected state={s} /> : null}
      {s.authStatus === 0 || s.authStatus === 3 ? <AgreementLine state={s} /> : null}
    </div>
  );
}

function StateSteps({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  const current =
    state.authStatus === 0 ? (hasCurrentAgreement(state) ? 1 : 0) : state.authStatus === 2 ? 3 : 2;
  return (
    <Steps
      className="cc-cert-steps"
      size="small"
      current={current}
      status={state.authStatus === 3 ? 'error' : state.authStatus === 2 ? 'finish' : 'process'}
      items={(['agreement', 'submit', 'review', 'done'] as const).map((step) => ({
        title: t(`certification.steps.${step}`),
      }))}
    />
  );
}

const KIND_ICON = { person: UserOutlined, organization: BankOutlined } as const;

function KindChoice({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cert-choose">
      <h2 id="cert-choose" className="cc-cert-subtitle">
        {t('certification.choose.title')}
      </h2>
      <div className="cc-cert-kinds">
        {CERTIFICATION_KINDS.map((kind) => {
          const Icon = KIND_ICON[kind];
          const needs = t(`certification.choose.${kind}.needs`, {
            returnObjects: true,
          }) as unknown as string[];
          return (
            <article key={kind} className="cc-cert-kind" data-testid={`cert-kind-${kind}`}>
              <div className="cc-cert-kind-head">
                <Icon className="cc-cert-kind-icon" aria-hidden />
                <div>
                  <h3>{t(`certification.kinds.${kind}`)}</h3>
                  <Typography.Text type="secondary">
                    {t(`certification.choose.${kind}.suits`)}
                  </Typography.Text>
                </div>
              </div>
              <Typography.Text strong>{t('certification.choose.needs')}</Typography.Text>
              <ul>
                {needs.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
              <div className="cc-cert-kind-foot">
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {t(`certification.choose.${kind}.limit`)}
                </Typography.Text>
                <LinkButton to={applyHref(state, kind)} type="primary" data-testid={`cert-apply-${kind}`}>
                  {t(`certification.choose.${kind}.apply`)}
                </LinkButton>
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}

function SentMaterials({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  if (!state.application) return null;
  return (
    <section aria-labelledby="cert-sent">
      <h2 id="cert-sent" className="cc-cert-subtitle">
        {t('certification.sent')}
      </h2>
      <ApplicationSummary
        application={state.application}
        fieldReasons={state.authStatus === 3 ? state.fieldReasons : []}
        data-testid="cert-sent"
      />
    </section>
  );
}

function UnderReview({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        type="info"
        showIcon
        icon={<ClockCircleOutlined />}
        data-testid="cert-reviewing"
        title={t('certification.reviewing.title')}
        description={t('certification.reviewing.body', {
          time: formatDate(state.submittedAt ?? '', TIME),
          kind: t(`certification.kindsInSentence.${state.kind ?? 'person'}`),
        })}
      />
      <SentMaterials state={state} />
    </>
  );
}

function Certified({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  const kind: CertificationKind = state.kind ?? 'person';
  const name =
    kind === 'person'
      ? (state.masked.realName ?? state.application?.masked.realName ?? '')
      : (state.application?.orgName ?? '');
  return (
    <Result
      status="success"
      icon={<CheckCircleFilled />}
      data-testid="cert-certified"
      title={<h2 className="cc-result-title">{t('certification.certified.title')}</h2>}
      subTitle={
        <>
          <div className="cc-tabular">
            {t('certification.certified.body', { kind: t(`certification.kinds.${kind}`), name })}
          </div>
          {state.decidedAt ? (
            <div>{t('certification.certified.decidedAt', { time: formatDate(state.decidedAt, TIME) })}</div>
          ) : null}
        </>
      }
    />
  );
}

function Rejected({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  const kind: CertificationKind = state.kind ?? 'person';
  const other: CertificationKind = kind === 'person' ? 'organization' : 'person';
  return (
    <>
      <Alert
        type="error"
        showIcon
        icon={<ExclamationCircleFilled />}
        data-testid="cert-rejected"
        title={t('certification.rejected.title')}
        description={
          <>
            {state.rejectReason ? (
              <div data-testid="cert-reject-reason">
                {t('certification.rejected.reason', { reason: state.rejectReason })}
              </div>
            ) : null}
            {state.decidedAt ? (
              <div>{t('certification.rejected.decidedAt', { time: formatDate(state.decidedAt, TIME) })}</div>
            ) : null}
          </>
        }
      />
      {state.fieldReasons.length > 0 ? (
        <section aria-labelledby="cert-fix">
          <h2 id="cert-fix" className="cc-cert-subtitle">
            {t('certification.rejected.fieldsTitle')}
          </h2>
          <ul className="cc-cert-reasons" data-testid="cert-field-reasons">
            {state.fieldReasons.map((f) => (
              <li key={f.path} data-testid={`cert-field-reason-${f.path}`}>
                <Typography.Text strong>{t(`certification.fields.${f.path}`)}</Typography.Text>
                {t('certification.rejected.separator')}
                {f.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('certification.rejected.keptHint')}{' '}
        {/* the standards the review applies (issue #11: every refusal links to its rule) */}
        <RuleLink ruleRef={CERTIFICATION_REVIEW_RULE} />
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <LinkButton to={applyHref(state, kind)} type="primary" data-testid="cert-resubmit">
          {t('certification.rejected.resubmit')}
        </LinkButton>
        <LinkButton to={applyHref(state, other)}>{t(`certification.choose.${other}.apply`)}</LinkButton>
      </div>
      <SentMaterials state={state} />
    </>
  );
}

function AgreementLine({ state }: { state: CertificationState }) {
  const { t } = useTranslation();
  const { currentVersion, acceptedVersion, acceptedAt } = state.agreement;
  const current = hasCurrentAgreement(state);
  return (
    <div className="cc-cert-agreement-line" data-testid="cert-agreement-line">
      {current ? (
        <CheckCircleFilled style={{ color: '#389e0d' }} aria-hidden />
      ) : (
        <ExclamationCircleFilled style={{ color: '#d46b08' }} aria-hidden />
      )}
      <Typography.Text>
        {current
          ? t('certification.agreementState.accepted', {
              version: currentVersion,
              time: formatDate(acceptedAt ?? '', TIME),
            })
          : t(
              acceptedVersion
                ? 'certification.agreementState.outdated'
                : 'certification.agreementState.notAccepted',
              { version: currentVersion },
            )}
      </Typography.Text>
      <LinkButton to="/certification/agreement" type="link" size="small" style={{ paddingInline: 4 }}>
        {t('certification.agreementState.read')}
      </LinkButton>
    </div>
  );
}
