import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureCoverFrame, COVER_JPEG_QUALITY, readVideoInfo } from './video-info';

// jsdom decodes no media and has no 2D canvas: these tests check the wiring (events, seek, canvas,
// object-URL cleanup) with a fake <video> and canvas. Real decoding is covered by the browser test of #3.
function fakeVideo(meta: { duration: number; videoWidth: number; videoHeight: number }) {
  const video = document.createElement('video');
  for (const [k, v] of Object.entries(meta)) Object.defineProperty(video, k, { value: v });
  let currentTime = 0;
  Object.defineProperty(video, 'currentTime', {
    get: () => currentTime,
    set: (t: number) => {
      currentTime = t;
      queueMicrotask(() => video.dispatchEvent(new Event('seeked')));
    },
  });
  const realSrc = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src')!;
  Object.defineProperty(video, 'src', {
    get: () => realSrc.get!.call(video),
    set: (v: string) => {
      realSrc.set!.call(video, v);
      queueMicrotask(() => video.dispatchEvent(new Event(meta.duration < 0 ? 'error' : 'loadedmetadata')));
    },
  });
  return video;
}

function stubDom(video: HTMLVideoElement, ctx: unknown = { drawImage: vi.fn() }) {
  const revoke = vi.fn();
  // jsdom has no object URLs: define them for this test, removed again in afterEach
  Object.assign(URL, { createObjectURL: () => 'blob:fake', revokeObjectURL: revoke });
  const canvas = document.createElement('canvas');
  const toDataURL = vi.fn(() => 'data:image/jpeg;base64,XYZ');
  Object.assign(canvas, { getContext: () => ctx, toDataURL });
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
    tag === 'video' ? video : tag === 'canvas' ? canvas : create(tag),
  );
  return { revoke, canvas, toDataURL, ctx };
}

const hadObjectUrls = 'createObjectURL' in URL;
afterEach(() => {
  if (!hadObjectUrls) {
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  }
});

describe('readVideoInfo', () => {
  it('resolves duration (s), width and height (px) from the metadata and revokes the URL', async () => {
    const { revoke } = stubDom(fakeVideo({ duration: 12.5, videoWidth: 1920, videoHeight: 1080 }));
    expect(await readVideoInfo(new Blob(['x']))).toEqual({ duration: 12.5, width: 1920, height: 1080 });
    expect(revoke).toHaveBeenCalledWith('blob:fake');
  });

  it('rejects when the browser cannot decode the file', async () => {
    const { revoke } = stubDom(fakeVideo({ duration: -1, videoWidth: 0, videoHeight: 0 }));
    await expect(readVideoInfo(new Blob(['x']))).rejects.toThrow('cannot read');
    expect(revoke).toHaveBeenCalled();
  });
});

describe('captureCoverFrame', () => {
  it('seeks (clamped to the length), draws the frame at the video size, returns a JPEG data URL', async () => {
    const video = fakeVideo({ duration: 8, videoWidth: 640, videoHeight: 360 });
    const { canvas, toDataURL, ctx } = stubDom(video);
    const frame = await captureCoverFrame(new Blob(['x']), 30);
    expect(video.currentTime).toBe(8);
    expect([canvas.width, canvas.height]).toEqual([640, 360]);
    expect((ctx as { drawImage: ReturnType<typeof vi.fn> }).drawImage).toHaveBeenCalledWith(
      video,
      0,
      0,
      640,
      360,
    );
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', COVER_JPEG_QUALITY);
    expect(frame).toEqual({ coverBase64: 'data:image/jpeg;base64,XYZ', width: 640, height: 360 });
  });

  it('rejects when there is no 2D canvas', async () => {
    stubDom(fakeVideo({ duration: 8, videoWidth: 640, videoHeight: 360 }), null);
    await expect(captureCoverFrame(new Blob(['x']), 1)).rejects.toThrow('no 2D canvas');
  });
});
