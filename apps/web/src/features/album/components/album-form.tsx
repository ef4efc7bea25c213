import {
  Alert,
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Typography,
} from 'antd';
import { EyeOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALBUM_IMAGES_MAX,
  AUTOSAVE_INTERVAL_MS,
  CAR_SERIES_PER_WORK_MAX,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MIN_MINUTES,
  TITLE_MAX,
  TITLE_MIN,
  titleLength,
  type AlbumDetail,
  type ContentStatus,
  type FieldError,
  type ImageUploadResult,
  type PublishAlbumParam,
  RULE_REFS,
} from '@cc/contracts';
import { LocalDraftPrompt } from '../../../components/local-draft-prompt';
import { toastWithRuleLink, withRuleLink } from '../../../components/rule-link';
import { apiErrorText, isApiError, SaveSession } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useLocalDraft, useUnsavedChangesPrompt } from '../../../lib/local-draft';
import { getAlbumDetail, usePublishAlbum } from '../api/album-api';
import {
  albumCopy,
  disabledScheduleTime,
  effectiveCover,
  formFromCopy,
  formFromDetail,
  hasErrors,
  newCardKey,
  NO_ERRORS,
  placeErrors,
  roomLeft,
  savedSnapshot,
  titleRule,
  toPublishParam,
  validateAlbum,
  type AlbumCopy,
  type AlbumFormErrors,
  type AlbumFormValues,
  type SaveKind,
} from '../logic';
import { AlbumPreview } from './album-preview';
import { ImageGrid, type PendingUpload } from './image-grid';
import { MultiImageUpload } from './multi-image-upload';
import type { PickedCarPhoto } from '../../../components/car-photo-picker';
import { CarSeriesSelect, TopicSelect, useTopicList } from '../../../components/work-pickers';
import './album.css';

export interface AlbumFormProps {
  /** the album being edited (`album/detail`); undefined for a new one */
  initial?: AlbumDetail;
  /** a first save created the album: the page puts `?id=` in the URL */
  onIdChange(id: number): void;
  /** after publishing, scheduling or handing it to a reviewer, with the resulting status */
  onDone(id: number, status: ContentStatus): void;
}

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date; auto: boolean }
  | { kind: 'error'; message: string };

/** An image uploading, and once it is stored the card it becomes (cards join the album in the order picked). */
interface PendingItem extends PendingUpload {
  card?: AlbumFormValues['images'][number];
  failed?: boolean;
}

/**
 * The publishing form of an image collection (issue #10 "Image collections: publish page (1–50 images, reorder by
 * drag, caption per image, cover choice, car series tags), edit, preview"): images uploaded several at once and
 * ordered by drag (or keyboard), a caption per image, the cover chosen on a card, the title with its live rule,
 * car series searched as the author types, a topic, and draft / publish now / scheduled (5 minutes to 30 days).
 * The rules are checked before sending with the contracts schema the server applies; the server's field errors
 * show beside their fields (`images.3.url` on the fourth card). Drafts are never lost (issue #9): a local copy as
 * the author types, offered back after a reload; a question before leaving with unsaved changes; and an autosave
 * to the server every 30 s while the album is new or a draft (never turning a scheduled or published album back
 * into a draft).
 */
