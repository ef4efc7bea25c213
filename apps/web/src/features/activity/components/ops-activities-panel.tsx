import { useState } from 'react';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_RULES_MAX,
  ACTIVITY_TITLE_MAX,
  type ActivityState,
  contentTypes,
  type ContentType,
  formatDate,
  type OpsActivity,
  type OpsActivitySaveInput,
} from '@cc/contracts';
import { apiErrorText, isApiError } from '../../../lib/api-client';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import {
  useAnnounceActivity,
  useCloseActivity,
  useDisqualifyEntry,
  useOpsActivities,
  useOpsActivityDetail,
  usePublishActivity,
  useSaveActivity,
  useTopics,
} from '../api';
import { EntriesTable } from './entries-table';
import { STATE_STYLE } from './tag-style';
import './activity.css';

const TIME = 'YYYY-MM-DD HH:mm';

/** The activity form's fields (times as dayjs; ISO on the wire). */
export interface ActivityFormValues {
  titleZh: string;
  titleEn: string;
  rulesZh: string;
  rulesEn: string;
  window: [Dayjs, Dayjs];
  resultsAt: Dayjs;
  topicId?: number | null;
  workTypes: ContentType[];
  coverUrl?: string;
  prizes: { fromRank: number; toRank: number; textZh: string; textEn: string }[];
}

/** The param of `ops/activity/save` from the form. */
export function toSaveParam(v: ActivityFormValues, id?: number): OpsActivitySaveInput {
  return {
    ...(id !== undefined ? { id } : {}),
    titleZh: v.titleZh,
    titleEn: v.titleEn,
    rulesZh: v.rulesZh,
    rulesEn: v.rulesEn,
    startsAt: v.window[0].toISOString(),
    endsAt: v.window[1].toISOString(),
    resultsAt: v.resultsAt.toISOString(),
    topicId: v.topicId ?? null,
    workTypes: v.workTypes,
    prizes: v.prizes ?? [],
    ...(v.coverUrl ? { coverUrl: v.coverUrl } : {}),
  };
}

function toValues(a: OpsActivity): ActivityFormValues {
  return {
    titleZh: a.titleZh,
    titleEn: a.titleEn,
    rulesZh: a.rulesZh,
    rulesEn: a.rulesEn,
    window: [dayjs(a.startsAt), dayjs(a.endsAt)],
    resultsAt: dayjs(a.resultsAt),
    topicId: a.topicId,
    workTypes: a.workTypes,
    coverUrl: a.coverUrl ?? '',
    prizes: a.prizes,
  };
}

/** A server field path → the form's field name. */
function fieldOf(path: string): (string | number)[] | null {
  if (path === 'startsAt' || path === 'endsAt') return ['window'];
  const prize = /^prizes\.(\d+)\.(\w+)$/.exec(path);
  if (prize) return ['prizes', Number(prize[1]), prize[2]!];
  return [
    'titleZh',
    'titleEn',
    'rulesZh',
    'rulesEn',
    'resultsAt',
    'topicId',
    'workTypes',
    'coverUrl',
  ].includes(path)
    ? [path]
    : null;
}

/**
 * The operators' activities tab of `/ops/review?tab=activities` (issue #15): every activity with both languages'
 * titles and its state; create and edit drafts, publish, close entries, look at the entries (numbers, ranks) and
 * disqualify one with a reason, announce the results once.
 */
