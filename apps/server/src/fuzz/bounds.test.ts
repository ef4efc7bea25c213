import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorEnvelopeSchema, Status } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SignedRouteConfig } from '../plugins/signature.js';
import { useTestApp } from '../test/support.js';

// Issue #8 item 2, as a class: every signed route whose param has an integer field refuses 2147483648
// (number and string) with 10007 naming the field; every string field refuses NUL and DEL the same way;
// an over-long query answers the 10010 envelope, not a bare 431.

const t = useTestApp();

interface FieldOfRoute {
  route: string;
  method: string;
  field: string;
  kind: 'integer' | 'string';
}

function fieldsOfSignedRoutes(): FieldOfRoute[] {
  const out: FieldOfRoute[] = [];
  for (const r of t.app.routeResponses) {
    const signed = (r.config as { signed?: SignedRouteConfig | false } | undefined)?.signed;
    if (!signed || r.method === 'HEAD') continue;
    const json = z.toJSONSchema(signed.param, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, { type?: string }>;
    };
    for (const [field, schema] of Object.entries(json.properties ?? {})) {
      if (schema.type === 'integer' || schema.type === 'string')
        out.push({ route: r.url, method: r.method, field, kind: schema.type });
    }
  }
  return out;
}

const call = async (f: FieldOfRoute, value: unknown, signedIn: boolean) => {
  const author = signedIn ? await t.signIn() : null;
  return f.method === 'GET'
    ? t.get(f.route, { [f.field]: value }, author)
    : t.post(f.route, { [f.field]: value }, author, { json: true });
};

describe('bounded ids and counts, no control characters (issue #8 item 2)', () => {
  it('finds the integer and string fields of the contracts', () => {
    const fields = fieldsOfSignedRoutes();
    expect(fields.filter((f) => f.kind === 'integer').length).toBeGreaterThanOrEqual(10);
    expect(fields.filter((f) => f.kind === 'string').length).toBeGreaterThanOrEqual(10);
  });

  it('every integer field refuses 2147483648 as number and string with 10007 naming the field', async () => {
    const author = await t.signIn();
    for (const f of fieldsOfSignedRoutes().filter((x) => x.kind === 'integer')) {
      for (const value of [2147483648, '2147483648', 1e300]) {
        const env =
          f.method === 'GET'
            ? await t.get(f.route, { [f.field]: value }, author)
            : await t.post(f.route, { [f.field]: value }, author, { json: true });
        const where = `${f.method} ${f.route} ${f.field}=${value}`;
        expect(env.status, where).toBe(Status.VALIDATION_FAILED);
        const fields = (env.data as { fields: { path: string }[] }).fields.map((x) => x.path);
        expect(fields, where).toContain(f.field);
      }
    }
  });

  it('every string field refuses NUL, ESC and DEL with 10007 naming the field', async () => {
    const author = await t.signIn();
    for (const f of fieldsOfSignedRoutes().filter((x) => x.kind === 'string')) {
      for (const value of ['ab\u0000cd', '\u001b[31m', 'x\u007f']) {
        const env =
          f.method === 'GET'
            ? await t.get(f.route, { [f.field]: value }, author)
            : await t.post(f.route, { [f.field]: value }, author, { json: true });
        const where = `${f.method} ${f.route} ${f.field}=${JSON.stringify(value)}`;
        expect(env.status, where).toBe(Status.VALIDATION_FAILED);
        const fields = (env.data as { fields: { path: string }[] }).fields.map((x) => x.path);
        expect(fields, where).toContain(f.field);
      }
    }
  });

  it('refuses control characters and deep nesting anywhere in param, even where the schema lets anything pass', async () => {
    const author = await t.signIn();
    const nul = await t.get('/api/home/userinfo', { extra: { deep: 'a\u0000' } }, author);
    expect(nul.status).toBe(Status.VALIDATION_FAILED);
    expect(nul.message).toContain('extra.deep');
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    const nested = await t.get('/api/home/userinfo', { deep }, author);
    expect(nested.status).toBe(Status.VALIDATION_FAILED);
    void call;
  });

  it('an over-long query (beyond maxHeaderSize) answers the 10010 envelope, not a bare 431', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: `/api/content/list?param=${'x'.repeat(70_000)}` },
          (res) => {
            let data = '';
            res.on('data', (chunk: Buffer) => (data += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(431);
      const env = errorEnvelopeSchema.parse(JSON.parse(text));
      expect(env).toMatchObject({ status: Status.TOO_LARGE, ercd: 'TOO_LARGE' });
    } finally {
      await t.app.close();
      await t.restart();
    }
  });
});
