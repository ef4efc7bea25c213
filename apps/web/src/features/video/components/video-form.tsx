import { App, Button, Checkbox, DatePicker, Form, Input, Radio, Space, Typography } from 'antd';
import {
  DeleteOutlined,
  FormatPainterOutlined,
  SaveOutlined,
  SendOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TITLE_MAX,
  titleLength,
  VIDEO_DESCRIPTION_MAX,
  SCHEDULE_MAX_DAYS,
  type ContentStatus,
  type FieldError,
  type UploadUse,
  type VideoDetail,
} from '@cc/contracts';
import { uploadSlot } from '@cc/uploader';
import { ImageUpload } from '../../../components/image-upload';
import { withRuleLink } from '../../../components/rule-link';
import { isApiError } from '../../../lib/api-client';
import { LocalDraftPrompt } from '../../../components/local-draft-prompt';
import { useLocalDraft, useUnsavedChangesPrompt } from '../../../lib/local-draft';
import { autosavesToServer, useAutosave } from '../../../lib/use-autosave';
import { useCropDialog } from '../../../components/crop-dialog';
import { formatDate } from '../../../lib/format';
import { usePublishVideo } from '../api/video-api';
import {
  COVER_ASPECT,
  NO_UPLOAD,
  serverVideoErrors,
  toPublishParam,
  uploadedOf,
  validateVideoForm,
  videoFormCopy,
  type Msg,
  type VideoFormCopy,
  type VideoFormErrors,
  type VideoFormValues,
} from '../logic';
import { uploadStore, useUploadTask } from '../uploads/upload-store';
import { VideoUploader, type ExistingUpload } from './video-uploader';

export interface VideoFormProps {
  use: UploadUse;
  /** the video being edited (`video/detail`); undefined for a new one */
  initial?: VideoDetail;
  /** short videos: the author's duration limit, seconds */
  maxDurationSeconds?: number;
  /** a first draft save created the item: the page puts `?id=` in the URL */
  onIdChange: (id: number) => void;
  /** after publishing or scheduling, with the resulting status */
  onDone: (id: number, status: ContentStatus) => void;
  /** a cover made in the poster editor (cover flow, issue #4) */
  initialCover?: string;
  /** open the poster editor for a cover, after the draft was saved */
  onDesignCover?: (id: number) => void;
}

function fromDetail(d: VideoDetail): ExistingUpload {
  return {
    fileUploadId: d.fileUploadId,
    isReady: d.uploadState === 'ready',
    info:
      d.duration !== null && d.width !== null && d.height !== null
        ? { duration: d.duration, width: d.width, height: d.height }
        : null,
    frameCoverUrl: d.customCoverUrl ? null : d.coverUrl,
    frameDataUrl: null,
    state: d.uploadState,
  };
}

/**
 * The publishing form of a video or short video (issue #3 "Pages"): the upload, title with counter,
 * description (≤ 2000), cover (the frame, or an uploaded image cropped to 16:9 / 3:4), original and
 * first-publish declarations, commercial or not, and draft / publish now / scheduled time. The rules are
 * checked before sending with the contracts functions the server runs (`logic.ts`).
 */
