import { App, Button, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, SaveOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROGRAM_DESCRIPTION_MAX,
  PROGRAM_EPISODES_MAX,
  TITLE_MAX,
  titleLength,
  type ProgramDetail,
} from '@cc/contracts';
import { ImageUpload } from '../../../components/image-upload';
import { LocalDraftPrompt } from '../../../components/local-draft-prompt';
import { useCropDialog } from '../../../components/crop-dialog';
import { toastWithRuleLink } from '../../../components/rule-link';
import { apiErrorText, SaveSession } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useDraftForm } from '../../../lib/local-draft';
import { getProgramDetail, programDetailKey, useProgramDetail, useSaveProgram } from '../api/program-api';
import { ErrorState, LoadingState } from '../../../components/states';
import {
  EMPTY_PROGRAM_FORM,
  programFormOf,
  toProgramFields,
  validateProgramForm,
  type ProgramFormErrors,
  type ProgramFormValues,
} from '../logic';
import { EpisodeList } from './episode-list';
import { EpisodePicker } from './episode-picker';

const COVER_ASPECTS = [{ key: '16:9', value: 16 / 9 }];

export interface ProgramEditorProps {
  /** the program being edited (`program/detail`); undefined creates one */
  detail?: ProgramDetail;
  /** after a save, with the program's id (a new program: the page opens it by `?id=`) */
  onSaved: (id: number) => void;
  /** reports whether the form holds unsaved changes (the page asks before closing it) */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The program editor (issue #10 "Programs"): title with its counter, description, an optional cover (an upload
 * cropped to 16:9) and the episodes — the author's published works, added from a picker and ordered by drag (mouse
 * or keyboard). Checked with the server's own rules before sending; every save is reviewed by the server and the
 * outcome is said right after. A local copy is kept as the author types and offered back after a reload; leaving
 * with unsaved changes asks first. Creates are idempotent (`SaveSession`).
 */
export function ProgramEditor({ detail, onSaved, onDirtyChange }: ProgramEditorProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useSaveProgram();
  const { crop, element: cropDialog } = useCropDialog(COVER_ASPECTS);
  const [session] = useState(() => new SaveSession(detail?.id));
  const initial = useMemo(() => (detail ? programFormOf(detail) : EMPTY_PROGRAM_FORM), [detail]);
  const { values, setValues, set, errors, setErrors, markSaved, draft } = useDraftForm<
    ProgramFormValues,
    ProgramFormErrors
  >({
    key: `program:${detail?.id ?? 'new'}`,
    initial,
    empty: EMPTY_PROGRAM_FORM,
    serverSavedAt: detail?.updatedAt ?? null,
    onDirtyChange,
  });

  const submit = async () => {
    const found = validateProgramForm(values, currentLanguage(), t('program.episodes.notPublished'));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await session.save(toProgramFields(values), (p) => save.mutateAsync(p));
      markSaved();
      const saved = await queryClient.fetchQuery({
        queryKey: programDetailKey(result.id),
        queryFn: () => getProgramDetail(result.id),
        staleTime: 0,
      });
      if (saved.status === 'published') void message.success(t('program.editor.saved'));
      else if (saved.status === 'reviewing') void message.info(t('program.editor.reviewing'));
      else void message.warning(t('program.editor.rejected', { reason: saved.rejectReason ?? '' }));
      onSaved(result.id);
    } catch (e) {
      void message.error(
        toastWithRuleLink(
          t('program.editor.failed', { message: apiErrorText(e, t, i18n.exists.bind(i18n)) }),
          e,
          t('rules.seeRule'),
        ),
      );
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
        data-testid="program-editor"
      >
        <Form.Item
          label={t('program.editor.titleLabel')}
          htmlFor="program-title"
          required
          validateStatus={errors.title ? 'error' : undefined}
          help={errors.title}
        >
          <Input
            id="program-title"
            data-testid="program-title"
            size="large"
            value={values.title}
            placeholder={t('program.editor.titlePlaceholder')}
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
          label={t('program.editor.description')}
          htmlFor="program-description"
          validateStatus={errors.description ? 'error' : undefined}
          help={errors.description}
        >
          <Input.TextArea
            id="program-description"
            data-testid="program-description"
            rows={3}
            value={values.description}
            showCount={{ formatter: ({ count }) => `${count}/${PROGRAM_DESCRIPTION_MAX}` }}
            placeholder={t('program.editor.descriptionPlaceholder')}
            onChange={(e) => set('description', e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('program.editor.cover')}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 12 }}>
            {t('program.editor.coverHint')}
          </Typography.Text>
          {values.coverUrl ? (
            <Space align="end" size={16} wrap>
              <img
                className="cc-upload-preview"
                src={values.coverUrl}
                alt={t('program.editor.cover')}
                data-testid="program-cover"
              />
              <Space orientation="vertical">
                <ImageUpload variant="button" transform={crop} onUploaded={(r) => set('coverUrl', r.url)}>
                  <Button icon={<SwapOutlined />}>{t('program.editor.changeCover')}</Button>
                </ImageUpload>
                <Button icon={<DeleteOutlined />} onClick={() => set('coverUrl', '')}>
                  {t('program.editor.removeCover')}
                </Button>
              </Space>
            </Space>
          ) : (
            <ImageUpload transform={crop} onUploaded={(r) => set('coverUrl', r.url)} />
          )}
          {cropDialog}
        </Form.Item>
        <Form.Item
          label={t('program.episodes.label', { count: values.episodes.length, max: PROGRAM_EPISODES_MAX })}
          validateStatus={errors.episodes ? 'error' : undefined}
          help={errors.episodes ?? t('program.episodes.hint')}
        >
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {values.episodes.length > 0 ? (
              <EpisodeList episodes={values.episodes} onChange={(episodes) => set('episodes', episodes)} />
            ) : (
              <Typography.Text type="secondary" data-testid="program-no-episodes">
                {t('program.episodes.empty')}
              </Typography.Text>
            )}
            <EpisodePicker
              episodes={values.episodes}
              disabled={values.episodes.length >= PROGRAM_EPISODES_MAX}
              onAdd={(episode) =>
                setValues((v) =>
                  v.episodes.some((e) => e.id === episode.id)
                    ? v
                    : { ...v, episodes: [...v.episodes, episode] },
                )
              }
            />
          </Space>
        </Form.Item>
        <Space wrap>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="program-save"
          >
            {detail ? t('program.editor.save') : t('program.editor.create')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('program.editor.reviewHint')}
          </Typography.Text>
        </Space>
      </Form>
    </>
  );
}

/** The editor of the saved program `id` (`/program?id=N`): loads it, then `ProgramEditor`. */
export function ProgramEditPanel({ id, ...props }: { id: number } & Omit<ProgramEditorProps, 'detail'>) {
  const detail = useProgramDetail(id);
  if (detail.isPending) return <LoadingState rows={8} />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  return <ProgramEditor key={id} detail={detail.data} {...props} />;
}
