import { Alert, App, Button, Progress, Space, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  LoadingOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDuration, VIDEO_EXTENSIONS } from '@cc/contracts';
import { RuleLink } from '../../../components/rule-link';
import { UploadArea } from '../../../components/upload-area';
import {
  captureCoverFrame,
  checkVideoFile,
  readVideoInfo,
  uploadMessageKeys,
  uploadSlot,
  type UploadCancelOutcome,
  type UploadFileIdentity,
  type UploadTarget,
  type UploadTask,
} from '@cc/uploader';
import { getUploadVideoSecret } from '../api/video-api';
import { uploadStore, useRestoredUploads } from '../uploads/upload-store';
import {
  checkSmallVideoFile,
  displayPercent,
  formatFileSize,
  formatSpeed,
  formatTimeLeft,
  tokenFailureMessage,
  uploadFailureMessage,
  uploadRuleRef,
  type UploadedVideo,
} from '../logic';

/** What the uploader shows (the upload store's task status, or the video's own upload when there is none). */
type Phase = 'idle' | 'checking' | UploadTask['status'];

/** A message next to the drop area: an i18n key with values, and the server's words when there are some. */
interface Shown {
  key: string;
  values?: Record<string, unknown>;
  detail?: string | null;
  /** the rule the refusal applies (issue #11), linked beside it */
  ruleRef?: string;
}

const ACCEPT = VIDEO_EXTENSIONS.map((e) => `.${e}`).join(',');

const CANCEL_OUTCOME_KEYS: Record<UploadCancelOutcome, string> = {
  deleted: 'video.uploads.cancel.deleted',
  'not-deleted': 'video.uploads.cancel.notDeleted',
  'nothing-sent': 'video.uploads.cancel.nothingSent',
};

const differentFile = (expected: UploadFileIdentity): Shown => ({
  key: 'video.uploads.resume.different',
  values: {
    name: expected.name,
    size: formatFileSize(expected.size),
    time: formatDate(expected.lastModified, 'YYYY-MM-DD HH:mm'),
  },
});

function phaseOf(task: UploadTask | undefined, existing: ExistingUpload | undefined): Phase {
  if (task) return task.status;
  if (!existing?.fileUploadId) return 'idle';
  if (existing.isReady) return 'ready';
  return existing.state === 'failed' ? 'failed' : 'processing';
}

/** The upload of the video being edited (its detail), shown while the store has no upload for the form. */
export type ExistingUpload = UploadedVideo & { state: string };

/**
 * The video upload of the publishing pages (issue #3; spec §2, §4, §5, §8; issue #9): the 384 × 234 drop area
 * with a 210 × 140 preview and the spec §5 hint (short videos: one hint with the shape and the author's
 * duration limit); disabled until the upload token is obtained (a failed token call shows 'network error'
 * and the server's message unless 10002); validation word for word before anything is sent; for short
 * videos the shape and the duration limit checked when the file is chosen (and again on the server's probe
 * when the browser could not read the file); live progress (percent, speed, time left).
 *
 * The upload itself lives in the tab's upload store (`uploads/upload-store.ts`), not in this component: it
 * goes on when the author leaves the page and shows here again on return. After a reload the store offers
 * the unfinished upload: choosing the same file continues it, another file is refused. Cancelling asks
 * first and says what happened on the server.
 */
