import { Alert, App, Button, DatePicker, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ContentStatus,
  DYNAMIC_TEXT_MAX,
  type DynamicDetail,
  type FieldError,
  type MessageRef,
  PublishType,
  renderMessage,
  ruleRefOfMessage,
  SCHEDULE_MAX_DAYS,
} from '@cc/contracts';
import { apiErrorText, isApiError, SaveSession } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { matchLanguage, DEFAULT_LANGUAGE } from '../../../lib/i18n';
import { useLocalDraft, useUnsavedChangesPrompt } from '../../../lib/local-draft';
import { autosavesToServer, useAutosave } from '../../../lib/use-autosave';
import { LocalDraftPrompt } from '../../../components/local-draft-prompt';
import { toastWithRuleLink, withRuleLink } from '../../../components/rule-link';
import { getDynamicDetail, usePublishDynamic, type PublishDynamicInput } from '../api/dynamic-api';
import {
  canSaveDraft,
  type DynamicField,
  type DynamicFormValues,
  dynamicTextLength,
  EMPTY_DYNAMIC,
  fieldRuleRefs,
  primaryPublishType,
  serverFieldErrors,
  snapshotOf,
  toPublishInput,
  validateDynamicForm,
  valuesFromDetail,
} from '../logic';
import { ImageGrid } from './image-grid';
import { CarSeriesSelect, TopicSelect } from '../../../components/work-pickers';
import { VideoPicker } from './video-picker';

export interface DynamicFormProps {
  /** the dynamic being edited (`dynamic/detail`); undefined for a new one */
  initial?: DynamicDetail;
  /** a first save created the dynamic: the page puts `?id=` in the URL */
  onIdChange: (id: number) => void;
  /** after publishing, scheduling or a hold for review, with the resulting status */
  onDone: (id: number, status: ContentStatus) => void;
}

/** The field whose problem a change of a value clears. */
const FIELD_OF: Record<keyof DynamicFormValues, DynamicField> = {
  text: 'text',
  images: 'images',
  video: 'videoId',
  topicId: 'topicId',
  carSeries: 'carSeriesIds',
  mode: 'scheduledAt',
  scheduledAt: 'scheduledAt',
};

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date; auto: boolean }
  | { kind: 'error'; message: string };

/**
 * The dynamic editor (issue #10 "Dynamics"; API.md §13 `dynamic/publish`): the text with a live counter (x / 2000,
 * counted as the server counts), up to 9 images (upload, remove, reorder), an optional video from the author's
 * published videos and short videos, a topic, car series, and publish now / at a time (5 minutes–30 days) / save as
 * a draft. Drafts are never lost (issue #10): a local copy as the author types, offered back after a reload; a
 * confirm before leaving with unsaved changes; and a server autosave every 30 s — only while the dynamic is new or
 * a draft, never turning a scheduled or published one into a draft.
 */
