import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisterParam } from '@cc/contracts';
import { ercdText } from '../../../lib/api-client';
import { useRegister } from '../api/register';

/** The form's values: the call's param plus the password typed a second time (never sent). */
type RegisterValues = RegisterParam & { confirm: string };

/**
 * The registration form; rules mirror registerParamSchema so errors show before the call. The password is
 * typed twice and a mismatch is shown under the second field before anything is sent (issue #9). Password
 * strength is the server's rule (zxcvbn, issue #8 item 7): its WEAK_PASSWORD refusal is shown in the UI
 * language.
 */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t, i18n } = useTranslation();
  const registerMutation = useRegister();
  const error = registerMutation.error;
  const errorText =
    ercdText(error, t, i18n.exists.bind(i18n)) ?? (error?.message || t('auth.registerFailed'));
  return (
    <Form<RegisterValues>
      layout="vertical"
      requiredMark={false}
      onFinish={({ confirm: _confirm, ...param }) => registerMutation.mutate(param, { onSuccess })}
      aria-label={t('auth.registerTitle')}
    >
      {error ? (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={errorText} />
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
        extra={t('auth.passwordStrength')}
        rules={[{ required: true, min: 8, max: 128, message: t('auth.passwordRule') }]}
      >
        <Input.Password placeholder={t('auth.passwordRule')} autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.password.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('auth.required', { field: t('account.password.confirm') }) },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('account.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password
          placeholder={t('account.password.confirmPlaceholder')}
          autoComplete="new-password"
          size="large"
        />
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
