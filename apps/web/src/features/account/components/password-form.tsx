import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Status, WRONG_OLD_PASSWORD_ERCD } from '@cc/contracts';
import { apiErrorText, isApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/account-api';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * The password change of the account settings (issue #9): the current password, the new one typed twice
 * (a mismatch is shown before anything is sent), the registration's rules (8–128 characters here, zxcvbn
 * strength on the server: its WEAK_PASSWORD refusal reads in the UI language next to the new password). A
 * wrong current password is shown on its field. On success every other session of the author is signed
 * out (the toast says how many); this one stays.
 */
export function PasswordForm() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const exists = i18n.exists.bind(i18n);

  const handleFinish = ({ oldPassword, newPassword }: PasswordValues) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: ({ signedOutSessions }) => {
          form.resetFields();
          void message.success(
            signedOutSessions > 0
              ? t('account.settings.passwordChangedOthers', { count: signedOutSessions })
              : t('account.settings.passwordChanged'),
          );
        },
        onError: (e) => {
          if (isApiError(e, Status.FAILED) && e.ercd === WRONG_OLD_PASSWORD_ERCD) {
            form.setFields([{ name: 'oldPassword', errors: [t('account.settings.wrongOldPassword')] }]);
          } else if (isApiError(e, Status.VALIDATION_FAILED)) {
            form.setFields([{ name: 'newPassword', errors: [apiErrorText(e, t, exists)] }]);
          }
        },
      },
    );

  // refusals shown on a field are not repeated above the form
  const fieldError =
    isApiError(change.error, Status.VALIDATION_FAILED) ||
    (isApiError(change.error, Status.FAILED) && change.error.ercd === WRONG_OLD_PASSWORD_ERCD);

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      aria-label={t('account.settings.passwordTitle')}
      style={{ maxWidth: 420 }}
    >
      <Typography.Paragraph type="secondary">{t('account.settings.passwordHint')}</Typography.Paragraph>
      {change.error && !fieldError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={apiErrorText(change.error, t, exists)}
        />
      ) : null}
      <Form.Item
        name="oldPassword"
        label={t('account.settings.currentPassword')}
        rules={[
          { required: true, message: t('auth.required', { field: t('account.settings.currentPassword') }) },
        ]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('account.settings.newPassword')}
        extra={t('auth.passwordStrength')}
        dependencies={['oldPassword']}
        rules={[
          { required: true, min: 8, max: 128, message: t('auth.passwordRule') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value !== getFieldValue('oldPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('account.settings.sameAsOld'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.settings.confirmNewPassword')}
        dependencies={['newPassword']}
        rules={[
          {
            required: true,
            message: t('auth.required', { field: t('account.settings.confirmNewPassword') }),
          },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('account.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('account.settings.changePassword')}
      </Button>
    </Form>
  );
}
