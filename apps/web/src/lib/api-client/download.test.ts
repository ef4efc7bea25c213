import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEV_SIGN_SECRET, computeSign } from '@cc/contracts';
import { browserLocation } from './api-client';
import { ApiError } from './api-error';
import { downloadSigned, filenameFromDisposition, saveBlob } from './download';

let calls: { url: string; init: RequestInit }[];
let reply: () => Response;

/** A body that arrives in the given chunks. */
function streamed(chunks: string[], headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new Response(body, { headers });
}

/** jsdom's Blob has no text(): read it with a FileReader. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      return reply();
    }),
  );
  document.cookie = 'userid=7';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'userid=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('downloadSigned (issue #12: exports)', () => {
  it('signs the GET like apiGet: the six fields in the query, a valid sign, the uid cookie', async () => {
    reply = () => new Response('a,b\n', { headers: { 'Content-Type': 'text/csv' } });
    await downloadSigned('data/work_export', { period: '7d', format: 'csv' });
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/data/work_export');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ cid: '500', ver: '1.0.4', uid: '7', param: '{"period":"7d","format":"csv"}' });
    expect(q.sign).toBe(computeSign('500', q.param!, '1.0.4', q.t!, DEV_SIGN_SECRET));
    expect(calls[0]!.init.method).toBe('GET');
    expect((calls[0]!.init.headers as Record<string, string>).encryptType).toBe('1');
    expect(calls[0]!.init.credentials).toBe('same-origin');
  });

  it('reads the stream counting bytes, total from Content-Length, and names the file from Content-Disposition', async () => {
    reply = () =>
      streamed(['abc', 'defgh', 'ij'], {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Length': '10',
        'Content-Disposition': `attachment; filename="works.csv"; filename*=UTF-8''${encodeURIComponent('作品数据.csv')}`,
      });
    const progress: [number, number | null][] = [];
    const { blob, filename } = await downloadSigned(
      '/api/data/work_export',
      { period: 'all', format: 'csv' },
      { onProgress: (r, t) => progress.push([r, t]) },
    );
    expect(filename).toBe('作品数据.csv');
    expect(await readText(blob)).toBe('abcdefghij');
    expect(blob.type).toBe('text/csv; charset=utf-8');
    expect(progress).toEqual([
      [0, 10],
      [3, 10],
      [8, 10],
      [10, 10],
    ]);
  });

  it('total is null without Content-Length', async () => {
    reply = () => streamed(['x'], { 'Content-Type': 'application/octet-stream' });
    const progress: (number | null)[] = [];
    await downloadSigned('data/work_export', {}, { onProgress: (_r, t) => progress.push(t) });
    expect(progress.every((t) => t === null)).toBe(true);
  });

  it('a JSON envelope where the file was expected rejects with the ApiError apiGet throws', async () => {
    reply = () =>
      new Response(
        JSON.stringify({ status: 10007, message: 'format 不对', data: null, ercd: 'VALIDATION_FAILED' }),
        { status: 400, headers: { 'Content-Type': 'application/json; charset=utf-8' } },
      );
    const err = await downloadSigned('data/work_export', { format: 'pdf' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 10007, message: 'format 不对', ercd: 'VALIDATION_FAILED' });
  });

  it('10002 sends the browser to the login page, like apiGet', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    window.history.replaceState(null, '', '/workData');
    reply = () =>
      new Response(JSON.stringify({ status: 10002, message: '未登录', data: null, ercd: 'NOT_LOGGED_IN' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    await expect(downloadSigned('data/work_export', {})).rejects.toMatchObject({ status: 10002 });
    expect(assign).toHaveBeenCalledWith('/login?backurl=' + encodeURIComponent('/workData'));
  });

  it('an HTTP error without an envelope rejects with an ApiError too', async () => {
    reply = () => new Response('boom', { status: 502, statusText: 'Bad Gateway' });
    await expect(downloadSigned('data/work_export', {})).rejects.toBeInstanceOf(ApiError);
  });
});

describe('filenameFromDisposition (RFC 6266)', () => {
  it('prefers filename*, decodes UTF-8, falls back to filename', () => {
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E7%B2%89%E4%B8%9D.xlsx`)).toBe('粉丝.xlsx');
    expect(filenameFromDisposition(`attachment; filename*=utf-8'zh'a%20b.csv; filename="x.csv"`)).toBe(
      'a b.csv',
    );
    expect(filenameFromDisposition('attachment; filename="works 7d.csv"')).toBe('works 7d.csv');
    expect(filenameFromDisposition('attachment; filename=works.csv')).toBe('works.csv');
    expect(filenameFromDisposition('attachment; filename="a\\"b.csv"')).toBe('a"b.csv');
    expect(filenameFromDisposition('attachment')).toBe('');
    expect(filenameFromDisposition(null)).toBe('');
  });
});

describe('saveBlob', () => {
  it('clicks a temporary <a download> with an object URL and removes it', () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    saveBlob(new Blob(['x']), 'works.csv');
    expect(clicked).toEqual([{ href: 'blob:x', download: 'works.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
