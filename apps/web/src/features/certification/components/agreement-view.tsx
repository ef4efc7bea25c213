import { Alert, App, Button, Checkbox, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/content-table';
import { ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { sanitizeHtml } from '../../../lib/sanitize';
import { useAcceptAgreement, useAgreementRule, useCertificationState } from '../api';
import { agreementNextHref } from '../logic';
import './certification.css';

/**
 * `/certification/agreement` (spec §2; issue #11): the certification agreement — the rule `certification-agreement`
 * of the rule centre, its version and effective date — and "I have read and agree", which records the acceptance
 * (`certification/accept_agreement`) and continues to the form of `?next=` or the state page. An author who accepted
 * this version already is told when, and continues; one who accepted an older version sees what changed since.
 * @param next the `?next=` of the page (`person` or `organization`)
 */
export function AgreementView({ next }: { next: string | null }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const rule = useAgreementRule();
  const state = useCertificationState();
  const accept = useAcceptAgreement();
  const [checked, setChecked] = useState(false);

  if (rule.isPending || state.isPending) return <LoadingState rows={10} />;
  if (rule.isError || state.isError)
    return (
      <ErrorState
        error={rule.error ?? state.error}
        onRetry={() => void Promise.all([rule.refetch(), state.refetch()])}
      />
    );

  const detail = rule.data;
  const { acceptedVersion, acceptedAt } = state.data.agreement;
  const acceptedThis = acceptedVersion === detail.version;
  const changesSince = acceptedVersion
    ? detail.history.filter((h) => h.version > acceptedVersion && h.changes.length > 0)
    : [];
  const nextHref = agreementNextHref(next);

  const handleAgree = () =>
    accept.mutate(detail.version, {
      onSuccess: (r) => {
        void message.success(t('certification.agreement.accepted', { version: r.version }));
        void navigate(nextHref);
      },
      onError: (e) => {
        void message.error(apiErrorText(e, t, i18n.exists.bind(i18n)));
        // the agreement changed while it was open: show the new version
        void rule.refetch();
        void state.refetch();
      },
    });

  return (
    <article className="cc-card cc-cert-agreement" data-testid="cert-agreement">
      <LinkButton
        to="/certification/indexc"
        type="link"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0 }}
      >
        {t('certification.agreement.backToState')}
      </LinkButton>
      <h1 className="cc-page-title" style={{ marginTop: 8, marginBottom: 8 }}>
        {detail.title}
      </h1>
      <Space size={12} wrap>
        <Tag color="blue" data-testid="cert-agreement-version">
          {t('certification.agreement.version', { version: detail.version })}
        </Tag>
        <Typography.Text type="secondary" className="cc-tabular">
          {t('certification.agreement.effective', { date: detail.updatedAt.slice(0, 10) })}
        </Typography.Text>
      </Space>
      {acceptedThis ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="cert-agreement-accepted"
          title={t('certification.agreement.acceptedAt', {
            time: formatDate(acceptedAt ?? '', 'YYYY-MM-DD HH:mm'),
          })}
        />
      ) : acceptedVersion ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={t('certification.agreement.outdated', { version: acceptedVersion })}
          description={
            changesSince.length > 0
              ? changesSince.map((h) => (
                  <div key={h.version}>
                    <Typography.Text strong>
                      {t('certification.agreement.changes', {
                        version: h.version,
                        date: h.effectiveAt.slice(0, 10),
                      })}
                    </Typography.Text>
                    <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                      {h.changes.map((c) => (
                        <li key={c}>{c}</li>
                      ))}
                    </ul>
                  </div>
                ))
              : undefined
          }
        />
      ) : null}
      {/* sanitized on the server, and again here (lib/sanitize): no server HTML reaches innerHTML unchecked */}
      <div
        className="cc-cert-agreement-body"
        role="region"
        aria-label={detail.title}
        tabIndex={0}
        data-testid="cert-agreement-body"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(detail.html) }}
      />
      <div className="cc-cert-agreement-foot">
        {acceptedThis ? (
          <span />
        ) : (
          <Checkbox
            checked={checked}
            onChange={(e) => setChecked(e.target.checked)}
            data-testid="cert-agreement-check"
          >
            {t('certification.agreement.check', { title: detail.title })}
          </Checkbox>
        )}
        {acceptedThis ? (
          <LinkButton to={nextHref} type="primary" data-testid="cert-agreement-continue">
            {t('certification.agreement.continue')}
          </LinkButton>
        ) : (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={!checked}
            loading={accept.isPending}
            onClick={handleAgree}
            data-testid="cert-agreement-agree"
          >
            {t('certification.agreement.agree')}
          </Button>
        )}
      </div>
    </article>
  );
}
