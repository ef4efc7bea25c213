import {
  type ErrorEnvelope,
  errorEnvelopeSchema,
  envelopeSchema,
  isServerMessageCode,
  type MessageLanguage,
  pickMessageLanguage,
  USER_GUID_HEADER,
} from '@cc/contracts';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig, type AppConfig } from '../config.js';
import { isEnvelopePath, type RouteResponses } from '../plugins/envelope.js';
import { isUnsignedApiPath, type SignedRouteConfig } from '../plugins/signature.js';
import type { TestAuthor } from '../test/factories.js';
import { type SignOptions, signedGet, signedPost } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { useWebDistFixture } from '../test/web-dist.js';
import { arbitraryFromZod, topLevelKeys, UnsupportedSchemaError } from './json-schema-arbitrary.js';
import { brokenBody, brokenParamText, hostilePathSegment, hostileValue } from './hostile.js';

// Issue #8 "Keep it fixed": a schema-driven fuzz suite. Every route the app registers is driven through
// app.inject with values generated from its contract (packages/contracts, via z.toJSONSchema) and hostile
// values (2147483648, NUL, deep nesting, wrong types, broken JSON and multipart, over-long values), signed
// correctly, as a signed-in author and anonymously. At least FUZZ_REQUESTS (default 10,000) requests;
// no answer may be a 5xx, and every /api/ and /fileservice/ answer must be a well-formed envelope.
// Issue #9: every request asks for a language (Accept-Language: none, zh-CN, en-US or one we do not have), and
// every refusal must answer in it — a catalog `messageCode`, and a zh-CN message that is Chinese or an en-US
// one that is not — field errors included (`checkLanguage`).
// Reproduce a failure with FUZZ_SEED=<seed printed in the failure>.

const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CONCURRENCY = 4;

/**
 * Routes that are not signed calls, each with why the generic raw generator (hostile path segments,
 * query, headers and bodies) is the right one. A new unsigned route must be added here, so it is fuzzed
 * knowingly; a new signed route is fuzzed from its param schema with no change here.
 */
const UNSIGNED_ROUTES: Record<string, string> = {
  '/api/config': 'public config, no input',
  '/fileservice/moreShard': 'upload token in the query, multipart body (API.md §7)',
  '/fileservice/merge': 'upload token in the query, form fields',
  '/fileservice/isExistLocalMergeFile': 'upload token in the query',
  '/fileservice/upload': 'upload token in the query (DELETE cancels)',
  '/fileservice/image': 'session + multipart image (API.md §8)',
  '/fileservice/private_image': 'session + multipart image (issue #11, as API.md §8)',
  '/fileservice/document': 'session + multipart document (issue #15, docs/api.md "Article import")',
  '/api/tracking/beacon':
    'navigator.sendBeacon: the six signed fields and encryptType=1 in the urlencoded body, session cookie (docs/api.md "Tracking points")',
  '/media/private/*': 'private image bytes, owner and operators (issue #11)',
  '/media/video/:name': 'video bytes by name, ranges',
  '/media/img/:size/*': 'image renditions (API.md §4)',
  '/media/*': 'media bytes',
  '/open/events': 'reader sites, x-site-key header, JSON body (API.md §10)',
  '/open/comments': 'reader sites, x-site-key header, JSON body or query (API.md §10)',
  '/open/comments/like': 'reader sites, x-site-key header, JSON body (extension)',
  '/open/barrage': 'reader sites, x-site-key header, JSON body or query (API.md §10)',
  '/open/promotions':
    'reader sites, x-site-key header, query (issue #14, docs/api.md "Coupons and promotion")',
  '/healthz': 'liveness, no input',
  '/readyz': 'readiness, no input',
  '/': 'the web app',
  '/*': 'the web app and its files',
};
/** swagger-ui's own pages: not ours, but still fuzzed (they must not 5xx either). */
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/** Raises every request limit so the fuzz measures the routes, not the flood guard (10009). */
function raisedLimits(): Partial<AppConfig> {
  const base = testConfig();
  const raise = (limits: object) =>
    Object.fromEntries(
      Object.entries(limits).map(([key, value]) => [
        key,
        typeof value === 'number' && !/window|minute|second|ms$/i.test(key) ? 1e9 : value,
      ]),
    );
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    if (/limit/i.test(key) && value !== null && typeof value === 'object') out[key] = raise(value);
  }
  return out;
}

const anyEnvelope = z.union([envelopeSchema(z.unknown()), errorEnvelopeSchema]);

/** The Accept-Language values the fuzz sends: none (zh-CN), ours, a list, and one we do not have (zh-CN). */
const LANGUAGE_HEADERS = [undefined, 'zh-CN', 'en-US', 'en-GB,en;q=0.9,zh-CN;q=0.8', 'fr-FR'] as const;
const CJK = /[\u3400-\u9fff\uff00-\uffef]/;

/**
 * Why an error envelope is not in the language asked for, or null (issue #9): its `messageCode` and every
 * field's `code` must be catalog codes; in zh-CN every text holds Chinese, in en-US none does (a template's
 * Chinese; values the request itself carried may be anything, so a request with CJK in it is not judged).
 */
