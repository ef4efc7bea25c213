import { Alert, Button, Form, Image, Input, Space, Tag, Typography } from 'antd';
import { ExclamationCircleFilled, SwapOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_CODE_LENGTH, PHONE_PATTERN, renderMessage, type ApplicationField } from '@cc/contracts';
import { ImageUpload } from '../../../components/image-upload';
import { RuleLink } from '../../../components/rule-link';
import { ApplicationValueView, type ApplicationValue } from '../../../components/application-summary';
import { apiErrorText } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useSendCode } from '../api';
import type { FieldPlan, FieldProblem } from '../logic';

/** An error under its field, with a link to the rule it applies (`ruleRef`, opened in a new tab: the form stays). */
export function ProblemText({ problem, testId }: { problem: FieldProblem; testId: string }) {
  return (
    <span data-testid={testId}>
      {problem.message}
      <RuleLink ruleRef={problem.ruleRef} newTab testId={`${testId}-rule`} />
    </span>
  );
}

export interface CertFieldProps {
  field: ApplicationField | 'phoneCode' | 'operatorPhoneCode';
  label: string;
  /** how the field shows (new, kept from the last application, rejected with the reviewer's reason) */
  plan: FieldPlan;
  /** the author is filling it in (always for new and rejected fields; kept ones after "Change") */
  editing: boolean;
  required?: boolean;
  problem?: FieldProblem;
  hint?: ReactNode;
  /** the kept value (masked) */
  kept?: ApplicationValue;
  onChange?: () => void;
  onKeep?: () => void;
  /** the id of the control, for the label */
  htmlFor?: string;
  children: ReactNode;
}

/**
 * One field of the certification form: label, the reviewer's reason when it was rejected (marked by colour, an icon
 * and words), the kept value with "Change" on a resubmission, else the control; the error under it with its rule.
 */
export function CertField({
  field,
  label,
  plan,
  editing,
  required = true,
  problem,
  hint,
  kept,
  onChange,
  onKeep,
  htmlFor,
  children,
}: CertFieldProps) {
  const { t } = useTranslation();
  const rejected = plan.mode === 'rejected';
  const showKept = plan.mode === 'kept' && !editing;
  return (
    <div
      className={`cc-cert-field${rejected ? ' is-rejected' : ''}`}
      data-testid={`cert-field-${field}`}
      data-mode={showKept ? 'kept' : plan.mode}
    >
      <Form.Item
        label={label}
        htmlFor={showKept ? undefined : htmlFor}
        required={required && !showKept}
        validateStatus={problem ? 'error' : undefined}
        help={problem ? <ProblemText problem={problem} testId={`cert-error-${field}`} /> : undefined}
        extra={showKept ? undefined : hint}
        style={{ marginBottom: 0 }}
      >
        {rejected ? (
          <div className="cc-cert-operator-reason" data-testid={`cert-reason-${field}`}>
            <ExclamationCircleFilled aria-hidden />
            <span>{t('certification.form.operatorReason', { reason: plan.reason })}</span>
          </div>
        ) : null}
        {showKept ? (
          <div className="cc-cert-kept" data-testid={`cert-kept-${field}`}>
            {kept?.type === 'photo' || kept?.type === 'list' ? (
              <>
                <Typography.Text type="secondary">{t('certification.form.keptPhoto')}</Typography.Text>
                <ApplicationValueView value={kept} label={label} />
              </>
            ) : (
              <span className="cc-tabular">{t('certification.form.kept', { value: keptText(kept, t) })}</span>
            )}
            <Button
              size="small"
              icon={<SwapOutlined />}
              onClick={onChange}
              aria-label={`${t('certification.form.change')} ${label}`}
              data-testid={`cert-change-${field}`}
            >
              {t('certification.form.change')}
            </Button>
          </div>
        ) : (
          <>
            {children}
            {plan.mode === 'kept' && onKeep ? (
              <Button
                type="link"
                size="small"
                icon={<UndoOutlined />}
                onClick={onKeep}
                style={{ paddingInline: 0, marginTop: 4 }}
                data-testid={`cert-keep-${field}`}
              >
                {t('certification.form.keep')}
              </Button>
            ) : null}
          </>
        )}
      </Form.Item>
    </div>
  );
}

function keptText(kept: ApplicationValue | undefined, t: (key: string) => string): string {
  if (!kept || kept.type === 'none') return t('certification.none');
  if (kept.type === 'text') return kept.text;
  if (kept.type === 'option') return t(kept.key);
  return '';
}

