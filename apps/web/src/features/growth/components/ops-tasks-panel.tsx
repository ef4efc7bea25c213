import { useState } from 'react';
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FIXED_TARGETS,
  STATE_METRICS,
  TASK_KINDS,
  TASK_LIMITS,
  TASK_METRICS,
  type OpsTask,
  type SaveTaskInput,
  type TaskKind,
  type TaskMetric,
} from '@cc/contracts';
import { apiErrorText, isApiError } from '../../../lib/api-client';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useOpsTasks, useSaveTask } from '../api';
import { useRewardText } from './task-parts';
import './growth.css';

/** The task form's fields (a coupon's amounts in yuan; fen on the wire). */
interface TaskFormValues {
  code: string;
  kind: TaskKind;
  metric: TaskMetric;
  target: number;
  rewardType: 'points' | 'coupon';
  points?: number;
  couponValue?: number;
  couponMinSpend?: number;
  couponValidDays?: number;
  titleZh: string;
  titleEn: string;
  descriptionZh?: string;
  descriptionEn?: string;
  order: number;
  active: boolean;
}

const NEW_TASK: TaskFormValues = {
  code: '',
  kind: 'weekly',
  metric: 'publish_works',
  target: 3,
  rewardType: 'points',
  points: 50,
  couponValue: 20,
  couponMinSpend: 50,
  couponValidDays: 30,
  titleZh: '',
  titleEn: '',
  descriptionZh: '',
  descriptionEn: '',
  order: 100,
  active: true,
};

function toValues(task: OpsTask): TaskFormValues {
  const coupon = 'coupon' in task.reward ? task.reward.coupon : null;
  return {
    code: task.code,
    kind: task.kind,
    metric: task.metric,
    target: task.target,
    rewardType: coupon ? 'coupon' : 'points',
    points: 'points' in task.reward ? task.reward.points : 50,
    couponValue: coupon ? coupon.valueFen / 100 : 20,
    couponMinSpend: coupon ? coupon.minSpendFen / 100 : 0,
    couponValidDays: coupon ? coupon.validDays : 30,
    titleZh: task.title['zh-CN'],
    titleEn: task.title['en-US'],
    descriptionZh: task.description['zh-CN'],
    descriptionEn: task.description['en-US'],
    order: task.order,
    active: task.active,
  };
}

/** The param of `save_task` from the form (yuan → fen, rounded to the fen). */
export function toSaveParam(v: TaskFormValues, id?: number): SaveTaskInput {
  return {
    ...(id !== undefined ? { id } : {}),
    code: v.code.trim(),
    kind: v.kind,
    metric: v.metric,
    target: FIXED_TARGETS[v.metric] ?? v.target,
    reward:
      v.rewardType === 'points'
        ? { points: v.points ?? 0 }
        : {
            coupon: {
              valueFen: Math.round((v.couponValue ?? 0) * 100),
              minSpendFen: Math.round((v.couponMinSpend ?? 0) * 100),
              validDays: v.couponValidDays ?? 0,
            },
          },
    title: { 'zh-CN': v.titleZh, 'en-US': v.titleEn },
    description: { 'zh-CN': v.descriptionZh ?? '', 'en-US': v.descriptionEn ?? '' },
    order: v.order,
    active: v.active,
  };
}

/** A server field's path (`title.zh-CN`, `reward.coupon.valueFen`) → the form's field. */
const FIELD_OF: Record<string, keyof TaskFormValues> = {
  code: 'code',
  kind: 'kind',
  metric: 'metric',
  target: 'target',
  'reward.points': 'points',
  'reward.coupon.valueFen': 'couponValue',
  'reward.coupon.minSpendFen': 'couponMinSpend',
  'reward.coupon.validDays': 'couponValidDays',
  'title.zh-CN': 'titleZh',
  'title.en-US': 'titleEn',
  'description.zh-CN': 'descriptionZh',
  'description.en-US': 'descriptionEn',
  order: 'order',
};

/** The task of an OpsTask as `save_task` takes it back (to change one field, e.g. `active`). */
function definitionOf(task: OpsTask): SaveTaskInput {
  return {
    id: task.id,
    code: task.code,
    kind: task.kind,
    metric: task.metric,
    target: task.target,
    reward: task.reward,
    title: task.title,
    description: task.description,
    order: task.order,
    active: task.active,
  };
}

/**
 * The operators' tab of tasks on `/ops/review?tab=tasks` (issue #14 "defined as data by operators"): every task with
 * both languages' titles, its reward and claims; create, edit, deactivate and activate. The form shows the rules
 * before they are broken (fixed targets of state metrics, newcomer-only metrics, the code's format) and the server's
 * refusals next to their fields.
 */