export function VideoForm({
  use,
  initial,
  maxDurationSeconds,
  onIdChange,
  onDone,
  initialCover,
  onDesignCover,
}: VideoFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const publish = usePublishVideo();
  const aspects = useMemo(() => [COVER_ASPECT[use]], [use]);
  const { crop, element: cropDialog } = useCropDialog(aspects);
  // The upload lives in the tab's upload store (issue #9): this form reads its slot, so an upload started
  // here goes on elsewhere and shows again on return. A new video's slot moves to its id at the first save.
  const [contentId, setContentId] = useState<number | null>(initial?.id ?? null);
  const target = useMemo(() => ({ use, contentId }), [use, contentId]);
  const slot = uploadSlot(target);
  const task = useUploadTask(slot);
  useEffect(() => uploadStore.watch(slot), [slot]);
  const existing = useMemo(() => (initial ? fromDetail(initial) : undefined), [initial]);
  const upload = task ? uploadedOf(task) : (existing ?? NO_UPLOAD);
  const initialMode: VideoFormValues['mode'] = initial?.status === 'scheduled' ? 'scheduled' : 'now';
  const [values, setValues] = useState({
    id: initial?.id,
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    coverUrl: initialCover ?? initial?.customCoverUrl ?? '',
    isOriginal: initial?.isOriginal ?? false,
    isFirstPublish: initial?.isFirstPublish ?? false,
    isCommercial: initial?.isCommercial ?? false,
    mode: initialMode,
    scheduledAt: initial?.scheduledAt ?? null,
  });
  const [errors, setErrors] = useState<VideoFormErrors>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  // A local copy as the author types (issue #9): restored after a reload or crash with a prompt; leaving
  // with unsaved changes asks first. The upload goes into the copy by its id once merged.
  const copy = useMemo(
    () => videoFormCopy(values, upload.fileUploadId, task?.file.name),
    [values, upload.fileUploadId, task?.file.name],
  );
  const [lastSaved, setLastSaved] = useState(() =>
    JSON.stringify(
      videoFormCopy({ ...values, coverUrl: initial?.customCoverUrl ?? '' }, initial?.fileUploadId ?? null),
    ),
  );
  const snapshots = useRef({ current: JSON.stringify(copy), saved: lastSaved });
  useEffect(() => {
    snapshots.current.current = JSON.stringify(copy);
  }, [copy]);
  // read at the moment of a navigation: a save that just finished counts before React re-renders
  useUnsavedChangesPrompt(() => snapshots.current.current !== snapshots.current.saved);
  const draft = useLocalDraft<VideoFormCopy>({
    key: slot,
    value: copy,
    isDirty: JSON.stringify(copy) !== lastSaved,
    onRestore: ({ upload: savedUpload, ...fields }) => {
      setValues((v) => ({ ...v, ...fields }));
      setErrors({});
      // the copy names a merged upload: the store asks the server for it (no file needed)
      if (savedUpload && savedUpload.key !== upload.fileUploadId)
        uploadStore.adopt(target, savedUpload.key, { name: savedUpload.name, size: 0, lastModified: 0 });
    },
  });
  /** After a save: what the server has now is the reference, and the local copy goes. */
  const remember = (saved: VideoFormCopy) => {
    const text = JSON.stringify(saved);
    snapshots.current.saved = text;
    setLastSaved(text);
    draft.clear();
  };

  const frame = upload.frameCoverUrl ?? upload.frameDataUrl;
  const coverShown = values.coverUrl || frame;
  const formValues: VideoFormValues = {
    ...values,
    use,
    fileUploadId: upload.fileUploadId,
    isUploadReady: upload.isReady,
    hasCover: Boolean(values.coverUrl || upload.frameCoverUrl || (upload.isReady && frame)),
  };
  /** A problem's text beside its field, with the link to the rule it applies (issue #11). */
  const help = (m: Msg | undefined) =>
    m ? withRuleLink(m.text ?? t(m.key, m.values), m.ruleRef) : undefined;
  /** The server's field errors of a refused save, beside their fields. */
  const applyServerErrors = (e: unknown) => {
    if (isApiError(e) && e.data && typeof e.data === 'object' && 'fields' in e.data)
      setErrors(serverVideoErrors((e.data as { fields: FieldError[] }).fields));
  };
  const length = titleLength(values.title.trim());

  /** A first save made the item: the form, its upload and the URL take its id. */
  const adoptId = (id: number) => {
    set('id', id);
    uploadStore.rebind(target, { use, contentId: id });
    setContentId(id);
    onIdChange(id);
  };

  // Autosave to the server (issue #10 "Drafts never lost"): a new video or a draft is saved as a draft every
  // 30 s while changed and valid as a draft (a title and an upload); a published or scheduled video is never
  // autosaved — a draft save would take it from readers or cancel its schedule — and keeps the local copy.
  const [serverStatus, setServerStatus] = useState<ContentStatus | undefined>(initial?.status);
  useAutosave({
    isDirty: () => snapshots.current.current !== snapshots.current.saved,
    enabled: autosavesToServer(serverStatus),
    save: async () => {
      if (Object.keys(validateVideoForm(formValues, true, new Date())).length > 0) return;
      const result = await publish.mutateAsync(toPublishParam(formValues, true));
      remember(copy);
      setServerStatus(result.status);
      if (!values.id) adoptId(result.id);
    },
  });

  const submit = async (asDraft: boolean) => {
    const found = validateVideoForm(formValues, asDraft, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await publish.mutateAsync(toPublishParam(formValues, asDraft));
      remember(copy);
      setServerStatus(result.status);
      if (!values.id) adoptId(result.id);
      if (result.status === 'draft') void message.success(t('video.form.draftSaved'));
      else if (result.status === 'published') void message.success(t('video.form.published'));
      else if (result.status === 'scheduled')
        void message.success(
          t('video.form.scheduled', { time: formatDate(values.scheduledAt, 'YYYY-MM-DD HH:mm') }),
        );
      else if (result.status === 'rejected') void message.warning(t('video.form.rejected'));
      // a word the rules cannot judge: an operator decides (issue #10)
      else if (result.status === 'reviewing') void message.info(t('video.form.held'));
      if (result.status !== 'draft') {
        // published or scheduled: the video holds the upload now; the header need not show it any more
        uploadStore.dismiss(uploadSlot({ use, contentId: result.id }));
        onDone(result.id, result.status);
      }
    } catch (e) {
      applyServerErrors(e);
      void message.error(t('video.form.failed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  // Cover flow (issue #4): only once the upload is complete (the cover needs the probed video); the
  // draft is saved first so nothing is lost, then the poster editor opens at the cover size.
  const designCover = async () => {
    if (!upload.isReady) return void message.warning(t('designs.waitForUpload'));
    const found = validateVideoForm(formValues, true, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await publish.mutateAsync(toPublishParam(formValues, true));
      remember(copy);
      if (!values.id) adoptId(result.id);
      onDesignCover?.(result.id);
    } catch (e) {
      void message.error(t('video.form.failed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  return (
    <>
      <LocalDraftPrompt draft={draft} style={{ marginBottom: 16 }} />
      <Form
        layout="vertical"
        requiredMark
        className="cc-video-form"
        onSubmitCapture={(e) => e.preventDefault()}
      >
        <div>
          <Form.Item
            label={use === 'video' ? t('video.form.video') : t('video.form.smallVideo')}
            required
            validateStatus={errors.upload ? 'error' : undefined}
            help={help(errors.upload)}
          >
            <VideoUploader
              target={target}
              task={task}
              existing={existing}
              video={upload}
              maxDurationSeconds={maxDurationSeconds}
              onPick={() => setErrors((e) => ({ ...e, upload: undefined }))}
            />
          </Form.Item>
          <Form.Item
            label={t('video.form.cover')}
            required
            validateStatus={errors.cover ? 'error' : undefined}
            help={help(errors.cover)}
          >
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 12 }}>
              {t(use === 'video' ? 'video.form.coverHint' : 'video.form.coverHintSmall')}
            </Typography.Text>
            <Space align="end" size={16}>
              {coverShown ? (
                <img
                  className="cc-upload-preview"
                  src={coverShown}
                  alt={t('video.form.cover')}
                  data-testid="video-cover"
                />
              ) : (
                <div className="cc-upload-preview" />
              )}
              <Space orientation="vertical">
                <ImageUpload
                  variant="button"
                  transform={crop}
                  onUploaded={(r) => {
                    set('coverUrl', r.url);
                    setErrors((e) => ({ ...e, cover: undefined }));
                  }}
                >
                  <Button icon={<SwapOutlined />}>{t('video.form.uploadCover')}</Button>
                </ImageUpload>
                {onDesignCover ? (
                  <Button
                    icon={<FormatPainterOutlined />}
                    data-testid="design-cover"
                    onClick={() => void designCover()}
                  >
                    {t('designs.designCover')}
                  </Button>
                ) : null}
                {values.coverUrl ? (
                  <Button icon={<DeleteOutlined />} onClick={() => set('coverUrl', '')}>
                    {t('video.form.useFrame')}
                  </Button>
                ) : null}
              </Space>
            </Space>
            {cropDialog}
          </Form.Item>
        </div>
        <div>
          <Form.Item
            label={t('article.titleLabel')}
            htmlFor="video-title"
            required
            validateStatus={errors.title ? 'error' : undefined}
            help={help(errors.title)}
          >
            <Input
              id="video-title"
              data-testid="video-title"
              size="large"
              value={values.title}
              placeholder={t('article.titlePlaceholder')}
              onChange={(e) => set('title', e.target.value)}
              aria-invalid={Boolean(errors.title)}
              suffix={
                <span
                  className="cc-tabular"
                  data-testid="title-counter"
                  style={{ color: length > TITLE_MAX ? 'var(--cc-error)' : 'var(--cc-text-description)' }}
                >
                  {t('article.titleCounter', {
                    count: (Number.isInteger(length)
                      ? String(length)
                      : length.toFixed(1)) as unknown as number,
                    max: TITLE_MAX,
                  })}
                </span>
              }
            />
          </Form.Item>
          <Form.Item
            label={t('video.form.description')}
            htmlFor="video-description"
            validateStatus={errors.description ? 'error' : undefined}
            help={help(errors.description)}
          >
            <Input.TextArea
              id="video-description"
              data-testid="video-description"
              rows={5}
              value={values.description}
              showCount={{ formatter: ({ count }) => `${count}/${VIDEO_DESCRIPTION_MAX}` }}
              placeholder={t('video.form.descriptionPlaceholder')}
              onChange={(e) => set('description', e.target.value)}
            />
          </Form.Item>
          <Form.Item label={t('video.form.declarations')}>
            <Space orientation="vertical">
              <Checkbox checked={values.isOriginal} onChange={(e) => set('isOriginal', e.target.checked)}>
                {t('video.form.isOriginal')}
              </Checkbox>
              <Checkbox
                checked={values.isFirstPublish}
                onChange={(e) => set('isFirstPublish', e.target.checked)}
              >
                {t('video.form.isFirstPublish')}
              </Checkbox>
            </Space>
          </Form.Item>
          <Form.Item label={t('video.form.commercial')}>
            <Radio.Group
              value={values.isCommercial ? 'yes' : 'no'}
              onChange={(e) => set('isCommercial', e.target.value === 'yes')}
              options={[
                { value: 'no', label: t('video.form.commercialNo') },
                { value: 'yes', label: t('video.form.commercialYes') },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={t('video.form.when')}
            validateStatus={errors.scheduledAt ? 'error' : undefined}
            help={help(errors.scheduledAt)}
          >
            <Space wrap>
              <Radio.Group
                value={values.mode}
                onChange={(e) => set('mode', e.target.value as 'now' | 'scheduled')}
                options={[
                  { value: 'now', label: t('video.form.now') },
                  { value: 'scheduled', label: t('video.form.scheduledMode') },
                ]}
              />
              {values.mode === 'scheduled' ? (
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  aria-label={t('video.form.scheduledAt')}
                  data-testid="video-scheduled-at"
                  value={values.scheduledAt ? dayjs(values.scheduledAt) : null}
                  disabledDate={(d: Dayjs) =>
                    d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(SCHEDULE_MAX_DAYS, 'day'))
                  }
                  onChange={(d: Dayjs | null) =>
                    set('scheduledAt', d ? d.second(0).millisecond(0).toISOString() : null)
                  }
                />
              ) : null}
            </Space>
          </Form.Item>
          <Space>
            <Button
              icon={<SaveOutlined />}
              loading={publish.isPending}
              onClick={() => void submit(true)}
              data-testid="video-save-draft"
            >
              {t('article.saveDraft')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={publish.isPending}
              onClick={() => void submit(false)}
              data-testid="video-publish"
            >
              {values.mode === 'scheduled' ? t('video.form.schedule') : t('article.publish')}
            </Button>
          </Space>
          {!upload.isReady && upload.fileUploadId ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
              {t('video.form.waitReady')}
            </Typography.Text>
          ) : null}
        </div>
      </Form>
    </>
  );
}
