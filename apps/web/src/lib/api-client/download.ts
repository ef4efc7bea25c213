import { ENCRYPT_TYPE, Status } from '@cc/contracts';
import { currentLanguage } from '../i18n';
import { redirectToLogin, signedFields, toApiPath } from './api-client';
import { ApiError } from './api-error';
import { trackRequest, untrackRequest } from './cancel-list';

export interface DownloadOptions {
  /**
   * Bytes received so far, and the whole size from `Content-Length` (null when the server did not send one,
   * e.g. a streamed export), called as the body arrives.
   */
  onProgress?(received: number, total: number | null): void;
  /** cancels the download */
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  /** from `Content-Disposition`; '' when the answer named none */
  filename: string;
}

/**
 * The file name of a `Content-Disposition` header (RFC 6266): `filename*=UTF-8''<percent-encoded>` first (the
 * form that carries non-ASCII names such as `粉丝.csv`), else `filename="…"` or a bare `filename=…`.
 * @returns '' when the header is absent or names no file
 */
export function filenameFromDisposition(header: string | null): string {
  if (!header) return '';
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    const charset = extended[1]!.trim().toLowerCase();
    const value = extended[2]!.trim().replace(/^"(.*)"$/, '$1');
    try {
      if (charset === 'utf-8' || charset === '') return decodeURIComponent(value);
      // ISO-8859-1: every %XX is one byte, one code point
      return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    } catch {
      // a malformed escape: fall back to the plain parameter
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
  const bare = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare ? bare[1]! : '';
}

/** The body as a Blob, counting bytes as they arrive (a body without a stream is read whole). */
async function readBody(res: Response, options: DownloadOptions): Promise<Blob> {
  const type = res.headers.get('Content-Type') ?? '';
  const lengthText = res.headers.get('Content-Length');
  const length = lengthText !== null && /^\d+$/.test(lengthText.trim()) ? Number(lengthText) : null;
  const total = length !== null && length > 0 ? length : null;
  if (!res.body || typeof res.body.getReader !== 'function') {
    const blob = await res.blob();
    options.onProgress?.(blob.size, total ?? blob.size);
    return blob;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  options.onProgress?.(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress?.(received, total);
  }
  return new Blob(chunks, type ? { type } : undefined);
}

/** The ApiError of a JSON answer where a file was expected: the envelope's refusal (API.md §3). */
async function envelopeError(res: Response): Promise<ApiError> {
  let envelope: { status?: unknown; message?: unknown; data?: unknown; ercd?: unknown };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    return new ApiError(Status.INTERNAL, `${res.status} ${res.statusText || 'bad response'}`.trim());
  }
  const status =
    typeof envelope.status === 'number' && envelope.status !== Status.OK ? envelope.status : Status.INTERNAL;
  if (status === Status.NOT_LOGGED_IN) redirectToLogin();
  return new ApiError(
    status,
    typeof envelope.message === 'string' ? envelope.message : 'request failed',
    typeof envelope.ercd === 'string' ? envelope.ercd : undefined,
    envelope.data,
  );
}

/**
 * Downloads a file from a signed GET of an `/api/` call (API.md §2: the six fields as query parameters, headers
 * `encryptType` and `Accept-Language`, same-origin credentials, like apiGet), reading the body as a stream so
 * `onProgress` can drive a progress bar (DESIGN.md: exports show progress).
 * @param path `data/work_export` or `/api/data/work_export`
 * @param param the call's payload
 * @returns the file and its name from `Content-Disposition` (RFC 6266, `filename*=UTF-8''…` first)
 * @throws ApiError when the server answers with a JSON envelope (a refusal: the same error apiGet throws; 10002
 *   also sends the browser to the login page) or with an HTTP error; the fetch's own error on a network failure
 */
export async function downloadSigned(
  path: string,
  param: object = {},
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const url = toApiPath(path) + '?' + new URLSearchParams(signedFields(param)).toString();
  const controller = new AbortController();
  const abort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  trackRequest(controller);
  try {
    const res = await fetch(url, {
      method: 'GET',
      headers: { encryptType: ENCRYPT_TYPE, 'Accept-Language': currentLanguage() },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const type = (res.headers.get('Content-Type') ?? '').toLowerCase();
    if (type.startsWith('application/json')) throw await envelopeError(res);
    if (!res.ok) {
      throw new ApiError(Status.INTERNAL, `${res.status} ${res.statusText || 'download failed'}`.trim());
    }
    const blob = await readBody(res, options);
    return { blob, filename: filenameFromDisposition(res.headers.get('Content-Disposition')) };
  } finally {
    options.signal?.removeEventListener('abort', abort);
    untrackRequest(controller);
  }
}

/**
 * Hands a Blob to the browser as a download (a temporary `<a download>` clicked, its object URL revoked
 * afterwards).
 * @param filename the name offered to the user; '' lets the browser choose
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    // after the click's task, so the browser has started reading the URL
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
