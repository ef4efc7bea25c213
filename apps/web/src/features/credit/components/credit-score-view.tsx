import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Progress,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  codePointLength,
  CREDIT_APPEAL_REASON_MAX,
  CREDIT_APPEAL_REASON_MIN,
  type CreditEntry,
  type CreditScore,
  type CreditThreshold,
} from '@cc/contracts';
import { DateTimeCell } from '../../../components/content-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { apiErrorText } from '../../../lib/api-client';
import { tabularNums } from '../../../lib/theme';
import { LEDGER_PAGE_SIZE, useAppealCredit, useCreditLedger, useCreditScore } from '../api/credit-api';
import { AppealStateTag, GAIN_TEXT, LOSS_TEXT, PointsChange, WorkAndRule } from './credit-parts';
import './credit.css';

/**
 * `growUp/creditScore` (issue #14 "Credit score"): the score as a gauge, the thresholds and where the author stands
 * against each (before they meet them), how the score changes, and the ledger — each change with its work, rule and
 * appeal; a deduction can be appealed once from its row.
 */
export function CreditScoreView() {
  const { t } = useTranslation();
  const score = useCreditScore();
  let body;
  if (score.isPending) body = <LoadingState rows={6} />;
  else if (score.isError) body = <ErrorState error={score.error} onRetry={() => void score.refetch()} />;
  else body = <ScoreOverview data={score.data} />;
  return (
    <div className="cc-credit-page">
      <section className="cc-card" aria-labelledby="credit-title">
        <h1 className="cc-page-title" id="credit-title">
          {t('credit.title')}
        </h1>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('credit.intro')}
        </Typography.Paragraph>
      </section>
      {body}
      <CreditLedger />
    </div>
  );
}

/** The gauge's colour: the brand colour with no restriction, warning / error as restrictions apply. */
function gaugeColor(data: CreditScore): string {
  const applying = data.thresholds.filter((th) => th.applies).length;
  if (applying === 0) return 'var(--cc-brand)';
  return applying === data.thresholds.length ? LOSS_TEXT : '#ad6800';
}

function ScoreOverview({ data }: { data: CreditScore }) {
  const { t } = useTranslation();
  const applying = data.thresholds.filter((th) => th.applies).length;
  const status =
    applying > 0
      ? t('credit.score.restricted', { count: applying })
      : data.score >= data.max
        ? t('credit.score.full')
        : t('credit.score.good');
  return (
    <div className="cc-credit-overview">
      <section className="cc-card cc-credit-gauge" aria-labelledby="credit-score-label">
        <Typography.Text type="secondary" id="credit-score-label">
          {t('credit.score.label')}
        </Typography.Text>
        <Progress
          type="dashboard"
          percent={(data.score / data.max) * 100}
          strokeColor={gaugeColor(data)}
          size={180}
          format={() => (
            <span style={tabularNums} data-testid="credit-score">
              {t('credit.score.value', { score: data.score })}
            </span>
          )}
          aria-label={`${t('credit.score.label')} ${t('credit.score.value', { score: data.score })}`}
        />
        <Typography.Text type="secondary">{t('credit.score.outOf', { max: data.max })}</Typography.Text>
        <Typography.Text
          strong
          data-testid="credit-status"
          style={{ color: applying > 0 ? LOSS_TEXT : undefined }}
        >
          {status}
        </Typography.Text>
        {data.pendingAppeals > 0 ? (
          <Typography.Text type="secondary" data-testid="credit-pending-appeals">
            {t('credit.score.pendingAppeals', { count: data.pendingAppeals })}
          </Typography.Text>
        ) : null}
      </section>
      <section className="cc-card cc-credit-thresholds" aria-labelledby="credit-thresholds-title">
        <h2 className="cc-credit-h2" id="credit-thresholds-title">
          {t('credit.thresholds.title')}
        </h2>
        <Typography.Paragraph type="secondary">{t('credit.thresholds.intro')}</Typography.Paragraph>
        <ul className="cc-credit-threshold-list">
          {data.thresholds.map((th) => (
            <ThresholdRow key={th.key} threshold={th} />
          ))}
        </ul>
        <h2 className="cc-credit-h2">{t('credit.rules.title')}</h2>
        <ul className="cc-credit-rules" data-testid="credit-rules">
          <li>{t('credit.rules.violation', { points: data.deltas.violation })}</li>
          <li>{t('credit.rules.cleanWeek', { points: data.deltas.cleanWeek })}</li>
          <li>{t('credit.rules.approvedUpload', { points: data.deltas.approvedUpload })}</li>
          <li>{t('credit.rules.cap', { max: data.max })}</li>
        </ul>
      </section>
    </div>
  );
}

