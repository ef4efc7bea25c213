/**
 * The HTTP clients of the load test and the topology tests (issue #16 "A load test", "Many servers"; kept here so
 * the browser tests do not depend on a bench): an author's browser session and the reader site, over
 * Node's `fetch` (undici: one keep-alive connection pool per origin, shared by every simulated author in this
 * process), and the recorder every request reports to.
 *
 * An author's `/api/` call is built exactly as the web client builds it (apps/web/src/lib/api-client): the six
 * fields of API.md §2 from `signPayload` of `@cc/contracts` (the same function the web client calls), in the query
 * string for GET and an `application/x-www-form-urlencoded` body for POST, headers `encryptType: 1`,
 * `Accept: application/json` and `Accept-Language`, and the session cookies the server set (a small cookie jar).
 * File-service requests go through the web uploader itself (`@cc/uploader` `createUpload`) with a fetch transport.
 * Every author comes from its own address in 198.18.0.0/15 (RFC 2544, the benchmarking range), sent as
 * `X-Forwarded-For` (bench/load/server.ts and the topology: `TRUST_PROXY=loopback`; nginx in front appends the same way).
 */
import { ENCRYPT_TYPE, signPayload, WEB_CID, WEB_VER } from '@cc/contracts';
import type { TransportRequest, UploadTransport } from '@cc/uploader';

/** Where the load goes and the secrets it needs. */
export interface Target {
  /** e.g. `http://127.0.0.1:3000` (no trailing slash) */
  baseUrl: string;
  /** the SIGN_SECRETS secret of cid 500 (API.md §2) */
  signSecret: string;
  /** the key of the reader site `reader` (API.md §10, `x-site-key`) */
  siteKey: string;
}

/** The API.md §3 envelope. */
export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
  ercd?: string;
}

/** One error the load found: a request that answered non-2xx, status ≠ 1 or not at all. */
export interface LoadError {
  kind: string;
  httpStatus: number;
  status: number | null;
  message: string;
}

/**
 * Latency samples (ms, from before the request to the last byte of the answer) per call kind, and the errors.
 * `phase` separates the setup (sign-ups, first works: not in the figures) from the measured window.
 */
export class Recorder {
  /** call kind → latencies of the measured window, ms */
  readonly samples = new Map<string, number[]>();
  /** call kind → errors of the measured window */
  readonly errors = new Map<string, LoadError[]>();
  readonly setupErrors: LoadError[] = [];
  /** request body bytes of video shards sent in the measured window */
  uploadBytes = 0;
  /** per finished upload: bytes and ms from the first shard request to `merged` */
  readonly uploads: { bytes: number; ms: number }[] = [];
  measuring = false;

  /** Records one answered (or failed) request. */
  record(kind: string, ms: number, error: LoadError | null): void {
    if (!this.measuring) {
      if (error) this.setupErrors.push(error);
      return;
    }
    let list = this.samples.get(kind);
    if (!list) this.samples.set(kind, (list = []));
    list.push(ms);
    if (error) {
      let errs = this.errors.get(kind);
      if (!errs) this.errors.set(kind, (errs = []));
      errs.push(error);
    }
  }
}

/** The `n`-th address of 198.18.0.0/15 (n < 131,070), skipping .0 and .255. */
export function benchAddress(n: number): string {
  const host = n % 254;
  const net = Math.floor(n / 254);
  return `198.${18 + Math.floor(net / 256)}.${net % 256}.${host + 1}`;
}

/** Thrown by a call whose answer was an error (already recorded). */
export class CallError extends Error {
  constructor(readonly error: LoadError) {
    super(`${error.kind}: HTTP ${error.httpStatus} status ${error.status} ${error.message}`);
  }
}

/** The `kind` of a path: `/api/content/list` → `content/list`, `/fileservice/moreShard?…` → `fileservice/moreShard`. */
export function kindOf(pathAndQuery: string): string {
  const p = pathAndQuery.split('?')[0]!;
  return p.startsWith('/api/') ? p.slice(5) : p.slice(1);
}

async function timed(
  recorder: Recorder,
  kind: string,
  url: string,
  init: RequestInit,
): Promise<{
  res: Response | null;
  text: string;
  envelope: Envelope | null;
  error: LoadError | null;
  ms: number;
}> {
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, init);
    text = await res.text();
  } catch (e) {
    const ms = performance.now() - started;
    const error: LoadError = { kind, httpStatus: 0, status: null, message: `no answer: ${String(e)}` };
    recorder.record(kind, ms, error);
    return { res: null, text: '', envelope: null, error, ms };
  }
  const ms = performance.now() - started;
  let envelope: Envelope | null = null;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    // not JSON: an error below
  }
  let error: LoadError | null = null;
  if (res.status < 200 || res.status > 299 || !envelope || envelope.status !== 1)
    error = {
      kind,
      httpStatus: res.status,
      status: envelope?.status ?? null,
      message: envelope ? `${envelope.ercd ?? ''} ${envelope.message}`.trim() : text.slice(0, 200),
    };
  recorder.record(kind, ms, error);
  return { res, text, envelope, error, ms };
}

/**
 * One author's browser: cookie jar, signed calls (API.md §2) and the file service through the web uploader.
 * Every request is timed into the recorder under its kind.
 */
