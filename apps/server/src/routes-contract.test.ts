import { apiDataSchemas, errorEnvelopeSchema, nullDataSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { envelopeResponses, isEnvelopePath } from './plugins/envelope.js';
import { signedRoute } from './plugins/signature.js';
import { body, createTestApp, signedGet, type TestApp } from './test/helpers.js';

// Issue #7 "Contracts for answers too": every route declares its response schema from packages/contracts,
// /api/docs shows it, and an answer that drifts from it fails (docs/decisions/0002-response-schemas.md).

/** Test-only routes: one answering its contract, one with a field of the wrong type, one with an extra field. */
const driftSchema = z.strictObject({ count: z.int() });
function addDriftRoutes(app: FastifyInstance): void {
  signedRoute(
    app,
    { method: 'GET', url: '/api/test/contract_ok', auth: 'public', summary: 'ok', data: driftSchema },
    async () => ({ count: 3 }),
  );
  signedRoute(
    app,
    { method: 'GET', url: '/api/test/contract_wrong_type', auth: 'public', summary: 'x', data: driftSchema },
    // the compiler would refuse `'3'`: the cast stands for a service whose type lies (e.g. a bigint column)
    async () => ({ count: '3' }) as unknown as { count: number },
  );
  signedRoute(
    app,
    { method: 'GET', url: '/api/test/contract_extra', auth: 'public', summary: 'x', data: driftSchema },
    async () => ({ count: 3, passwordHash: 'x' }),
  );
  app.get(
    '/fileservice/test_contract_error',
    { schema: { response: envelopeResponses(nullDataSchema) } },
    async (_request, reply) => reply.code(400).send({ status: 0, message: 'no', data: { secret: 1 } }),
  );
}

const isTestRoute = (url: string) => url.startsWith('/api/test/') || url.includes('test_contract');
/** Routes of the server itself (not swagger-ui's own pages, not the web app's files). */
const isServerRoute = (url: string) =>
  !url.startsWith('/api/docs') &&
  (url.startsWith('/api/') ||
    url.startsWith('/fileservice/') ||
    url.startsWith('/media/') ||
    url.startsWith('/open/') ||
    url === '/healthz' ||
    url === '/readyz');

/** `/api/` calls that answer with a file, not an envelope (API.md §11 `fans/export`); errors are envelopes. */
const FILE_ROUTES = new Set(['/api/fans/export', '/api/data/work_export']);

describe('response contracts (strict: development and tests)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, addDriftRoutes);
  });
  afterAll(() => t.close());

  it('every server route declares a 200 response schema and errors as the error envelope', () => {
    const routes = t.app.routeResponses.filter((r) => isServerRoute(r.url) && !isTestRoute(r.url));
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const missing = routes.filter((r) => !(r.response?.[200] instanceof z.ZodType)).map((r) => r.url);
    expect(missing).toEqual([]);
    const envelopeRoutes = routes.filter((r) => isEnvelopePath(r.url));
    const noErrorSchema = envelopeRoutes.filter((r) => r.response?.['4xx'] !== errorEnvelopeSchema);
    expect(noErrorSchema.map((r) => r.url)).toEqual([]);
  });

  it('every envelope route answers with the data schema of its path in apiDataSchemas, and no entry is stale', () => {
    const routes = t.app.routeResponses.filter(
      (r) => isServerRoute(r.url) && isEnvelopePath(r.url) && !isTestRoute(r.url) && !FILE_ROUTES.has(r.url),
    );
    const table = apiDataSchemas as Record<string, z.ZodType>;
    const wrong = routes
      .filter((r) => {
        const ok = r.response?.[200] as z.ZodObject<{ data: z.ZodType }> | undefined;
        const method = r.method === 'HEAD' ? 'GET' : r.method; // Fastify's HEAD of a GET answers alike
        return ok?.shape.data !== (table[`${method} ${r.url}`] ?? table[r.url]);
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(wrong).toEqual([]);
    const registered = new Set(routes.flatMap((r) => [r.url, `${r.method} ${r.url}`]));
    expect(Object.keys(apiDataSchemas).filter((path) => !registered.has(path))).toEqual([]);
  });

  it('the OpenAPI document lists a 200 response with a schema for every path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    }>();
    const documented = Object.entries(doc.paths).filter(([path]) => !isTestRoute(path));
    expect(documented.length).toBeGreaterThanOrEqual(38);
    const withoutSchema: string[] = [];
    for (const [path, operations] of documented) {
      for (const [method, operation] of Object.entries(operations)) {
        const content = Object.values(operation.responses?.['200']?.content ?? {}) as { schema?: object }[];
        if (!content[0]?.schema || Object.keys(content[0].schema).length === 0)
          withoutSchema.push(`${method} ${path}`);
      }
    }
    expect(withoutSchema).toEqual([]);
    // a real shape, not a name: content/list shows the fields of a row
    const list = doc.paths['/api/content/list']!.get!.responses!['200']!.content as Record<
      string,
      { schema: { properties: { data: { properties: { list: { items: { properties: object } } } } } } }
    >;
    expect(
      Object.keys(list['application/json']!.schema.properties.data.properties.list.items.properties),
    ).toEqual(expect.arrayContaining(['id', 'type', 'title', 'status', 'stats', 'updatedAt']));
  });

  it('an answer matching its schema is sent as the envelope', async () => {
    const res = await signedGet(t.app, '/api/test/contract_ok');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 1, message: 'success', data: { count: 3 } });
  });

  it('a field of the wrong type fails the request with 10500 (the route test that hits it fails)', async () => {
    const res = await signedGet(t.app, '/api/test/contract_wrong_type');
    expect(res.statusCode).toBe(500);
    expect(body(res)).toMatchObject({ status: 10500, messageCode: 'INTERNAL', data: null, ercd: 'INTERNAL' });
  });

  it('a field the contract does not name fails too (nothing leaks unnoticed)', async () => {
    const res = await signedGet(t.app, '/api/test/contract_extra');
    expect(res.statusCode).toBe(500);
    expect(body(res).status).toBe(10500);
    expect(res.body).not.toContain('passwordHash');
  });

  it('an error answer is checked against the error envelope as well', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fileservice/test_contract_error' });
    expect(res.statusCode).toBe(500);
    expect(body(res).status).toBe(10500);
  });
});

describe('response contracts (production: logged, sent as it is)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ strictResponses: false }, addDriftRoutes);
  });
  afterAll(() => t.close());

  it('a drift is logged as a warning naming the route and the field, and the answer still goes out', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const res = await signedGet(t.app, '/api/test/contract_wrong_type');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 1, message: 'success', data: { count: '3' } });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        route: expect.stringContaining('/api/test/contract_wrong_type'),
        issues: [expect.stringContaining('data.count')],
      }),
      expect.stringContaining('response schema'),
    );
  });

  it('production is not strict by default; development and test are', async () => {
    const { loadConfig } = await import('./config.js');
    const production = {
      NODE_ENV: 'production',
      SIGN_SECRETS: '{"500":"p"}',
      APP_SECRET: 'a'.repeat(32),
      DATA_KEY: 'cd'.repeat(32),
      OPEN_SITE_KEYS: '{"reader":"a-production-reader-site-key"}',
      SMS_SENDER: 'webhook',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
    };
    expect(loadConfig(production).strictResponses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).strictResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).strictResponses).toBe(true);
  });
});
