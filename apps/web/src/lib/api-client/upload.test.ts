import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchImageAsFile, uploadImage, UploadError } from './upload';

class FakeXhr {
  static last: FakeXhr;
  static respond: { status: number; text: string } = { status: 200, text: '' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  abort() {}
  send(body: FormData) {
    this.body = body;
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100 });
      this.status = FakeXhr.respond.status;
      this.responseText = FakeXhr.respond.text;
      this.onload?.();
    });
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 640, height: 480, close() {} })),
  );
  document.cookie = 'UserGuid=guid-123';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'UserGuid=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const file = () => new File([new Uint8Array([1, 2, 3])], 'cover.jpg', { type: 'image/jpeg' });

describe('uploadImage (spec §7, API.md §8)', () => {
  it('posts width, height, extra fields and the file with the spec headers, reporting progress', async () => {
    FakeXhr.respond = {
      status: 200,
      text: JSON.stringify({ status: 1, data: { url: '/media/img/640x480/k.jpg' } }),
    };
    const progress: number[] = [];
    const result = await uploadImage({
      file: file(),
      data: { use: 'cover' },
      fieldName: 'img',
      onProgress: (p) => progress.push(p),
    });
    const x = FakeXhr.last;
    expect(x.method).toBe('POST');
    expect(x.url).toBe('/fileservice/image');
    // Accept-Language: the refusal comes back in the UI language (issue #9)
    expect(x.headers).toEqual({
      cid: '500',
      ver: '1.0.4',
      'x-user-guid': 'guid-123',
      'Accept-Language': 'zh-CN',
    });
    expect(x.body!.get('width')).toBe('640');
    expect(x.body!.get('height')).toBe('480');
    expect(x.body!.get('use')).toBe('cover');
    expect((x.body!.get('img') as File).name).toBe('cover.jpg');
    expect(progress).toEqual([50, 100]);
    expect(result).toEqual({ status: 1, data: { url: '/media/img/640x480/k.jpg' } });
  });

  it('falls back to plain text when a 2xx body is not JSON', async () => {
    FakeXhr.respond = { status: 201, text: 'ok' };
    await expect(uploadImage({ file: file(), action: '/up' })).resolves.toBe('ok');
    expect(FakeXhr.last.withCredentials).toBe(false);
  });

  it('sends credentials when asked', async () => {
    FakeXhr.respond = { status: 200, text: '{}' };
    await uploadImage({ file: file(), withCredentials: true });
    expect(FakeXhr.last.withCredentials).toBe(true);
  });

  it.each([
    [{ status: 413, text: JSON.stringify({ error: 'file too large' }) }, 'file too large'],
    [{ status: 400, text: JSON.stringify({ status: 10007, message: 'not an image' }) }, 'not an image'],
    [{ status: 500, text: 'gateway exploded' }, 'gateway exploded'],
    [{ status: 502, text: '' }, 'fail to post /fileservice/image 502'],
  ])('a non-2xx status rejects with status, method post, url and message (%#)', async (respond, message) => {
    FakeXhr.respond = respond;
    const err = await uploadImage({ file: file() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect(err).toMatchObject({ status: respond.status, method: 'post', url: '/fileservice/image', message });
  });

  it('a 3xx is not success', async () => {
    FakeXhr.respond = { status: 304, text: '' };
    await expect(uploadImage({ file: file() })).rejects.toMatchObject({ status: 304 });
  });
});

describe('fetchImageAsFile (spec §7)', () => {
  it('fetches a URL into a named File of the blob type', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array([9]), { headers: { 'Content-Type': 'image/png' } })),
    );
    const f = await fetchImageAsFile('/media/img/0x0/a.png', 'a.png');
    expect(f).toBeInstanceOf(File);
    expect(f.name).toBe('a.png');
    expect(f.type).toBe('image/png');
    expect(f.size).toBe(1);
  });

  it('rejects when the fetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    await expect(fetchImageAsFile('/x', 'x.png')).rejects.toThrow('404');
  });
});
