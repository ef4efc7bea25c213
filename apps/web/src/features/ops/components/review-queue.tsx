import { App, Button, Form, Image, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPS_REASON_MAX, type OpsReviewItem } from '@cc/contracts';
import { apiErrorText } from '../../../lib/api-client';
import { DateTimeCell } from '../../../components/content-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { REVIEW_PAGE_SIZE, useDecideReview, useReviewQueue } from '../api';

/**
 * The operators' review queue (issue #10 "Review", API.md §13): each held work with its type, author, the reason
 * the rules held it, its text and images; approve publishes it, reject asks for a reason the author will read.
 */
export function ReviewQueue() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(page);
  const decide = useDecideReview();
  const [rejecting, setRejecting] = useState<OpsReviewItem | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const errorText = (e: unknown) => apiErrorText(e, t, (k) => i18n.exists(k));

  const approve = (item: OpsReviewItem) =>
    decide.mutate(
      { id: item.id, decision: 'approve', reason: '' },
      {
        onSuccess: () => void message.success(t('ops.review.approved', { title: item.title })),
        onError: (e) => void message.error(errorText(e)),
      },
    );
  const reject = async () => {
    // an empty reason shows its error on the field; nothing is sent
    const values = await form.validateFields().catch(() => null);
    if (!values || !rejecting) return;
    const { reason } = values;
    decide.mutate(
      { id: rejecting.id, decision: 'reject', reason },
      {
        onSuccess: () => {
          void message.success(t('ops.review.rejected', { title: rejecting.title }));
          setRejecting(null);
          form.resetFields();
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };

  if (queue.isPending) return <LoadingState rows={6} />;
  if (queue.isError) return <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />;
  if (queue.data.total === 0) return <EmptyState description={t('ops.review.empty')} />;
  return (
    <>
      <Table<OpsReviewItem>
        rowKey="id"
        data-testid="review-queue"
        dataSource={queue.data.list}
        pagination={{
          current: page,
          pageSize: REVIEW_PAGE_SIZE,
          total: queue.data.total,
          onChange: setPage,
          showTotal: (total) => t('common.total', { count: total }),
        }}
        columns={[
          {
            title: t('ops.review.work'),
            key: 'work',
            render: (_, item) => (
              <Space direction="vertical" size={4} style={{ maxWidth: 560 }}>
                <Space wrap>
                  <Tag>{t(`ops.review.types.${item.type}`)}</Tag>
                  <Typography.Text strong>{item.title}</Typography.Text>
                </Space>
                <Typography.Paragraph
                  type="secondary"
                  ellipsis={{ rows: 3, expandable: true, symbol: t('ops.review.more') }}
                  style={{ marginBottom: 0 }}
                >
                  {item.excerpt}
                </Typography.Paragraph>
                {item.imageUrls.length > 0 || item.coverUrl ? (
                  <Image.PreviewGroup>
                    <Space wrap size={4}>
                      {(item.imageUrls.length > 0 ? item.imageUrls : [item.coverUrl!])
                        .slice(0, 9)
                        .map((url) => (
                          <Image
                            key={url}
                            src={url}
                            width={56}
                            height={56}
                            style={{ objectFit: 'cover' }}
                            alt=""
                          />
                        ))}
                    </Space>
                  </Image.PreviewGroup>
                ) : null}
              </Space>
            ),
          },
          { title: t('ops.review.author'), dataIndex: 'authorName', key: 'author', width: 140 },
          {
            title: t('ops.review.holdReason'),
            key: 'reason',
            width: 260,
            render: (_, item) => (
              <Typography.Text type={item.holdReason ? 'warning' : 'secondary'} data-testid="hold-reason">
                {item.holdReason ?? '—'}
              </Typography.Text>
            ),
          },
          {
            title: t('ops.review.submittedAt'),
            key: 'at',
            width: 170,
            render: (_, item) => <DateTimeCell value={item.submittedAt} />,
          },
          {
            title: t('ops.review.actions'),
            key: 'actions',
            width: 180,
            render: (_, item) => (
              <Space>
                <Button
                  type="primary"
                  size="small"
                  onClick={() => approve(item)}
                  loading={decide.isPending && decide.variables?.id === item.id}
                  data-testid="approve"
                >
                  {t('ops.review.approve')}
                </Button>
                <Button danger size="small" onClick={() => setRejecting(item)} data-testid="reject">
                  {t('ops.review.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('ops.review.rejectTitle', { title: rejecting?.title ?? '' })}
        okText={t('ops.review.reject')}
        okButtonProps={{ danger: true, loading: decide.isPending, 'data-testid': 'confirm-reject' }}
        onOk={() => void reject()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('ops.review.reason')}
            extra={t('ops.review.reasonHint')}
            rules={[{ required: true, whitespace: true, message: t('ops.review.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={OPS_REASON_MAX} showCount data-testid="reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
