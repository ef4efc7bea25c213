import { Alert, Button, Progress, Space, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  LoadingOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDuration, VIDEO_EXTENSIONS, type UploadUse } from '@cc/contracts';
import { UploadArea } from '../../../components/upload-area';
import {
  captureCoverFrame,
  checkVideoFile,
  createFileServiceClient,
  createUpload,
  createXhrTransport,
  readVideoInfo,
  uploadMessageKeys,
  type UploadHandle,
  type UploadProgress,
  type VideoInfo,
} from '@cc/uploader';
import { getUploadVideoSecret } from '../api/video-api';
import {
  checkSmallVideoFile,
  displayPercent,
  formatSpeed,
  formatTimeLeft,
  tokenFailureMessage,
  uploadFailureMessage,
  type Msg,
} from '../logic';

/** What the form learns from the uploader. */
export interface UploadedVideo {
  /** the upload id (API.md §7 `fileUploadId`), once the merge is confirmed */
  fileUploadId: string | null;
  /** probed by the server and playable */
  isReady: boolean;
  /** seconds, pixels (from the server once ready, else from the browser) */
  info: VideoInfo | null;
  /** the frame the server made or kept as cover (`/media/img/...`), once known */
  frameCoverUrl: string | null;
  /** the frame taken in the browser (data URL), shown until the server's is there */
  frameDataUrl: string | null;
}

type Phase = 'idle' | 'checking' | 'uploading' | 'processing' | 'ready' | 'failed';

/** How often, and how long, the page asks whether the merged video is probed. */
const READY_POLL_MS = 2000;
const READY_POLL_MAX_MS = 10 * 60_000;

