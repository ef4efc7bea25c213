import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPEAL_STATES,
  codePointLength,
  CREDIT_APPEAL_NOTE_MAX,
  type AppealState,
  type OpsAppealItem,
} from '@cc/contracts';
import { DateTimeCell } from '../../../components/content-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { APPEALS_PAGE_SIZE, useAppealQueue, useDecideAppeal } from '../api/credit-api';
import { AppealStateTag, PointsChange, WorkAndRule } from './credit-parts';

type Decision = 'uphold' | 'dismiss';

/**
 * The operators' tab of the credit area on `/ops/review?tab=appeals` (issue #14 "appeals decided by an operator"):
 * appeals by state, oldest first, each with the author and their score now, the deduction (work, rule, points,
 * the review's reason) and the author's reason; uphold (the points come back) or dismiss, with a note the author reads.
 */
export function OpsAppealsPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [state, setState] = useState<AppealState>('pending');
  const [page, setPage] = useState(1);
  const queue = useAppealQueue(state, page);
  const decide = useDecideAppeal();
  const [deciding, setDeciding] = useState<{ item: OpsAppealItem; decision: Decision } | null>(null);
  const [form] = Form.useForm<{ note: string }>();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !deciding) return;
    const { item, decision } = deciding;
    decide.mutate(
      { appealId: item.id, decision, note: values.note.trim() },
      {
        onSuccess: () => {
          void message.success(t(decision === 'uphold' ? 'credit.ops.upheld' : 'credit.ops.dismissed'));
          setDeciding(null);
          form.resetFields();
        },
        onError: (e) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k))),
      },
    );
  };

  const columns: TableColumnsType<OpsAppealItem> = [
    {
      title: t('credit.ops.columns.author'),
      key: 'author',
      width: 170,
      render: (_, item) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{item.author.mediaName}</Typography.Text>
          <Typography.Text type="secondary">
            {t('credit.ops.account', { account: item.author.account })}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="appeal-author-score">
            {t('credit.ops.score', { score: item.score })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('credit.ops.columns.deduction'),
      key: 'deduction',
      render: (_, item) => (
        <Space direction="vertical" size={2}>
          <Space size={8}>
            <PointsChange delta={item.entry.delta} />
            <DateTimeCell value={item.entry.createdAt} />
          </Space>
          <WorkAndRule work={item.entry.work} ruleRef={item.entry.ruleRef} detail={item.entry.detail} />
        </Space>
      ),
    },
    {
      title: t('credit.ops.columns.reason'),
      key: 'reason',
      width: 260,
      render: (_, item) => (
        <Typography.Paragraph
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
          ellipsis={{ rows: 4, expandable: true, symbol: t('common.more') }}
          data-testid="appeal-reason-text"
        >
          {item.reason}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('credit.ops.columns.at'),
      key: 'at',
      width: 120,
      render: (_, item) => <DateTimeCell value={item.createdAt} />,
    },
    {
      title: t('credit.ops.columns.decision'),
      key: 'decision',
      width: 210,
      render: (_, item) =>
        item.state === 'pending' ? (
          <Space wrap>
            <Button
              type="primary"
              size="small"
              onClick={() => setDeciding({ item, decision: 'uphold' })}
              data-testid="appeal-uphold"
            >
              {t('credit.ops.uphold')}
            </Button>
            <Button
              danger
              size="small"
              onClick={() => setDeciding({ item, decision: 'dismiss' })}
              data-testid="appeal-dismiss"
            >
              {t('credit.ops.dismiss')}
            </Button>
          </Space>
        ) : (
          <Space direction="vertical" size={2}>
            <AppealStateTag state={item.state} />
            <Typography.Text type="secondary" data-testid="appeal-decided-note">
              {t('credit.ops.decidedBy', { operator: item.operatorName ?? '—', note: item.note ?? '' })}
            </Typography.Text>
          </Space>
        ),
    },
  ];

  let body;
  if (queue.isPending) body = <LoadingState rows={6} />;
  else if (queue.isError) body = <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />;
  else if (queue.data.total === 0) body = <EmptyState description={t(`credit.ops.empty.${state}`)} />;
  else
    body = (
      <Table<OpsAppealItem>
        rowKey="id"
        data-testid="appeal-queue"
        dataSource={queue.data.list}
        columns={columns}
        scroll={{ x: 960 }}
        pagination={{
          current: page,
          pageSize: APPEALS_PAGE_SIZE,
          total: queue.data.total,
          onChange: setPage,
          showTotal: (total) => t('common.total', { count: total }),
        }}
      />
    );

  const title = deciding?.item.entry.work?.title ?? '—';
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('credit.ops.intro')}
      </Typography.Paragraph>
      <Segmented<AppealState>
        value={state}
        onChange={(value) => {
          setState(value);
          setPage(1);
        }}
        options={APPEAL_STATES.map((s) => ({ value: s, label: t(`credit.ops.states.${s}`) }))}
        data-testid="appeal-state-filter"
      />
      {body}
      <Modal
        open={deciding !== null}
        title={
          deciding
            ? t(`credit.ops.decideTitle.${deciding.decision}`, { title, points: -deciding.item.entry.delta })
            : ''
        }
        okText={deciding?.decision === 'dismiss' ? t('credit.ops.dismiss') : t('credit.ops.uphold')}
        okButtonProps={{
          danger: deciding?.decision === 'dismiss',
          loading: decide.isPending,
          'data-testid': 'appeal-confirm',
        }}
        onOk={() => void submit()}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="note"
            label={t('credit.ops.note')}
            rules={[{ required: true, whitespace: true, message: t('credit.ops.noteRequired') }]}
          >
            <Input.TextArea
              rows={3}
              count={{ show: true, max: CREDIT_APPEAL_NOTE_MAX, strategy: (s) => codePointLength(s) }}
              data-testid="appeal-note"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
