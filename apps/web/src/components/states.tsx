import { Button, Empty, Result, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading skeleton for lists and cards (DESIGN.md: every list has one). */
export function LoadingState({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} aria-busy="true">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

/** Empty state that says what to do next (DESIGN.md). */
export function EmptyState({ description, action }: { description: ReactNode; action?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {action}
    </Empty>
  );
}

/** Error state with a retry (DESIGN.md). */
export function ErrorState({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const detail = error instanceof Error && error.message ? error.message : t('common.loadFailedHint');
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      subTitle={detail}
      extra={
        onRetry ? (
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null
      }
    />
  );
}
