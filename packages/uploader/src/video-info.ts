/** Duration and size of a video as the browser reads them (spec §3 video info). */
export interface VideoInfo {
  /** seconds */
  duration: number;
  /** pixels */
  width: number;
  height: number;
}

/** A frame taken from the video as the default cover (issue #3). */
export interface CoverFrame {
  /** `data:image/jpeg;base64,…` */
  coverBase64: string;
  /** pixels, the video's own size */
  width: number;
  height: number;
}

/** JPEG quality of the cover frame. */
export const COVER_JPEG_QUALITY = 0.9;

/**
 * Loads `file` into a detached, muted `<video>` and resolves `fn`'s result once `event` has fired after
 * `setup`; rejects when the browser cannot decode the file. The object URL is always revoked.
 */
function withVideo<T>(
  file: Blob,
  setup: (video: HTMLVideoElement) => void,
  event: string,
  fn: (video: HTMLVideoElement) => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const cleanup = () => {
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.addEventListener('error', () => {
      cleanup();
      reject(new Error('the browser cannot read this video'));
    });
    video.addEventListener(
      'loadedmetadata',
      () => {
        if (event === 'loadedmetadata') return;
        setup(video);
      },
      { once: true },
    );
    video.addEventListener(
      event,
      () => {
        try {
          resolve(fn(video));
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        } finally {
          cleanup();
        }
      },
      { once: true },
    );
    video.src = url;
  });
}

/**
 * Reads a video's duration (seconds) and width/height (pixels) in the browser via `<video>` metadata
 * (issue #3). Rejects when the browser cannot decode the file (e.g. rmvb): the server probes it anyway.
 */
export function readVideoInfo(file: Blob): Promise<VideoInfo> {
  return withVideo(
    file,
    () => {},
    'loadedmetadata',
    (v) => ({
      duration: v.duration,
      width: v.videoWidth,
      height: v.videoHeight,
    }),
  );
}

/**
 * Takes the frame at `atSeconds` (clamped to the video's length) as a JPEG data URL through a canvas of
 * the video's own size, for the cover (`coverBase64`, issue #3). Rejects when the file cannot be decoded
 * or the canvas gives no 2D context.
 */
export function captureCoverFrame(file: Blob, atSeconds: number): Promise<CoverFrame> {
  return withVideo(
    file,
    (v) => {
      const end = Number.isFinite(v.duration) ? v.duration : 0;
      v.currentTime = Math.max(0, Math.min(atSeconds, end));
    },
    'seeked',
    (v) => {
      const canvas = document.createElement('canvas');
      canvas.width = v.videoWidth;
      canvas.height = v.videoHeight;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2D canvas');
      ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
      return {
        coverBase64: canvas.toDataURL('image/jpeg', COVER_JPEG_QUALITY),
        width: v.videoWidth,
        height: v.videoHeight,
      };
    },
  );
}
