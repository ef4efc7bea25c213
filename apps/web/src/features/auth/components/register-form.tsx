import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisterParam } from '@cc/contracts';
import { useRegister } from '../api/register';

/** The registration form; rules mirror registerParamSchema so errors show before the call. */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const registerMutation = useRegister();
  return (
    <Form<RegisterParam>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => registerMutation.mutate(values, { onSuccess })}
      aria-label={t('auth.registerTitle')}
    >
      {registerMutation.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={registerMutation.error.message || t('auth.registerFailed')}
        />
      ) : null}
      <Form.Item
        name="account"
        label={t('auth.account')}
        extra={t('auth.accountRule')}
        rules={[{ required: true, pattern: /^[A-Za-z0-9_.-]{3,32}$/, message: t('auth.accountRule') }]}
      >
        <Input placeholder={t('auth.accountPlaceholder')} autoComplete="username" size="large" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[{ required: true, min: 8, max: 128, message: t('auth.passwordRule') }]}
      >
        <Input.Password placeholder={t('auth.passwordRule')} autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="mediaName"
        label={t('auth.mediaName')}
        rules={[{ required: true, whitespace: true, min: 2, max: 20, message: t('auth.mediaNameRule') }]}
      >
        <Input placeholder={t('auth.mediaNamePlaceholder')} size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={registerMutation.isPending}>
        {t('auth.register')}
      </Button>
    </Form>
  );
}