function checkLanguage(env: ErrorEnvelope, lang: MessageLanguage, requestText: string): string | null {
  if (!isServerMessageCode(env.messageCode))
    return `messageCode ${String(env.messageCode)} is not a catalog code`;
  const fields = env.data && 'fields' in env.data ? env.data.fields : [];
  for (const f of fields) if (!isServerMessageCode(f.code)) return `field ${f.path} code ${String(f.code)}`;
  const texts = [env.message, ...fields.map((f) => f.message)];
  if (lang === 'zh-CN') {
    const english = texts.find((text) => !CJK.test(text));
    return english === undefined ? null : `not Chinese: ${english}`;
  }
  if (CJK.test(requestText)) return null;
  const chinese = texts.find((text) => CJK.test(text));
  return chinese === undefined ? null : `not English: ${chinese}`;
}

type Who = 'author' | 'anonymous';
interface Attempt {
  describe: string;
  /** the Accept-Language sent (undefined: none) */
  language: string | undefined;
  run: () => Promise<LightMyRequestResponse>;
}

const signedConfigOf = (route: RouteResponses): SignedRouteConfig | null => {
  const signed = (route.config as { signed?: SignedRouteConfig | false } | undefined)?.signed;
  return signed ? signed : null;
};

describe('schema-driven fuzz of every route (issue #8 "Keep it fixed")', () => {
  // The web app's routes are fuzzed in every environment (a fresh clone has no apps/web/dist).
  const webDist = useWebDistFixture();
  const t = useTestApp(async () => ({ ...raisedLimits(), webDist: await webDist.create() }));

  it('the walker refuses a schema it cannot generate for (a new route is covered or the suite fails)', () => {
    expect(() => arbitraryFromZod(z.object({ at: z.date() }))).toThrow();
    expect(() => arbitraryFromZod(z.custom<string>(() => true))).toThrow();
    expect(UnsupportedSchemaError).toBeDefined();
  });

  it(
    `${TOTAL_REQUESTS} generated and hostile requests: no 5xx, every answer a well-formed envelope`,
    {
      timeout: 300_000,
    },
    async () => {
      const authors: Record<Who, TestAuthor | null> = { author: await t.signIn(), anonymous: null };
      const author = authors.author!;
      // rows the author owns, so ids 1…60 hit real rows as well as missing ones
      const tokenRes = await t.get<{ token: string }>('/api/video/get_upload_video_secret', {}, author);
      const uploadToken = tokenRes.data.token;

      const routes = t.app.routeResponses.filter((r) => !r.url.startsWith('/api/test/'));
      const unclassified: string[] = [];
      const generators: { route: RouteResponses; attempts: fc.Arbitrary<Attempt> }[] = [];

      for (const route of routes) {
        const signed =
          route.url.startsWith('/api/') && !isUnsignedApiPath(route.url) ? signedConfigOf(route) : null;
        if (signed) {
          generators.push({ route, attempts: signedAttempts(route, signed) });
        } else if (UNSIGNED_ROUTES[route.url] !== undefined || isDocsRoute(route.url)) {
          generators.push({ route, attempts: rawAttempts(route) });
        } else {
          unclassified.push(`${route.method} ${route.url}`);
        }
      }
      expect(
        unclassified,
        'routes the fuzzer has no generator for: sign them or list them in UNSIGNED_ROUTES',
      ).toEqual([]);

      function signedAttempts(route: RouteResponses, signed: SignedRouteConfig): fc.Arbitrary<Attempt> {
        const valid = arbitraryFromZod(signed.param);
        const keys = topLevelKeys(signed.param);
        const mutated = fc
          .tuple(
            valid,
            keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 }),
            hostileValue,
          )
          .map(([value, key, bad]) => ({ ...(value as object), [key]: bad }));
        const param = fc.oneof(
          { weight: 3, arbitrary: valid },
          { weight: 5, arbitrary: mutated },
          { weight: 1, arbitrary: hostileValue },
        );
        const tamper = fc.oneof(
          { weight: 8, arbitrary: fc.constant<SignOptions>({}) },
          { weight: 1, arbitrary: brokenParamText.map<SignOptions>((rawParam) => ({ rawParam })) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom('cid', 'ver', 'uid', 't', 'sign', 'param'), hostileValue)
              .map<SignOptions>(([field, bad]) => ({
                fields: { [field]: typeof bad === 'string' ? bad : (JSON.stringify(bad) ?? '') },
              })),
          },
        );
        return fc
          .record({
            param,
            tamper,
            who: fc.constantFrom<Who>('author', 'anonymous'),
            json: fc.boolean(),
            language: fc.constantFrom(...LANGUAGE_HEADERS),
          })
          .map(({ param: p, tamper: opts, who, json, language }) => {
            const session = authors[who];
            const options: SignOptions = {
              ...opts,
              session,
              json,
              headers: { ...opts.headers, 'accept-language': language },
            };
            const describe = `${route.method} ${route.url} as ${who} in ${language} ${JSON.stringify({ param: p, ...opts, json }).slice(0, 400)}`;
            const run = () =>
              route.method === 'GET' || route.method === 'HEAD'
                ? signedGet(t.app, route.url, p, options)
                : signedPost(t.app, route.url, p, options);
            if (route.method === 'HEAD') {
              // HEAD has no signed form of its own: the unsigned request must still be refused cleanly
              return {
                describe,
                language,
                run: () => t.app.inject({ method: 'HEAD', url: route.url, cookies: session?.cookies }),
              };
            }
            return { describe, language, run };
          });
      }

      function rawAttempts(route: RouteResponses): fc.Arbitrary<Attempt> {
        const segments = (route.url.match(/:[A-Za-z]+|\*/g) ?? []).length;
        const query = fc.dictionary(
          fc.constantFrom('token', 'fileUploadId', 'key', 'w', 'h', 'param', 'x'),
          fc.oneof(
            fc.constant(uploadToken),
            hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
          ),
          { maxKeys: 4 },
        );
        return fc
          .record({
            path: fc.array(hostilePathSegment, { minLength: segments, maxLength: segments }),
            query,
            body: brokenBody,
            who: fc.constantFrom<Who>('author', 'anonymous'),
            guid: fc.oneof(fc.constant(author.userGuid), fc.constant(undefined), fc.constant('\u0000')),
            longQuery: fc.oneof(
              { weight: 9, arbitrary: fc.constant(0) },
              { weight: 1, arbitrary: fc.constantFrom(20_000, 200_000) },
            ),
            language: fc.constantFrom(...LANGUAGE_HEADERS),
          })
          .map(({ path, query: q, body, who, guid, longQuery, language }) => {
            let i = 0;
            let url = route.url.replace(/:[A-Za-z]+|\*/g, () => path[i++] ?? 'x');
            if (url === '*') url = `/${path[0] ?? ''}`;
            const search = new URLSearchParams(q);
            if (longQuery) search.set('pad', 'x'.repeat(longQuery));
            const qs = search.toString();
            const opts: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url: qs ? `${url}?${qs}` : url,
              headers: {
                ...(guid !== undefined ? { [USER_GUID_HEADER]: guid } : {}),
                ...(language !== undefined ? { 'accept-language': language } : {}),
                ...(body.contentType && route.method !== 'GET' && route.method !== 'HEAD'
                  ? { 'content-type': body.contentType }
                  : {}),
              },
              cookies: authors[who]?.cookies,
              ...(route.method !== 'GET' && route.method !== 'HEAD' ? { payload: body.payload } : {}),
            };
            const describe = `${route.method} ${opts.url!.toString().slice(0, 300)} as ${who} in ${language} body=${JSON.stringify(String(body.payload).slice(0, 120))} ct=${body.contentType}`;
            return { describe, language, run: () => t.app.inject(opts) };
          });
      }

      const perRoute = Math.ceil(TOTAL_REQUESTS / generators.length);
      const failures: string[] = [];
      let sent = 0;
      let languageChecked = 0;
      const started = Date.now();
      for (const [index, { route, attempts }] of generators.entries()) {
        const samples = fc.sample(attempts, { numRuns: perRoute, seed: SEED + index });
        for (let i = 0; i < samples.length; i += CONCURRENCY) {
          await Promise.all(
            samples.slice(i, i + CONCURRENCY).map(async (attempt) => {
              let res: LightMyRequestResponse;
              try {
                res = await attempt.run();
              } catch (error) {
                failures.push(`THROWN ${attempt.describe}: ${String(error)}`);
                return;
              }
              sent++;
              if (res.statusCode >= 500) {
                failures.push(`${res.statusCode} ${attempt.describe} → ${res.body.slice(0, 300)}`);
                return;
              }
              if (route.method === 'HEAD' || !isEnvelopePath(route.url === '*' ? '/' : route.url)) return;
              let parsed: unknown;
              try {
                parsed = res.json();
              } catch {
                failures.push(`NOT JSON ${res.statusCode} ${attempt.describe} → ${res.body.slice(0, 200)}`);
                return;
              }
              const check = anyEnvelope.safeParse(parsed);
              if (!check.success) {
                failures.push(
                  `NOT AN ENVELOPE ${res.statusCode} ${attempt.describe} → ${res.body.slice(0, 200)}`,
                );
                return;
              }
              // An over-long request line is refused before it is parsed: no language to follow (zh-CN).
              if (check.data.status === 1 || res.statusCode === 431) return;
              languageChecked++;
              const wrong = checkLanguage(
                check.data as ErrorEnvelope,
                pickMessageLanguage(attempt.language),
                attempt.describe,
              );
              if (wrong) failures.push(`LANGUAGE ${wrong} — ${attempt.describe} → ${res.body.slice(0, 200)}`);
            }),
          );
        }
      }
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `fuzz: ${sent} requests over ${generators.length} routes in ${seconds.toFixed(1)} s (seed ${SEED})`,
      );
      expect(failures.slice(0, 40), `seed ${SEED}: ${failures.length} failures`).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
      expect(languageChecked, 'refusals whose language was checked').toBeGreaterThan(TOTAL_REQUESTS / 4);
    },
  );
});
