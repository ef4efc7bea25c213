import { useMutation } from '@tanstack/react-query';
import {
  USER_GUID_COOKIE,
  USER_GUID_HEADER,
  WEB_CID,
  WEB_VER,
  type CleanHtmlParam,
  type ImportedHtml,
} from '@cc/contracts';
import { apiPost } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { currentLanguage } from '../../../lib/i18n';

/**
 * `POST /api/article/clean_html { html }` (docs/api.md "Article import"): pasted HTML cleaned by the server's article
 * sanitizer, with notes about what was removed.
 */
export function cleanHtml(param: CleanHtmlParam): Promise<ImportedHtml> {
  return apiPost<ImportedHtml>('article/clean_html', param);
}

export function useCleanHtml() {
  return useMutation({ mutationFn: cleanHtml });
}

/** A refused or failed document import: the server's message (in the UI language) and its code. */
export class ImportError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'ImportError';
    this.code = code;
  }
}

/**
 * `POST /fileservice/document` (multipart, docs/api.md "Article import"): the file under `file`, the session cookie,
 * `x-user-guid` and the UI language like the image upload (API.md §8). XMLHttpRequest, so progress can be shown.
 * Resolves the cleaned HTML; rejects with ImportError carrying the server's refusal text.
 * @param onProgress upload progress in percent, 0–100
 */
export function importDocument(
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportedHtml> {
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/fileservice/document', true);
    xhr.setRequestHeader('cid', WEB_CID);
    xhr.setRequestHeader('ver', WEB_VER);
    xhr.setRequestHeader(USER_GUID_HEADER, readCookie(USER_GUID_COOKIE));
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    if (onProgress && xhr.upload) {
      xhr.upload.onprogress = (e: ProgressEvent) => {
        if (e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
      };
    }
    xhr.onload = () => {
      let env: { status?: number; message?: string; messageCode?: string; data?: ImportedHtml } = {};
      try {
        env = JSON.parse(xhr.responseText) as typeof env;
      } catch {
        // not an envelope: reported below with the HTTP status
      }
      if (env.status === 1 && env.data) {
        onProgress?.(100);
        resolve(env.data);
      } else reject(new ImportError(env.message || `HTTP ${xhr.status}`, env.messageCode));
    };
    xhr.onerror = () => reject(new ImportError('network error'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
