import { Space, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContentListItem, ContentStatus } from '@cc/contracts';
import {
  DateTimeCell,
  DeleteContentButton,
  LinkButton,
  StatusTag,
  useContentList,
  WorkTitleCell,
  WorksTable,
} from '../../../components/content-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';

export const PROGRAM_LIST_PAGE_SIZE = 10;

/** Where a program opens (`/program?id=N`), or a new one (`/program?new=1`). */
export const programPath = (id?: number) => (id ? `/program?id=${id}` : '/program?new=1');

/**
 * The author's programs (issue #10 "Programs"): `content/list` type `program` — cover and title, review status
 * (the reason of a rejection on hover), last change, edit and delete. Loading, empty ("create your first program")
 * and error (retry) states.
 */
export function ProgramList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const list = useContentList({ type: 'program', page, pageSize: PROGRAM_LIST_PAGE_SIZE });
  const columns: TableColumnsType<ContentListItem> = [
    {
      title: t('program.list.program'),
      dataIndex: 'title',
      render: (_, item) => <WorkTitleCell item={item} />,
    },
    {
      title: t('content.columns.status'),
      dataIndex: 'status',
      width: 112,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('content.columns.updatedAt'),
      dataIndex: 'updatedAt',
      width: 120,
      render: (v: string) => <DateTimeCell value={v} />,
    },
    {
      title: t('content.columns.actions'),
      width: i18n.language === 'en-US' ? 180 : 160,
      render: (_, item) => (
        <Space size={0} className="cc-nowrap">
          <LinkButton
            to={programPath(item.id)}
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('common.edit')}: ${item.title}`}
          >
            {t('common.edit')}
          </LinkButton>
          <DeleteContentButton item={item} />
        </Space>
      ),
    },
  ];
  if (list.isPending) return <LoadingState rows={6} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0)
    return (
      <EmptyState
        description={t('program.list.empty')}
        action={
          <LinkButton to={programPath()} type="primary" icon={<PlusOutlined />}>
            {t('program.create')}
          </LinkButton>
        }
      />
    );
  return (
    <WorksTable
      data={list.data}
      refreshing={list.isFetching && list.isPlaceholderData}
      columns={columns}
      page={page}
      pageSize={PROGRAM_LIST_PAGE_SIZE}
      onPageChange={onPageChange}
      data-testid="program-table"
    />
  );
}
