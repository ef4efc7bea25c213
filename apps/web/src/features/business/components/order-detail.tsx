import {
  Alert,
  App,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Result,
  Steps,
  Timeline,
  Typography,
} from 'antd';
import type { OrderDetail, OrderMilestone } from '@cc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText, isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import {
  useAcceptOrder,
  useDeclineOrder,
  useDeliverableWorks,
  useDeliverOrder,
  useOrderDetail,
} from '../api/business-api';
import { yuan } from '../logic';
import { OrderStateTag } from './order-state-tag';
import './business.css';

const TIME = 'YYYY-MM-DD HH:mm';

/**
 * `/businessOrder/detail?id=` (issue #14): the brief, the milestones with their deadlines, the author's actions
 * (accept, decline, deliver one of my published works), revisions left, settle and keep-until dates, the history.
 * @param id the order's id from the address (undefined when missing or malformed)
 */
export function BusinessOrderDetail({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const detail = useOrderDetail(id);
  if (id === undefined || (detail.isError && isApiError(detail.error, 10006)))
    return (
      <section className="cc-card">
        <Result
          status="404"
          title={t('pages.businessOrderDetail')}
          subTitle={t('business.detail.notFound')}
          extra={<Link to="/businessOrder">{t('business.detail.back')}</Link>}
        />
      </section>
    );
  if (detail.isPending) return <LoadingState rows={8} />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  return <DetailBody order={detail.data} />;
}

function DetailBody({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const workGone =
    order.work && order.work.status !== 'published' && ['delivered', 'approved'].includes(order.state);
  return (
    <div className="cc-business-detail">
      <section className="cc-card">
        <Link to="/businessOrder">{t('business.detail.back')}</Link>
        <h1 className="cc-page-title" data-testid="order-title">
          {order.brand} · {order.campaign} <OrderStateTag state={order.state} />
        </h1>
        {order.state === 'approved' && order.settleOn ? (
          <Alert
            type="success"
            showIcon
            data-testid="settle-notice"
            message={t('business.detail.settleNotice', {
              amount: yuan(order.priceFen),
              date: order.settleOn,
            })}
          />
        ) : null}
        {(order.state === 'approved' || order.state === 'settled') && order.keepUntil ? (
          <Alert
            style={{ marginTop: 8 }}
            type="info"
            showIcon
            data-testid="keep-notice"
            message={t('business.detail.keepNotice', { date: order.keepUntil })}
          />
        ) : null}
        {workGone ? (
          <Alert style={{ marginTop: 8 }} type="warning" showIcon message={t('business.detail.workGone')} />
        ) : null}
        <AuthorActions order={order} />
      </section>
      <section className="cc-card" aria-label={t('business.detail.info')}>
        <h2 className="cc-section-title">{t('business.detail.info')}</h2>
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={t('business.detail.brand')}>{order.brand}</Descriptions.Item>
          <Descriptions.Item label={t('business.detail.campaign')}>{order.campaign}</Descriptions.Item>
          <Descriptions.Item label={t('business.detail.type')}>
            {t(`business.types.${order.type}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('business.detail.price')}>
            <span className="cc-num" data-testid="order-price">
              {t('business.yuan', { amount: yuan(order.priceFen) })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('business.detail.revisions')}>
            <span data-testid="order-revisions">
              {t('business.detail.revisionsValue', {
                used: order.revisionsUsed,
                left: order.revisionsLeft,
                allowed: order.revisionsAllowed,
              })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('business.detail.keepDays')}>
            {t('business.detail.keepDaysValue', { days: order.keepDays })}
          </Descriptions.Item>
          <Descriptions.Item label={t('business.list.settleOn')}>
            {order.settleOn ?? t('business.list.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('business.list.keepUntil')}>
            {order.keepUntil ?? t('business.list.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('business.detail.work')} span={2}>
            {order.work
              ? `${order.work.title}（${t(`business.detail.workStatus.${order.work.status}`)}）`
              : t('business.list.none')}
          </Descriptions.Item>
        </Descriptions>
        <h2 className="cc-section-title" style={{ marginTop: 16 }}>
          {t('business.detail.brief')}
        </h2>
        <Typography.Paragraph className="cc-business-brief" data-testid="order-brief">
          {order.brief}
        </Typography.Paragraph>
      </section>
      <section className="cc-card" aria-label={t('business.detail.milestones')}>
        <h2 className="cc-section-title">{t('business.detail.milestones')}</h2>
        <Milestones milestones={order.milestones} />
      </section>
      <section className="cc-card" aria-label={t('business.detail.history')}>
        <h2 className="cc-section-title">{t('business.detail.history')}</h2>
        <Timeline
          data-testid="order-history"
          items={order.history.map((h) => ({
            key: h.id,
            children: (
              <div>
                <Typography.Text type="secondary">{formatDate(h.at, TIME)}</Typography.Text>{' '}
                <Typography.Text strong>{t(`business.detail.actors.${h.actor}`)}</Typography.Text>{' '}
                {t(`business.detail.historyActions.${h.action}`)}
                {h.note ? <Typography.Text>：{h.note}</Typography.Text> : null}
              </div>
            ),
          }))}
        />
      </section>
    </div>
  );
}

const STEP_STATUS: Record<OrderMilestone['status'], 'finish' | 'process' | 'wait' | 'error'> = {
  done: 'finish',
  current: 'process',
  upcoming: 'wait',
  missed: 'error',
  skipped: 'wait',
};

function Milestones({ milestones }: { milestones: OrderMilestone[] }) {
  const { t } = useTranslation();
  return (
    <Steps
      direction="vertical"
      size="small"
      data-testid="order-milestones"
      items={milestones.map((m) => {
        const due = m.dueDay ?? (m.due ? formatDate(m.due, TIME) : null);
        return {
          status: STEP_STATUS[m.status],
          title: (
            <span data-testid={`milestone-${m.key}`}>
              {t(`business.detail.milestone.${m.key}`)} · {t(`business.detail.milestoneStatus.${m.status}`)}
            </span>
          ),
          description: (
            <span>
              {due ? t('business.detail.deadlineAt', { time: due }) : null}
              {due && m.at ? ' · ' : null}
              {m.at ? t('business.detail.doneAt', { time: formatDate(m.at, TIME) }) : null}
            </span>
          ),
        };
      })}
    />
  );
}

function AuthorActions({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const accept = useAcceptOrder();
  const [declining, setDeclining] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const fail = (e: unknown) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k)));
  if (order.authorActions.length === 0)
    return (
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('business.detail.noActions')}
      </Typography.Paragraph>
    );
  return (
    <div className="cc-business-actions" style={{ marginTop: 12 }} data-testid="order-actions">
      {order.authorActions.includes('accept') ? (
        <Popconfirm
          title={t('business.detail.accept')}
          description={t('business.detail.acceptConfirm', { time: formatDate(order.deliverBy, TIME) })}
          okText={t('business.detail.ok')}
          cancelText={t('business.detail.cancel')}
          onConfirm={() =>
            accept.mutate(
              { id: order.id },
              { onSuccess: () => void message.success(t('business.detail.accepted')), onError: fail },
            )
          }
        >
          <Button type="primary" loading={accept.isPending} data-testid="accept-order">
            {t('business.detail.accept')}
          </Button>
        </Popconfirm>
      ) : null}
      {order.authorActions.includes('decline') ? (
        <Button onClick={() => setDeclining(true)} data-testid="decline-order">
          {t('business.detail.decline')}
        </Button>
      ) : null}
      {order.authorActions.includes('deliver') ? (
        <Button type="primary" onClick={() => setDelivering(true)} data-testid="deliver-order">
          {order.state === 'revision_requested'
            ? t('business.detail.redeliver')
            : t('business.detail.deliver')}
        </Button>
      ) : null}
      {declining ? <DeclineDialog order={order} onClose={() => setDeclining(false)} onError={fail} /> : null}
      {delivering ? (
        <DeliverDialog order={order} onClose={() => setDelivering(false)} onError={fail} />
      ) : null}
    </div>
  );
}

function DeclineDialog({
  order,
  onClose,
  onError,
}: {
  order: OrderDetail;
  onClose: () => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decline = useDeclineOrder();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={t('business.detail.declineTitle')}
      okText={t('business.detail.decline')}
      cancelText={t('business.detail.cancel')}
      confirmLoading={decline.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          decline.mutate(
            { id: order.id, reason: v.reason.trim() },
            {
              onSuccess: () => {
                void message.success(t('business.detail.declined'));
                onClose();
              },
              onError,
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label={t('business.detail.declineReason')}
          rules={[{ required: true, whitespace: true, message: t('business.ops.required') }]}
        >
          <Input.TextArea
            maxLength={500}
            showCount
            rows={3}
            placeholder={t('business.detail.declinePlaceholder')}
            data-testid="decline-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliverDialog({
  order,
  onClose,
  onError,
}: {
  order: OrderDetail;
  onClose: () => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const works = useDeliverableWorks(order.id, true);
  const deliver = useDeliverOrder();
  const [picked, setPicked] = useState<number | undefined>(
    order.work?.status === 'published' ? order.work.id : undefined,
  );
  const isVideo = order.type === 'implanted_video' || order.type === 'custom_video';
  return (
    <Modal
      open
      title={t('business.detail.deliverTitle')}
      okText={t('business.detail.deliver')}
      cancelText={t('business.detail.cancel')}
      okButtonProps={{
        disabled: picked === undefined,
        ...({ 'data-testid': 'deliver-confirm' } as Record<`data-${string}`, string>),
      }}
      confirmLoading={deliver.isPending}
      onCancel={onClose}
      onOk={() =>
        picked !== undefined &&
        deliver.mutate(
          { id: order.id, contentId: picked },
          {
            onSuccess: () => {
              void message.success(t('business.detail.delivered'));
              onClose();
            },
            onError,
          },
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('business.detail.deliverHint')}</Typography.Paragraph>
      {works.isPending ? (
        <LoadingState rows={3} />
      ) : works.isError ? (
        <ErrorState error={works.error} onRetry={() => void works.refetch()} />
      ) : works.data.list.length === 0 ? (
        <EmptyState
          description={t('business.detail.deliverEmpty')}
          action={
            <Link to={isVideo ? '/videos/video' : '/article'}>
              {isVideo ? t('business.detail.publishVideo') : t('business.detail.publishWork')}
            </Link>
          }
        />
      ) : (
        <Radio.Group
          aria-label={t('business.detail.pickWork')}
          value={picked}
          onChange={(e) => setPicked(e.target.value as number)}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          data-testid="deliverable-works"
        >
          {works.data.list.map((w) => (
            <Radio key={w.id} value={w.id}>
              {w.title}{' '}
              <Typography.Text type="secondary">
                {w.publishedAt ? formatDate(w.publishedAt, 'YYYY-MM-DD') : ''}
              </Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
      )}
    </Modal>
  );
}