/** One threshold: what it restricts, its line, whether it applies now and how far away it is (words and an icon). */
function ThresholdRow({ threshold }: { threshold: CreditThreshold }) {
  const { t } = useTranslation();
  const distance = threshold.applies
    ? t('credit.thresholds.needs', { count: -threshold.margin })
    : threshold.margin === 0
      ? t('credit.thresholds.atLine')
      : `${t('credit.thresholds.above', { count: threshold.margin })} · ${t('credit.thresholds.violationsAway', { count: threshold.violationsAway ?? 0 })}`;
  return (
    <li className="cc-credit-threshold" data-testid={`threshold-${threshold.key}`}>
      <div>
        <Typography.Text strong>{t(`credit.thresholds.${threshold.key}`)}</Typography.Text>
        <div>
          <Typography.Text type="secondary">
            {t('credit.thresholds.line', { line: threshold.line })}
          </Typography.Text>
        </div>
      </div>
      <div className="cc-credit-threshold-state">
        {threshold.applies ? (
          <Tag icon={<StopOutlined />} style={{ color: LOSS_TEXT }} data-testid="threshold-state">
            {t('credit.thresholds.applies')}
          </Tag>
        ) : (
          <Tag icon={<CheckCircleOutlined />} style={{ color: GAIN_TEXT }} data-testid="threshold-state">
            {t('credit.thresholds.open')}
          </Tag>
        )}
        <Typography.Text type="secondary" data-testid="threshold-distance">
          {distance}
        </Typography.Text>
      </div>
    </li>
  );
}

/** The ledger: every change, newest first, with its work, rule and appeal; a deduction's row offers the appeal. */
function CreditLedger() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useCreditLedger(page);
  const [appealing, setAppealing] = useState<CreditEntry | null>(null);
  const columns: TableColumnsType<CreditEntry> = [
    {
      title: t('credit.ledger.columns.time'),
      key: 'time',
      width: 120,
      render: (_, e) => <DateTimeCell value={e.createdAt} />,
    },
    {
      title: t('credit.ledger.columns.change'),
      key: 'change',
      width: 110,
      render: (_, e) => <PointsChange delta={e.delta} />,
    },
    {
      title: t('credit.ledger.columns.reason'),
      key: 'reason',
      width: 130,
      render: (_, e) => <Tag data-testid="credit-reason">{t(`credit.reason.${e.reason}`)}</Tag>,
    },
    {
      title: t('credit.ledger.columns.work'),
      key: 'work',
      render: (_, e) => <WorkAndRule work={e.work} ruleRef={e.ruleRef} detail={e.detail} />,
    },
    {
      title: t('credit.ledger.columns.after'),
      key: 'after',
      width: 100,
      render: (_, e) => <span style={tabularNums}>{t('credit.ledger.after', { score: e.scoreAfter })}</span>,
    },
    {
      title: t('credit.ledger.columns.appeal'),
      key: 'appeal',
      width: 200,
      render: (_, e) => {
        if (e.appeal)
          return (
            <div data-testid="credit-appeal">
              <AppealStateTag state={e.appeal.state} />
              {e.appeal.note ? (
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                  {t('credit.appeal.note', { note: e.appeal.note })}
                </Typography.Paragraph>
              ) : null}
            </div>
          );
        if (e.appealable)
          return (
            <Button size="small" onClick={() => setAppealing(e)} data-testid="appeal-open">
              {t('credit.appeal.action')}
            </Button>
          );
        return null;
      },
    },
  ];
  let body;
  if (ledger.isPending) body = <LoadingState rows={5} />;
  else if (ledger.isError) body = <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />;
  else if (ledger.data.total === 0)
    body = (
      <EmptyState
        description={t('credit.ledger.empty')}
        action={<Link to="/authoringService/ruleCenter">{t('credit.ledger.toRules')}</Link>}
      />
    );
  else
    body = (
      <Table<CreditEntry>
        rowKey="id"
        data-testid="credit-ledger"
        dataSource={ledger.data.list}
        columns={columns}
        scroll={{ x: 900 }}
        pagination={{
          current: page,
          pageSize: LEDGER_PAGE_SIZE,
          total: ledger.data.total,
          onChange: setPage,
          showTotal: (total) => t('common.total', { count: total }),
        }}
      />
    );
  return (
    <section className="cc-card" aria-labelledby="credit-ledger-title">
      <h2 className="cc-credit-h2" id="credit-ledger-title">
        {t('credit.ledger.title')}
      </h2>
      {body}
      <AppealDialog entry={appealing} onClose={() => setAppealing(null)} />
    </section>
  );
}

/** The appeal form of one deduction: a reason of 10–500 characters, checked before sending. */
function AppealDialog({ entry, onClose }: { entry: CreditEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const appeal = useAppealCredit();
  const bounds = { min: CREDIT_APPEAL_REASON_MIN, max: CREDIT_APPEAL_REASON_MAX };
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !entry) return;
    appeal.mutate(
      { entryId: entry.id, reason: values.reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('credit.appeal.submitted'));
          form.resetFields();
          onClose();
        },
        onError: (e) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k))),
      },
    );
  };
  return (
    <Modal
      open={entry !== null}
      title={t('credit.appeal.title')}
      okText={t('credit.appeal.submit')}
      okButtonProps={{ loading: appeal.isPending, 'data-testid': 'appeal-submit' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {entry ? (
        <Typography.Paragraph>
          {t('credit.appeal.deduction', { title: entry.work?.title ?? '—', points: entry.delta })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('credit.appeal.reason')}
          extra={t('credit.appeal.reasonHint', bounds)}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const n = codePointLength((value ?? '').trim());
                return n >= bounds.min && n <= bounds.max
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('credit.appeal.reasonLength', bounds)));
              },
            },
          ]}
        >
          <Input.TextArea
            rows={4}
            count={{ show: true, max: bounds.max, strategy: (s) => codePointLength(s) }}
            data-testid="appeal-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
