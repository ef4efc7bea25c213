import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginParam } from '@cc/contracts';
import { useLogin } from '../api/login';

/** The login form; shows the server's message on failure (wrong password, rate limited). */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  return (
    <Form<LoginParam>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => loginMutation.mutate(values, { onSuccess })}
      aria-label={t('auth.loginTitle')}
    >
      {loginMutation.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={loginMutation.error.message || t('auth.loginFailed')}
        />
      ) : null}
      <Form.Item
        name="account"
        label={t('auth.account')}
        rules={[{ required: true, message: t('auth.required', { field: t('auth.account') }) }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.accountPlaceholder')}
          autoComplete="username"
          size="large"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[{ required: true, message: t('auth.required', { field: t('auth.password') }) }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          size="large"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={loginMutation.isPending}>
        {t('auth.login')}
      </Button>
    </Form>
  );
}
