import { Alert, Card, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoginForm, safeBackurl } from '../../features/auth';
import { SignedInRedirect } from './signed-in-redirect';

/**
 * `/login?backurl=...` (API.md §5): after login go to backurl when it is a same-origin path, else `/`. A
 * signed-in author goes there at once (issue #9).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const backurl = safeBackurl(params.get('backurl'));
  const handleSuccess = () => {
    queryClient.clear();
    void navigate(backurl, { replace: true });
  };
  return (
    <div className="cc-auth">
      <SignedInRedirect to={backurl} />
      <Card className="cc-auth-card">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('auth.loginTitle')}
        </Typography.Title>
        <Alert type="info" showIcon title={t('auth.demoHint')} style={{ marginBottom: 20 }} />
        <LoginForm onSuccess={handleSuccess} />
        <div className="cc-auth-switch">
          <Link to={`/register${params.get('backurl') ? `?backurl=${encodeURIComponent(backurl)}` : ''}`}>
            {t('auth.toRegister')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