export function OpsActivitiesPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useOpsActivities({ page, pageSize: 20 });
  const save = useSaveActivity();
  const publish = usePublishActivity();
  const close = useCloseActivity();
  const announce = useAnnounceActivity();
  const [editing, setEditing] = useState<OpsActivity | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const errorText = (e: unknown) => apiErrorText(e, t, (k) => i18n.exists(k));
  const feedback = {
    onSuccess: () => void message.success(t('activity.ops.done')),
    onError: (e: unknown) => void message.error(errorText(e)),
  };

  const columns: TableColumnsType<OpsActivity> = [
    {
      title: t('activity.columns.title'),
      key: 'title',
      render: (_, a) => (
        <span>
          <span lang="zh-CN">{a.titleZh}</span>
          <br />
          <Typography.Text type="secondary" lang="en-US">
            {a.titleEn}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('activity.columns.state'),
      dataIndex: 'state',
      render: (s: ActivityState) => <Tag style={STATE_STYLE[s]}>{t(`activity.states.${s}`)}</Tag>,
    },
    {
      title: t('activity.columns.window'),
      key: 'window',
      className: 'cc-tabular',
      render: (_, a) => (
        <span>
          {formatDate(a.startsAt, TIME)}
          <br />
          {formatDate(a.endsAt, TIME)}
        </span>
      ),
    },
    { title: t('activity.ops.entries'), dataIndex: 'entryCount', align: 'right', className: 'cc-tabular' },
    {
      title: t('activity.columns.actions'),
      key: 'actions',
      render: (_, a) => (
        <Space wrap>
          {a.state === 'draft' ? (
            <>
              <Button size="small" onClick={() => setEditing(a)} data-testid={`edit-${a.id}`}>
                {t('activity.ops.edit')}
              </Button>
              <Button
                size="small"
                type="primary"
                onClick={() => publish.mutate({ id: a.id }, feedback)}
                data-testid={`publish-${a.id}`}
              >
                {t('activity.ops.publish')}
              </Button>
            </>
          ) : null}
          {a.state === 'published' ? (
            <Button
              size="small"
              onClick={() => close.mutate({ id: a.id }, feedback)}
              data-testid={`close-${a.id}`}
            >
              {t('activity.ops.close')}
            </Button>
          ) : null}
          {a.state !== 'draft' ? (
            <Button size="small" onClick={() => setViewing(a.id)} data-testid={`entries-${a.id}`}>
              {t('activity.ops.entries')}
            </Button>
          ) : null}
          {a.state === 'closed' ? (
            <Popconfirm
              title={t('activity.ops.announceConfirm')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => announce.mutate({ id: a.id }, feedback)}
            >
              <Button size="small" type="primary" data-testid={`announce-${a.id}`}>
                {t('activity.ops.announce')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="ops-activities">
      <Typography.Paragraph type="secondary">{t('activity.ops.intro')}</Typography.Paragraph>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        onClick={() => setEditing('new')}
        data-testid="activity-new"
      >
        {t('activity.ops.new')}
      </Button>
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
          locale={{ emptyText: <EmptyState description={t('activity.ops.empty')} /> }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data.total,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          data-testid="ops-activity-table"
        />
      )}
      {editing !== null ? (
        <ActivityFormModal
          activity={editing === 'new' ? null : editing}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(param, form) =>
            save.mutate(param, {
              onSuccess: () => {
                void message.success(t('activity.ops.saved'));
                setEditing(null);
              },
              onError: (e) => {
                const fields = isApiError(e, 10007)
                  ? ((e.data as { fields?: { path: string; message: string }[] } | null)?.fields ?? [])
                  : [];
                const known = fields.flatMap((f) => {
                  const name = fieldOf(f.path);
                  return name ? [{ name, errors: [f.message] }] : [];
                });
                if (known.length > 0) form.setFields(known as never);
                else void message.error(errorText(e));
              },
            })
          }
        />
      ) : null}
      <EntriesDrawer id={viewing} onClose={() => setViewing(null)} />
    </Space>
  );
}

function EntriesDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const detail = useOpsActivityDetail(id);
  const disqualify = useDisqualifyEntry();
  const [target, setTarget] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const canDisqualify = detail.data && (detail.data.state === 'published' || detail.data.state === 'closed');
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={960}
      title={t('activity.ops.entries')}
      destroyOnHidden
    >
      {detail.isPending ? (
        <LoadingState rows={5} />
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.data.entries.length === 0 ? (
        <EmptyState description={t('activity.detail.rankingEmpty')} />
      ) : (
        <EntriesTable
          entries={detail.data.entries}
          testId="ops-entries"
          actions={
            canDisqualify
              ? (e) =>
                  e.state === 'entered' ? (
                    <Button
                      size="small"
                      danger
                      onClick={() => setTarget(e.id)}
                      data-testid={`disqualify-${e.id}`}
                    >
                      {t('activity.ops.disqualify')}
                    </Button>
                  ) : null
              : undefined
          }
        />
      )}
      <Modal
        open={target !== null}
        title={t('activity.ops.disqualify')}
        okText={t('activity.ops.disqualify')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        confirmLoading={disqualify.isPending}
        onCancel={() => setTarget(null)}
        onOk={() =>
          target !== null &&
          disqualify.mutate(
            { id: target, reason },
            {
              onSuccess: () => {
                setTarget(null);
                setReason('');
                void message.success(t('activity.ops.done'));
              },
              onError: (e) => void message.error(apiErrorText(e, t, (k) => i18n.exists(k))),
            },
          )
        }
      >
        <Input.TextArea
          aria-label={t('activity.ops.reason')}
          placeholder={t('activity.ops.reason')}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Drawer>
  );
}

function ActivityFormModal({
  activity,
  onClose,
  onSave,
  saving,
}: {
  activity: OpsActivity | null;
  onClose: () => void;
  onSave: (param: OpsActivitySaveInput, form: ReturnType<typeof Form.useForm<ActivityFormValues>>[0]) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ActivityFormValues>();
  const topics = useTopics();
  const required = { required: true, message: t('activity.ops.form.required') };
  const start = dayjs().startOf('minute');
  const initial: Partial<ActivityFormValues> = activity
    ? toValues(activity)
    : {
        window: [start, start.add(7, 'day')],
        resultsAt: start.add(10, 'day'),
        workTypes: ['article', 'video'],
        prizes: [],
      };
  return (
    <Modal
      open
      title={activity ? t('activity.ops.form.editTitle') : t('activity.ops.form.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={720}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => onSave(toSaveParam(v, activity?.id), form)}
        data-testid="activity-form"
      >
        <Form.Item name="titleZh" label={t('activity.ops.form.titleZh')} rules={[required]}>
          <Input maxLength={ACTIVITY_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('activity.ops.form.titleEn')} rules={[required]}>
          <Input maxLength={ACTIVITY_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="rulesZh" label={t('activity.ops.form.rulesZh')} rules={[required]}>
          <Input.TextArea rows={3} maxLength={ACTIVITY_RULES_MAX} />
        </Form.Item>
        <Form.Item name="rulesEn" label={t('activity.ops.form.rulesEn')} rules={[required]}>
          <Input.TextArea rows={3} maxLength={ACTIVITY_RULES_MAX} />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="window" label={t('activity.ops.form.window')} rules={[required]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={TIME} />
          </Form.Item>
          <Form.Item name="resultsAt" label={t('activity.ops.form.resultsAt')} rules={[required]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={TIME} />
          </Form.Item>
        </Space>
        <Form.Item name="topicId" label={t('activity.ops.form.topicId')}>
          <Select
            allowClear
            loading={topics.isPending}
            options={(topics.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
        <Form.Item name="workTypes" label={t('activity.ops.form.workTypes')} rules={[required]}>
          <Checkbox.Group
            options={contentTypes.map((c) => ({ value: c, label: t(`activity.types.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('activity.ops.form.coverUrl')}>
          <Input maxLength={500} />
        </Form.Item>
        <Typography.Text strong>{t('activity.ops.form.prizes')}</Typography.Text>
        <Form.List name="prizes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item
                    name={[f.name, 'fromRank']}
                    label={t('activity.ops.form.fromRank')}
                    rules={[required]}
                  >
                    <InputNumber min={1} max={1000} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'toRank']}
                    label={t('activity.ops.form.toRank')}
                    rules={[required]}
                  >
                    <InputNumber min={1} max={1000} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'textZh']}
                    label={t('activity.ops.form.prizeZh')}
                    rules={[required]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'textEn']}
                    label={t('activity.ops.form.prizeEn')}
                    rules={[required]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={t('common.delete')}
                    onClick={() => remove(f.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => {
                  const last = (form.getFieldValue('prizes') as ActivityFormValues['prizes'] | undefined)?.at(
                    -1,
                  );
                  const from = last ? last.toRank + 1 : 1;
                  add({ fromRank: from, toRank: from, textZh: '', textEn: '' });
                }}
                style={{ display: 'block', marginTop: 8 }}
              >
                {t('activity.ops.form.addPrize')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
