import { App, Badge, Button, Pagination, Popconfirm, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupMessages, orderGroups } from '../api/get-group-messages';
import { useMessageList } from '../api/get-message-list';
import { useClearUnread } from '../api/clear-unread';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { groupLabel } from '../message-text';
import { MessageListView } from './message-list';

const PAGE_SIZE = 10;

/**
 * The message centre: groups as tabs with unread counts (unread first), the list of the chosen group
 * with pagination, open or mark one read (MessageListView), clear one group or all. Its state (group, page) is owned by the
 * page's query string.
 */
export function MessageCenter({
  group,
  page,
  onChange,
}: {
  group: number | undefined;
  page: number;
  onChange: (next: { group?: number; page?: number }) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const groups = useGroupMessages();
  const ordered = orderGroups(groups.data ?? []);
  const activeGroup = group ?? ordered[0]?.msgGroup;
  const list = useMessageList({ msgGroup: activeGroup, page, pageSize: PAGE_SIZE });
  const clearMutation = useClearUnread();

  if (groups.isPending) return <LoadingState rows={6} />;
  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;

  const clear = (msgGroup?: number) =>
    clearMutation.mutate(msgGroup, {
      onSuccess: () => void message.success(t('messages.cleared')),
      onError: (e) => void message.error(e.message),
    });
  const activeEntry = ordered.find((g) => g.msgGroup === activeGroup);

  return (
    <div>
      <Tabs
        activeKey={String(activeGroup)}
        onChange={(key) => onChange({ group: Number(key), page: 1 })}
        items={ordered.map((g) => ({
          key: String(g.msgGroup),
          label: (
            <Space size={6}>
              {groupLabel(g.msgGroup, t, i18n)}
              <Badge
                count={g.unreadCount}
                overflowCount={99}
                size="small"
                data-testid={`group-unread-${g.msgGroup}`}
              />
            </Space>
          ),
        }))}
        // The actions sit beside the tab bar, not in it: antd's tabBarExtraContent renders inside
        // role="tablist", which may hold tabs only (axe aria-required-children, issue #9).
        renderTabBar={(props, TabBar) => (
          <div className="cc-tabs-bar">
            <TabBar {...props} />
            <Space>
              <Popconfirm
                title={t('messages.clearConfirm')}
                onConfirm={() => clear(activeGroup)}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
              >
                <Button disabled={!activeEntry?.unreadCount} loading={clearMutation.isPending}>
                  {t('messages.clearGroup')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('messages.clearConfirm')}
                onConfirm={() => clear(undefined)}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
              >
                <Button disabled={!ordered.some((g) => g.unreadCount > 0)}>{t('messages.clearAll')}</Button>
              </Popconfirm>
            </Space>
          </div>
        )}
      />
      {list.isPending ? (
        <LoadingState rows={6} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState description={t('messages.empty')} />
      ) : (
        <>
          <MessageListView messages={list.data.list} />
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            align="end"
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            showSizeChanger={false}
            showTotal={(total) => t('common.total', { count: total })}
            onChange={(p) => onChange({ group: activeGroup, page: p })}
          />
        </>
      )}
    </div>
  );
}
