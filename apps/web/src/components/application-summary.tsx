import { Descriptions, Image, Space, Typography } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApplicationField,
  type ApplicationView,
  type CertificationKind,
  type FieldReason,
  ORGANIZATION_FIELDS,
  PERSON_FIELDS,
} from '@cc/contracts';
import './application-summary.css';

/**
 * A certification application as its author and the operators see it (issue #11, API.md §14): shared by the
 * author's state page (features/certification) and the operators' queue (features/ops), which may not import each
 * other. Personal data arrives masked from the server; photos are private URLs the session may open.
 */

/** The fields of a kind, in the order the forms ask for them. */
export function fieldsOfKind(kind: CertificationKind): readonly ApplicationField[] {
  return kind === 'person' ? PERSON_FIELDS : ORGANIZATION_FIELDS;
}

/** The fields that are photos (private images). */
export const PHOTO_FIELDS: ReadonlySet<ApplicationField> = new Set([
  'idFrontUrl',
  'idBackUrl',
  'licenseUrl',
  'authLetterUrl',
]);

/** What the application holds for one field: masked text, a photo, a list, an option (its i18n key) or nothing. */
export type ApplicationValue =
  | { type: 'text'; text: string }
  | { type: 'photo'; url: string }
  | { type: 'list'; items: string[] }
  | { type: 'option'; key: string }
  | { type: 'none' };

/** The value of `field` in an application view (masked where personal). */
export function applicationValue(application: ApplicationView, field: ApplicationField): ApplicationValue {
  const text = (v: string | undefined): ApplicationValue =>
    v ? { type: 'text', text: v } : { type: 'none' };
  const photo = (v: string | undefined): ApplicationValue =>
    v ? { type: 'photo', url: v } : { type: 'none' };
  const { masked } = application;
  switch (field) {
    case 'realName':
    case 'idNumber':
    case 'phone':
    case 'creditCode':
    case 'operatorName':
    case 'operatorIdNumber':
    case 'operatorPhone':
      return text(masked[field]);
    case 'orgName':
      return text(application.orgName);
    case 'idFrontUrl':
    case 'idBackUrl':
    case 'licenseUrl':
    case 'authLetterUrl':
      return photo(application[field]);
    case 'field':
      return application.field
        ? { type: 'option', key: `certification.areas.${application.field}` }
        : { type: 'none' };
    case 'subjectType':
      return application.subjectType
        ? { type: 'option', key: `certification.subjectTypes.${application.subjectType}` }
        : { type: 'none' };
    case 'sampleUrls':
      return application.sampleUrls?.length
        ? { type: 'list', items: application.sampleUrls }
        : { type: 'none' };
  }
}

/** One value shown: text in tabular figures, a photo thumbnail that opens large, a list of links. */
export function ApplicationValueView({
  value,
  label,
  thumb = { width: 120, height: 80 },
}: {
  value: ApplicationValue;
  /** the field's name (the photo's alternative text) */
  label: string;
  thumb?: { width: number; height: number };
}) {
  const { t } = useTranslation();
  switch (value.type) {
    case 'text':
      return <span className="cc-tabular">{value.text}</span>;
    case 'option':
      return <span>{t(value.key)}</span>;
    case 'photo':
      return (
        <Image
          src={value.url}
          alt={t('certification.photoAlt', { field: label })}
          width={thumb.width}
          height={thumb.height}
          style={{ objectFit: 'cover', borderRadius: 4, background: '#f0f2f5' }}
        />
      );
    case 'list':
      return (
        <Space orientation="vertical" size={2}>
          {value.items.map((url) => (
            <Typography.Link key={url} href={url} target="_blank" rel="noopener noreferrer" ellipsis>
              {url}
            </Typography.Link>
          ))}
        </Space>
      );
    default:
      return <Typography.Text type="secondary">{t('certification.none')}</Typography.Text>;
  }
}

export interface ApplicationSummaryProps {
  application: ApplicationView;
  /** fields the reviewer rejected, marked with their reason */
  fieldReasons?: readonly FieldReason[];
  column?: number;
  /** something after a field's value (the operator's controls) */
  extra?: (field: ApplicationField) => ReactNode;
  'data-testid'?: string;
}

/** The application's fields with their values; rejected fields are marked with an icon, a word and the reason. */
export function ApplicationSummary({
  application,
  fieldReasons = [],
  column = 2,
  extra,
  'data-testid': testId,
}: ApplicationSummaryProps) {
  const { t } = useTranslation();
  const reasons = new Map(fieldReasons.map((f) => [f.path, f.reason]));
  return (
    <Descriptions
      size="small"
      bordered
      column={column}
      data-testid={testId}
      items={fieldsOfKind(application.kind).map((field) => {
        const label = t(`certification.fields.${field}`);
        const reason = reasons.get(field);
        return {
          key: field,
          label: reason ? (
            <span className="cc-cert-rejected-label">
              <ExclamationCircleFilled aria-hidden /> {label}
            </span>
          ) : (
            label
          ),
          span: field === 'sampleUrls' ? column : 1,
          children: (
            <div data-testid={`summary-${field}`} data-rejected={reason ? 'true' : undefined}>
              <ApplicationValueView value={applicationValue(application, field)} label={label} />
              {reason ? (
                <div className="cc-cert-reason-text">
                  {t('certification.form.operatorReason', { reason })}
                </div>
              ) : null}
              {extra?.(field)}
            </div>
          ),
        };
      })}
    />
  );
}