export function DynamicForm({ initial, onIdChange, onDone }: DynamicFormProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = matchLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const publish = usePublishDynamic();
  const [id, setId] = useState<number | undefined>(initial?.id);
  const [status, setStatus] = useState<ContentStatus | null>(initial?.status ?? null);
  const [values, setValues] = useState<DynamicFormValues>(() =>
    initial ? valuesFromDetail(initial) : EMPTY_DYNAMIC,
  );
  const [errors, setErrors] = useState<Partial<Record<DynamicField, string>>>({});
  // the rule each error applies (issue #11): set with the errors, shown only while its field has an error
  const [errorRules, setErrorRules] = useState<Partial<Record<DynamicField, string>>>({});
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [lastSaved, setLastSaved] = useState(() =>
    snapshotOf(initial ? valuesFromDetail(initial) : EMPTY_DYNAMIC),
  );
  // one idempotency key for the create, reused by its retries (issue #8 item 10)
  const [session] = useState(() => new SaveSession(initial?.id));
  const [rejectReason, setRejectReason] = useState(
    initial?.status === 'rejected' ? initial.rejectReason : null,
  );
  const set = <K extends keyof DynamicFormValues>(key: K, value: DynamicFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [FIELD_OF[key]]: undefined }));
  };

  const snapshot = snapshotOf(values);
  const isDirty = () => snapshot !== lastSaved;
  // read at the moment of a navigation: a save that just finished counts before React re-renders
  const live = useRef({ current: snapshot, saved: lastSaved });
  useEffect(() => {
    live.current.current = snapshot;
  }, [snapshot]);
  useUnsavedChangesPrompt(() => live.current.current !== live.current.saved);
  const draft = useLocalDraft<DynamicFormValues>({
    key: `dynamic:${id ?? 'new'}`,
    value: values,
    isDirty: isDirty(),
    serverSavedAt: initial?.updatedAt,
    onRestore: (saved) => {
      setValues({ ...EMPTY_DYNAMIC, ...saved });
      setErrors({});
    },
  });

  const show = (ref: MessageRef) => renderMessage(ref, lang);
  const check = (publishType: 0 | 1 | 2): boolean => {
    const found = validateDynamicForm(values, publishType, new Date());
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, show(v)])));
    setErrorRules(
      fieldRuleRefs(Object.entries(found).map(([path, ref]) => ({ path, ruleRef: ruleRefOfMessage(ref) }))),
    );
    return Object.keys(found).length === 0;
  };

  /** Sends one save; afterwards what the server has is the reference and the local copy goes. */
  const send = async (param: PublishDynamicInput) => {
    const result = await session.save(param, (p) => publish.mutateAsync(p));
    const saved = snapshotOf(values);
    live.current.saved = saved;
    setLastSaved(saved);
    draft.clear();
    setStatus(result.status);
    setRejectReason(null);
    if (id !== result.id) {
      setId(result.id);
      onIdChange(result.id);
    }
    return result;
  };

  const applyServerErrors = (e: unknown) => {
    if (isApiError(e) && e.data && typeof e.data === 'object' && 'fields' in e.data) {
      const fields = (e.data as { fields: FieldError[] }).fields;
      setErrors(serverFieldErrors(fields));
      setErrorRules(fieldRuleRefs(fields));
    }
  };
  const failureText = (e: unknown) => apiErrorText(e, t, i18n.exists.bind(i18n));

  /** Saves a draft; an autosave stays quiet when the rules refuse it (an empty text, say). */
  const saveDraft = async (auto: boolean): Promise<void> => {
    if (auto) {
      if (Object.keys(validateDynamicForm(values, PublishType.DRAFT, new Date())).length > 0) return;
    } else if (!check(PublishType.DRAFT)) return;
    setSaveState({ kind: 'saving' });
    try {
      await send(toPublishInput(values, PublishType.DRAFT));
      setSaveState({ kind: 'saved', at: new Date(), auto });
      if (!auto) void message.success(t('dynamic.form.draftSaved'));
    } catch (e) {
      const text = failureText(e);
      setSaveState({ kind: 'error', message: text });
      if (!auto) {
        applyServerErrors(e);
        void message.error(t('dynamic.form.saveFailed', { message: text }));
      }
    }
  };

  useAutosave({ isDirty, save: () => saveDraft(true), enabled: autosavesToServer(status ?? undefined) });

  const handlePublish = async () => {
    const publishType = primaryPublishType(values);
    if (!check(publishType)) return;
    setSaveState({ kind: 'idle' });
    try {
      const result = await send(toPublishInput(values, publishType));
      if (result.status === 'rejected') {
        const reason = await getDynamicDetail(result.id).then(
          (d) => d.rejectReason,
          () => null,
        );
        setRejectReason(reason);
        Modal.warning({
          title: t('dynamic.form.rejected'),
          content: reason ? t('content.rejectReason', { reason }) : undefined,
          okText: t('common.confirm'),
        });
        return;
      }
      if (result.status === 'published') void message.success(t('dynamic.form.published'));
      else if (result.status === 'reviewing') void message.info(t('dynamic.form.held'));
      else if (result.status === 'scheduled')
        void message.success(
          t('dynamic.form.scheduled', { time: formatDate(values.scheduledAt, 'YYYY-MM-DD HH:mm') }),
        );
      onDone(result.id, result.status);
    } catch (e) {
      applyServerErrors(e);
      void message.error(
        toastWithRuleLink(
          t('dynamic.form.publishFailed', { message: failureText(e) }),
          e,
          t('rules.seeRule'),
        ),
      );
    }
  };

  const length = dynamicTextLength(values.text);
  const saveStatus =
    saveState.kind === 'saving'
      ? t('dynamic.form.saving')
      : saveState.kind === 'saved'
        ? t(saveState.auto ? 'dynamic.form.autosaved' : 'dynamic.form.savedAt', {
            time: formatDate(saveState.at, 'HH:mm:ss'),
          })
        : saveState.kind === 'error'
          ? t('dynamic.form.saveFailed', { message: saveState.message })
          : isDirty()
            ? t('dynamic.form.unsaved')
            : '';
  const item = (field: DynamicField) => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: withRuleLink(errors[field], errorRules[field]),
  });
  const pickerValue = useMemo(
    () => (values.scheduledAt ? dayjs(values.scheduledAt) : null),
    [values.scheduledAt],
  );

  return (
    <>
      <LocalDraftPrompt draft={draft} style={{ marginBottom: 16 }} />
      {rejectReason ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="dynamic-reject-reason"
          title={t('dynamic.form.rejectedBanner')}
          description={t('content.rejectReason', { reason: rejectReason })}
        />
      ) : null}
      <Form layout="vertical" component="div" requiredMark>
        <Form.Item label={t('dynamic.form.text')} htmlFor="dynamic-text" required {...item('text')}>
          <Input.TextArea
            id="dynamic-text"
            data-testid="dynamic-text"
            rows={6}
            value={values.text}
            placeholder={t('dynamic.form.textPlaceholder')}
            aria-invalid={Boolean(errors.text)}
            onChange={(e) => set('text', e.target.value)}
          />
          <div style={{ textAlign: 'right', marginTop: 4 }}>
            <span
              className="cc-tabular"
              data-testid="dynamic-text-counter"
              aria-live="polite"
              style={{
                fontSize: 12,
                color: length > DYNAMIC_TEXT_MAX ? 'var(--cc-error)' : 'var(--cc-text-description)',
              }}
            >
              {t('dynamic.form.counter', { count: length, max: DYNAMIC_TEXT_MAX })}
            </span>
          </div>
        </Form.Item>
        <Form.Item label={t('dynamic.form.images')} {...item('images')}>
          <ImageGrid value={values.images} onChange={(next) => set('images', next)} />
        </Form.Item>
        <Form.Item label={t('dynamic.form.video')} {...item('videoId')}>
          <VideoPicker value={values.video} onChange={(next) => set('video', next)} />
        </Form.Item>
        <Form.Item label={t('dynamic.form.topic')} htmlFor="dynamic-topic" {...item('topicId')}>
          <TopicSelect
            id="dynamic-topic"
            data-testid="dynamic-topic"
            value={values.topicId}
            onChange={(next) => set('topicId', next)}
          />
        </Form.Item>
        <Form.Item label={t('dynamic.form.carSeries')} htmlFor="dynamic-car-series" {...item('carSeriesIds')}>
          <CarSeriesSelect
            id="dynamic-car-series"
            data-testid="dynamic-car-series"
            value={values.carSeries}
            onChange={(next) => set('carSeries', next)}
          />
        </Form.Item>
        <Form.Item label={t('dynamic.form.when')} {...item('scheduledAt')}>
          <Space wrap>
            <Radio.Group
              value={values.mode}
              onChange={(e) => set('mode', e.target.value as 'now' | 'scheduled')}
              options={[
                { value: 'now', label: t('dynamic.form.now') },
                { value: 'scheduled', label: t('dynamic.form.scheduledMode') },
              ]}
            />
            {values.mode === 'scheduled' ? (
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                aria-label={t('dynamic.form.scheduledAt')}
                data-testid="dynamic-scheduled-at"
                value={pickerValue}
                disabledDate={(d: Dayjs) =>
                  d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(SCHEDULE_MAX_DAYS, 'day'))
                }
                onChange={(d: Dayjs | null) =>
                  set('scheduledAt', d ? d.second(0).millisecond(0).toISOString() : null)
                }
              />
            ) : null}
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
            {t('dynamic.form.scheduleHint', { days: SCHEDULE_MAX_DAYS })}
          </Typography.Text>
        </Form.Item>
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 16,
            flexWrap: 'wrap',
          }}
        >
          <Typography.Text
            type={saveState.kind === 'error' ? 'danger' : 'secondary'}
            aria-live="polite"
            data-testid="dynamic-save-status"
          >
            {saveStatus}
          </Typography.Text>
          <Space>
            {canSaveDraft(status) ? (
              <Button
                icon={<SaveOutlined />}
                loading={saveState.kind === 'saving'}
                data-testid="dynamic-save-draft"
                onClick={() => void saveDraft(false)}
              >
                {t('dynamic.form.saveDraft')}
              </Button>
            ) : null}
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={publish.isPending && saveState.kind !== 'saving'}
              data-testid="dynamic-publish"
              onClick={() => void handlePublish()}
            >
              {values.mode === 'scheduled' ? t('dynamic.form.schedule') : t('dynamic.form.publish')}
            </Button>
          </Space>
        </div>
      </Form>
    </>
  );
}
