import { useRef, useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COUPON_NOTE_MAX,
  COUPON_STATES,
  COUPON_VALID_DAYS_MAX,
  COUPON_VALUE_MAX_FEN,
  type CouponState,
  type OpsCouponItem,
  PROMOTION_BUDGET_MAX_FEN,
} from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { tabularNums } from '../../../lib/theme';
import { useGrantCoupon, useOpsCoupons } from '../api';
import { yuan, yuanToFen } from '../logic';
import { CouponStateTag } from './growth-boost-view';

interface GrantValues {
  account: string;
  valueYuan: number | null;
  minSpendYuan: number | null;
  validDays: number;
  note?: string;
}

/**
 * The operators' coupons tab on `/ops/review?tab=coupons` (issue #14 "coupons … from task rewards or operators"):
 * grant a coupon to an author's account (amounts in yuan, validity in days, a note the author sees) and every
 * coupon granted, filtered by account and state. A grant is idempotent by its key: a double click grants once.
 */
export function OpsCouponsPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<GrantValues>();
  const grant = useGrantCoupon();
  const key = useRef(crypto.randomUUID());
  const [filter, setFilter] = useState<{ account: string; state?: CouponState; page: number }>({
    account: '',
    page: 1,
  });
  const list = useOpsCoupons({ ...filter, pageSize: 20 });

  const handleGrant = (v: GrantValues) => {
    grant.mutate(
      {
        account: v.account.trim(),
        valueFen: yuanToFen(v.valueYuan) ?? 0,
        minSpendFen: yuanToFen(v.minSpendYuan) ?? 0,
        validDays: v.validDays,
        ...(v.note?.trim() ? { note: v.note.trim() } : {}),
        key: key.current,
      },
      {
        onSuccess: (c) => {
          key.current = crypto.randomUUID();
          form.resetFields(['valueYuan', 'minSpendYuan', 'note']);
          void message.success(
            t('promotion.ops.granted', { value: yuan(c.valueFen), name: c.mediaName, account: c.account }),
          );
        },
        onError: (e) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k))),
      },
    );
  };

  const columns: TableColumnsType<OpsCouponItem> = [
    {
      title: t('promotion.ops.cols.author'),
      key: 'author',
      render: (_, c) => (
        <div>
          <div>{c.mediaName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.account}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('promotion.ops.cols.value'),
      key: 'value',
      align: 'right',
      render: (_, c) => (
        <span style={tabularNums}>
          {t('promotion.yuanValue', { value: yuan(c.valueFen) })}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {c.minSpendFen > 0
              ? t('promotion.coupon.minSpend', { min: yuan(c.minSpendFen) })
              : t('promotion.coupon.noMinSpend')}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('promotion.ops.cols.source'),
      key: 'source',
      render: (_, c) => (
        <span>
          {t(`promotion.sources.${c.source}`)}
          {c.note ? <Typography.Text type="secondary"> · {c.note}</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: t('promotion.ops.cols.expiresAt'),
      key: 'expiresAt',
      render: (_, c) => formatDate(c.expiresAt, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('promotion.ops.cols.state'),
      key: 'state',
      render: (_, c) => <CouponStateTag state={c.state} />,
    },
    {
      title: t('promotion.ops.cols.grantedAt'),
      key: 'createdAt',
      render: (_, c) => formatDate(c.createdAt, 'YYYY-MM-DD HH:mm'),
    },
  ];

  return (
    <Space direction="vertical" size={24} style={{ width: '100%' }}>
      <section aria-labelledby="ops-grant-title">
        <h2 className="cc-section-title" id="ops-grant-title">
          {t('promotion.ops.grantTitle')}
        </h2>
        <Form<GrantValues>
          form={form}
          layout="inline"
          initialValues={{ validDays: 30, minSpendYuan: 0 }}
          onFinish={handleGrant}
          style={{ rowGap: 12 }}
        >
          <Form.Item
            name="account"
            label={t('promotion.ops.account')}
            rules={[{ required: true, whitespace: true, message: t('promotion.ops.accountRequired') }]}
          >
            <Input style={{ width: 200 }} data-testid="grant-account" />
          </Form.Item>
          <Form.Item
            name="valueYuan"
            label={t('promotion.ops.value')}
            rules={[
              { required: true, message: t('promotion.ops.valueRequired') },
              {
                type: 'number',
                min: 0.01,
                max: COUPON_VALUE_MAX_FEN / 100,
                message: t('promotion.ops.valueRange', { max: yuan(COUPON_VALUE_MAX_FEN) }),
              },
            ]}
          >
            <InputNumber
              precision={2}
              min={0}
              addonAfter={t('promotion.yuanUnit')}
              aria-label={t('promotion.ops.value')}
              data-testid="grant-value"
            />
          </Form.Item>
          <Form.Item
            name="minSpendYuan"
            label={t('promotion.ops.minSpend')}
            rules={[{ type: 'number', min: 0, max: PROMOTION_BUDGET_MAX_FEN / 100 }]}
          >
            <InputNumber
              precision={2}
              min={0}
              addonAfter={t('promotion.yuanUnit')}
              aria-label={t('promotion.ops.minSpend')}
            />
          </Form.Item>
          <Form.Item name="validDays" label={t('promotion.ops.validDays')} rules={[{ required: true }]}>
            <InputNumber
              precision={0}
              min={1}
              max={COUPON_VALID_DAYS_MAX}
              addonAfter={t('promotion.ops.days')}
              aria-label={t('promotion.ops.validDays')}
            />
          </Form.Item>
          <Form.Item name="note" label={t('promotion.ops.note')}>
            <Input maxLength={COUPON_NOTE_MAX} showCount style={{ width: 240 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={grant.isPending} data-testid="grant-submit">
              {t('promotion.ops.grant')}
            </Button>
          </Form.Item>
        </Form>
      </section>
      <section aria-labelledby="ops-coupons-title">
        <h2 className="cc-section-title" id="ops-coupons-title">
          {t('promotion.ops.listTitle')}
        </h2>
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('promotion.ops.filterAccount')}
            aria-label={t('promotion.ops.filterAccount')}
            onSearch={(account) => setFilter({ ...filter, account: account.trim(), page: 1 })}
            style={{ width: 240 }}
          />
          <Select<CouponState | 'all'>
            value={filter.state ?? 'all'}
            aria-label={t('promotion.ops.filterState')}
            style={{ width: 140 }}
            onChange={(s) => setFilter({ ...filter, state: s === 'all' ? undefined : s, page: 1 })}
            options={[
              { value: 'all', label: t('promotion.ops.allStates') },
              ...COUPON_STATES.map((s) => ({ value: s, label: t(`promotion.couponStates.${s}`) })),
            ]}
          />
        </Space>
        {list.isPending ? (
          <LoadingState rows={4} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.total === 0 ? (
          <EmptyState description={t('promotion.ops.empty')} />
        ) : (
          <Table<OpsCouponItem>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={list.data.list}
            data-testid="ops-coupons"
            pagination={{
              current: filter.page,
              pageSize: list.data.pageSize,
              total: list.data.total,
              hideOnSinglePage: true,
              onChange: (page) => setFilter({ ...filter, page }),
            }}
          />
        )}
      </section>
    </Space>
  );
}
