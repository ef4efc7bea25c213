import { Typography } from 'antd';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/states';

/** What the player needs of the picked video (`GET /api/video/detail {id}`, composed by the route). */
export interface BarrageVideoDetail {
  title: string;
  /** the video's type (`video` or `smallVideo`) */
  use: 'video' | 'smallVideo';
  /** the range-served URL; null while the upload is still processed */
  videoUrl: string | null;
}

/** The state of the picked video's detail query (a react-query result or alike). */
export interface BarrageVideoQuery {
  data: BarrageVideoDetail | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The player's handle: jump to a second of the video. */
export interface BarragePlayerHandle {
  seek(seconds: number): void;
}

/**
 * A plain `<video controls>` of the picked video. `seek` sets the playhead without starting playback (the author
 * presses play when ready); a seek asked before the element exists (a position clicked in the all-videos list)
 * is kept in `initialSeconds` and applied when it appears — a browser holds it as the start position until the
 * metadata arrives.
 */
export const BarragePlayer = forwardRef<
  BarragePlayerHandle,
  { video: BarrageVideoQuery; initialSeconds: number | null; onInitialSeekDone: () => void }
>(function BarragePlayer({ video, initialSeconds, onInitialSeekDone }, ref) {
  const { t } = useTranslation();
  const element = useRef<HTMLVideoElement>(null);
  useImperativeHandle(ref, () => ({
    seek: (seconds: number) => {
      if (element.current) element.current.currentTime = seconds;
    },
  }));
  const src = video.data?.videoUrl ?? null;
  useEffect(() => {
    if (initialSeconds === null || !element.current) return;
    element.current.currentTime = initialSeconds;
    onInitialSeekDone();
  }, [initialSeconds, src, onInitialSeekDone]);

  if (video.isPending) return <LoadingState rows={6} />;
  if (video.isError) return <ErrorState error={video.error} onRetry={() => void video.refetch()} />;
  if (!src) {
    return (
      <Typography.Paragraph className="cc-barrage-muted" data-testid="barrage-player-processing">
        {t('barrage.player.processing')}
      </Typography.Paragraph>
    );
  }
  return (
    <div>
      <video
        ref={element}
        className="cc-player"
        src={src}
        controls
        preload="metadata"
        aria-label={t('barrage.player.label', { title: video.data?.title ?? '' })}
        data-testid="barrage-player"
      />
      <Typography.Paragraph className="cc-barrage-muted cc-barrage-player-hint">
        {t('barrage.player.hint')}
      </Typography.Paragraph>
    </div>
  );
});
