import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, type VideoDot } from '@cc/contracts';
import { dotMarkerPercent } from '../logic';

export interface DotPlayerHandle {
  /** the playhead, seconds */
  currentTime(): number;
  seek(seconds: number): void;
}

/**
 * A `<video>` over the range-served URL (seeking asks the server for byte ranges) with a timeline under it
 * showing the dots as chapter marks: small markers at time / duration, each a button that seeks there.
 */
export const DotPlayer = forwardRef<
  DotPlayerHandle,
  { src: string; duration: number; dots: readonly VideoDot[] }
>(function DotPlayer({ src, duration, dots }, ref) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [now, setNow] = useState(0);
  const [length, setLength] = useState(duration);

  useImperativeHandle(ref, () => ({
    currentTime: () => video.current?.currentTime ?? 0,
    seek: (seconds: number) => {
      if (video.current) video.current.currentTime = seconds;
      setNow(seconds);
    },
  }));

  useEffect(() => setLength(duration), [duration]);

  const seek = (seconds: number) => {
    if (video.current) video.current.currentTime = seconds;
    setNow(seconds);
  };

  return (
    <div>
      <video
        ref={video}
        className="cc-player"
        src={src}
        controls
        preload="metadata"
        data-testid="dot-player"
        onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
        onSeeked={(e) => setNow(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          if (Number.isFinite(e.currentTarget.duration)) setLength(e.currentTarget.duration);
        }}
      />
      <div className="cc-timeline" data-testid="dot-timeline" aria-label={t('video.dots.timeline')}>
        <div
          className="cc-timeline-track"
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            if (box.width > 0) seek(((e.clientX - box.left) / box.width) * length);
          }}
        />
        <div className="cc-timeline-played" style={{ width: `${dotMarkerPercent(now, length)}%` }} />
        {dots.map((dot) => (
          <button
            key={`${dot.time}-${dot.title}`}
            type="button"
            className="cc-timeline-dot"
            data-testid="dot-marker"
            style={{ left: `${dotMarkerPercent(dot.time, length)}%` }}
            title={`${formatDuration(dot.time)} ${dot.title}`}
            aria-label={t('video.dots.seekTo', { time: formatDuration(dot.time), title: dot.title })}
            onClick={() => seek(dot.time)}
          />
        ))}
      </div>
      <div className="cc-tabular" style={{ fontSize: 12, color: 'var(--cc-text-description)' }}>
        {formatDuration(now)} / {formatDuration(length)}
      </div>
    </div>
  );
});