const ACCEPT = VIDEO_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The video upload of the publishing pages (issue #3; spec §2, §4, §5, §8): the 384 × 234 drop area with a
 * 210 × 140 preview and the spec §5 hint; disabled until the upload token is obtained (a failed token call
 * shows 'network error' and the server's message unless 10002); validation word for word before anything is
 * sent; for short videos the shape and the author's duration limit checked in the browser first; live
 * progress (percent, speed, time left); cancel (global cancel + server DELETE); resume by choosing the same
 * file again; then waits until the server has probed the video (duration, width, height, cover).
 */
export function VideoUploader({
  use,
  maxDurationSeconds,
  existing,
  onChange,
}: {
  use: UploadUse;
  /** short videos: the author's limit in seconds (unknown yet: not checked in the browser) */
  maxDurationSeconds?: number;
  /** the upload of the video being edited */
  existing?: UploadedVideo & { state: string };
  onChange: (video: UploadedVideo) => void;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>(
    existing?.fileUploadId
      ? existing.isReady
        ? 'ready'
        : existing.state === 'failed'
          ? 'failed'
          : 'processing'
      : 'idle',
  );
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<{
    key: string;
    detail: string | null;
    values?: Record<string, unknown>;
  } | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [video, setVideo] = useState<UploadedVideo>(
    existing ?? { fileUploadId: null, isReady: false, info: null, frameCoverUrl: null, frameDataUrl: null },
  );
  const handle = useRef<UploadHandle | null>(null);
  const pollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const update = useCallback((next: UploadedVideo) => {
    setVideo(next);
    onChangeRef.current(next);
  }, []);

  // Upload is disabled until the token is here (spec §5); a failed call shows 'network error' and the
  // server's message unless 10002 (the api-client has gone to the login page then).
  const tokenQuery = useQuery({
    queryKey: ['video', 'upload-token'],
    queryFn: getUploadVideoSecret,
    retry: false,
    staleTime: 12 * 3600_000,
  });
  const token = tokenQuery.data?.token ?? null;
  const tokenError = tokenQuery.isError ? tokenFailureMessage(tokenQuery.error) : null;

  useEffect(
    () => () => {
      // Leaving the page stops the upload and frees its bytes (the global cancel, spec §4 step 6).
      if (pollTimer.current) clearTimeout(pollTimer.current);
      void handle.current?.cancel();
    },
    [],
  );

  /** Asks the file service until the merged video is probed (`ready`) or refused (`failed`). */
  const waitUntilReady = useCallback(
    (key: string, tok: string, base: UploadedVideo, startedAt = Date.now()) => {
      const client = createFileServiceClient(createXhrTransport(), tok);
      const tick = () => {
        client
          .queryMergeFile(key)
          .result.then((s) => {
            if (s.state === 'ready') {
              setPhase('ready');
              update({
                ...base,
                fileUploadId: key,
                isReady: true,
                info:
                  s.duration !== undefined && s.width !== undefined && s.height !== undefined
                    ? { duration: s.duration, width: s.width, height: s.height }
                    : base.info,
                frameCoverUrl: s.coverUrl ?? base.frameCoverUrl,
              });
              return;
            }
            if (s.state === 'failed') {
              setPhase('failed');
              setError({ key: 'video.upload.processingFailed', detail: s.error ?? null });
              update({ ...base, fileUploadId: null, isReady: false });
              return;
            }
            if (Date.now() - startedAt < READY_POLL_MAX_MS)
              pollTimer.current = setTimeout(tick, READY_POLL_MS);
          })
          .catch(() => {
            if (Date.now() - startedAt < READY_POLL_MAX_MS)
              pollTimer.current = setTimeout(tick, READY_POLL_MS);
          });
      };
      tick();
    },
    [update],
  );

  const handleFile = async (file: File) => {
    if (!token || phase === 'uploading' || phase === 'checking') return;
    setError(null);
    const code = checkVideoFile(file);
    if (code) {
      setError({ key: uploadMessageKeys.error[code], detail: null });
      return;
    }
    setPhase('checking');
    setFileName(file.name);
    setProgress(null);
    // The browser may not decode every accepted format (rmvb…): the server probes it anyway.
    const info = await readVideoInfo(file).catch(() => null);
    if (use === 'smallVideo' && info && maxDurationSeconds !== undefined) {
      const problem: Msg | null = checkSmallVideoFile(info, maxDurationSeconds);
      if (problem) {
        setPhase('idle');
        setError({ key: problem.key, values: problem.values, detail: null });
        return;
      }
    }
    const frame = info
      ? await captureCoverFrame(file, Math.min(1, info.duration / 2)).catch(() => null)
      : null;
    const base: UploadedVideo = {
      fileUploadId: null,
      isReady: false,
      info,
      frameCoverUrl: null,
      frameDataUrl: frame?.coverBase64 ?? null,
    };
    update(base);
    const upload = createUpload({
      file,
      use,
      getToken: () => Promise.resolve({ token }),
      coverBase64: frame?.coverBase64,
      coverName: frame ? 'cover.jpg' : undefined,
      onProgress: setProgress,
      onSuccess: () => {
        const key = upload.key!;
        setProgress((p) => (p ? { ...p, progress: 100, timeLeft: 0 } : p));
        const merged: UploadedVideo = { ...base, fileUploadId: key };
        // Merged: the probe job reads duration, size and makes the cover; ask until it is done.
        setPhase('processing');
        update(merged);
        waitUntilReady(key, token, merged);
      },
      onFailure: (failure) => {
        setPhase('failed');
        setError(uploadFailureMessage(failure));
      },
    });
    handle.current = upload;
    setPhase('uploading');
    await upload.start();
  };

  const handleCancel = async () => {
    const current = handle.current;
    handle.current = null;
    if (pollTimer.current) clearTimeout(pollTimer.current);
    setPhase('idle');
    setProgress(null);
    setFileName(null);
    update({ fileUploadId: null, isReady: false, info: null, frameCoverUrl: null, frameDataUrl: null });
    await current?.cancel();
  };

  const percent = progress ? displayPercent(progress.progress) : 0;
  const busy = phase === 'uploading' || phase === 'checking';
  const previewSrc = video.frameCoverUrl ?? video.frameDataUrl;
  const label =
    phase === 'idle' || phase === 'failed'
      ? t('video.upload.choose')
      : busy
        ? t('video.upload.busy')
        : t('video.upload.replace');

  return (
    <div>
      <UploadArea
        accept={ACCEPT}
        onFile={(f) => void handleFile(f)}
        ariaLabel={t('video.upload.choose')}
        label={label}
        hint={
          <>
            {t('upload.hint')}
            {use === 'smallVideo' && maxDurationSeconds !== undefined ? (
              <div data-testid="duration-limit">{t('video.small.limit', { max: maxDurationSeconds })}</div>
            ) : null}
          </>
        }
        disabled={!token || busy}
        inputTestId="video-file-input"
        preview={previewSrc ? <img src={previewSrc} alt={t('video.upload.previewAlt')} /> : undefined}
      />
      <div className="cc-video-status" aria-live="polite">
        {!token && !tokenError ? (
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
        {fileName ? (
          <Typography.Text ellipsis style={{ display: 'block', maxWidth: 384 }}>
            {fileName}
          </Typography.Text>
        ) : null}
        {phase === 'uploading' || (progress && phase !== 'idle') ? (
          <div data-testid="upload-progress" data-percent={percent}>
            <Progress
              percent={percent}
              size="small"
              status={phase === 'failed' ? 'exception' : undefined}
              format={(p) => `${p ?? 0}%`}
            />
            {phase === 'uploading' && progress ? (
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
        {phase === 'processing' ? (
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
        {error ? (
          <Typography.Text type="danger" role="alert" data-testid="upload-error" style={{ display: 'block' }}>
            <CloseCircleFilled /> {t(error.key, error.values)}
            {error.detail ? `: ${error.detail}` : ''}
            {phase === 'failed' && !error.key.startsWith('video.upload.processing') ? (
              <div style={{ fontSize: 12 }}>{t('video.upload.resumeHint')}</div>
            ) : null}
          </Typography.Text>
        ) : null}
        {phase === 'uploading' ? (
          <Space style={{ marginTop: 4 }}>
            <Button
              size="small"
              icon={<StopOutlined />}
              onClick={() => void handleCancel()}
              data-testid="upload-cancel"
            >
              {t('video.upload.cancel')}
            </Button>
          </Space>
        ) : null}
      </div>
    </div>
  );
}
