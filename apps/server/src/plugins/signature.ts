import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ENCRYPT_TYPE,
  hasControlChars,
  type FieldIssue,
  SIGN_WINDOW_SECONDS,
  emptyParamSchema,
  zodFieldIssues,
} from '@cc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import { AppError } from '../errors.js';
import { envelopeResponses } from './envelope.js';

/**
 * The signed-request check of API.md §2, in ONE place, for every route under `/api/` except the unsigned
 * `/api/config` and `/api/docs*`.
 *
 * HOW A ROUTE DECLARES ITSELF (use `signedRoute`, which fills in the route config and the OpenAPI docs):
 *
 *   signedRoute(app, {
 *     method: 'GET', url: '/api/common_material',
 *     param: commonMaterialParamSchema,   // contracts zod schema of the JSON `param`; default: `{}` passthrough
 *     auth: 'user',                       // 'user' (default): a session is required and `uid` must match it
 *                                         // 'public': no session needed; `uid` is not checked (login/register)
 *     summary: 'Materials of a group', tags: ['media'],
 *     data: commonMaterialSchema,         // REQUIRED: contracts zod schema of the envelope's `data`
 *   }, async (param, request, reply) => {
 *     const user = requireUser(request);  // from plugins/session.ts
 *     return [...];                       // the envelope plugin wraps it as { status: 1, message, data }
 *   });
 *
 * The handler must return `z.input` of `data` (checked by the compiler), and the answer is checked
 * against it at run time (plugins/envelope.ts: strict in development and tests); `/api/docs` shows it.
 *
 * `param` is the parsed, validated output of the schema (also on `request.param`). Routes registered without
 * `signedRoute` under `/api/` still get the check, with `config: { signed: { param, auth } }` optional.
 *
 * Order of the checks (each answers with the envelope):
 *  1. header `encryptType` must be `1`                                   → 10003
 *  2. the six fields (query for GET, urlencoded or JSON body for POST)   → 10003 when one is missing
 *  3. `sign` = md5(cid + param + ver + t + secret[cid])                  → 10003
 *  4. |t − now| ≤ 300 s                                                  → 10004
 *  5. auth 'user': a session, and `uid` equal to its user id (`0` = anonymous) → 10002
 *  6. `param` parses as JSON                                             → 10007
 *  7. `param` holds no control character (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F) in any
 *     string or key, and nests at most PARAM_MAX_DEPTH levels             → 10007 naming the field
 *     (issue #8 item 2: every signed route, whatever its schema; single-line fields refuse TAB/LF/CR
 *     too, through the contracts' `textInputSchema`)
 *  8. `param` passes the route's zod schema                              → 10007 with data.fields
 */

export type SignedAuth = 'user' | 'public';

export interface SignedRouteConfig {
  param: z.ZodType;
  auth: SignedAuth;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    signed?: SignedRouteConfig | false;
  }
  interface FastifyRequest {
    /** the validated `param` of a signed call */
    param: unknown;
  }
}

const SIGNED_FIELDS = ['cid', 'ver', 'uid', 't', 'param', 'sign'] as const;

/** Paths under /api/ that are not signed (API.md extensions: the public config and the API docs). */
export function isUnsignedApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return path === '/api/config' || path === '/api/docs' || path.startsWith('/api/docs/');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Deepest nesting of a signed `param` (objects and arrays) accepted; the contracts need 3 (issue #8 item 2). */
export const PARAM_MAX_DEPTH = 16;

/**
 * Finds the first field of a parsed `param` that no route accepts (issue #8 item 2): a string or key holding
 * a control character other than TAB, LF, CR, or nesting deeper than PARAM_MAX_DEPTH. Iterative, so a
 * hostile nesting depth cannot overflow the stack.
 * @param json the output of `JSON.parse(param)`
 * @returns the field error (`path` as in zod's `data.fields`, `param` for the root), or null
 */
export function findHostileField(json: unknown): FieldIssue | null {
  const stack: [value: unknown, path: string, depth: number][] = [[json, '', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlChars(value, true)) return { path: path || 'param', code: 'FIELD_CONTROL_CHARS' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= PARAM_MAX_DEPTH) {
      return { path: path || 'param', code: 'FIELD_TOO_DEEP', params: { max: PARAM_MAX_DEPTH } };
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasControlChars(key)) return { path: path || 'param', code: 'FIELD_KEY_CONTROL_CHARS' };
      stack.push([child, childPath, depth + 1]);
    }
  }
  return null;
}

