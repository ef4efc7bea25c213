import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveDetail } from '@cc/contracts';
import { StatusTag } from '../../../components/content-table';
import { ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useLiveDetail, useResetLiveKey } from '../api/live-api';
import { LiveActions } from './live-actions';
import { LiveEditor } from './live-editor';
import { LiveStateTag } from './live-state-tag';
import { ReplayPicker } from './replay-picker';

const when = (iso: string | null) => (iso ? formatDate(iso, 'YYYY-MM-DD HH:mm') : '—');

/**
 * The push address and the stream key with copy buttons (antd copyable), the key hidden until asked for, and
 * "reset key" behind a confirmation (docs/api.md "Live shows" `live/reset_key`). Not for an ended show.
 */
function StreamCard({ show }: { show: LiveDetail }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [shown, setShown] = useState(false);
  const reset = useResetLiveKey();
  const copyable = { tooltips: [t('live.stream.copy'), t('live.stream.copied')] };
  return (
    <Card title={t('live.stream.title')} size="small" data-testid="live-stream">
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 120, color: 'var(--cc-text-description)' } }}
      >
        <Descriptions.Item label={t('live.stream.pushUrl')}>
          <Typography.Text code copyable={{ ...copyable, text: show.pushUrl }} data-testid="live-push-url">
            {show.pushUrl}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('live.stream.streamKey')}>
          <Space wrap size={4}>
            <Typography.Text
              code
              copyable={{ ...copyable, text: show.streamKey }}
              data-testid="live-stream-key"
              data-shown={shown}
            >
              {shown ? show.streamKey : '•'.repeat(show.streamKey.length)}
            </Typography.Text>
            <Button
              type="link"
              size="small"
              icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={() => setShown((s) => !s)}
              data-testid="live-key-toggle"
            >
              {shown ? t('live.stream.hide') : t('live.stream.show')}
            </Button>
            <Popconfirm
              title={t('live.stream.resetConfirm')}
              okText={t('live.stream.reset')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                reset.mutateAsync(show.id).then(
                  () => void message.success(t('live.stream.resetDone')),
                  (e: unknown) => void message.error(apiErrorText(e, t, i18n.exists.bind(i18n))),
                )
              }
            >
              <Button
                size="small"
                icon={<KeyOutlined />}
                loading={reset.isPending}
                data-testid="live-reset-key"
              >
                {t('live.stream.reset')}
              </Button>
            </Popconfirm>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {t('live.stream.hint')}
      </Typography.Paragraph>
    </Card>
  );
}

/** State, review, times and the state buttons; on an ended show its replay and "attach replay". */
function StateCard({ show }: { show: LiveDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t('live.room.stateTitle')} size="small" data-testid="live-state-card">
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 120, color: 'var(--cc-text-description)' } }}
      >
        <Descriptions.Item label={t('live.room.state')}>
          <LiveStateTag state={show.state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('live.room.review')}>
          <Space wrap>
            <StatusTag status={show.status} rejectReason={show.rejectReason} />
            {show.status === 'rejected' && show.rejectReason ? (
              <Typography.Text type="danger">
                {t('content.rejectReason', { reason: show.rejectReason })}
              </Typography.Text>
            ) : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('live.room.startAt')}>{when(show.startAt)}</Descriptions.Item>
        {show.startedAt ? (
          <Descriptions.Item label={t('live.room.startedAt')}>{when(show.startedAt)}</Descriptions.Item>
        ) : null}
        {show.endedAt ? (
          <Descriptions.Item label={t('live.room.endedAt')}>{when(show.endedAt)}</Descriptions.Item>
        ) : null}
        {show.state === 'ended' ? (
          <Descriptions.Item label={t('live.replay.label')}>
            <Space wrap>
              <span data-testid="live-replay">
                {show.replay ? show.replay.title : t('live.replay.empty')}
              </span>
              <ReplayPicker showId={show.id} currentId={show.replay?.id ?? null} />
            </Space>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <div style={{ marginTop: 12 }}>
        <LiveActions show={show} />
      </div>
    </Card>
  );
}

/**
 * One live show (`/liveShow?id=N`, issue #10): its stream settings (push address, key, reset), its state with
 * "go live" / "end" and, once ended, its replay; the editor while it is upcoming, a summary after.
 */
export function LiveRoom({
  id,
  onSaved,
  onDirtyChange,
}: {
  id: number;
  onSaved: (id: number) => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const detail = useLiveDetail(id);
  if (detail.isPending) return <LoadingState rows={8} />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const show = detail.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="live-room">
      {show.state !== 'ended' ? <StreamCard show={show} /> : null}
      <StateCard show={show} />
      <Card title={t('live.room.infoTitle')} size="small">
        {show.state === 'upcoming' ? (
          <LiveEditor key={show.id} detail={show} onSaved={onSaved} onDirtyChange={onDirtyChange} />
        ) : (
          <>
            <Alert type="info" showIcon title={t('live.room.locked')} style={{ marginBottom: 12 }} />
            <Space align="start" size={16} wrap>
              {show.coverUrl ? (
                <img className="cc-upload-preview" src={show.coverUrl} alt={t('live.editor.cover')} />
              ) : null}
              <div style={{ maxWidth: 560 }}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {show.title}
                </Typography.Title>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                  {show.description || t('live.room.noDescription')}
                </Typography.Paragraph>
              </div>
            </Space>
          </>
        )}
      </Card>
    </Space>
  );
}
