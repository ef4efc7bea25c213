import { Card, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RegisterForm, safeBackurl } from '../../features/auth';
import { SignedInRedirect } from './signed-in-redirect';

/**
 * `/register`: creates the account (a session starts at once) and goes home or to a safe backurl; a
 * signed-in author goes there at once (issue #9).
 */
export default function RegisterPage() {
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
          {t('auth.registerTitle')}
        </Typography.Title>
        <RegisterForm onSuccess={handleSuccess} />
        <div className="cc-auth-switch">
          <Link to="/login">{t('auth.toLogin')}</Link>
        </div>
      </Card>
    </div>
  );
}