/**
 * `computeSign` of the contracts (API.md §2: lowercase hex MD5 of the UTF-8 of cid + param + ver + t +
 * secret) with Node's native MD5 (issue #8 item 3): the same hex for every string the client can sign, about
 * 8× faster than the contracts' spark-md5 on a maximal body (31 → 3.5 ms for 4.5 MB of URL-encoded CJK), which
 * is event-loop time. (A lone surrogate, which spark-md5 cannot encode, is hashed as U+FFFD.)
 */
export function computeSignNative(
  cid: string,
  param: string,
  ver: string,
  t: string,
  secret: string,
): string {
  return createHash('md5')
    .update(cid + param + ver + t + secret, 'utf8')
    .digest('hex');
}

/** ES2024 string methods (Node 20 has them; the compiler's lib is ES2022). */
type WellFormed = string & { isWellFormed(): boolean; toWellFormed(): string };

const plusToSpace = (part: string) => (part.includes('+') ? part.replace(/\+/g, ' ') : part);

/** One `name=value` pair decoded as `URLSearchParams` decodes it. */
function decodeFormPair(pair: string): [string, string] {
  const eq = pair.indexOf('=');
  try {
    // native; throws on a malformed escape or invalid UTF-8, left to URLSearchParams below
    return [
      decodeURIComponent(plusToSpace(eq < 0 ? pair : pair.slice(0, eq))),
      eq < 0 ? '' : decodeURIComponent(plusToSpace(pair.slice(eq + 1))),
    ];
  } catch {
    // the leading `&` keeps a `?` at the start of the pair (URLSearchParams drops it only at the start)
    return [...new URLSearchParams(`&${pair}`)][0] ?? ['', ''];
  }
}

/**
 * An `application/x-www-form-urlencoded` body as `Object.fromEntries(new URLSearchParams(body))` gives it
 * (the last of repeated names wins), in a third of the time on a maximal article (26 → 9 ms for 4.5 MB,
 * issue #8 item 3): the per-character loop of Node's `URLSearchParams` is replaced by a split and the native
 * `decodeURIComponent`; a pair it refuses (a malformed escape, invalid UTF-8: never a client's) is left to
 * `URLSearchParams`. Proven equal by a property test (signature-fast-paths.test.ts).
 */
export function parseFormBody(body: string): Record<string, string> {
  const fields = new Map<string, string>();
  // like URLSearchParams: lone surrogates become U+FFFD first, and a leading `?` is not part of a name
  const form = (body as WellFormed).isWellFormed() ? body : (body as WellFormed).toWellFormed();
  for (const pair of (form.startsWith('?') ? form.slice(1) : form).split('&')) {
    if (pair === '') continue;
    const [name, value] = decodeFormPair(pair);
    fields.set(name, value);
  }
  return Object.fromEntries(fields);
}

function readFields(request: FastifyRequest): Record<string, unknown> {
  const source =
    request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE'
      ? request.query
      : request.body;
  return source !== null && typeof source === 'object' && !Array.isArray(source)
    ? (source as Record<string, unknown>)
    : {};
}

/**
 * Verifies a request's signature and returns its validated param (steps 1–7 above).
 * @param nowSeconds the server time, Unix seconds (tests pass their own)
 * @throws AppError BAD_SIGNATURE, REQUEST_EXPIRED, NOT_LOGGED_IN, VALIDATION_FAILED
 */
export function verifySignedRequest(
  request: FastifyRequest,
  route: SignedRouteConfig,
  secrets: Record<string, string>,
  nowSeconds = Math.floor(Date.now() / 1000),
): unknown {
  const encryptType = request.headers['encrypttype'];
  if (encryptType !== ENCRYPT_TYPE) {
    throw new AppError('BAD_SIGNATURE', { code: 'ENCRYPT_TYPE_WRONG', params: { value: ENCRYPT_TYPE } });
  }
  const raw = readFields(request);
  const fields: Record<(typeof SIGNED_FIELDS)[number], string> = {
    cid: '',
    ver: '',
    uid: '',
    t: '',
    param: '',
    sign: '',
  };
  for (const name of SIGNED_FIELDS) {
    const value = raw[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new AppError(
        'BAD_SIGNATURE',
        name === 'sign' ? 'SIGN_MISSING' : { code: 'SIGNED_FIELD_MISSING', params: { name } },
      );
    }
    fields[name] = String(value);
  }
  const secret = Object.hasOwn(secrets, fields.cid) ? secrets[fields.cid] : undefined;
  if (!secret) throw new AppError('BAD_SIGNATURE', { code: 'CID_UNKNOWN', params: { cid: fields.cid } });
  const expected = computeSignNative(fields.cid, fields.param, fields.ver, fields.t, secret);
  if (!safeEqual(expected, fields.sign.toLowerCase())) throw new AppError('BAD_SIGNATURE', 'SIGN_WRONG');

  if (!/^\d{1,12}$/.test(fields.t)) throw new AppError('REQUEST_EXPIRED', 'TIME_NOT_SECONDS');
  if (Math.abs(Number(fields.t) - nowSeconds) > SIGN_WINDOW_SECONDS) {
    throw new AppError('REQUEST_EXPIRED', {
      code: 'REQUEST_TIME_SKEW',
      params: { seconds: SIGN_WINDOW_SECONDS },
    });
  }

  if (route.auth === 'user') {
    // The session is the identity; `uid` only has to agree with it (API.md §2).
    if (!request.user) throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
    if (fields.uid !== String(request.user.id)) throw new AppError('NOT_LOGGED_IN', 'UID_MISMATCH');
  }

  let json: unknown;
  try {
    json = JSON.parse(fields.param);
  } catch {
    throw AppError.validation([{ path: 'param', code: 'PARAM_NOT_JSON' }]);
  }
  const hostile = findHostileField(json);
  if (hostile) throw AppError.validation([hostile]);
  // reportInput: a missing field reads "is required" rather than "must be a string" (zodIssueMessage)
  const parsed = route.param.safeParse(json, { reportInput: true });
  // each issue's path and catalog message (issue #9), rendered in the request's language by the envelope
  if (!parsed.success) throw AppError.validation(zodFieldIssues(parsed.error));
  return parsed.data;
}

