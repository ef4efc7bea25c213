import { Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContentStatus } from '@cc/contracts';
import type { ReactNode } from 'react';

const LOOK: Record<ContentStatus, { color: string; icon: ReactNode }> = {
  draft: { color: 'default', icon: <EditOutlined /> },
  reviewing: { color: 'processing', icon: <SyncOutlined /> },
  published: { color: 'success', icon: <CheckCircleOutlined /> },
  rejected: { color: 'error', icon: <CloseCircleOutlined /> },
  scheduled: { color: 'warning', icon: <ClockCircleOutlined /> },
  deleted: { color: 'default', icon: <DeleteOutlined /> },
};

/** A content status as colour AND word AND icon (DESIGN.md: never colour alone); rejected shows its reason on hover. */
export function StatusTag({ status, rejectReason }: { status: ContentStatus; rejectReason?: string | null }) {
  const { t } = useTranslation();
  const look = LOOK[status];
  const tag = (
    <Tag color={look.color} icon={look.icon} data-testid="status-tag" data-status={status}>
      {t(`content.status.${status}`)}
    </Tag>
  );
  if (status === 'rejected' && rejectReason) {
    return (
      <Tooltip title={t('content.rejectReason', { reason: rejectReason })}>
        <span tabIndex={0} aria-label={t('content.rejectReason', { reason: rejectReason })}>
          {tag}
        </span>
      </Tooltip>
    );
  }
  return tag;
}