export function OpsTasksPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [activeOnly, setActiveOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = useOpsTasks({ page, pageSize: 20, ...(activeOnly ? { active: true } : {}) });
  const save = useSaveTask();
  const [editing, setEditing] = useState<OpsTask | 'new' | null>(null);
  const rewardText = useRewardText();
  const errorText = (e: unknown) => apiErrorText(e, t, (k) => i18n.exists(k));

  const toggle = (task: OpsTask) =>
    save.mutate(
      { ...definitionOf(task), active: !task.active },
      {
        onSuccess: () =>
          void message.success(task.active ? t('growth.ops.deactivated') : t('growth.ops.activated')),
        onError: (e) => void message.error(errorText(e)),
      },
    );

  const columns: TableColumnsType<OpsTask> = [
    { title: t('growth.ops.columns.code'), dataIndex: 'code', render: (c: string) => <code>{c}</code> },
    {
      title: t('growth.ops.columns.kind'),
      dataIndex: 'kind',
      render: (k: TaskKind) => t(`growth.kinds.${k}`),
    },
    {
      title: t('growth.ops.columns.metric'),
      key: 'metric',
      render: (_, task) => `${t(`growth.metrics.${task.metric}`)} ≥ ${task.target}`,
    },
    {
      title: t('growth.ops.columns.reward'),
      key: 'reward',
      render: (_, task) => {
        const r = rewardText(task.reward);
        return (
          <span>
            {r.main}
            {r.terms ? (
              <Typography.Text type="secondary" className="cc-task-reward-terms">
                {r.terms}
              </Typography.Text>
            ) : null}
          </span>
        );
      },
    },
    {
      title: t('growth.ops.columns.title'),
      key: 'title',
      render: (_, task) => (
        <span lang="zh-CN">
          {task.title['zh-CN']}
          <br />
          <Typography.Text type="secondary" lang="en-US">
            {task.title['en-US']}
          </Typography.Text>
        </span>
      ),
    },
    { title: t('growth.ops.columns.order'), dataIndex: 'order', align: 'right' },
    {
      title: t('growth.ops.columns.state'),
      dataIndex: 'active',
      render: (active: boolean) =>
        active ? <Tag color="blue">{t('growth.ops.active')}</Tag> : <Tag>{t('growth.ops.inactive')}</Tag>,
    },
    {
      title: t('growth.ops.columns.claims'),
      dataIndex: 'claims',
      align: 'right',
      render: (n: number) => t('growth.ops.claimsCount', { count: n }),
    },
    {
      title: t('growth.ops.columns.actions'),
      key: 'actions',
      render: (_, task) => (
        <Space>
          <Button
            size="small"
            onClick={() => setEditing(task)}
            aria-label={`${t('growth.ops.edit')} ${task.code}`}
          >
            {t('growth.ops.edit')}
          </Button>
          <Button
            size="small"
            danger={task.active}
            onClick={() => toggle(task)}
            aria-label={`${task.active ? t('growth.ops.deactivate') : t('growth.ops.activate')} ${task.code}`}
            data-testid={`toggle-${task.code}`}
          >
            {task.active ? t('growth.ops.deactivate') : t('growth.ops.activate')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="ops-tasks">
      <Typography.Paragraph type="secondary">{t('growth.ops.intro')}</Typography.Paragraph>
      <Space wrap>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('growth.ops.new')}
        </Button>
        <Checkbox
          checked={activeOnly}
          onChange={(e) => {
            setActiveOnly(e.target.checked);
            setPage(1);
          }}
        >
          {t('growth.ops.activeOnly')}
        </Checkbox>
      </Space>
      {list.isPending ? (
        <LoadingState rows={5} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data.list}
          scroll={{ x: true }}
          locale={{ emptyText: <EmptyState description={t('growth.ops.empty')} /> }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data.total,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          data-testid="ops-task-table"
        />
      )}
      {editing !== null ? (
        <TaskFormModal
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          saving={save.isPending}
          onSave={(param, form) =>
            save.mutate(param, {
              onSuccess: () => {
                void message.success(t('growth.ops.saved'));
                setEditing(null);
              },
              onError: (e) => {
                const fields = isApiError(e, 10007)
                  ? ((e.data as { fields?: { path: string; message: string }[] } | null)?.fields ?? [])
                  : [];
                const known = fields.filter((f) => FIELD_OF[f.path]);
                if (known.length > 0)
                  form.setFields(known.map((f) => ({ name: FIELD_OF[f.path]!, errors: [f.message] })));
                else void message.error(errorText(e));
              },
            })
          }
        />
      ) : null}
    </Space>
  );
}

function TaskFormModal({
  task,
  onClose,
  onSave,
  saving,
}: {
  task: OpsTask | null;
  onClose: () => void;
  onSave: (param: SaveTaskInput, form: ReturnType<typeof Form.useForm<TaskFormValues>>[0]) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TaskFormValues>();
  const kind = Form.useWatch('kind', form) ?? task?.kind ?? NEW_TASK.kind;
  const metric = Form.useWatch('metric', form) ?? task?.metric ?? NEW_TASK.metric;
  const rewardType = Form.useWatch('rewardType', form) ?? (task ? toValues(task).rewardType : 'points');
  const fixed = FIXED_TARGETS[metric];
  const locked = task !== null && task.claims > 0;
  const required = { required: true, message: t('growth.ops.form.required') };
  const metricOptions = TASK_METRICS.filter(
    (m) => kind === 'newcomer' || !(STATE_METRICS as readonly string[]).includes(m),
  ).map((m) => ({ value: m, label: t(`growth.metrics.${m}`) }));
  return (
    <Modal
      open
      title={task ? t('growth.ops.form.editTitle', { code: task.code }) : t('growth.ops.form.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={task ? toValues(task) : NEW_TASK}
        onValuesChange={(changed: Partial<TaskFormValues>) => {
          // a state metric is newcomer-only: leaving newcomer takes a counting metric instead
          if (
            changed.kind &&
            changed.kind !== 'newcomer' &&
            (STATE_METRICS as readonly string[]).includes(metric)
          )
            form.setFieldsValue({ metric: 'publish_works' });
          if (changed.metric && FIXED_TARGETS[changed.metric] !== undefined)
            form.setFieldsValue({ target: FIXED_TARGETS[changed.metric] });
        }}
        onFinish={(v) => onSave(toSaveParam(v, task?.id), form)}
        data-testid="task-form"
      >
        <Form.Item
          name="code"
          label={t('growth.ops.form.code')}
          extra={t('growth.ops.form.codeHint')}
          rules={[required, { pattern: TASK_LIMITS.codePattern, message: t('growth.ops.form.codeHint') }]}
        >
          <Input disabled={task !== null} maxLength={40} />
        </Form.Item>
        {locked ? (
          <Typography.Paragraph type="secondary">
            {t('growth.ops.form.lockedHint', { count: task.claims })}
          </Typography.Paragraph>
        ) : null}
        <Space wrap size={16} align="start">
          <Form.Item name="kind" label={t('growth.ops.form.kind')} rules={[required]}>
            <Select
              style={{ width: 160 }}
              disabled={locked}
              options={TASK_KINDS.map((k) => ({ value: k, label: t(`growth.kinds.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="metric" label={t('growth.ops.form.metric')} rules={[required]}>
            <Select style={{ width: 360 }} disabled={locked} options={metricOptions} />
          </Form.Item>
        </Space>
        <Form.Item
          name="target"
          label={t('growth.ops.form.target')}
          extra={fixed !== undefined ? t('growth.ops.form.targetFixed', { target: fixed }) : undefined}
          rules={[required]}
        >
          <InputNumber min={1} max={TASK_LIMITS.targetMax} precision={0} disabled={fixed !== undefined} />
        </Form.Item>
        <Form.Item name="rewardType" label={t('growth.ops.form.rewardType')}>
          <Radio.Group
            options={[
              { value: 'points', label: t('growth.ops.form.rewardPoints') },
              { value: 'coupon', label: t('growth.ops.form.rewardCoupon') },
            ]}
          />
        </Form.Item>
        {rewardType === 'points' ? (
          <Form.Item name="points" label={t('growth.ops.form.points')} rules={[required]}>
            <InputNumber min={1} max={TASK_LIMITS.pointsMax} precision={0} />
          </Form.Item>
        ) : (
          <Space wrap size={16} align="start">
            <Form.Item name="couponValue" label={t('growth.ops.form.couponValue')} rules={[required]}>
              <InputNumber min={0.01} max={TASK_LIMITS.couponValueMaxFen / 100} precision={2} step={1} />
            </Form.Item>
            <Form.Item name="couponMinSpend" label={t('growth.ops.form.couponMinSpend')} rules={[required]}>
              <InputNumber min={0} max={TASK_LIMITS.couponMinSpendMaxFen / 100} precision={2} step={1} />
            </Form.Item>
            <Form.Item name="couponValidDays" label={t('growth.ops.form.couponValidDays')} rules={[required]}>
              <InputNumber min={1} max={TASK_LIMITS.couponValidDaysMax} precision={0} />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="titleZh" label={t('growth.ops.form.titleZh')} rules={[required]}>
          <Input maxLength={TASK_LIMITS.titleMax} showCount lang="zh-CN" />
        </Form.Item>
        <Form.Item name="titleEn" label={t('growth.ops.form.titleEn')} rules={[required]}>
          <Input maxLength={TASK_LIMITS.titleMaxEn} showCount lang="en-US" />
        </Form.Item>
        <Form.Item name="descriptionZh" label={t('growth.ops.form.descriptionZh')}>
          <Input.TextArea maxLength={TASK_LIMITS.descriptionMax} showCount rows={2} lang="zh-CN" />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('growth.ops.form.descriptionEn')}>
          <Input.TextArea maxLength={TASK_LIMITS.descriptionMaxEn} showCount rows={2} lang="en-US" />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="order" label={t('growth.ops.form.order')} rules={[required]}>
            <InputNumber min={0} max={TASK_LIMITS.orderMax} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('growth.ops.form.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
