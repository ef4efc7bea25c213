import { Alert, App, Button, Checkbox, Form, Input, Modal, Pagination, Space, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApplicationField,
  type FieldReason,
  OPS_REASON_MAX,
  type OpsCertificationItem,
} from '@cc/contracts';
import {
  ApplicationSummary,
  ApplicationValueView,
  applicationValue,
  fieldsOfKind,
} from '../../../components/application-summary';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { CERTIFICATION_PAGE_SIZE, useCertificationQueue, useDecideCertification } from '../api';
import './certification-queue.css';

/**
 * The operators' certification review (issue #11, API.md §14): each application under review with the applicant,
 * its kind, when it was sent, how many times it was rejected before, the data (masked) and the photos (thumbnails
 * that open large). Approve certifies; reject names the fields that are wrong, each with its reason (the author
 * corrects only those, the rest is kept), and/or an overall reason.
 */
export function CertificationQueue() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const queue = useCertificationQueue(page);
  const decide = useDecideCertification();
  const [rejecting, setRejecting] = useState<OpsCertificationItem | null>(null);
  const errorText = (e: unknown) => apiErrorText(e, t, i18n.exists.bind(i18n));

  const approve = (item: OpsCertificationItem) =>
    decide.mutate(
      { userId: item.userId, decision: 'approve' },
      {
        onSuccess: () => void message.success(t('ops.certification.approved', { name: item.mediaName })),
        onError: (e) => void message.error(errorText(e)),
      },
    );

  if (queue.isPending) return <LoadingState rows={6} />;
  if (queue.isError) return <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />;
  if (queue.data.total === 0) return <EmptyState description={t('ops.certification.empty')} />;
  return (
    <>
      <div className="cc-ops-cert-list" data-testid="cert-queue">
        {queue.data.list.map((item) => (
          <article
            key={item.userId}
            className="cc-ops-cert-item"
            data-testid="cert-application"
            data-account={item.account}
            aria-label={item.mediaName}
          >
            <header className="cc-ops-cert-head">
              <Space size={[12, 4]} wrap>
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {item.mediaName}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('ops.certification.account', { account: item.account })}
                </Typography.Text>
                <Tag color="blue">{t(`certification.kinds.${item.application.kind}`)}</Tag>
                {item.application.subjectType ? (
                  <Tag>{t(`certification.subjectTypes.${item.application.subjectType}`)}</Tag>
                ) : null}
                {item.previousRejections > 0 ? (
                  <Tag color="warning" data-testid="cert-previous">
                    {t('ops.certification.previous', { count: item.previousRejections })}
                  </Tag>
                ) : (
                  <Tag data-testid="cert-previous">{t('ops.certification.firstTime')}</Tag>
                )}
                <Typography.Text type="secondary" className="cc-tabular">
                  {t('ops.certification.submittedAt', {
                    time: formatDate(item.submittedAt, 'YYYY-MM-DD HH:mm'),
                  })}
                </Typography.Text>
              </Space>
              <Space>
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  onClick={() => approve(item)}
                  loading={decide.isPending && decide.variables?.userId === item.userId}
                  data-testid="cert-approve"
                >
                  {t('ops.certification.approve')}
                </Button>
                <Button
                  danger
                  icon={<CloseOutlined />}
                  onClick={() => setRejecting(item)}
                  data-testid="cert-reject"
                >
                  {t('ops.certification.reject')}
                </Button>
              </Space>
            </header>
            <ApplicationSummary application={item.application} column={2} />
          </article>
        ))}
      </div>
      {queue.data.total > CERTIFICATION_PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={CERTIFICATION_PAGE_SIZE}
          total={queue.data.total}
          onChange={setPage}
          showTotal={(total) => t('common.total', { count: total })}
        />
      ) : null}
      {rejecting ? (
        <RejectDialog
          key={rejecting.userId}
          item={rejecting}
          pending={decide.isPending}
          onCancel={() => setRejecting(null)}
          onReject={(reason, fieldReasons) =>
            decide.mutate(
              {
                userId: rejecting.userId,
                decision: 'reject',
                ...(reason ? { reason } : {}),
                ...(fieldReasons.length > 0 ? { fieldReasons } : {}),
              },
              {
                onSuccess: () => {
                  void message.success(t('ops.certification.rejected', { name: rejecting.mediaName }));
                  setRejecting(null);
                },
                onError: (e) => void message.error(errorText(e)),
              },
            )
          }
        />
      ) : null}
    </>
  );
}

