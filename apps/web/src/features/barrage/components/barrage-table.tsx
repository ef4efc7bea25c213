import { Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  LockOutlined,
  StopOutlined,
  UnlockOutlined,
  UserDeleteOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BarrageAction, BarrageItem } from '@cc/contracts';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import type { ListPage } from '../api/barrage-api';
import { BARRAGE_PAGE_SIZE, capSelection, formatPosition, readerOf, rowActions, swatchColor } from '../logic';
import { BarrageStateTag } from './barrage-state-tag';

const ACTION_ICON: Record<BarrageAction, ReactNode> = {
  publish: <CheckOutlined />,
  protect: <LockOutlined />,
  unprotect: <UnlockOutlined />,
  delete: <DeleteOutlined />,
};

/** What the table asks its page to do. */
export interface BarrageTableHandlers {
  /** a row's position was clicked: play its video from there */
  onPosition(item: BarrageItem): void;
  /** a row's video title was clicked (all-videos view): show that video's barrage */
  onPickVideo(item: BarrageItem): void;
  onAction(item: BarrageItem, action: BarrageAction): void;
  onBlock(item: BarrageItem): void;
  onUnblock(item: BarrageItem): void;
}

/**
 * One page of barrage messages: position (a button that plays the video from there), the text as plain text
 * with its colour and display mode, the sender (blocked ones marked) and when it was sent, the state with the
 * hold reason beside held ones, and the row's actions. Rows are selectable for the bulk actions (at most 1,000,
 * kept across pages). In the all-videos view each row also names its video.
 */
export function BarrageTable({
  data,
  refreshing,
  allVideos,
  page,
  onPageChange,
  selected,
  onSelect,
  busy,
  handlers,
}: {
  data: ListPage<BarrageItem>;
  refreshing: boolean;
  allVideos: boolean;
  page: number;
  onPageChange: (page: number) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
  /** a call of this page is under way: the row actions wait */
  busy: boolean;
  handlers: BarrageTableHandlers;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<BarrageItem> = [
    {
      key: 'position',
      title: t('barrage.columns.position'),
      width: 76,
      render: (_, item) => {
        const time = formatPosition(item.positionMs);
        return (
          <Button
            type="link"
            size="small"
            className="cc-barrage-position cc-tabular"
            data-testid="barrage-position"
            aria-label={
              allVideos
                ? t('barrage.playAt', { title: item.contentTitle, time })
                : t('barrage.jumpTo', { time })
            }
            onClick={() => handlers.onPosition(item)}
          >
            {time}
          </Button>
        );
      },
    },
    {
      key: 'text',
      title: t('barrage.columns.text'),
      render: (_, item) => (
        <div className="cc-barrage-text-cell">
          <div>
            <span
              className="cc-barrage-swatch"
              style={{ background: swatchColor(item.color) }}
              title={swatchColor(item.color)}
              aria-hidden="true"
            />
            {/* a reader's text: always a text node, never HTML */}
            <span className="cc-barrage-text" data-testid="barrage-text">
              {item.text}
            </span>
          </div>
          <Typography.Text className="cc-barrage-muted cc-barrage-small" data-testid="barrage-mode">
            {t(`barrage.modes.${item.mode}`)}
          </Typography.Text>
          {allVideos ? (
            <div>
              <Button
                type="link"
                size="small"
                className="cc-barrage-video-link"
                data-testid="barrage-video-title"
                aria-label={t('barrage.showVideo', { title: item.contentTitle })}
                onClick={() => handlers.onPickVideo(item)}
              >
                {item.contentTitle || t('barrage.picker.untitled')}
              </Button>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'reader',
      title: t('barrage.columns.reader'),
      width: 150,
      render: (_, item) => (
        <div className="cc-barrage-reader">
          <div className="cc-barrage-reader-name" data-testid="barrage-reader">
            {readerOf(item)}
          </div>
          {item.readerBlocked ? (
            <Tag icon={<StopOutlined />} className="cc-barrage-blocked" data-testid="barrage-blocked">
              {t('barrage.blocked')}
            </Tag>
          ) : null}
          <Typography.Text
            className="cc-barrage-muted cc-barrage-small cc-tabular"
            data-testid="barrage-sent"
          >
            {formatDate(item.createdAt, 'YYYY-MM-DD HH:mm')}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'state',
      title: t('barrage.columns.state'),
      width: 128,
      render: (_, item) => (
        <Space orientation="vertical" size={2}>
          <BarrageStateTag state={item.state} />
          {item.state === 'held' && item.holdReason ? (
            <span className="cc-barrage-hold-reason" data-testid="barrage-hold-reason">
              {t('barrage.holdReason', { reason: item.holdReason })}
            </span>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('barrage.columns.actions'),
      width: 112,
      render: (_, item) => (
        <Space orientation="vertical" size={0} align="start" data-testid="barrage-row-actions">
          {rowActions(item.state).map((action) =>
            action === 'delete' ? (
              <Popconfirm
                key={action}
                title={t('barrage.confirmDeleteOne')}
                okText={t('barrage.actions.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('barrage.cancel')}
                onConfirm={() => handlers.onAction(item, 'delete')}
              >
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={ACTION_ICON.delete}
                  disabled={busy}
                  data-testid="barrage-row-delete"
                >
                  {t('barrage.actions.delete')}
                </Button>
              </Popconfirm>
            ) : (
              <Button
                key={action}
                type="link"
                size="small"
                icon={ACTION_ICON[action]}
                disabled={busy}
                data-testid={`barrage-row-${action}`}
                onClick={() => handlers.onAction(item, action)}
              >
                {t(`barrage.actions.${action}`)}
              </Button>
            ),
          )}
          {item.readerBlocked ? (
            <Button
              type="link"
              size="small"
              icon={<UserSwitchOutlined />}
              disabled={busy}
              data-testid="barrage-unblock"
              onClick={() => handlers.onUnblock(item)}
            >
              {t('barrage.block.unblock')}
            </Button>
          ) : (
            <Button
              type="link"
              size="small"
              icon={<UserDeleteOutlined />}
              disabled={busy}
              data-testid="barrage-block"
              onClick={() => handlers.onBlock(item)}
            >
              {t('barrage.block.block')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<BarrageItem>
      tableLayout="fixed"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data.list}
      loading={refreshing}
      data-testid="barrage-list"
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(capSelection(keys.map(Number))),
        preserveSelectedRowKeys: true,
        columnWidth: 40,
        getCheckboxProps: (item) => ({ 'aria-label': t('barrage.select', { text: item.text }) }),
      }}
      pagination={{
        current: page,
        pageSize: BARRAGE_PAGE_SIZE,
        total: data.total,
        showSizeChanger: false,
        // past 10,000 the server counts no further (`totalCapped`): the total is a lower bound
        showTotal: (count) => t(data.totalCapped ? 'barrage.totalAtLeast' : 'barrage.total', { count }),
        onChange: onPageChange,
      }}
    />
  );
}
