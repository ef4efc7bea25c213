import { App, Avatar, Button, Form, Input, Space, Typography } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AVATAR_SIZE, fillAvatar, type UserInfo } from '@cc/contracts';
import { ImageUpload } from '../../../components/image-upload';
import { useCropDialog } from '../../../components/crop-dialog';
import { apiErrorText } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/account-api';

/** The avatar is cropped square (the server serves it at 120 × 120 from the avator template, spec §3/§9). */
const AVATAR_ASPECTS = [{ key: '1:1', value: 1 }] as const;

/**
 * The profile part of the account settings (issue #9): the avatar at 120 × 120 (spec §9), changed by
 * choosing an image, cropping it square and uploading it (the generic image upload, API.md §8) — saved at
 * once; and the media name with the registration's rules (2–20 characters), saved with its button. The
 * header follows each change at once.
 */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateProfile();
  const { crop, element } = useCropDialog(AVATAR_ASPECTS, t('account.settings.cropAvatar'));
  const exists = i18n.exists.bind(i18n);
  const failed = (e: unknown) =>
    void message.error(t('account.settings.saveFailed', { message: apiErrorText(e, t, exists) }));

  return (
    <div>
      <Space align="center" size={24} style={{ marginBottom: 24 }}>
        <Avatar
          size={AVATAR_SIZE}
          src={fillAvatar(user.avator)}
          icon={<UserOutlined />}
          alt={t('account.settings.avatar')}
          data-testid="settings-avatar"
        />
        <Space orientation="vertical" size={8}>
          <Typography.Text strong>{t('account.settings.avatar')}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('account.settings.avatarHint')}
          </Typography.Text>
          <ImageUpload
            variant="button"
            transform={crop}
            onUploaded={(image) =>
              update.mutate(
                { avator: image.url },
                { onSuccess: () => void message.success(t('account.settings.avatarSaved')), onError: failed },
              )
            }
          >
            <Button
              icon={<CameraOutlined />}
              loading={update.isPending && update.variables?.avator !== undefined}
            >
              {t('account.settings.changeAvatar')}
            </Button>
          </ImageUpload>
        </Space>
      </Space>
      <Form<{ mediaName: string }>
        layout="vertical"
        requiredMark={false}
        initialValues={{ mediaName: user.mediaName }}
        aria-label={t('account.settings.profileTitle')}
        onFinish={({ mediaName }) =>
          update.mutate(
            { mediaName },
            { onSuccess: () => void message.success(t('account.settings.mediaNameSaved')), onError: failed },
          )
        }
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          name="mediaName"
          label={t('account.settings.mediaName')}
          extra={t('account.settings.mediaNameHint')}
          rules={[
            {
              required: true,
              whitespace: true,
              min: 2,
              max: 20,
              message: t('account.settings.mediaNameRule'),
            },
          ]}
        >
          <Input maxLength={20} showCount autoComplete="nickname" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={update.isPending && update.variables?.mediaName !== undefined}
        >
          {t('account.settings.saveMediaName')}
        </Button>
      </Form>
      {element}
    </div>
  );
}