/**
 * The rejection: a checkbox per field of the application (with its value, to see what is wrong) and, once ticked, the
 * reason for it; an overall reason. At least one of them; a ticked field needs its reason.
 */
function RejectDialog({
  item,
  pending,
  onCancel,
  onReject,
}: {
  item: OpsCertificationItem;
  pending: boolean;
  onCancel: () => void;
  onReject: (reason: string, fieldReasons: FieldReason[]) => void;
}) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<Partial<Record<ApplicationField, string>>>({});
  const [overall, setOverall] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ApplicationField, string>>>({});
  const [noReason, setNoReason] = useState(false);

  const toggle = (field: ApplicationField, on: boolean) => {
    setChecked((c) => {
      const next = { ...c };
      if (on) next[field] = '';
      else delete next[field];
      return next;
    });
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
    setNoReason(false);
  };

  const handleOk = () => {
    const entries = Object.entries(checked) as [ApplicationField, string][];
    const missing = Object.fromEntries(
      entries.filter(([, r]) => !r.trim()).map(([f]) => [f, t('ops.certification.fieldReasonRequired')]),
    );
    setFieldErrors(missing);
    const reason = overall.trim();
    const none = !reason && entries.length === 0;
    setNoReason(none);
    if (none || Object.keys(missing).length > 0) return;
    onReject(
      reason,
      entries.map(([path, r]) => ({ path, reason: r.trim() })),
    );
  };

  return (
    <Modal
      open
      width={760}
      title={t('ops.certification.rejectTitle', { name: item.mediaName })}
      okText={t('ops.certification.reject')}
      okButtonProps={{ danger: true, loading: pending, 'data-testid': 'cert-confirm-reject' }}
      onOk={handleOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('ops.certification.rejectHint')}</Typography.Paragraph>
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        <fieldset className="cc-ops-cert-fields">
          <legend className="cc-ops-cert-legend">{t('ops.certification.fieldsTitle')}</legend>
          {fieldsOfKind(item.application.kind).map((field) => {
            const label = t(`certification.fields.${field}`);
            const isChecked = checked[field] !== undefined;
            return (
              <div key={field} className="cc-ops-cert-field" data-testid={`reject-field-${field}`}>
                <div className="cc-ops-cert-field-row">
                  <Checkbox
                    checked={isChecked}
                    onChange={(e) => toggle(field, e.target.checked)}
                    data-testid={`reject-check-${field}`}
                  >
                    {label}
                  </Checkbox>
                  <ApplicationValueView
                    value={applicationValue(item.application, field)}
                    label={label}
                    thumb={{ width: 72, height: 48 }}
                  />
                </div>
                {isChecked ? (
                  <Form.Item
                    label={t('ops.certification.fieldReason')}
                    htmlFor={`reject-reason-${field}`}
                    validateStatus={fieldErrors[field] ? 'error' : undefined}
                    help={fieldErrors[field]}
                    style={{ margin: '8px 0 0 24px' }}
                  >
                    <Input
                      id={`reject-reason-${field}`}
                      data-testid={`reject-reason-${field}`}
                      value={checked[field]}
                      maxLength={OPS_REASON_MAX}
                      placeholder={t('ops.certification.fieldReasonPlaceholder')}
                      onChange={(e) => {
                        const value = e.target.value;
                        setChecked((c) => ({ ...c, [field]: value }));
                        setFieldErrors((er) => ({ ...er, [field]: undefined }));
                      }}
                    />
                  </Form.Item>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <Form.Item
          label={t('ops.certification.overallReason')}
          htmlFor="reject-overall"
          style={{ marginTop: 16 }}
        >
          <Input.TextArea
            id="reject-overall"
            data-testid="reject-overall"
            rows={2}
            maxLength={OPS_REASON_MAX}
            showCount
            value={overall}
            placeholder={t('ops.certification.overallPlaceholder')}
            onChange={(e) => {
              setOverall(e.target.value);
              setNoReason(false);
            }}
          />
        </Form.Item>
        {noReason ? (
          <Alert type="error" showIcon role="alert" title={t('ops.certification.reasonRequired')} />
        ) : null}
      </Form>
    </Modal>
  );
}