/**
 * A private photo (ID card, licence, letter; `POST /fileservice/private_image`): the drop area, then the photo
 * (opens large) with "Upload another". The server refuses anything but an image and says why.
 */
export function PrivatePhotoInput({
  value,
  label,
  onChange,
}: {
  value: string;
  label: string;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation();
  if (value)
    return (
      <Space align="end" size={16} wrap>
        <Image
          src={value}
          alt={t('certification.photoAlt', { field: label })}
          width={210}
          height={140}
          className="cc-cert-photo"
          data-testid="cert-photo"
        />
        <ImageUpload variant="button" action="/fileservice/private_image" onUploaded={(r) => onChange(r.url)}>
          <Button icon={<SwapOutlined />}>{t('certification.form.replacePhoto')}</Button>
        </ImageUpload>
      </Space>
    );
  return (
    <ImageUpload action="/fileservice/private_image" onUploaded={(r) => onChange(r.url)}>
      <p className="ant-upload-drag-icon">
        <UploadOutlined />
      </p>
      <p className="ant-upload-text">{t('certification.form.uploadPhoto')}</p>
    </ImageUpload>
  );
}

/** The code sent to a phone: when, to which (masked), until when one may ask again, the dev code. */
interface SentCode {
  phone: string;
  masked: string;
  resendAt: number;
  devCode?: string;
}

/**
 * The code field that goes with a phone: the code input and "Send code" with its countdown (once a minute, as the
 * server allows); the code is tied to the phone it was sent to, so changing the phone asks for a new one. With the
 * development SMS sender the code shows in a banner marked as such.
 */
export function PhoneCodeInput({
  id,
  phone,
  code,
  onCode,
  onPhoneProblem,
}: {
  id: string;
  phone: string;
  code: string;
  onCode: (code: string) => void;
  /** a problem of the phone itself (bad number, asked again too soon) goes on the phone's field */
  onPhoneProblem: (problem: FieldProblem | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const send = useSendCode();
  const [sent, setSent] = useState<SentCode | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const trimmed = phone.trim();
  const current = sent && sent.phone === trimmed ? sent : null;
  const wait = current ? Math.max(0, Math.ceil((current.resendAt - now) / 1000)) : 0;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  const handleSend = () => {
    if (!PHONE_PATTERN.test(trimmed)) {
      onPhoneProblem({ message: renderMessage('PHONE_INVALID', currentLanguage()) });
      return;
    }
    onPhoneProblem(undefined);
    send.mutate(trimmed, {
      onSuccess: (result) => {
        const at = Date.now();
        setNow(at);
        setSent({
          phone: trimmed,
          masked: result.phone,
          resendAt: at + result.resendAfterSeconds * 1000,
          ...(result.devCode ? { devCode: result.devCode } : {}),
        });
      },
      onError: (e) => onPhoneProblem({ message: apiErrorText(e, t, i18n.exists.bind(i18n)) }),
    });
  };

  return (
    <>
      <Space.Compact style={{ width: 360, maxWidth: '100%' }}>
        <Input
          id={id}
          data-testid={`cert-input-${id.replace(/^cert-/, '')}`}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PHONE_CODE_LENGTH}
          placeholder={t('certification.form.placeholders.code')}
          onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
        />
        <Button
          onClick={handleSend}
          loading={send.isPending}
          disabled={wait > 0}
          data-testid="cert-send-code"
          className="cc-tabular"
        >
          {wait > 0 ? t('certification.form.resendIn', { seconds: wait }) : t('certification.form.sendCode')}
        </Button>
      </Space.Compact>
      {current ? (
        <div role="status" aria-live="polite" style={{ marginTop: 8 }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('certification.form.codeSent', { phone: current.masked })}
          </Typography.Text>
          {current.devCode ? (
            <Alert
              type="warning"
              showIcon
              className="cc-cert-dev-banner"
              data-testid="dev-code-banner"
              style={{ marginTop: 8, maxWidth: 480 }}
              title={
                <Space size={8}>
                  <Tag color="#ad4e00" variant="solid" style={{ marginInlineEnd: 0 }}>
                    DEV
                  </Tag>
                  <span className="cc-tabular">
                    {t('certification.form.devCode', { code: current.devCode })}
                  </span>
                </Space>
              }
              description={t('certification.form.devCodeHint')}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
