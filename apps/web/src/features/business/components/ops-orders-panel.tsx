import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ORDER_BRAND_MAX,
  ORDER_BRIEF_MAX,
  ORDER_CAMPAIGN_MAX,
  ORDER_KEEP_DAYS_DEFAULT,
  ORDER_KEEP_DAYS_MAX,
  ORDER_NOTE_MAX,
  ORDER_PRICE_MAX_FEN,
  ORDER_REVISIONS_MAX,
  ORDER_TYPES,
  type OpsOrderItem,
  type OrderType,
} from '@cc/contracts';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import {
  useAdjustWallet,
  useCancelOrder,
  useCreateOrder,
  useOpsOrders,
  useReviewOrder,
} from '../api/business-api';
import { filterOf, ORDER_TABS, tabOf, yuan } from '../logic';
import { DeadlineText } from './business-orders';
import { OrderStateTag } from './order-state-tag';

const PAGE_SIZE = 20;
const CANCELLABLE = ['invited', 'accepted', 'delivered', 'revision_requested'];

interface CreateValues {
  account: string;
  brand: string;
  campaign: string;
  brief: string;
  type: OrderType;
  priceYuan: number;
  respondBy: Dayjs;
  deliverBy: Dayjs;
  revisionsAllowed: number;
  keepDays: number;
}

/** Yuan as typed by an operator → integer fen. */
const toFen = (value: number) => Math.round(value * 100);

/**
 * The operators' tab of business orders on `/ops/review?tab=orders` (issue #14): invite an author to an order,
 * list every order, approve or ask for a revision with a note, cancel before approval, adjust a wallet.
 */
export function OpsOrdersPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const fail = (e: unknown) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k)));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <CreateOrderForm onError={fail} />
      <OrdersList onError={fail} />
      <AdjustWalletForm onError={fail} />
    </Space>
  );
}

