import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  merge,
  planUpload,
  sendShards,
  status,
  tokenFor,
  waitForProbe,
} from '../modules/fileservice/test-support.js';
import { createUser, uniqueAccount } from '../test/factories.js';
import { body, signedGet, signedPost } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { CENSOR, serializeError, urlWithoutQuery } from './logging.js';

// Issue #8 item 8: tokens, hashes, statement values and server paths never reach a log line or an answer.
// A second app on the harness's database logs at `info` into `lines`.
const t = useTestApp();
const lines: string[] = [];
let app: FastifyInstance;
const logText = () => lines.join('');

beforeAll(async () => {
  app = await buildApp(
    { ...t.config, logLevel: 'info' },
    { handle: t.handle, logStream: { write: (l) => lines.push(l) } },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('serializeError', () => {
  it("drops a failed statement's values from the message, the stack, the fields and the cause chain", () => {
    const secret = `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(12).toString('base64')}`;
    const driverError = Object.assign(new Error('new row for relation "users" violates check constraint'), {
      code: '23514',
      detail: `Failing row contains (7, alice, ${secret}).`,
      params: ['alice', secret],
      queryOptions: { rowMode: 'object' },
    });
    const error = new DrizzleQueryError(
      'insert into "users" values ($1, $2)',
      ['alice', secret],
      driverError,
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain(secret);
    expect(text).not.toContain('argon2id');
    // what helps an operator stays: the SQL, the driver's message and code
    expect(text).toContain('insert into \\"users\\" values ($1, $2)');
    expect(text).toContain('violates check constraint');
    expect(text).toContain('23514');
    expect(text).toContain(CENSOR);
  });

  it('serializes non-errors and cycles without throwing', () => {
    expect(serializeError('plain')).toBe('plain');
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(JSON.stringify(serializeError(a))).toContain('[circular]');
  });

  it('urlWithoutQuery keeps the path only', () => {
    expect(urlWithoutQuery('/fileservice/moreShard?token=abc&x=1')).toBe('/fileservice/moreShard');
    expect(urlWithoutQuery('/api/home/userinfo')).toBe('/api/home/userinfo');
  });
});

describe('log lines of a running app', () => {
  it('a shard upload and its status calls log their paths, never the upload token', async () => {
    const user = await createUser(t.db, t.config);
    const token = await tokenFor(t.db, user.id);
    const plan = planUpload(randomBytes(2048), { name: 'clip.mp4' });
    lines.length = 0;
    await sendShards(app, token, plan, [1]);
    await status(app, token, plan.key);
    const text = logText();
    expect(text).toContain('/fileservice/moreShard'); // the requests were logged…
    expect(text).not.toContain(token); // …without the token
    expect(text).not.toContain(encodeURIComponent(token));
    expect(text).not.toMatch(/token=/);
  });

  it('a signed GET logs its path without cid/param/sign', async () => {
    lines.length = 0;
    await signedGet(app, '/api/home/userinfo', { probe: 'x' });
    expect(logText()).toContain('/api/home/userinfo');
    expect(logText()).not.toMatch(/sign=|param=|probe/);
  });

  it('a database error during registration is logged without the password, its hash or the row', async () => {
    const password = `Very-${randomBytes(8).toString('hex')}-Secret`;
    await t.db.execute(
      sql.raw('ALTER TABLE users ADD CONSTRAINT cc_log_test_refuse CHECK (false) NOT VALID'),
    );
    lines.length = 0;
    try {
      const res = await signedPost(
        app,
        '/api/passport/register',
        { account: uniqueAccount('logged'), password, mediaName: 'Logged Author' },
        { headers: { 'x-forwarded-for': '10.77.0.1' } },
      );
      expect(body(res)).toMatchObject({ status: 10500, messageCode: 'INTERNAL' });
    } finally {
      await t.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT cc_log_test_refuse'));
    }
    const text = logText();
    expect(text).toMatch(/violates check constraint/); // the fault was logged…
    expect(text).not.toContain('$argon2id$'); // …without the hash (params, detail's failing row)
    expect(text).not.toContain(password);
  });

  it("a file that is not a video fails with the reason and without the server's file path", async () => {
    const user = await createUser(t.db, t.config);
    const token = await tokenFor(t.db, user.id);
    const plan = planUpload(Buffer.from('not a video, whatever the name says\n'.repeat(40)), {
      name: 'x.mp4',
    });
    await sendShards(app, token, plan, [1]);
    await merge(app, token, plan.key);
    const done = await waitForProbe(app, token, plan.key);
    expect(done.error).toMatch(/not a video/);
    const again = body(await merge(app, token, plan.key));
    for (const answer of [done.error ?? '', again.message]) {
      expect(answer).not.toContain(t.config.dataDir);
      expect(answer).not.toContain(t.config.mediaDir);
      expect(answer).not.toContain(t.config.uploadDir);
      expect(answer).not.toContain(plan.key); // the stored object's name is internal too
    }
  });
});

describe('redact', () => {
  it('censors credential-like keys wherever a log call passes them', () => {
    const values = ['pw-9f8e7d', 'tok-1a2b3c', 'sig-4d5e6f', 'sec-7a8b9c', 'hash-0d1e2f'];
    lines.length = 0;
    app.log.info(
      {
        password: values[0],
        upload: { token: values[1] },
        sign: values[2],
        config: { secret: values[3] },
        user: { passwordHash: values[4] },
      },
      'redaction probe',
    );
    const text = logText();
    expect(text).toContain('redaction probe');
    for (const v of values) expect(text).not.toContain(v);
  });
});
