/** Test-only helpers: a scriptable fake transport and files with known bytes. Not exported by index.ts. */
import { FILESERVICE_PATHS } from '@cc/contracts';
import {
  TransportError,
  type TransportCall,
  type TransportRequest,
  type TransportResponse,
  type UploadTransport,
} from './transport';

/**
 * jsdom's Blob has `slice` but no `arrayBuffer()` (browsers have had it since 2020), and its FileReader
 * runs on timers that fake timers hold. Test-only polyfill: read the bytes jsdom keeps in the Blob's
 * implementation object (`_buffer`), synchronously, so the uploader's real `file.slice(a, b).arrayBuffer()`
 * path runs under fake timers.
 */
export function polyfillBlobArrayBuffer(): void {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function (this: Blob): Promise<ArrayBuffer> {
    const sym = Object.getOwnPropertySymbols(this).find((s) => s.description === 'impl');
    const impl = sym ? (this as unknown as Record<symbol, { _buffer?: Uint8Array }>)[sym] : undefined;
    if (!impl?._buffer) return Promise.reject(new Error('polyfill: not a jsdom Blob'));
    const buf = impl._buffer;
    return Promise.resolve(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
  };
}
polyfillBlobArrayBuffer();

export interface FakeRequest {
  req: TransportRequest;
  /** path without query, e.g. `/fileservice/moreShard` */
  path: string;
  query: URLSearchParams;
  /** fake-clock time the request was sent, ms */
  sentAt: number;
  settled: boolean;
  aborted: boolean;
  resolve(res: TransportResponse): void;
  reject(err: Error): void;
  /** the multipart form of a shard request */
  form: FormData | null;
}

/** What an auto-responder answers: a response, an Error (network failure) or 'manual' (the test settles it). */
export type FakeAnswer = TransportResponse | Error | 'manual';

export const ok = (data: unknown): TransportResponse => ({
  httpStatus: 200,
  body: { status: 1, message: 'success', data },
});
export const refused = (
  status: number,
  message: string,
  ercd?: string,
  data: unknown = null,
): TransportResponse => ({
  httpStatus: 400,
  body: { status, message, data, ercd },
});
export const networkDown = () => new TransportError('network', 'fake');

/** isExistLocalMergeFile answer of an upload the server does not know. */
export const unknownUpload = () =>
  ok({ exists: false, state: 'uploading', fileKey: null, url: null, receivedShards: [] });

export class FakeTransport implements UploadTransport {
  requests: FakeRequest[] = [];
  /** answers per path; default: unknown upload, shards stored, merge confirmed, delete ok */
  answer: (r: FakeRequest) => FakeAnswer = (r) => {
    switch (r.path) {
      case FILESERVICE_PATHS.isExistLocalMergeFile:
        return unknownUpload();
      case FILESERVICE_PATHS.moreShard:
        return ok({
          fileUploadId: r.form?.get('key'),
          shardIndex: Number(r.form?.get('shardIndex')),
          received: 1,
        });
      case FILESERVICE_PATHS.merge:
        return ok({ merged: true, fileKey: 'videos/abc.mp4', url: '/media/video/abc.mp4' });
      default:
        return ok(null);
    }
  };
  /** most shard requests in flight at once, ever */
  maxShardsInFlight = 0;

  send(req: TransportRequest): TransportCall {
    const [path, qs] = req.url.split('?') as [string, string | undefined];
    let resolve!: (r: TransportResponse) => void;
    let reject!: (e: Error) => void;
    const response = new Promise<TransportResponse>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const r: FakeRequest = {
      req,
      path,
      query: new URLSearchParams(qs ?? ''),
      sentAt: Date.now(),
      settled: false,
      aborted: false,
      form: req.body instanceof FormData ? req.body : null,
      resolve: (res) => {
        if (r.settled) return;
        r.settled = true;
        resolve(res);
      },
      reject: (err) => {
        if (r.settled) return;
        r.settled = true;
        reject(err);
      },
    };
    this.requests.push(r);
    this.maxShardsInFlight = Math.max(
      this.maxShardsInFlight,
      this.inFlight(FILESERVICE_PATHS.moreShard).length,
    );
    const a = this.answer(r);
    if (a !== 'manual') queueMicrotask(() => (a instanceof Error ? r.reject(a) : r.resolve(a)));
    return {
      response,
      abort: () => {
        if (r.settled) return;
        r.aborted = true;
        r.reject(new TransportError('aborted', req.url));
      },
    };
  }

  to(path: string): FakeRequest[] {
    return this.requests.filter((r) => r.path === path);
  }
  shards(): FakeRequest[] {
    return this.to(FILESERVICE_PATHS.moreShard);
  }
  inFlight(path: string): FakeRequest[] {
    return this.to(path).filter((r) => !r.settled);
  }
}

/** A file of `size` bytes whose byte i is (i * 7 + seed) & 255, so every shard hashes differently. */
export function makeFile(
  size: number,
  name = 'trip.mp4',
  opts: { type?: string; lastModified?: number; seed?: number } = {},
): File {
  const bytes = new Uint8Array(size);
  const seed = opts.seed ?? 0;
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + seed + (i >> 20)) & 255;
  return new File([bytes], name, {
    type: opts.type ?? 'video/mp4',
    lastModified: opts.lastModified ?? 1_700_000_000_000,
  });
}
