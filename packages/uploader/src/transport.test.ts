import { describe, expect, it } from 'vitest';
import { createXhrTransport, TransportError } from './transport';
import { createFileServiceClient, FileServiceError, unwrapEnvelope } from './fileservice-client';

class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
}

function transportWith() {
  const xhrs: FakeXhr[] = [];
  const transport = createXhrTransport(() => {
    const x = new FakeXhr();
    xhrs.push(x);
    return x;
  });
  return { transport, xhrs };
}

describe('createXhrTransport', () => {
  it('opens, sets headers, reports upload progress and parses the JSON body', async () => {
    const { transport, xhrs } = transportWith();
    const seen: [number, number][] = [];
    const form = new FormData();
    const call = transport.send({
      method: 'POST',
      url: '/fileservice/moreShard?token=t',
      headers: { 'content-md5': 'abc==' },
      body: form,
      onUploadProgress: (l, t) => seen.push([l, t]),
    });
    const x = xhrs[0]!;
    expect([x.method, x.url, x.headers, x.body]).toEqual([
      'POST',
      '/fileservice/moreShard?token=t',
      { 'content-md5': 'abc==' },
      form,
    ]);
    x.upload.onprogress!({ loaded: 10, total: 20, lengthComputable: true } as ProgressEvent);
    x.status = 200;
    x.responseText = '{"status":1,"message":"success","data":{"received":1}}';
    x.onload!();
    expect(await call.response).toEqual({
      httpStatus: 200,
      body: { status: 1, message: 'success', data: { received: 1 } },
    });
    expect(seen).toEqual([[10, 20]]);
  });

  it('a non-JSON body comes back as text; a network error rejects with kind network', async () => {
    const { transport, xhrs } = transportWith();
    const a = transport.send({ method: 'GET', url: '/x', headers: {} });
    xhrs[0]!.status = 502;
    xhrs[0]!.responseText = '<html>bad gateway</html>';
    xhrs[0]!.onload!();
    expect(await a.response).toEqual({ httpStatus: 502, body: '<html>bad gateway</html>' });
    const b = transport.send({ method: 'GET', url: '/y', headers: {} });
    xhrs[1]!.onerror!();
    await expect(b.response).rejects.toMatchObject({ name: 'TransportError', kind: 'network' });
  });

  it('abort() aborts the XHR and rejects with kind aborted even when no abort event fires', async () => {
    const { transport, xhrs } = transportWith();
    const call = transport.send({ method: 'POST', url: '/z', headers: {} });
    call.abort();
    expect(xhrs[0]!.aborted).toBe(true);
    await expect(call.response).rejects.toBeInstanceOf(TransportError);
    await expect(call.response).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('file service envelope (API.md §3)', () => {
  it('unwraps status 1; other statuses and non-envelopes throw FileServiceError', () => {
    expect(unwrapEnvelope({ httpStatus: 200, body: { status: 1, message: 'success', data: 7 } })).toBe(7);
    const e = (() => {
      try {
        unwrapEnvelope({
          httpStatus: 400,
          body: { status: 0, message: 'no', ercd: 'SHARDS_MISSING', data: { missing: [2] } },
        });
      } catch (err) {
        return err;
      }
    })() as FileServiceError;
    expect(e).toBeInstanceOf(FileServiceError);
    expect([e.status, e.message, e.ercd, e.data, e.httpStatus]).toEqual([
      0,
      'no',
      'SHARDS_MISSING',
      { missing: [2] },
      400,
    ]);
    expect(() => unwrapEnvelope({ httpStatus: 502, body: '<html>' })).toThrow(FileServiceError);
  });

  it('every call carries the token in the query and x-user-guid read from the UserGuid cookie', async () => {
    document.cookie = 'UserGuid=guid-from-cookie; path=/';
    const { transport, xhrs } = transportWith();
    const client = createFileServiceClient(transport, 't/+=');
    void client.deleteUpload('k1').result.catch(() => {});
    void client.queryMergeFile('k1').result.catch(() => {});
    expect(xhrs.map((x) => [x.method, x.url])).toEqual([
      ['DELETE', '/fileservice/upload?token=t%2F%2B%3D&fileUploadId=k1'],
      ['GET', '/fileservice/isExistLocalMergeFile?token=t%2F%2B%3D&fileUploadId=k1'],
    ]);
    expect(xhrs.every((x) => x.headers['x-user-guid'] === 'guid-from-cookie')).toBe(true);
    document.cookie = 'UserGuid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});
