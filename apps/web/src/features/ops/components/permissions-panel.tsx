import {
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SMALL_VIDEO_MAX_SECONDS_CAP,
  WHITE_LISTS,
  type OpsUser,
  type SetPermissionsParam,
} from '@cc/contracts';
import { apiErrorText } from '../../../lib/api-client';
import { ErrorState, LoadingState } from '../../../components/states';
import { useOpsUser, useSetPermissions } from '../api';

interface PermissionValues {
  dynamicShow: boolean;
  grade: number;
  smallVideoMaxSeconds: number;
  publishPoint: boolean;
  contentAssistant: boolean;
  whiteLists: string[];
}

function toValues(user: OpsUser): PermissionValues {
  const p = user.permissions;
  return {
    dynamicShow: p.dynamicShow === 1,
    grade: p.grade,
    smallVideoMaxSeconds: p.smallVideoMaxSecondsSet ? p.smallVideoMaxSeconds : 0,
    publishPoint: p.publishPoint === 1,
    contentAssistant: p.contentAssistant === 1,
    whiteLists: p.whiteLists,
  };
}

/**
 * An author's permissions (spec §6; issue #10 "Permissions"), looked up by account and changed by an operator:
 * the dynamic area, grade, short-video duration limit (0 = by grade), publish points, the content assistant and
 * the white lists. What is in force is shown beside the form (e.g. rankResult, which follows grade and list).
 */
export function PermissionsPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [account, setAccount] = useState('');
  const user = useOpsUser(account);
  const save = useSetPermissions();
  const [form] = Form.useForm<PermissionValues>();
  useEffect(() => {
    if (user.data) form.setFieldsValue(toValues(user.data));
  }, [user.data, form]);

  const submit = (v: PermissionValues) => {
    const param: SetPermissionsParam = {
      account,
      dynamicShow: v.dynamicShow ? 1 : 0,
      grade: v.grade,
      smallVideoMaxSeconds: v.smallVideoMaxSeconds,
      publishPoint: v.publishPoint ? 1 : 0,
      contentAssistant: v.contentAssistant ? 1 : 0,
      whiteLists: v.whiteLists as SetPermissionsParam['whiteLists'],
    };
    save.mutate(param, {
      onSuccess: () => void message.success(t('ops.permissions.saved')),
      onError: (e) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k))),
    });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Input.Search
        placeholder={t('ops.permissions.accountPlaceholder')}
        enterButton={t('ops.permissions.find')}
        allowClear
        onSearch={(value) => setAccount(value.trim())}
        style={{ maxWidth: 420 }}
        aria-label={t('ops.permissions.account')}
        data-testid="ops-account"
      />
      {account === '' ? (
        <Typography.Text type="secondary">{t('ops.permissions.hint')}</Typography.Text>
      ) : user.isPending ? (
        <LoadingState rows={4} />
      ) : user.isError ? (
        <ErrorState error={user.error} />
      ) : (
        <Card
          title={`${user.data.mediaName} · ${user.data.account}`}
          extra={<Typography.Text type="secondary">ID {user.data.userId}</Typography.Text>}
        >
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('ops.permissions.rankResult')}>
              {user.data.permissions.rankResult === 1 ? t('ops.permissions.yes') : t('ops.permissions.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('ops.permissions.smallVideoNow')}>
              {t('ops.permissions.seconds', { count: user.data.permissions.smallVideoMaxSeconds })}
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="horizontal" labelCol={{ flex: '220px' }} onFinish={submit}>
            <Form.Item name="dynamicShow" label={t('ops.permissions.dynamicShow')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="grade" label={t('ops.permissions.grade')}>
              <InputNumber min={1} max={10} precision={0} />
            </Form.Item>
            <Form.Item
              name="smallVideoMaxSeconds"
              label={t('ops.permissions.smallVideoMaxSeconds')}
              extra={t('ops.permissions.smallVideoHint')}
            >
              <InputNumber min={0} max={SMALL_VIDEO_MAX_SECONDS_CAP} precision={0} />
            </Form.Item>
            <Form.Item name="publishPoint" label={t('ops.permissions.publishPoint')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="contentAssistant"
              label={t('ops.permissions.contentAssistant')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item name="whiteLists" label={t('ops.permissions.whiteLists')}>
              <Checkbox.Group
                options={WHITE_LISTS.map((w) => ({ value: w, label: t(`ops.permissions.lists.${w}`) }))}
              />
            </Form.Item>
            <Form.Item label=" " colon={false}>
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                data-testid="save-permissions"
              >
                {t('common.save')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      )}
    </Space>
  );
}
