import { Alert, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { OrderItem, OrderSummary, WalletEntry } from '@cc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useQueryState } from '../../../lib/use-query-state';
import { useOrderList, useOrderSummary, useWalletLedger, useWalletSummary } from '../api/business-api';
import { filterOf, ORDER_TABS, tabCount, tabOf, yuan } from '../logic';
import { OrderStateTag } from './order-state-tag';
import './business.css';

const PAGE_SIZE = 20;
const TIME = 'YYYY-MM-DD HH:mm';

/**
 * `/businessOrder` (issue #14): what waits for the author, the limits before they meet them (credit, grade), the
 * wallet, the orders by state (tab in the address) and the wallet's entries.
 */
export function BusinessOrders() {
  const { t } = useTranslation();
  const qs = useQueryState({ state: 'all', page: '1' });
  const tab = tabOf(qs.get('state'));
  const page = Math.max(1, Number(qs.get('page')) || 1);
  const summary = useOrderSummary();
  const list = useOrderList({ state: filterOf(tab), page, pageSize: PAGE_SIZE });

  return (
    <div className="cc-business">
      <section className="cc-card">
        <h1 className="cc-page-title">{t('business.title')}</h1>
        <SummaryRow summary={summary.data} />
        {summary.data ? <Limits summary={summary.data} /> : null}
      </section>
      <section className="cc-card" aria-label={t('business.list.order')}>
        <Tabs
          activeKey={tab}
          onChange={(key) => qs.set({ state: key, page: undefined })}
          items={ORDER_TABS.map((key) => {
            const n = tabCount(summary.data, key);
            return {
              key,
              label: (
                <span data-testid={`order-tab-${key}`}>
                  {t(`business.tabs.${key}`)}
                  {n !== undefined ? ` (${n})` : ''}
                </span>
              ),
            };
          })}
        />
        {list.isPending ? (
          <LoadingState rows={5} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.total === 0 ? (
          <EmptyState description={tab === 'all' ? t('business.list.empty') : t('business.list.emptyTab')} />
        ) : (
          <OrdersTable
            rows={list.data.list}
            total={list.data.total}
            page={page}
            onPage={(p) => qs.set({ page: p })}
          />
        )}
      </section>
      <WalletLedger />
    </div>
  );
}

function SummaryRow({ summary }: { summary: OrderSummary | undefined }) {
  const { t } = useTranslation();
  const wallet = useWalletSummary();
  if (!summary) return <LoadingState rows={1} />;
  return (
    <div className="cc-business-summary" data-testid="business-summary">
      <Statistic
        title={t('business.summary.awaiting')}
        value={t('business.summary.count', { count: summary.awaitingAuthor })}
      />
      <div>
        <Statistic
          title={t('business.summary.inProgress')}
          value={t('business.summary.inProgressValue', {
            open: summary.openOrders,
            limit: summary.openLimit,
          })}
        />
        <Typography.Text type="secondary" className="cc-business-hint">
          {t('business.summary.inProgressHint', { limit: summary.openLimit })}
        </Typography.Text>
      </div>
      <div>
        <Statistic
          title={t('business.summary.pending')}
          value={t('business.yuan', { amount: yuan(summary.pendingFen) })}
        />
        {wallet.data?.nextSettleOn ? (
          <Typography.Text type="secondary" className="cc-business-hint">
            {t('business.summary.nextSettle', { date: wallet.data.nextSettleOn })}
          </Typography.Text>
        ) : null}
      </div>
      <Statistic
        title={t('business.summary.balance')}
        value={wallet.data ? t('business.yuan', { amount: yuan(wallet.data.balanceFen) }) : '…'}
        valueStyle={{ color: '#237804' }}
        data-testid="wallet-balance"
      />
      <Statistic
        title={t('business.summary.settled')}
        value={t('business.yuan', { amount: yuan(summary.settledFen) })}
      />
    </div>
  );
}

/** The rules that would refuse an accept, shown before the author meets them. */
function Limits({ summary }: { summary: OrderSummary }) {
  const { t } = useTranslation();
  const low = summary.creditScore < summary.creditMin;
  const full = summary.openOrders >= summary.openLimit;
  return (
    <div className="cc-business-limits">
      {low ? (
        <Alert
          type="warning"
          showIcon
          data-testid="credit-warning"
          message={t('business.summary.creditLow', { score: summary.creditScore, min: summary.creditMin })}
        />
      ) : (
        <Typography.Text type="secondary">
          {t('business.summary.creditOk', { score: summary.creditScore, min: summary.creditMin })}
        </Typography.Text>
      )}
      {full && summary.invited > 0 ? (
        <Alert
          type="info"
          showIcon
          data-testid="limit-warning"
          message={t('business.summary.limitReached', { open: summary.openOrders, limit: summary.openLimit })}
        />
      ) : null}
    </div>
  );
}

/** The deadline the order runs against now, with what it is for. */
export function DeadlineText({ order }: { order: OrderItem }) {
  const { t } = useTranslation();
  if (!order.nextDeadline) return <>{t('business.list.none')}</>;
  const time = formatDate(order.nextDeadline, TIME);
  return (
    <>
      {order.state === 'invited'
        ? t('business.list.respondBy', { time })
        : t('business.list.deliverBy', { time })}
    </>
  );
}

function OrdersTable({
  rows,
  total,
  page,
  onPage,
}: {
  rows: OrderItem[];
  total: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const columns: ColumnsType<OrderItem> = [
    {
      title: t('business.list.order'),
      key: 'order',
      render: (_, o) => (
        <div>
          <Link to={`/businessOrder/detail?id=${o.id}`} data-testid="order-link">
            {o.brand} · {o.campaign}
          </Link>
          {o.awaitingAuthor ? (
            <Tag
              className="cc-business-turn"
              style={{ color: '#ad4e00', background: '#fff7e6', borderColor: '#ffd591' }}
            >
              {t('business.list.awaitingTag')}
            </Tag>
          ) : null}
        </div>
      ),
    },
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
      title: t('business.list.settleOn'),
      key: 'settleOn',
      render: (_, o) => o.settleOn ?? t('business.list.none'),
    },
    {
      title: t('business.list.keepUntil'),
      key: 'keepUntil',
      render: (_, o) => o.keepUntil ?? t('business.list.none'),
    },
  ];
  return (
    <Table<OrderItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      data-testid="orders-table"
      pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: onPage, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
    />
  );
}

function WalletLedger() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useWalletLedger(page, 10);
  const columns: ColumnsType<WalletEntry> = [
    { title: t('business.wallet.time'), key: 'time', render: (_, e) => formatDate(e.createdAt, TIME) },
    { title: t('business.wallet.kind'), key: 'kind', render: (_, e) => t(`business.wallet.kinds.${e.kind}`) },
    {
      title: t('business.wallet.amount'),
      key: 'amount',
      align: 'right',
      render: (_, e) => (
        <span className="cc-num" style={{ color: e.amountFen >= 0 ? '#237804' : '#ad2102' }}>
          {e.amountFen >= 0 ? '+' : ''}
          {yuan(e.amountFen)}
        </span>
      ),
    },
    {
      title: t('business.wallet.balanceAfter'),
      key: 'balance',
      align: 'right',
      render: (_, e) => <span className="cc-num">{yuan(e.balanceAfterFen)}</span>,
    },
    {
      title: t('business.wallet.ref'),
      key: 'ref',
      render: (_, e) =>
        e.orderId ? (
          <Link to={`/businessOrder/detail?id=${e.orderId}`}>
            {t('business.wallet.order', { id: e.orderId })}
          </Link>
        ) : (
          e.ref
        ),
    },
  ];
  return (
    <section className="cc-card" aria-label={t('business.wallet.title')}>
      <h2 className="cc-section-title">{t('business.wallet.title')}</h2>
      {ledger.isPending ? (
        <LoadingState rows={3} />
      ) : ledger.isError ? (
        <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : ledger.data.total === 0 ? (
        <EmptyState description={t('business.wallet.empty')} />
      ) : (
        <Table<WalletEntry>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={ledger.data.list}
          data-testid="wallet-ledger"
          pagination={{
            current: page,
            pageSize: 10,
            total: ledger.data.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      )}
    </section>
  );
}
