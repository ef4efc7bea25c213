import { App, Button, DatePicker, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, SaveOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_DESCRIPTION_MAX, TITLE_MAX, titleLength, type LiveDetail } from '@cc/contracts';
import { ImageUpload } from '../../../components/image-upload';
import { LocalDraftPrompt } from '../../../components/local-draft-prompt';
import { useCropDialog } from '../../../components/crop-dialog';
import { apiErrorText, SaveSession } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useDraftForm } from '../../../lib/local-draft';
import { getLiveDetail, useSaveLive } from '../api/live-api';
import {
  EMPTY_LIVE_FORM,
  isStartDayDisabled,
  liveFormOf,
  toLiveFields,
  validateLiveForm,
  type LiveFormErrors,
  type LiveFormValues,
} from '../logic';

const COVER_ASPECTS = [{ key: '16:9', value: 16 / 9 }];

export interface LiveEditorProps {
  /** the upcoming show being edited (`live/detail`); undefined schedules a new one */
  detail?: LiveDetail;
  /** after a save, with the show's id (a new show: the page opens it by `?id=`) */
  onSaved: (id: number) => void;
  /** reports whether the form holds unsaved changes (the page asks before closing it) */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The live-show editor (issue #10 "Live shows"): title with its counter, cover (an upload cropped to 16:9), start
 * time (after now, at most 30 days ahead) and description, checked with the server's own rules before sending.
 * Every save is reviewed at once by the server; the outcome (published, rejected with the reason, or held for a
 * reviewer) is said right after. A local copy is kept as the author types and offered back after a reload; leaving
 * with unsaved changes asks first. Creates are idempotent (`SaveSession`: a retried create is not made twice).
 */
export function LiveEditor({ detail, onSaved, onDirtyChange }: LiveEditorProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useSaveLive();
  const { crop, element: cropDialog } = useCropDialog(COVER_ASPECTS);
  const [session] = useState(() => new SaveSession(detail?.id));
  const initial = useMemo(() => (detail ? liveFormOf(detail) : EMPTY_LIVE_FORM), [detail]);
  const { values, set, errors, setErrors, markSaved, draft } = useDraftForm<LiveFormValues, LiveFormErrors>({
    key: `live:${detail?.id ?? 'new'}`,
    initial,
    empty: EMPTY_LIVE_FORM,
    serverSavedAt: detail?.updatedAt ?? null,
    onDirtyChange,
  });

  const submit = async () => {
    const found = validateLiveForm(values, new Date(), currentLanguage(), {
      coverRequired: t('live.editor.coverRequired'),
      startRequired: t('live.editor.startRequired'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await session.save(toLiveFields(values), (p) => save.mutateAsync(p));
      markSaved();
      // the review ran with the save: say how it ended
      const saved = await queryClient.fetchQuery({
        queryKey: ['live', 'detail', result.id],
        queryFn: () => getLiveDetail(result.id),
        staleTime: 0,
      });
      if (saved.status === 'published') void message.success(t('live.editor.saved'));
      else if (saved.status === 'reviewing') void message.info(t('live.editor.reviewing'));
      else void message.warning(t('live.editor.rejected', { reason: saved.rejectReason ?? '' }));
      onSaved(result.id);
    } catch (e) {
      void message.error(t('live.editor.failed', { message: apiErrorText(e, t, i18n.exists.bind(i18n)) }));
    }
  };

  const length = titleLength(values.title.trim());
  return (
    <>
      <LocalDraftPrompt draft={draft} style={{ marginBottom: 16 }} />
      <Form
        layout="vertical"
        requiredMark
        onSubmitCapture={(e) => e.preventDefault()}
        data-testid="live-editor"
      >
        <Form.Item
          label={t('live.editor.titleLabel')}
          htmlFor="live-title"
          required
          validateStatus={errors.title ? 'error' : undefined}
          help={errors.title}
        >
          <Input
            id="live-title"
            data-testid="live-title"
            size="large"
            value={values.title}
            placeholder={t('live.editor.titlePlaceholder')}
            onChange={(e) => set('title', e.target.value)}
            aria-invalid={Boolean(errors.title)}
            suffix={
              <span
                className="cc-tabular"
                style={{ color: length > TITLE_MAX ? 'var(--cc-error)' : 'var(--cc-text-description)' }}
              >
                {`${Number.isInteger(length) ? length : length.toFixed(1)}/${TITLE_MAX}`}
              </span>
            }
          />
        </Form.Item>
        <Form.Item
          label={t('live.editor.cover')}
          required
          validateStatus={errors.coverUrl ? 'error' : undefined}
          help={errors.coverUrl}
        >
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 12 }}>
            {t('live.editor.coverHint')}
          </Typography.Text>
          {values.coverUrl ? (
            <Space align="end" size={16} wrap>
              <img
                className="cc-upload-preview"
                src={values.coverUrl}
                alt={t('live.editor.cover')}
                data-testid="live-cover"
              />
              <Space orientation="vertical">
                <ImageUpload variant="button" transform={crop} onUploaded={(r) => set('coverUrl', r.url)}>
                  <Button icon={<SwapOutlined />}>{t('live.editor.changeCover')}</Button>
                </ImageUpload>
                <Button icon={<DeleteOutlined />} onClick={() => set('coverUrl', '')}>
                  {t('live.editor.removeCover')}
                </Button>
              </Space>
            </Space>
          ) : (
            <ImageUpload transform={crop} onUploaded={(r) => set('coverUrl', r.url)} />
          )}
          {cropDialog}
        </Form.Item>
        <Form.Item
          label={t('live.editor.startAt')}
          htmlFor="live-start-at"
          required
          validateStatus={errors.startAt ? 'error' : undefined}
          help={errors.startAt ?? t('live.editor.startAtHint')}
        >
          <DatePicker
            id="live-start-at"
            data-testid="live-start-at"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: 240 }}
            value={values.startAt ? dayjs(values.startAt) : null}
            disabledDate={(d: Dayjs) => isStartDayDisabled(d)}
            onChange={(d: Dayjs | null) =>
              set('startAt', d ? d.second(0).millisecond(0).toISOString() : null)
            }
          />
        </Form.Item>
        <Form.Item
          label={t('live.editor.description')}
          htmlFor="live-description"
          validateStatus={errors.description ? 'error' : undefined}
          help={errors.description}
        >
          <Input.TextArea
            id="live-description"
            data-testid="live-description"
            rows={4}
            value={values.description}
            showCount={{ formatter: ({ count }) => `${count}/${LIVE_DESCRIPTION_MAX}` }}
            placeholder={t('live.editor.descriptionPlaceholder')}
            onChange={(e) => set('description', e.target.value)}
          />
        </Form.Item>
        <Space wrap>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="live-save"
          >
            {detail ? t('live.editor.save') : t('live.editor.create')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('live.editor.reviewHint')}
          </Typography.Text>
        </Space>
      </Form>
    </>
  );
}