export class AuthorClient {
  readonly cookies = new Map<string, string>();
  userId = '0';
  readonly address: string;

  constructor(
    readonly target: Target,
    readonly recorder: Recorder,
    index: number,
  ) {
    this.address = benchAddress(index);
  }

  get userGuid(): string {
    return this.cookies.get('UserGuid') ?? '';
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const uid = this.cookies.get('userid');
    if (uid) this.userId = uid;
  }

  /** Headers of every request this browser sends. */
  baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, 'accept-language': 'zh-CN' };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    return headers;
  }

  /**
   * A signed `/api/` call as the web client makes it.
   * @param path `content/list` (the kind it is recorded under)
   * @returns the envelope's `data`
   * @throws CallError on HTTP ≠ 2xx, status ≠ 1 or no answer (already recorded as an error)
   */
  async call<T = unknown>(method: 'GET' | 'POST', path: string, param: object = {}): Promise<T> {
    const fields = signPayload(param, {
      cid: WEB_CID,
      ver: WEB_VER,
      uid: this.userId,
      secret: this.target.signSecret,
    });
    const query = new URLSearchParams({ ...fields }).toString();
    const headers: Record<string, string> = {
      ...this.baseHeaders(),
      encryptType: ENCRYPT_TYPE,
      accept: 'application/json',
    };
    let url = `${this.target.baseUrl}/api/${path}`;
    let body: string | undefined;
    if (method === 'GET') url += `?${query}`;
    else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = query;
    }
    const r = await timed(this.recorder, path, url, { method, headers, body });
    if (r.res) this.keepCookies(r.res);
    if (r.error) throw new CallError(r.error);
    return r.envelope!.data as T;
  }

  /**
   * `POST /fileservice/image` (API.md §8) with the headers the web client sends (`cid`, `ver`, `x-user-guid`).
   * @returns the stored image's `url`
   */
  async uploadImage(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): Promise<string> {
    const form = new FormData();
    form.set('width', '640');
    form.set('height', '360');
    form.set('file', new Blob([bytes], { type }), name);
    const r = await timed(this.recorder, 'fileservice/image', `${this.target.baseUrl}/fileservice/image`, {
      method: 'POST',
      headers: { ...this.baseHeaders(), cid: WEB_CID, ver: WEB_VER, 'x-user-guid': this.userGuid },
      body: form,
    });
    if (r.error) throw new CallError(r.error);
    return (r.envelope!.data as { url: string }).url;
  }

  /**
   * The web uploader's transport over fetch (instead of XMLHttpRequest): each request timed into the recorder as
   * `fileservice/<call>`, shard body bytes counted. Upload progress is not reported (fetch cannot), which the
   * uploader tolerates (its speed meter then counts confirmed shards).
   */
  uploadTransport(): UploadTransport {
    return {
      send: (request: TransportRequest) => {
        const controller = new AbortController();
        const kind = kindOf(request.url);
        const shardBytes =
          request.body instanceof FormData ? ((request.body.get('shard') as Blob | null)?.size ?? 0) : 0;
        const response = timed(this.recorder, kind, `${this.target.baseUrl}${request.url}`, {
          method: request.method,
          headers: { ...this.baseHeaders(), ...request.headers },
          body: request.body,
          signal: controller.signal,
        }).then((r) => {
          if (!r.res) throw new Error(r.error?.message ?? 'network error');
          if (this.recorder.measuring) this.recorder.uploadBytes += shardBytes;
          return { httpStatus: r.res.status, body: r.envelope ?? r.text };
        });
        return { response, abort: () => controller.abort() };
      },
    };
  }
}

/** One reader event of API.md §10 (the fields this load sends). */
export interface ReaderEvent {
  eventId: string;
  type: string;
  at: string;
  readerId: string;
  contentId?: number;
  authorId?: number;
  watchMs?: number;
  source?: string;
  reader?: { gender: string; ageBand: string; region: string; device: string };
}

/** The reader-facing site: `/open/` calls with its site key (API.md §10). */
export class ReaderSiteClient {
  constructor(
    readonly target: Target,
    readonly recorder: Recorder,
  ) {}

  private async send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      'x-site-key': this.target.siteKey,
      'x-forwarded-for': '198.19.255.254',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await timed(this.recorder, kindOf(path), `${this.target.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.error) throw new CallError(r.error);
    return r.envelope!.data as T;
  }

  /** `POST /open/events` → `{ accepted, duplicates, rejected }` */
  events(events: ReaderEvent[]): Promise<{ accepted: number; duplicates: number; rejected: unknown[] }> {
    return this.send('POST', '/open/events', { events });
  }

  /** `POST /open/comments` → `{ commentId, state }` */
  comment(c: {
    commentId: string;
    contentId: number;
    readerId: string;
    readerName: string;
    text: string;
    at: string;
  }): Promise<{ commentId: string; state: string }> {
    return this.send('POST', '/open/comments', c);
  }

  /** `GET /open/comments?contentId=K&page=1` */
  readComments(contentId: number): Promise<unknown> {
    return this.send('GET', `/open/comments?contentId=${contentId}&page=1`);
  }
}
