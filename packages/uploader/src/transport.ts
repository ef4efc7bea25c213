/**
 * The uploader's only way to the network: one request, abortable, with upload progress. The browser
 * implementation is XMLHttpRequest (fetch cannot report upload progress); tests pass a fake.
 */

export interface TransportRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** path with query string, e.g. `/fileservice/moreShard?token=T` */
  url: string;
  headers: Record<string, string>;
  /** multipart form, or a urlencoded string (then `content-type` is in `headers`) */
  body?: FormData | string;
  /** bytes of the request body sent so far, and the body's total bytes */
  onUploadProgress?: (loaded: number, total: number) => void;
}

export interface TransportResponse {
  /** HTTP status */
  httpStatus: number;
  /** the parsed JSON body, or the text when it is not JSON */
  body: unknown;
}

export interface TransportCall {
  /** resolves on any HTTP response; rejects with TransportError on a network failure or abort */
  response: Promise<TransportResponse>;
  abort(): void;
}

export interface UploadTransport {
  send(request: TransportRequest): TransportCall;
}

/** A request that got no HTTP response: `network` (connection failed, timed out) or `aborted`. */
export class TransportError extends Error {
  readonly kind: 'network' | 'aborted';
  constructor(kind: 'network' | 'aborted', url: string) {
    super(`${kind === 'aborted' ? 'request aborted' : 'network error'}: ${url}`);
    this.name = 'TransportError';
    this.kind = kind;
  }
}

function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The parts of XMLHttpRequest the transport uses (so tests can hand in a fake). */
export type XhrLike = Pick<
  XMLHttpRequest,
  | 'open'
  | 'setRequestHeader'
  | 'send'
  | 'abort'
  | 'status'
  | 'responseText'
  | 'onload'
  | 'onerror'
  | 'onabort'
  | 'ontimeout'
> & { upload?: Pick<XMLHttpRequestUpload, 'onprogress'> | null };

/**
 * The browser transport over XMLHttpRequest: same-origin cookies go along, upload progress events feed
 * `onUploadProgress`, `abort()` aborts the request (its promise rejects with TransportError `aborted`).
 */
export function createXhrTransport(createXhr: () => XhrLike = () => new XMLHttpRequest()): UploadTransport {
  return {
    send(request) {
      const xhr = createXhr();
      let settled = false;
      let fail: (kind: 'network' | 'aborted') => void = () => {};
      const response = new Promise<TransportResponse>((resolve, reject) => {
        fail = (kind) => {
          if (settled) return;
          settled = true;
          reject(new TransportError(kind, request.url));
        };
        xhr.open(request.method, request.url, true);
        for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
        const onProgress = request.onUploadProgress;
        if (onProgress && xhr.upload) {
          xhr.upload.onprogress = (e: ProgressEvent) => {
            if (e.total > 0) onProgress(e.loaded, e.total);
          };
        }
        xhr.onload = () => {
          if (settled) return;
          settled = true;
          resolve({ httpStatus: xhr.status, body: parseBody(xhr.responseText) });
        };
        xhr.onerror = () => fail('network');
        xhr.ontimeout = () => fail('network');
        xhr.onabort = () => fail('aborted');
        xhr.send(request.body ?? null);
      });
      return {
        response,
        abort() {
          if (settled) return;
          xhr.abort();
          // Not every XHR fires an abort event after abort(): settle here so nobody waits forever.
          fail('aborted');
        },
      };
    },
  };
}