const docFieldsSchema = z.object({
  cid: z.string().optional().describe('client id; the web app is 500'),
  ver: z.string().optional().describe('client version; the web app is 1.0.4'),
  uid: z.string().optional().describe('the userid cookie, 0 when signed out'),
  t: z.string().optional().describe('Unix time in seconds (10 digits)'),
  param: z.string().optional().describe('the payload as a JSON string (see the description)'),
  sign: z.string().optional().describe('lowercase hex md5(cid + param + ver + t + secret)'),
});

function describeParam(schema: z.ZodType): string {
  try {
    return JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  } catch {
    return '(see docs/api.md)';
  }
}

export interface SignedRouteOptions<S extends z.ZodType, D extends z.ZodType> {
  method: 'GET' | 'POST';
  url: string;
  /** the contracts schema of `param`; default `{}` (anything passes) */
  param?: S;
  /** default 'user' */
  auth?: SignedAuth;
  summary: string;
  tags?: string[];
  /** the contracts schema of the envelope's `data` (`nullDataSchema` for calls that answer null) */
  data: D;
}

/**
 * Declares a signed `/api/` route (see the file comment): the signature check (API.md §2), the param
 * schema, and `schema.response` = the envelope around `opts.data` (API.md §3, issue #7). The handler
 * returns the envelope's `data`.
 */
export function signedRoute<S extends z.ZodType = typeof emptyParamSchema, D extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  opts: SignedRouteOptions<S, D>,
  handler: (param: z.output<S>, request: FastifyRequest, reply: FastifyReply) => Promise<z.input<D>>,
): void {
  const param = (opts.param ?? emptyParamSchema) as S;
  const auth = opts.auth ?? 'user';
  const fieldsKey = opts.method === 'GET' ? 'querystring' : 'body';
  app.route({
    method: opts.method,
    url: opts.url,
    config: { signed: { param, auth } },
    schema: {
      summary: opts.summary,
      tags: opts.tags,
      description:
        `Signed call (API.md §2); ${auth === 'user' ? 'needs a session' : 'no session needed'}.\n\n` +
        `param (JSON schema): \`${describeParam(param)}\`\n\n` +
        `The answer is the envelope { status, message, data } (API.md §3); data as in the 200 response.`,
      [fieldsKey]: docFieldsSchema,
      response: envelopeResponses(opts.data),
    },
    handler: (request, reply) => handler(request.param as z.output<S>, request, reply),
  });
}

async function signaturePlugin(app: FastifyInstance, opts: { config: AppConfig }): Promise<void> {
  const secrets = opts.config.signSecrets;
  app.decorateRequest('param', null);

  // POST bodies of signed calls are urlencoded (API.md §2); Fastify parses only JSON by itself.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseFormBody(body as string));
    },
  );

  const defaultRoute: SignedRouteConfig = { param: emptyParamSchema, auth: 'user' };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || isUnsignedApiPath(route.url)) return;
    const declared = route.config?.signed;
    if (declared === false) return;
    const signed = declared ?? defaultRoute;
    const check = async (request: FastifyRequest) => {
      request.param = verifySignedRequest(request, signed, secrets);
    };
    // preValidation: before any schema validation, so a bad signature is never reported as a 10007.
    const existing = route.preValidation;
    route.preValidation = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}

export default fp(signaturePlugin, { name: 'signature' });
