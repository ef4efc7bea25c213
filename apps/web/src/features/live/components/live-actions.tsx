import { App, Button, Popconfirm, Tooltip } from 'antd';
import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LiveDetail } from '@cc/contracts';
import { apiErrorText } from '../../../lib/api-client';
import { useChangeLiveState } from '../api/live-api';

/**
 * The state buttons of a show (API.md §13 `live/state`): "go live" on an upcoming show whose review passed
 * (disabled with the reason otherwise), "end" on a live one; each asks first. Ended shows have none here (their
 * replay is attached in the show's page).
 */
export function LiveActions({
  show,
  size = 'middle',
}: {
  show: Pick<LiveDetail, 'id' | 'title' | 'state' | 'status'>;
  size?: 'small' | 'middle';
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeLiveState();
  const run = (state: 'live' | 'ended') =>
    change.mutateAsync({ id: show.id, state }).then(
      () => void message.success(t(state === 'live' ? 'live.room.wentLive' : 'live.room.wentEnded')),
      (e: unknown) => void message.error(apiErrorText(e, t, i18n.exists.bind(i18n))),
    );

  if (show.state === 'upcoming') {
    const blocked =
      show.status === 'published'
        ? null
        : t(show.status === 'reviewing' ? 'live.room.waitReview' : 'live.room.fixRejected');
    const button = (
      <Button
        type="primary"
        size={size}
        icon={<PlayCircleOutlined />}
        disabled={blocked !== null}
        loading={change.isPending}
        data-testid="live-go"
        aria-label={`${t('live.room.goLive')}: ${show.title}`}
      >
        {t('live.room.goLive')}
      </Button>
    );
    if (blocked)
      return (
        <Tooltip title={blocked}>
          <span tabIndex={0}>{button}</span>
        </Tooltip>
      );
    return (
      <Popconfirm
        title={t('live.room.goLiveConfirm')}
        okText={t('live.room.goLive')}
        cancelText={t('common.cancel')}
        onConfirm={() => run('live')}
      >
        {button}
      </Popconfirm>
    );
  }
  if (show.state === 'live')
    return (
      <Popconfirm
        title={t('live.room.endConfirm')}
        okText={t('live.room.end')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={() => run('ended')}
      >
        <Button
          danger
          size={size}
          icon={<StopOutlined />}
          loading={change.isPending}
          data-testid="live-end"
          aria-label={`${t('live.room.end')}: ${show.title}`}
        >
          {t('live.room.end')}
        </Button>
      </Popconfirm>
    );
  return null;
}