export function AlbumForm({ initial, onIdChange, onDone }: AlbumFormProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const publish = usePublishAlbum();
  const topics = useTopicList();
  const [id, setId] = useState<number | undefined>(initial?.id);
  const [serverStatus, setServerStatus] = useState<ContentStatus | undefined>(initial?.status);
  // the form and the uploads in one state, so a finished upload joins the images in the same update
  const [form, setForm] = useState<{ values: AlbumFormValues; pending: PendingItem[] }>(() => ({
    values: formFromDetail(initial),
    pending: [],
  }));
  const { values, pending } = form;
  const setValues = (next: AlbumFormValues | ((v: AlbumFormValues) => AlbumFormValues)) =>
    setForm((f) => ({ ...f, values: typeof next === 'function' ? next(f.values) : next }));
  /** Changes the uploads, then moves those finished at the front of the queue into the album. */
  const setPending = (update: (list: PendingItem[]) => PendingItem[]) =>
    setForm((f) => settleUploads({ ...f, pending: update(f.pending) }));
  const [errors, setErrors] = useState<AlbumFormErrors>(NO_ERRORS);
  const [titleTouched, setTitleTouched] = useState(Boolean(initial));
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [previewOpen, setPreviewOpen] = useState(false);
  // why the last review refused the album (shown above the form until it passes)
  const [rejectReason, setRejectReason] = useState<string | null>(
    initial?.status === 'rejected' ? initial.rejectReason : null,
  );
  const [lastSaved, setLastSaved] = useState(() => savedSnapshot(formFromDetail(initial)));
  // the album's saves: one idempotency key for its create, reused by retries (issue #8 item 10)
  const [session] = useState(() => new SaveSession(initial?.id));
  const idRef = useRef(id);
  const set = <K extends keyof AlbumFormValues>(key: K, value: AlbumFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const clearField = (field: keyof AlbumFormErrors['fields']) =>
    setErrors((e) => (e.fields[field] ? { ...e, fields: { ...e.fields, [field]: undefined } } : e));

  const snapshot = savedSnapshot(values);
  const isDirty = snapshot !== lastSaved;
  // Read at the moment of a navigation: a save that just finished counts before React re-renders; images
  // still uploading would be lost too.
  const live = useRef({ current: snapshot, saved: lastSaved, uploading: 0 });
  useEffect(() => {
    live.current.current = snapshot;
    live.current.uploading = pending.length;
  }, [snapshot, pending.length]);
  useUnsavedChangesPrompt(() => live.current.current !== live.current.saved || live.current.uploading > 0);

  const copy = useMemo(() => albumCopy(values), [values]);
  const draft = useLocalDraft<AlbumCopy>({
    key: `album:${id ?? 'new'}`,
    value: copy,
    isDirty,
    serverSavedAt: initial?.updatedAt,
    onRestore: (saved) => {
      setValues(formFromCopy(saved));
      setTitleTouched(saved.title !== '');
      setErrors(NO_ERRORS);
    },
  });

  const handleUploaded = (key: string, r: ImageUploadResult) => {
    clearField('images');
    setPending((list) =>
      list.map((p) =>
        p.key === key
          ? {
              ...p,
              percent: 100,
              card: { key: newCardKey(), url: r.url, caption: '', width: r.width, height: r.height },
            }
          : p,
      ),
    );
  };

  /** Pictures from the car photo library (issue #15): new cards whose caption is the credit line. */
  const handleLibraryPick = (photos: PickedCarPhoto[]) => {
    const cards = photos.slice(0, roomLeft(values.images, pending.length)).map((p) => ({
      key: newCardKey(),
      url: p.url,
      caption: p.attribution,
      width: p.width,
      height: p.height,
    }));
    if (cards.length === 0) return;
    clearField('images');
    setValues((v) => ({ ...v, images: [...v.images, ...cards] }));
    void message.success(t('carphoto.album.added', { count: cards.length }));
  };

  const lang = currentLanguage();
  const failureText = (e: unknown) => apiErrorText(e, t, i18n.exists.bind(i18n));
  const cover = effectiveCover(values);

  /** After a save: what the server has now is the reference, and the local copy goes. */
  const remember = (savedId: number, status: ContentStatus, saved: AlbumFormValues) => {
    const text = savedSnapshot(saved);
    live.current.saved = text;
    setLastSaved(text);
    setServerStatus(status);
    draft.clear();
    if (idRef.current !== savedId) {
      idRef.current = savedId;
      setId(savedId);
      onIdChange(savedId);
    }
  };

  const applyServerErrors = (e: unknown, saved: AlbumFormValues) => {
    if (isApiError(e) && e.data && typeof e.data === 'object' && 'fields' in e.data)
      setErrors(placeErrors((e.data as { fields: FieldError[] }).fields, saved.images));
  };

  const send = (param: Omit<PublishAlbumParam, 'id' | 'requestId'>) =>
    session.save(param, (p) => publish.mutateAsync(p as PublishAlbumParam));

  /** Saves a draft; an autosave stays quiet when the draft is not valid yet (no title, no image). */
  const saveDraft = async (auto: boolean): Promise<number | undefined> => {
    const saved = values;
    const found = validateAlbum(saved, 'draft', lang);
    if (hasErrors(found)) {
      if (!auto) {
        setTitleTouched(true);
        setErrors(found);
        void message.error(t('album.form.fixErrors'));
      }
      return undefined;
    }
    setSaveState({ kind: 'saving' });
    try {
      const result = await send(toPublishParam(saved, 'draft'));
      remember(result.id, result.status, saved);
      setSaveState({ kind: 'saved', at: new Date(), auto });
      if (!auto) {
        setErrors(NO_ERRORS);
        void message.success(t('album.form.draftSaved'));
      }
      return result.id;
    } catch (e) {
      const text = failureText(e);
      setSaveState({ kind: 'error', message: text });
      if (!auto) {
        applyServerErrors(e, saved);
        void message.error(
          toastWithRuleLink(t('album.form.failed', { message: text }), e, t('rules.seeRule')),
        );
      }
      return undefined;
    }
  };

  // Autosave (issue #10 "autosaves to the server"): only while the album is new or a draft — a scheduled or
  // published album is never turned back into a draft behind the author's back.
  const autosave = useRef({ dirty: false, run: () => Promise.resolve<unknown>(undefined), busy: false });
  useEffect(() => {
    autosave.current.dirty = isDirty && pending.length === 0;
    autosave.current.run = () => saveDraft(true);
  });
  const canAutosave = serverStatus === undefined || serverStatus === 'draft';
  useEffect(() => {
    if (!canAutosave) return;
    const timer = setInterval(() => {
      const a = autosave.current;
      if (a.busy || !a.dirty) return;
      a.busy = true;
      void a.run().finally(() => {
        a.busy = false;
      });
    }, AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [canAutosave]);

  const submit = async () => {
    const kind: SaveKind = 'publish';
    const saved = values;
    setTitleTouched(true);
    const found = validateAlbum(saved, kind, lang);
    setErrors(found);
    if (hasErrors(found)) {
      void message.error(t('album.form.fixErrors'));
      return;
    }
    setSaveState({ kind: 'saving' });
    try {
      const result = await send(toPublishParam(saved, kind));
      remember(result.id, result.status, saved);
      setSaveState({ kind: 'saved', at: new Date(), auto: false });
      if (result.status === 'rejected') {
        const reason = await getAlbumDetail(result.id).then(
          (d) => d.rejectReason,
          () => null,
        );
        setRejectReason(reason);
        Modal.warning({
          title: t('album.form.rejected'),
          content: reason ? t('album.form.rejectedReason', { reason }) : undefined,
          okText: t('common.confirm'),
        });
        return;
      }
      setRejectReason(null);
      if (result.status === 'published') void message.success(t('album.form.published'));
      else if (result.status === 'scheduled')
        void message.success(
          t('album.form.scheduled', { time: formatDate(saved.scheduledAt, 'YYYY-MM-DD HH:mm') }),
        );
      else if (result.status === 'reviewing') void message.info(t('album.form.reviewing'));
      onDone(result.id, result.status);
    } catch (e) {
      const text = failureText(e);
      setSaveState({ kind: 'error', message: text });
      applyServerErrors(e, saved);
      void message.error(toastWithRuleLink(t('album.form.failed', { message: text }), e, t('rules.seeRule')));
    }
  };

  const length = titleLength(values.title.trim());
  const titleCode = titleTouched ? titleRule(values.title) : null;
  const titleError = titleCode
    ? t(`article.rules.${titleCode}`, { min: TITLE_MIN, max: TITLE_MAX })
    : errors.fields.title;
  const imagesError = errors.fields.images ?? errors.fields.coverUrl;
  // the rule each error applies, linked beside it (issue #11)
  const rules = errors.ruleRefs ?? {};
  const titleRuleRef = titleCode ? RULE_REFS[titleCode as keyof typeof RULE_REFS] : rules.title;
  const imagesRuleRef = errors.fields.images ? rules.images : rules.coverUrl;
  const scheduleLocked = serverStatus === 'published';
  // saving a published or scheduled album as a draft takes it away from readers / cancels its time: ask first
  const draftTakesDown =
    serverStatus === 'published' || serverStatus === 'scheduled' || serverStatus === 'reviewing';
  const topicName = topics.data?.find((tp) => tp.id === values.topicId)?.name ?? null;
  const busy = saveState.kind === 'saving';

  const status =
    saveState.kind === 'saving'
      ? t('article.saving')
      : saveState.kind === 'saved'
        ? t(saveState.auto ? 'article.autosaved' : 'article.savedAt', {
            time: formatDate(saveState.at, 'HH:mm:ss'),
          })
        : saveState.kind === 'error'
          ? t('article.saveFailed', { message: saveState.message })
          : isDirty
            ? t('article.unsaved')
            : '';

  const draftButton = (
    <Button
      icon={<SaveOutlined />}
      loading={busy}
      data-testid="album-save-draft"
      onClick={draftTakesDown ? undefined : () => void saveDraft(false)}
    >
      {t('article.saveDraft')}
    </Button>
  );

  return (
    <>
      <LocalDraftPrompt draft={draft} style={{ marginBottom: 16 }} />
      {serverStatus === 'rejected' && rejectReason ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="album-reject-reason"
          title={t('album.form.lastRejected', { reason: rejectReason })}
        />
      ) : null}
      <Form layout="vertical" component="div" className="cc-album-form">
        <Form.Item
          label={t('album.form.images')}
          required
          validateStatus={imagesError ? 'error' : undefined}
          help={withRuleLink(imagesError, imagesRuleRef)}
          extra={
            <span className="cc-tabular" data-testid="album-count">
              {t('album.form.count', { count: values.images.length, max: ALBUM_IMAGES_MAX })}
              {values.images.length > 1 ? ` · ${t('album.form.reorderHint')}` : ''}
            </span>
          }
        >
          <MultiImageUpload
            room={roomLeft(values.images, pending.length)}
            onStart={(key, name) => setPending((list) => [...list, { key, name, percent: 0 }])}
            onProgress={(key, percent) =>
              setPending((list) => list.map((p) => (p.key === key ? { ...p, percent } : p)))
            }
            onDone={handleUploaded}
            onLibraryPick={handleLibraryPick}
            onFail={(key) =>
              setPending((list) => list.map((p) => (p.key === key ? { ...p, failed: true } : p)))
            }
          />
          {values.images.length > 0 || pending.length > 0 ? (
            <ImageGrid
              images={values.images}
              coverUrl={cover}
              pending={pending.filter((p) => !p.card && !p.failed)}
              errors={errors.cards}
              onChange={(images) => {
                // a card's error goes when the card changes (its caption edited) or leaves the album
                const before = new Map(values.images.map((i) => [i.key, i.caption]));
                const unchanged = new Set(
                  images.filter((i) => before.get(i.key) === i.caption).map((i) => i.key),
                );
                setValues((v) => ({ ...v, images }));
                setErrors((e) => ({
                  ...e,
                  cards: Object.fromEntries(Object.entries(e.cards).filter(([k]) => unchanged.has(k))),
                }));
              }}
              onCover={(url) => {
                set('coverUrl', url);
                clearField('coverUrl');
              }}
            />
          ) : null}
        </Form.Item>
        <Form.Item
          label={t('article.titleLabel')}
          htmlFor="album-title"
          required
          validateStatus={titleError ? 'error' : undefined}
          help={withRuleLink(titleError, titleRuleRef)}
        >
          <Input
            id="album-title"
            data-testid="album-title"
            size="large"
            value={values.title}
            placeholder={t('article.titlePlaceholder')}
            aria-invalid={Boolean(titleError)}
            onChange={(e) => {
              set('title', e.target.value);
              setTitleTouched(true);
              clearField('title');
            }}
            suffix={
              <span
                className="cc-tabular"
                data-testid="title-counter"
                style={{ color: length > TITLE_MAX ? 'var(--cc-error)' : 'var(--cc-text-description)' }}
              >
                {t('article.titleCounter', {
                  count: (Number.isInteger(length) ? String(length) : length.toFixed(1)) as unknown as number,
                  max: TITLE_MAX,
                })}
              </span>
            }
          />
        </Form.Item>
        <div className="cc-album-meta">
          <Form.Item
            label={t('album.form.carSeries')}
            htmlFor="album-car-series"
            validateStatus={errors.fields.carSeriesIds ? 'error' : undefined}
            help={withRuleLink(errors.fields.carSeriesIds, rules.carSeriesIds)}
            extra={t('album.form.carSeriesHint', { max: CAR_SERIES_PER_WORK_MAX })}
          >
            <CarSeriesSelect
              id="album-car-series"
              data-testid="album-car-series"
              value={values.carSeries}
              status={errors.fields.carSeriesIds ? 'error' : undefined}
              onChange={(s) => {
                set('carSeries', s);
                clearField('carSeriesIds');
              }}
            />
          </Form.Item>
          <Form.Item
            label={t('album.form.topic')}
            htmlFor="album-topic"
            validateStatus={errors.fields.topicId ? 'error' : undefined}
            help={withRuleLink(errors.fields.topicId, rules.topicId)}
          >
            <TopicSelect
              id="album-topic"
              data-testid="album-topic"
              value={values.topicId}
              status={errors.fields.topicId ? 'error' : undefined}
              onChange={(v) => {
                set('topicId', v);
                clearField('topicId');
              }}
            />
          </Form.Item>
        </div>
        <Form.Item
          label={t('album.form.when')}
          validateStatus={errors.fields.scheduledAt ? 'error' : undefined}
          help={withRuleLink(errors.fields.scheduledAt, rules.scheduledAt)}
          extra={
            values.mode === 'scheduled'
              ? t('album.form.scheduleHint', { min: SCHEDULE_MIN_MINUTES, days: SCHEDULE_MAX_DAYS })
              : scheduleLocked
                ? t('album.form.scheduleLocked')
                : undefined
          }
        >
          <Space wrap>
            <Radio.Group
              value={values.mode}
              onChange={(e) => {
                set('mode', e.target.value as AlbumFormValues['mode']);
                clearField('scheduledAt');
              }}
              options={[
                { value: 'now', label: t('album.form.now') },
                { value: 'scheduled', label: t('album.form.scheduledMode'), disabled: scheduleLocked },
              ]}
            />
            {values.mode === 'scheduled' ? (
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                aria-label={t('album.form.scheduledAt')}
                data-testid="album-scheduled-at"
                value={values.scheduledAt ? dayjs(values.scheduledAt) : null}
                disabledDate={(d: Dayjs) =>
                  d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(SCHEDULE_MAX_DAYS, 'day'))
                }
                disabledTime={(d) => disabledScheduleTime(d, dayjs())}
                onChange={(d: Dayjs | null) => {
                  set('scheduledAt', d ? d.second(0).millisecond(0).toISOString() : null);
                  clearField('scheduledAt');
                }}
              />
            ) : null}
          </Space>
        </Form.Item>
        <div className="cc-album-actions">
          <Typography.Text
            type={saveState.kind === 'error' ? 'danger' : 'secondary'}
            aria-live="polite"
            data-testid="save-status"
          >
            {pending.length > 0 ? t('album.form.waitUploads', { count: pending.length }) : status}
          </Typography.Text>
          <Space wrap>
            <Button
              icon={<EyeOutlined />}
              data-testid="album-preview-button"
              onClick={() => setPreviewOpen(true)}
            >
              {t('album.form.preview')}
            </Button>
            {draftTakesDown ? (
              <Popconfirm
                title={t(
                  serverStatus === 'scheduled'
                    ? 'album.form.draftCancelsSchedule'
                    : 'album.form.draftUnpublishes',
                )}
                okText={t('article.saveDraft')}
                cancelText={t('common.cancel')}
                onConfirm={() => void saveDraft(false)}
              >
                {draftButton}
              </Popconfirm>
            ) : (
              draftButton
            )}
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={busy}
              disabled={pending.length > 0}
              data-testid="album-publish"
              onClick={() => void submit()}
            >
              {values.mode === 'scheduled' ? t('album.form.schedule') : t('article.publish')}
            </Button>
          </Space>
        </div>
      </Form>
      <AlbumPreview
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        title={values.title.trim()}
        images={values.images.map((i) => ({ url: i.url, caption: i.caption.trim() }))}
        carSeries={values.carSeries}
        topicName={topicName}
      />
    </>
  );
}

/**
 * Moves the uploads finished at the front of the queue into the album (uploads join in the order they were
 * picked, whatever order they finish in); failed ones leave the queue. At most 50 images.
 */
function settleUploads(form: { values: AlbumFormValues; pending: PendingItem[] }) {
  let n = 0;
  while (n < form.pending.length && (form.pending[n]!.card || form.pending[n]!.failed)) n += 1;
  if (n === 0) return form;
  const cards = form.pending.slice(0, n).flatMap((p) => (p.card ? [p.card] : []));
  return {
    values: { ...form.values, images: [...form.values.images, ...cards].slice(0, ALBUM_IMAGES_MAX) },
    pending: form.pending.slice(n),
  };
}
