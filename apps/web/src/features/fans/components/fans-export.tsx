import { Alert, App, Button, Dropdown, Progress, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, saveBlob } from '../../../lib/api-client';
import { exportFans, type FansExportFormat } from '../api/fans-api';
import { formatBytes } from '../logic';

type ExportState =
  | { step: 'idle' }
  | { step: 'running'; received: number; total: number | null }
  | { step: 'failed'; reason: string };

/**
 * "Export followers" (`fans/export {format}`, API.md §11): a CSV / XLSX menu; the file downloads with a visible
 * progress (bytes received, and the percent when the server sent its size), then is saved under the server's
 * name; a failure is shown with its reason until the next try.
 */
export function FansExport() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const running = state.step === 'running';

  const handleExport = async (format: FansExportFormat) => {
    setState({ step: 'running', received: 0, total: null });
    try {
      const file = await exportFans(format, (received, total) =>
        setState({ step: 'running', received, total }),
      );
      const filename = file.filename || `fans.${format}`;
      saveBlob(file.blob, filename);
      setState({ step: 'idle' });
      void message.success(t('fans.export.done', { filename }));
    } catch (e) {
      setState({ step: 'failed', reason: apiErrorText(e, t, (k) => i18n.exists(k)) });
    }
  };

  return (
    <Space orientation="vertical" align="end" size={8}>
      <Dropdown
        trigger={['click']}
        disabled={running}
        menu={{
          items: [
            { key: 'csv', label: t('fans.export.csv') },
            { key: 'xlsx', label: t('fans.export.xlsx') },
          ],
          onClick: ({ key }) => void handleExport(key as FansExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={running} data-testid="fans-export">
          {t('fans.export.button')} <DownOutlined />
        </Button>
      </Dropdown>
      {state.step === 'running' ? <ExportProgress received={state.received} total={state.total} /> : null}
      {state.step === 'failed' ? (
        <Alert
          type="error"
          showIcon
          className="cc-fans-export-status"
          title={t('fans.export.failed', { reason: state.reason })}
          closable
          onClose={() => setState({ step: 'idle' })}
          data-testid="fans-export-error"
        />
      ) : null}
    </Space>
  );
}

/** The running export: a bar with the percent when the size is known, else a spinner; bytes received in words. */
function ExportProgress({ received, total }: { received: number; total: number | null }) {
  const { t } = useTranslation();
  const size = formatBytes(received);
  const text =
    total === null
      ? t('fans.export.received', { size })
      : t('fans.export.receivedOf', { size, total: formatBytes(total) });
  return (
    <div className="cc-fans-export-status" data-testid="fans-export-progress" role="status">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('fans.export.running')}
      </Typography.Text>
      {total === null ? (
        <div>
          <Spin size="small" /> <span data-testid="fans-export-received">{text}</span>
        </div>
      ) : (
        <>
          <Progress
            percent={Math.min(100, Math.floor((received / total) * 100))}
            size="small"
            status="active"
            aria-label={t('fans.export.progress')}
          />
          <span data-testid="fans-export-received">{text}</span>
        </>
      )}
    </div>
  );
}
