import { USER_GUID_COOKIE, USER_GUID_HEADER, WEB_CID, WEB_VER } from '@cc/contracts';
import { readCookie } from '../cookies';
import { currentLanguage } from '../i18n';
import { emitApiEvent } from './observers';

/**
 * The error of a failed upload (spec §4, §8): HTTP status, method `post`, the address, and the envelope's
 * `ercd` when the server sent one (API.md §3), so the caller can show `errors.<ercd>` in the user's language.
 */
export class UploadError extends Error {
  readonly status: number;
  readonly method = 'post' as const;
  readonly url: string;
  readonly ercd: string | undefined;
  constructor(message: string, status: number, url: string, ercd?: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.url = url;
    this.ercd = ercd;
  }
}

/** The `ercd` of an error envelope in a response body, if any (API.md §3). */
function envelopeErcd(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { ercd?: unknown };
    return body && typeof body.ercd === 'string' ? body.ercd : undefined;
  } catch {
    return undefined;
  }
}

export interface UploadImageOptions {
  /** where the form goes (default `/fileservice/image`, API.md §8) */
  action?: string;
  file: File | Blob;
  /** the file's field name (default `file`) */
  fieldName?: string;
  /** extra form fields */
  data?: Record<string, string | number>;
  /** send cookies cross-origin too (XHR withCredentials) */
  withCredentials?: boolean;
  /** upload progress in percent, 0–100 */
  onProgress?: (percent: number) => void;
  /** cancels the upload */
  signal?: AbortSignal;
}

/**
 * Width and height of an image file in pixels (spec §7: read from the file). Uses createImageBitmap
 * when present, else an <img> on an object URL. Resolves {0,0} when the file cannot be decoded —
 * the server checks the bytes anyway.
 */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close?.();
      return size;
    }
  } catch {
    // fall through to <img>, which decodes some formats createImageBitmap refuses (e.g. SVG)
  }
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const finish = (size: { width: number; height: number }) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    img.onload = () => finish({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => finish({ width: 0, height: 0 });
    img.src = url;
  });
}

/** The message of a failed upload (spec §8): the body's `error`, then `message`, then the text. */
export function uploadErrorMessage(
  xhr: Pick<XMLHttpRequest, 'status' | 'responseText'>,
  url: string,
): string {
  const text = xhr.responseText ?? '';
  if (text) {
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown };
      if (body && typeof body === 'object') {
        if (typeof body.error === 'string' && body.error) return body.error;
        if (
          body.error &&
          typeof body.error === 'object' &&
          typeof (body.error as { message?: unknown }).message === 'string'
        ) {
          return (body.error as { message: string }).message;
        }
        if (typeof body.message === 'string' && body.message) return body.message;
      }
    } catch {
      // not JSON: the text itself is the message
    }
    return text;
  }
  return `fail to post ${url} ${xhr.status}`;
}

function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The generic image upload (spec §7, API.md §8) over XMLHttpRequest so progress can be reported.
 * Form: `width`, `height` (pixels, read from the file), the extra `data` fields, then the file under
 * `fieldName`. Headers `cid: 500`, `ver: 1.0.4`, `x-user-guid` from the `UserGuid` cookie, `Accept-Language`
 * the UI language (the server's refusal comes back in it, issue #9).
 * Resolves the parsed body of a 2xx response (JSON, falling back to plain text); rejects with
 * UploadError on any other status (spec §4, §8) or on a network failure (status 0).
 */
export async function uploadImage<T = unknown>(options: UploadImageOptions): Promise<T> {
  const {
    action = '/fileservice/image',
    file,
    fieldName = 'file',
    data = {},
    withCredentials = false,
    onProgress,
    signal,
  } = options;
  const size = await readImageSize(file);
  const form = new FormData();
  form.append('width', String(size.width));
  form.append('height', String(size.height));
  for (const [k, v] of Object.entries(data)) form.append(k, String(v));
  const fileName = file instanceof File ? file.name : 'image';
  form.append(fieldName, file, fileName);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', action, true);
    xhr.withCredentials = withCredentials;
    xhr.setRequestHeader('cid', WEB_CID);
    xhr.setRequestHeader('ver', WEB_VER);
    xhr.setRequestHeader(USER_GUID_HEADER, readCookie(USER_GUID_COOKIE));
    // refusals come back in the UI language (issue #9), not the browser's
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    if (onProgress && xhr.upload) {
      xhr.upload.onprogress = (e: ProgressEvent) => {
        if (e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
      };
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        emitApiEvent({ type: 'image-uploaded', path: action });
        resolve(parseBody(xhr.responseText) as T);
      } else {
        reject(
          new UploadError(
            uploadErrorMessage(xhr, action),
            xhr.status,
            action,
            envelopeErcd(xhr.responseText ?? ''),
          ),
        );
      }
    };
    xhr.onerror = () => {
      emitApiEvent({ type: 'failure', kind: 'network', path: action, detail: 'upload: no answer' });
      reject(new UploadError(uploadErrorMessage(xhr, action), xhr.status, action));
    };
    if (signal) {
      if (signal.aborted) xhr.abort();
      signal.addEventListener('abort', () => {
        xhr.abort();
        reject(new UploadError('upload cancelled', 0, action));
      });
    }
    xhr.send(form);
  });
}

/**
 * Fetches an image from a URL into a File (spec §7 helper), e.g. to re-upload a remote picture.
 * Rejects with UploadError-like status information when the fetch does not succeed.
 */
export async function fetchImageAsFile(url: string, name: string): Promise<File> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`fail to get ${url} ${res.status}`);
  // An ArrayBuffer part (not the Blob) keeps this working where File and fetch come from different realms.
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim() || 'image/jpeg';
  return new File([await res.arrayBuffer()], name, { type });
}
