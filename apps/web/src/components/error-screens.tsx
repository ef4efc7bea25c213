import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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

/** The 'server exception' screen (spec §2) for every other error; never a blank page. */
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
    />
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
