import { App, Button, Modal, Select, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@cc/contracts';
import { LinkButton, useContentList } from '../../../components/content-table';
import { apiErrorText } from '../../../lib/api-client';
import { useChangeLiveState } from '../api/live-api';

/** How many of the author's videos the picker offers (newest first). */
const VIDEOS_OFFERED = 100;

/**
 * "Attach replay" of an ended show (API.md §13 `live/state` with `replayVideoId`): a dialog that offers the
 * author's videos whose upload is complete (a known duration) and attaches the chosen one, or replaces the
 * replay already attached. No video yet: a link to upload one.
 */
export function ReplayPicker({ showId, currentId }: { showId: number; currentId: number | null }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(currentId);
  const change = useChangeLiveState();
  const videos = useContentList({ type: 'video', page: 1, pageSize: VIDEOS_OFFERED });
  const ready = (videos.data?.list ?? []).filter((v) => typeof v.stats.duration === 'number');

  const attach = async () => {
    if (chosen === null) return;
    try {
      await change.mutateAsync({ id: showId, state: 'ended', replayVideoId: chosen });
      void message.success(t('live.replay.attached'));
      setOpen(false);
    } catch (e) {
      void message.error(apiErrorText(e, t, i18n.exists.bind(i18n)));
    }
  };

  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)} data-testid="live-replay-open">
        {currentId === null ? t('live.replay.attach') : t('live.replay.change')}
      </Button>
      <Modal
        open={open}
        title={t('live.replay.title')}
        okText={t('live.replay.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: chosen === null, loading: change.isPending }}
        onOk={() => void attach()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('live.replay.hint')}</Typography.Paragraph>
        {videos.isSuccess && ready.length === 0 ? (
          <Typography.Paragraph>
            {t('live.replay.none')}{' '}
            <LinkButton to="/videos/video" type="link" size="small">
              {t('live.replay.upload')}
            </LinkButton>
          </Typography.Paragraph>
        ) : (
          <Select<number>
            style={{ width: '100%' }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={videos.isPending}
            placeholder={t('live.replay.placeholder')}
            aria-label={t('live.replay.title')}
            data-testid="live-replay-select"
            value={chosen ?? undefined}
            onChange={(id) => setChosen(id)}
            options={ready.map((v) => ({
              value: v.id,
              label: `${v.title || t('content.untitled')} · ${formatDuration(v.stats.duration ?? 0)}`,
            }))}
          />
        )}
      </Modal>
    </>
  );
}