export function VideoUploader({
  target,
  task,
  existing,
  video,
  maxDurationSeconds,
  onPick,
}: {
  target: UploadTarget;
  /** the store's task of this form (`useUploadTask(uploadSlot(target))`) */
  task: UploadTask | undefined;
  existing?: ExistingUpload;
  /** what the form shows of its upload (preview, ready info) */
  video: UploadedVideo;
  /** short videos: the author's limit in seconds (unknown yet: not checked in the browser) */
  maxDurationSeconds?: number;
  /** the author chose a file */
  onPick?: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  // the author's remembered uploads (and where to remember new ones) before any file is chosen here
  useRestoredUploads();
  const [checking, setChecking] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Shown | null>(null);
  const { use } = target;
  const slot = uploadSlot(target);

  // Upload is disabled until the token is here (spec §5); a failed call shows 'network error' and the
  // server's message unless 10002 (the api-client has gone to the login page then).
  const tokenQuery = useQuery({
    queryKey: ['video', 'upload-token'],
    queryFn: getUploadVideoSecret,
    retry: false,
    staleTime: 12 * 3600_000,
  });
  const hasToken = Boolean(tokenQuery.data?.token);
  const tokenError = tokenQuery.isError ? tokenFailureMessage(tokenQuery.error) : null;

  const phase: Phase = checking ? 'checking' : phaseOf(task, existing);
  const busy = phase === 'checking' || phase === 'uploading' || phase === 'merging';

  const handleFile = async (file: File) => {
    if (!hasToken || busy) return;
    onPick?.();
    setRefusal(null);
    const code = checkVideoFile(file);
    if (code) return setRefusal({ key: uploadMessageKeys.error[code], ruleRef: uploadRuleRef(code) });
    setChecking(file.name);
    try {
      // A remembered upload waits for its own file: another one is refused before it is even decoded.
      const expected = await uploadStore.mismatchOf(slot, file);
      if (expected) return setRefusal(differentFile(expected));
      // The browser may not decode every accepted format (rmvb…): the server probes it anyway.
      const info = await readVideoInfo(file).catch(() => null);
      if (use === 'smallVideo' && info && maxDurationSeconds !== undefined) {
        const problem = checkSmallVideoFile(info, maxDurationSeconds);
        if (problem) return setRefusal(problem);
      }
      const frame = info
        ? await captureCoverFrame(file, Math.min(1, info.duration / 2)).catch(() => null)
        : null;
      const started = await uploadStore.start({
        target,
        file,
        info,
        frameDataUrl: frame?.coverBase64 ?? null,
      });
      if (!started.ok && started.reason === 'differentFile') setRefusal(differentFile(started.expected));
      else if (!started.ok && started.reason === 'invalid')
        setRefusal({ key: uploadMessageKeys.error[started.code], ruleRef: uploadRuleRef(started.code) });
    } finally {
      setChecking(null);
    }
  };

  /** Asks, then cancels (or discards a remembered upload) and says what happened on the server. */
  const handleCancel = (current: UploadTask) => {
    const discarding = current.status === 'paused' || current.status === 'failed';
    const k = 'video.uploads.cancel';
    modal.confirm({
      title: t(discarding ? `${k}.discardTitle` : `${k}.title`, { name: current.file.name }),
      content: t(discarding ? `${k}.discardContent` : `${k}.content`),
      okText: t(discarding ? `${k}.discardOk` : `${k}.ok`),
      cancelText: t(discarding ? `${k}.discardKeep` : `${k}.keep`),
      okButtonProps: { danger: true },
      onOk: async () => {
        setRefusal(null);
        const outcome = await uploadStore.cancel(current.slot);
        void message.info({
          content: t(CANCEL_OUTCOME_KEYS[outcome]),
          className: 'cc-upload-cancelled',
        });
      },
    });
  };

  const progress = task?.progress ?? null;
  const percent = progress ? displayPercent(progress.progress) : 0;
  const taskError: Shown | null =
    task?.status === 'failed' && task.error
      ? task.error.kind === 'upload'
        ? { ...uploadFailureMessage(task.error.failure), ruleRef: uploadRuleRef(task.error.failure.code) }
        : { key: 'video.upload.processingFailed', detail: task.error.detail }
      : null;
  // A short video the browser could not read is checked on the server's probe, still before publishing.
  const probedProblem =
    use === 'smallVideo' && phase === 'ready' && video.info && maxDurationSeconds !== undefined
      ? checkSmallVideoFile(video.info, maxDurationSeconds)
      : null;
  const shown: Shown | null = refusal ?? taskError ?? probedProblem;
  const previewSrc = video.frameCoverUrl ?? video.frameDataUrl;
  const fileName = checking ?? task?.file.name ?? null;
  const label =
    phase === 'paused' && task
      ? t('video.uploads.resume.choose', { name: task.file.name })
      : phase === 'idle' || phase === 'failed'
        ? t('video.upload.choose')
        : busy
          ? t('video.upload.busy')
          : t('video.upload.replace');
  const hint =
    use === 'smallVideo' && maxDurationSeconds !== undefined ? (
      // One hint for short videos: the shape and the limit first (the 16:9 advice would contradict them).
      <>
        <div data-testid="duration-limit">{t('video.small.limit', { max: maxDurationSeconds })}</div>
        <div>{t('video.small.formats')}</div>
      </>
    ) : (
      t('upload.hint')
    );

  return (
    <div>
      {phase === 'paused' && task ? (
        <Alert
          type="info"
          showIcon
          role="status"
          data-testid="upload-resume"
          style={{ marginBottom: 12, maxWidth: 560 }}
          title={t('video.uploads.resume.title', { name: task.file.name })}
          description={
            <>
              {task.heldShards > 0 ? (
                <div>
                  {t('video.uploads.resume.held', {
                    percent: Math.floor((task.heldShards / Math.max(1, task.shardTotal)) * 100),
                    held: task.heldShards,
                    total: task.shardTotal,
                  })}
                </div>
              ) : null}
              <div>{t('video.uploads.resume.action')}</div>
              <Button
                size="small"
                icon={<DeleteOutlined />}
                data-testid="upload-discard"
                style={{ marginTop: 8 }}
                onClick={() => handleCancel(task)}
              >
                {t('video.uploads.resume.discard')}
              </Button>
            </>
          }
        />
      ) : null}
      <UploadArea
        accept={ACCEPT}
        onFile={(f) => void handleFile(f)}
        ariaLabel={label}
        label={label}
        hint={hint}
        disabled={!hasToken || busy}
        inputTestId="video-file-input"
        preview={previewSrc ? <img src={previewSrc} alt={t('video.upload.previewAlt')} /> : undefined}
      />
      <div className="cc-video-status" aria-live="polite">
        {!hasToken && !tokenError ? (
          <Typography.Text type="secondary">
            <LoadingOutlined /> {t('video.upload.tokenLoading')}
          </Typography.Text>
        ) : null}
        {tokenError ? (
          <Alert
            type="error"
            showIcon
            data-testid="token-error"
            title={t(tokenError.key)}
            description={tokenError.detail ?? undefined}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void tokenQuery.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : null}
        {fileName && phase !== 'paused' ? (
          <Typography.Text ellipsis style={{ display: 'block', maxWidth: 384 }}>
            {fileName}
          </Typography.Text>
        ) : null}
        {progress && phase !== 'paused' && phase !== 'checking' ? (
          <div data-testid="upload-progress" data-percent={percent}>
            <Progress
              percent={percent}
              size="small"
              status={phase === 'failed' ? 'exception' : undefined}
              format={(p) => `${p ?? 0}%`}
            />
            {phase === 'uploading' ? (
              <Typography.Text type="secondary" className="cc-tabular" style={{ fontSize: 12 }}>
                {t('video.upload.speed', {
                  speed: formatSpeed(progress.speed),
                  left: formatTimeLeft(progress.timeLeft),
                })}
              </Typography.Text>
            ) : null}
          </div>
        ) : null}
        {phase === 'checking' ? (
          <Typography.Text type="secondary">
            <LoadingOutlined /> {t('video.upload.checking')}
          </Typography.Text>
        ) : null}
        {phase === 'merging' || phase === 'processing' ? (
          <Typography.Text type="secondary" data-testid="upload-state" data-state="processing">
            <LoadingOutlined /> {t('video.upload.processing')}
          </Typography.Text>
        ) : null}
        {phase === 'ready' ? (
          <Typography.Text type="success" data-testid="upload-state" data-state="ready">
            <CheckCircleFilled /> {t('video.upload.ready')}
            {video.info
              ? ` · ${formatDuration(video.info.duration)} · ${video.info.width}×${video.info.height}`
              : ''}
          </Typography.Text>
        ) : null}
        {shown ? (
          <Typography.Text type="danger" role="alert" data-testid="upload-error" style={{ display: 'block' }}>
            <CloseCircleFilled /> {t(shown.key, shown.values)}
            {shown.detail ? `: ${shown.detail}` : ''}
            <RuleLink ruleRef={shown.ruleRef} />
            {shown === taskError && task?.error?.kind === 'upload' ? (
              <div style={{ fontSize: 12 }}>{t('video.upload.resumeHint')}</div>
            ) : null}
          </Typography.Text>
        ) : null}
        {task && (phase === 'uploading' || phase === 'failed') ? (
          <Space style={{ marginTop: 4 }}>
            <Button
              size="small"
              icon={<StopOutlined />}
              onClick={() => handleCancel(task)}
              data-testid="upload-cancel"
            >
              {phase === 'failed' ? t('video.uploads.resume.discard') : t('video.upload.cancel')}
            </Button>
          </Space>
        ) : null}
      </div>
    </div>
  );
}
