import { afterEach, describe, expect, it } from 'vitest';
import { createFileServiceClient } from './fileservice-client';
import type { TransportRequest, UploadTransport } from './transport';

// Issue #9 "Language": the file service's messages follow the UI language, which the web app keeps in
// <html lang>, not the browser's own Accept-Language.
function recordingTransport(sent: TransportRequest[]): UploadTransport {
  return {
    send(request) {
      sent.push(request);
      return {
        response: Promise.resolve({ httpStatus: 200, body: { status: 1, message: 'success', data: null } }),
        abort: () => undefined,
      };
    },
  };
}

afterEach(() => {
  document.documentElement.lang = '';
});

describe('createFileServiceClient headers', () => {
  it.each(['zh-CN', 'en-US'])('sends Accept-Language %s from <html lang> with every call', async (lang) => {
    document.documentElement.lang = lang;
    const sent: TransportRequest[] = [];
    const client = createFileServiceClient(recordingTransport(sent), 'tok', () => 'guid-1');
    await client.merge('key-1').result;
    await client.queryMergeFile('key-1').result;
    expect(sent.map((r) => r.headers['accept-language'])).toEqual([lang, lang]);
    expect(sent.every((r) => r.headers['x-user-guid'] === 'guid-1')).toBe(true);
  });

  it('reads the language at each call (a switch mid-upload applies to the next shard)', async () => {
    const sent: TransportRequest[] = [];
    const client = createFileServiceClient(recordingTransport(sent), 'tok', () => 'g');
    document.documentElement.lang = 'zh-CN';
    await client.merge('k').result;
    document.documentElement.lang = 'en-US';
    await client.merge('k').result;
    expect(sent.map((r) => r.headers['accept-language'])).toEqual(['zh-CN', 'en-US']);
  });

  it('leaves the header to the browser when the page has no language', async () => {
    const sent: TransportRequest[] = [];
    await createFileServiceClient(recordingTransport(sent), 'tok', () => 'g').merge('k').result;
    expect('accept-language' in sent[0]!.headers).toBe(false);
  });
});