function CreateOrderForm({ onError }: { onError: (e: unknown) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const create = useCreateOrder();
  const [form] = Form.useForm<CreateValues>();
  const required = [{ required: true, whitespace: true, message: t('business.ops.required') }];
  const submit = (v: CreateValues) =>
    create.mutate(
      {
        account: v.account.trim(),
        brand: v.brand.trim(),
        campaign: v.campaign.trim(),
        brief: v.brief.trim(),
        type: v.type,
        priceFen: toFen(v.priceYuan),
        respondBy: v.respondBy.toISOString(),
        deliverBy: v.deliverBy.toISOString(),
        revisionsAllowed: v.revisionsAllowed,
        keepDays: v.keepDays,
      },
      {
        onSuccess: () => {
          void message.success(t('business.ops.created'));
          form.resetFields();
        },
        onError,
      },
    );
  return (
    <Card title={t('business.ops.create')} size="small">
      <Form<CreateValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ type: 'implanted_video', revisionsAllowed: 2, keepDays: ORDER_KEEP_DAYS_DEFAULT }}
        data-testid="ops-create-order"
      >
        <Space wrap align="start" size={16}>
          <Form.Item name="account" label={t('business.ops.account')} rules={required}>
            <Input maxLength={64} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="brand" label={t('business.ops.brand')} rules={required}>
            <Input maxLength={ORDER_BRAND_MAX} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="campaign" label={t('business.ops.campaign')} rules={required}>
            <Input maxLength={ORDER_CAMPAIGN_MAX} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="type" label={t('business.ops.type')} rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              options={ORDER_TYPES.map((type) => ({ value: type, label: t(`business.types.${type}`) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="brief" label={t('business.ops.brief')} rules={required}>
          <Input.TextArea maxLength={ORDER_BRIEF_MAX} showCount rows={3} />
        </Form.Item>
        <Space wrap align="start" size={16}>
          <Form.Item
            name="priceYuan"
            label={t('business.ops.price')}
            rules={[{ required: true, message: t('business.ops.required') }]}
          >
            <InputNumber min={0.01} max={ORDER_PRICE_MAX_FEN / 100} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="respondBy"
            label={t('business.ops.respondBy')}
            rules={[{ required: true, message: t('business.ops.required') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item
            name="deliverBy"
            label={t('business.ops.deliverBy')}
            rules={[{ required: true, message: t('business.ops.required') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="revisionsAllowed" label={t('business.ops.revisions')}>
            <InputNumber min={0} max={ORDER_REVISIONS_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="keepDays" label={t('business.ops.keepDays')}>
            <InputNumber min={1} max={ORDER_KEEP_DAYS_MAX} precision={0} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="ops-create-submit">
          {t('business.ops.submit')}
        </Button>
      </Form>
    </Card>
  );
}

type NoteDialog = { kind: 'revise' | 'cancel'; order: OpsOrderItem };

function OrdersList({ onError }: { onError: (e: unknown) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [account, setAccount] = useState('');
  const [tab, setTab] = useState('all');
  const [page, setPage] = useState(1);
  const list = useOpsOrders({
    account: account || undefined,
    state: filterOf(tabOf(tab)),
    page,
    pageSize: PAGE_SIZE,
  });
  const review = useReviewOrder();
  const [dialog, setDialog] = useState<NoteDialog | null>(null);
  const done = () => void message.success(t('business.ops.done'));

  const columns: ColumnsType<OpsOrderItem> = [
    { title: 'ID', dataIndex: 'id', key: 'id' },
    {
      title: t('business.ops.author'),
      key: 'author',
      render: (_, o) => (
        <span>
          {o.mediaName} <Typography.Text type="secondary">{o.account}</Typography.Text>
        </span>
      ),
    },
    { title: t('business.list.order'), key: 'order', render: (_, o) => `${o.brand} · ${o.campaign}` },
    { title: t('business.list.type'), key: 'type', render: (_, o) => t(`business.types.${o.type}`) },
    {
      title: t('business.list.price'),
      key: 'price',
      align: 'right',
      render: (_, o) => <span className="cc-num">{t('business.yuan', { amount: yuan(o.priceFen) })}</span>,
    },
    { title: t('business.list.state'), key: 'state', render: (_, o) => <OrderStateTag state={o.state} /> },
    { title: t('business.list.deadline'), key: 'deadline', render: (_, o) => <DeadlineText order={o} /> },
    {
      title: t('business.list.revisions'),
      key: 'revisions',
      render: (_, o) =>
        t('business.list.revisionsValue', { left: o.revisionsLeft, allowed: o.revisionsAllowed }),
    },
    {
      title: t('business.detail.work'),
      key: 'work',
      render: (_, o) =>
        o.work
          ? `${o.work.title}（${t(`business.detail.workStatus.${o.work.status}`)}）`
          : t('business.list.none'),
    },
    {
      title: t('business.list.settleOn'),
      key: 'settleOn',
      render: (_, o) => o.settleOn ?? t('business.list.none'),
    },
    {
      title: t('business.detail.actions'),
      key: 'actions',
      render: (_, o) => (
        <Space size={4} wrap>
          {o.state === 'delivered' ? (
            <Popconfirm
              title={t('business.ops.approve')}
              description={t('business.ops.approveConfirm', { amount: yuan(o.priceFen) })}
              okText={t('business.detail.ok')}
              cancelText={t('business.detail.cancel')}
              onConfirm={() => review.mutate({ id: o.id, decision: 'approve' }, { onSuccess: done, onError })}
            >
              <Button size="small" type="primary" data-testid={`approve-${o.id}`}>
                {t('business.ops.approve')}
              </Button>
            </Popconfirm>
          ) : null}
          {o.state === 'delivered' && o.revisionsLeft > 0 ? (
            <Button
              size="small"
              onClick={() => setDialog({ kind: 'revise', order: o })}
              data-testid={`revise-${o.id}`}
            >
              {t('business.ops.revise')}
            </Button>
          ) : null}
          {CANCELLABLE.includes(o.state) ? (
            <Button
              size="small"
              danger
              onClick={() => setDialog({ kind: 'cancel', order: o })}
              data-testid={`cancel-${o.id}`}
            >
              {t('business.ops.cancelOrder')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('business.ops.list')} size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('business.ops.filterAccount')}
          aria-label={t('business.ops.filterAccount')}
          onSearch={(v) => {
            setAccount(v.trim());
            setPage(1);
          }}
          style={{ width: 260 }}
        />
        <Select
          aria-label={t('business.list.state')}
          value={tab}
          style={{ width: 180 }}
          onChange={(v) => {
            setTab(v);
            setPage(1);
          }}
          options={ORDER_TABS.map((key) => ({ value: key, label: t(`business.tabs.${key}`) }))}
        />
      </Space>
      {list.isPending ? (
        <LoadingState rows={4} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState description={t('business.ops.empty')} />
      ) : (
        <Table<OpsOrderItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data.list}
          data-testid="ops-orders-table"
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      )}
      {dialog ? <NoteModal dialog={dialog} onClose={() => setDialog(null)} onError={onError} /> : null}
    </Card>
  );
}

/** A note for a revision request (what to change) or a cancellation (why). */
function NoteModal({
  dialog,
  onClose,
  onError,
}: {
  dialog: NoteDialog;
  onClose: () => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const review = useReviewOrder();
  const cancel = useCancelOrder();
  const [form] = Form.useForm<{ note: string }>();
  const { order } = dialog;
  const onSuccess = () => {
    void message.success(t('business.ops.done'));
    onClose();
  };
  return (
    <Modal
      open
      title={
        dialog.kind === 'revise'
          ? t('business.ops.reviseTitle', { left: order.revisionsLeft })
          : t('business.ops.cancelTitle')
      }
      okText={dialog.kind === 'revise' ? t('business.ops.revise') : t('business.ops.cancelOrder')}
      cancelText={t('business.detail.cancel')}
      confirmLoading={review.isPending || cancel.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Typography.Paragraph>
        {order.brand} · {order.campaign}（{order.mediaName}）
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          dialog.kind === 'revise'
            ? review.mutate({ id: order.id, decision: 'revise', note: v.note.trim() }, { onSuccess, onError })
            : cancel.mutate({ id: order.id, note: v.note.trim() }, { onSuccess, onError })
        }
      >
        <Form.Item
          name="note"
          label={t('business.ops.note')}
          rules={[{ required: true, whitespace: true, message: t('business.ops.required') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={ORDER_NOTE_MAX}
            showCount
            data-testid="ops-note"
            placeholder={
              dialog.kind === 'revise'
                ? t('business.ops.notePlaceholder')
                : t('business.ops.cancelPlaceholder')
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AdjustWalletForm({ onError }: { onError: (e: unknown) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const adjust = useAdjustWallet();
  const [form] = Form.useForm<{ account: string; amountYuan: number; note: string; key: string }>();
  const required = [{ required: true, message: t('business.ops.required') }];
  return (
    <Card title={t('business.ops.adjust')} size="small">
      <Form
        form={form}
        layout="inline"
        onFinish={(v) =>
          adjust.mutate(
            {
              account: v.account.trim(),
              amountFen: toFen(v.amountYuan),
              note: v.note.trim(),
              key: v.key.trim(),
            },
            {
              onSuccess: (r) => {
                if (r.repeated) void message.info(t('business.ops.adjustRepeated'));
                else void message.success(t('business.ops.adjusted', { balance: yuan(r.balanceFen) }));
              },
              onError,
            },
          )
        }
      >
        <Form.Item name="account" label={t('business.ops.account')} rules={required}>
          <Input maxLength={64} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="amountYuan" label={t('business.ops.adjustAmount')} rules={required}>
          <InputNumber precision={2} min={-ORDER_PRICE_MAX_FEN / 100} max={ORDER_PRICE_MAX_FEN / 100} />
        </Form.Item>
        <Form.Item name="note" label={t('business.ops.note')} rules={required}>
          <Input maxLength={ORDER_NOTE_MAX} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="key" label={t('business.ops.adjustKey')} rules={required}>
          <Input maxLength={64} style={{ width: 160 }} />
        </Form.Item>
        <Button htmlType="submit" loading={adjust.isPending}>
          {t('business.ops.adjustSubmit')}
        </Button>
      </Form>
    </Card>
  );
}
