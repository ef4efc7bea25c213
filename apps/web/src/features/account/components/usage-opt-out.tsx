import { formatDate } from '@cc/contracts';
import { Alert, App, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { browserSaysDoNotTrack } from '../../../lib/tracking';
import { useSaveTrackingSettings, useTrackingSettings } from '../api/tracking-settings-api';

/**
 * The account's "do not record my usage" (issue #15 "Tracking points"): a switch saved on the server (every device;
 * the server drops the author's events while it is on), its help text saying what is recorded and for how long,
 * and a note when the browser's Do Not Track / Global Privacy Control already stops recording here.
 */
export function UsageOptOut() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const settings = useTrackingSettings();
  const save = useSaveTrackingSettings();
  const labelId = useId();
  const helpId = useId();
  if (settings.isPending) return <LoadingState rows={2} />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div className="cc-usage-opt-out">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Switch
          checked={settings.data.optOut}
          loading={save.isPending}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          data-testid="usage-opt-out"
          onChange={(optOut) =>
            save.mutate(
              { optOut },
              {
                onSuccess: () => void message.success(t('tracking.optOut.saved')),
                onError: (e) => void message.error(apiErrorText(e, t, i18n.exists.bind(i18n))),
              },
            )
          }
        />
        <Typography.Text id={labelId} strong>
          {t('tracking.optOut.label')}
        </Typography.Text>
      </div>
      <Typography.Paragraph id={helpId} type="secondary" style={{ marginTop: 8, maxWidth: 720 }}>
        {t('tracking.optOut.help')}
      </Typography.Paragraph>
      {settings.data.updatedAt ? (
        <Typography.Paragraph type="secondary">
          {t('tracking.optOut.updatedAt', { time: formatDate(settings.data.updatedAt, 'YYYY-MM-DD HH:mm') })}
        </Typography.Paragraph>
      ) : null}
      {browserSaysDoNotTrack() ? <Alert type="info" showIcon message={t('tracking.optOut.dnt')} /> : null}
    </div>
  );
}
