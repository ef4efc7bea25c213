import {
  CONTENT_MD5_HEADER,
  FILESERVICE_PATHS,
  Status,
  USER_GUID_COOKIE,
  USER_GUID_HEADER,
  type Envelope,
  type MergeFileStatus,
  type MergeResult,
  type MoreShardResult,
} from '@cc/contracts';
import { readCookie } from './cookies';
import type { TransportRequest, TransportResponse, UploadTransport } from './transport';

/** A file-service answer that is not a success envelope (API.md §3): status, message, ercd, data. */
export class FileServiceError extends Error {
  readonly status: number;
  readonly ercd: string | undefined;
  readonly data: unknown;
  readonly httpStatus: number;
  constructor(httpStatus: number, status: number, message: string, ercd?: string, data?: unknown) {
    super(message);
    this.name = 'FileServiceError';
    this.httpStatus = httpStatus;
    this.status = status;
    this.ercd = ercd;
    this.data = data;
  }
}

/**
 * The data of a success envelope (`status: 1`, API.md §3); anything else — another status, or a body that
 * is no envelope at all (a proxy's HTML error page) — throws FileServiceError.
 */
export function unwrapEnvelope<T>(res: TransportResponse): T {
  const body = res.body as Partial<Envelope> | null;
  if (!body || typeof body !== 'object' || typeof body.status !== 'number') {
    throw new FileServiceError(res.httpStatus, Status.INTERNAL, `bad response (HTTP ${res.httpStatus})`);
  }
  if (body.status !== Status.OK) {
    throw new FileServiceError(
      res.httpStatus,
      body.status,
      typeof body.message === 'string' ? body.message : 'request failed',
      typeof body.ercd === 'string' ? body.ercd : undefined,
      body.data,
    );
  }
  return body.data as T;
}

/** A request whose result is the envelope's data; `abort()` makes `result` reject. */
export interface PendingCall<T> {
  result: Promise<T>;
  abort(): void;
}

/** The four calls of API.md §7 for one upload token. */
export interface FileServiceClient {
  /** `POST /fileservice/moreShard?token=T` with the shard form and its `content-md5`. */
  sendShard(
    form: FormData,
    contentMd5: string,
    onUploadProgress?: (loaded: number, total: number) => void,
  ): PendingCall<MoreShardResult>;
  /** `POST /fileservice/merge?token=T`, urlencoded body `fileUploadId=K`. */
  merge(fileUploadId: string): PendingCall<MergeResult>;
  /** `GET /fileservice/isExistLocalMergeFile?token=T&fileUploadId=K` (with the `receivedShards` extension). */
  queryMergeFile(fileUploadId: string): PendingCall<MergeFileStatus>;
  /** `DELETE /fileservice/upload?token=T&fileUploadId=K`: cancels and frees the stored bytes. */
  deleteUpload(fileUploadId: string): PendingCall<unknown>;
}

/**
 * Binds the file-service calls to a transport and an upload token (API.md §7). Every request carries
 * `x-user-guid` from the `UserGuid` cookie (API.md §5), read when the request is made, and `Accept-Language`
 * from the page's `<html lang>` (the UI language the web app keeps there), so the server's messages come in
 * the author's language rather than the browser's (docs/api.md "Language of messages").
 */
export function createFileServiceClient(
  transport: UploadTransport,
  token: string,
  userGuid: () => string = () => readCookie(USER_GUID_COOKIE),
): FileServiceClient {
  const url = (path: string, query: Record<string, string> = {}) =>
    `${path}?${new URLSearchParams({ token, ...query }).toString()}`;
  function call<T>(
    req: Omit<TransportRequest, 'headers'> & { headers?: Record<string, string> },
  ): PendingCall<T> {
    const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
    const headers: Record<string, string> = { [USER_GUID_HEADER]: userGuid(), ...req.headers };
    if (lang) headers['accept-language'] = lang;
    const pending = transport.send({ ...req, headers });
    return { result: pending.response.then((res) => unwrapEnvelope<T>(res)), abort: () => pending.abort() };
  }
  return {
    sendShard: (form, contentMd5, onUploadProgress) =>
      call({
        method: 'POST',
        url: url(FILESERVICE_PATHS.moreShard),
        headers: { [CONTENT_MD5_HEADER]: contentMd5 },
        body: form,
        onUploadProgress,
      }),
    merge: (fileUploadId) =>
      call({
        method: 'POST',
        url: url(FILESERVICE_PATHS.merge),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ fileUploadId }).toString(),
      }),
    queryMergeFile: (fileUploadId) =>
      call({ method: 'GET', url: url(FILESERVICE_PATHS.isExistLocalMergeFile, { fileUploadId }) }),
    deleteUpload: (fileUploadId) =>
      call({ method: 'DELETE', url: url(FILESERVICE_PATHS.upload, { fileUploadId }) }),
  };
}
