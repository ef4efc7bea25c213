import { USERID_COOKIE } from '@cc/contracts';
import { App, Button, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readCookie } from '../lib/cookies';
import { errorTimeText, supportReport, useLatestError, type ErrorKind } from '../lib/error-state';

/** The 404 screen (spec §2): 'page not found', 'very sorry, the page you visited does not exist', back home. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="cc-result-title">{t('errors.notFoundTitle')}</h1>}
      subTitle={t('errors.notFoundText')}
      extra={
        <Link to="/">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}

/**
 * The latest error of this tab (spec §3 "Error state"; issue #15) — "latest error: server, 2026-11-24 22:40:12" and
 * where — with a "copy support report" button (app version and build, time, kind, path, page, language, user id).
 * When the clipboard refuses, the report is shown for copying by hand.
 */
export function LatestErrorReport() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const latest = useLatestError();
  const [manual, setManual] = useState<string | null>(null);
  const kindName = (kind: ErrorKind) => t(`tracking.error.kinds.${kind}`);
  const copy = async () => {
    const text = supportReport(latest, {
      labels: {
        title: t('tracking.error.report.title'),
        version: t('tracking.error.report.version'),
        time: t('tracking.error.report.time'),
        kind: t('tracking.error.report.kind'),
        detail: t('tracking.error.report.detail'),
        page: t('tracking.error.report.page'),
        language: t('tracking.error.report.language'),
        user: t('tracking.error.report.user'),
        none: t('tracking.error.report.none'),
        kindName,
      },
      language: i18n.language,
      userId: readCookie(USERID_COOKIE),
      currentPage: window.location.pathname,
      now: new Date(),
    });
    try {
      await navigator.clipboard.writeText(text);
      setManual(null);
      void message.success(t('tracking.error.copied'));
    } catch {
      setManual(text);
      void message.error(t('tracking.error.copyFailed'));
    }
  };
  return (
    <div className="cc-latest-error" data-testid="latest-error">
      <Typography.Paragraph>
        {latest
          ? t('tracking.error.latest', { kind: kindName(latest.kind), time: errorTimeText(latest) })
          : t('tracking.error.none')}
        {latest?.detail ? (
          <>
            <br />
            <Typography.Text type="secondary">
              {t('tracking.error.latestDetail', { detail: latest.detail })}
            </Typography.Text>
          </>
        ) : null}
      </Typography.Paragraph>
      <Button onClick={() => void copy()}>{t('tracking.error.copy')}</Button>
      {manual ? (
        <Input.TextArea
          readOnly
          value={manual}
          autoSize
          aria-label={t('tracking.error.copy')}
          style={{ marginTop: 12, maxWidth: 480 }}
        />
      ) : null}
    </div>
  );
}

/** The 'server exception' screen (spec §2) for every other error; never a blank page. Shows the latest error. */
export function ServerErrorScreen({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title={<h1 className="cc-result-title">{t('errors.serverTitle')}</h1>}
      subTitle={detail || t('errors.serverText')}
      extra={[
        <Button key="reload" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>,
        <a key="home" href="/">
          <Button type="primary">{t('common.backHome')}</Button>
        </a>,
      ]}
    >
      <LatestErrorReport />
    </Result>
  );
}

/** Placeholder of a spec route not built yet: a tidy page inside the frame, not a 404. */
export function ComingSoon({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={<h1 className="cc-result-title">{name}</h1>}
      subTitle={`${t('common.comingSoon')} · ${t('common.comingSoonHint', { name })}`}
      extra={
        <Link to="/">
          <Button>{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
