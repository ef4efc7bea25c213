import { randomInt } from 'node:crypto';
import {
  type CertificationState,
  creditCodeCheckChar,
  type ListData,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MINUTES,
  type OpsCertificationItem,
  type SendCodeResult,
} from '@cc/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { PHONE_CODE_PHONES_PER_HOUR } from './certification.service.js';
import { messages, users } from '../../db/schema/index.js';
import { createImage, type TestAuthor, uploadImage } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Issue #11, API.md §14: certification of a person or an organization, reviewed by operators; personal data
// encrypted at rest and masked everywhere. The author side runs on a second app that logs at `info` into `lines`,
// so the log lines of real submissions can be searched for plain values.
const t = useTestApp();
const lines: string[] = [];
let app: FastifyInstance;
const EN = { headers: { 'accept-language': 'en-US' } };

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

/** A signed call on the logging app; the parsed envelope. */
async function call<T>(method: 'GET' | 'POST', url: string, param: unknown, a: TestAuthor, headers = {}) {
  const res =
    method === 'GET'
      ? await signedGet(app, url, param, { session: a, headers })
      : await signedPost(app, url, param, { session: a, headers, json: true });
  return body<T>(res);
}

/** A fresh valid resident ID number (GB 11643): region 110105, a random birth date, the check character. */
function idNumber(): string {
  const year = 1960 + randomInt(0, 40);
  const first = `110105${year}${String(randomInt(1, 13)).padStart(2, '0')}${String(randomInt(1, 29)).padStart(2, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return first + '10X98765432'[sum % 11]!;
}

/** A fresh valid unified social credit code (GB 32100). */
function creditCode(): string {
  const first = `91110108${String(randomInt(0, 10 ** 9)).padStart(9, '0')}`;
  return first + creditCodeCheckChar(first)!;
}

const phone = () => `139${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
const jpeg = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: '#88aacc' } })
    .jpeg()
    .toBuffer();

async function privateImage(a: TestAuthor): Promise<string> {
  return (await createImage(t, a, await jpeg(), { url: '/fileservice/private_image' })).url;
}

async function agreementVersion(a: TestAuthor): Promise<number> {
  return (await t.get<CertificationState>('/api/certification/state', {}, a)).data.agreement.currentVersion;
}

async function code(a: TestAuthor, to: string): Promise<string> {
  const res = await call<SendCodeResult>('POST', '/api/certification/send_code', { phone: to }, a);
  expect(res.status).toBe(1);
  return res.data.devCode!;
}

async function personParam(a: TestAuthor, overrides: Record<string, unknown> = {}) {
  const p = phone();
  return {
    agreementVersion: await agreementVersion(a),
    realName: '王小明',
    idNumber: idNumber(),
    phone: p,
    phoneCode: await code(a, p),
    idFrontUrl: await privateImage(a),
    idBackUrl: await privateImage(a),
    field: 'car_review',
    sampleUrls: ['https://example.com/my-review'],
    ...overrides,
  };
}

async function orgParam(a: TestAuthor, overrides: Record<string, unknown> = {}) {
  const p = phone();
  return {
    agreementVersion: await agreementVersion(a),
    subjectType: 'enterprise',
    orgName: '北京某某汽车文化传媒有限公司',
    creditCode: creditCode(),
    licenseUrl: await privateImage(a),
    operatorName: '李运营',
    operatorIdNumber: idNumber(),
    operatorPhone: p,
    operatorPhoneCode: await code(a, p),
    authLetterUrl: await privateImage(a),
    ...overrides,
  };
}

describe('a person applies, an operator rejects a field, the author corrects it, the operator approves', () => {
  it('walks the whole flow with authStatus, messages and kept fields', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const param = await personParam(author);
    const sent = await call<{ authStatus: number }>('POST', '/api/certification/person', param, author);
    expect(sent).toMatchObject({ status: 1, data: { authStatus: 1 } });
    const info = await t.get<{ authStatus: number }>('/api/home/userinfo', {}, author);
    expect(info.data.authStatus).toBe(1);

    const state = await t.get<CertificationState>('/api/certification/state', {}, author);
    expect(state.data).toMatchObject({
      authStatus: 1,
      kind: 'person',
      masked: {
        realName: '王**',
        idNumber: `${param.idNumber.slice(0, 4)}**********${param.idNumber.slice(-4)}`,
      },
    });
    expect(state.data.agreement.acceptedVersion).toBe(param.agreementVersion);
    expect(state.data.application?.idFrontUrl).toBe(param.idFrontUrl);

    // a second submission while under review is a conflict
    const again = await call('POST', '/api/certification/person', await personParam(author), author);
    expect(again.status).toBe(10008);

    const queue = await t.get<ListData<OpsCertificationItem>>(
      '/api/ops/certification/list',
      { pageSize: 100 },
      op,
    );
    const item = queue.data.list.find((i) => i.userId === author.userId)!;
    expect(item.application.masked.phone).toBe(`${param.phone.slice(0, 3)}****${param.phone.slice(-4)}`);
    expect(item.previousRejections).toBe(0);

    const reject = await t.post(
      '/api/ops/certification/decide',
      {
        userId: author.userId,
        decision: 'reject',
        fieldReasons: [{ path: 'idFrontUrl', reason: '身份证正面照片模糊' }],
      },
      op,
      { json: true },
    );
    expect(reject).toMatchObject({ status: 1, data: { authStatus: 3 } });
    const rejected = await t.get<CertificationState>('/api/certification/state', {}, author, EN);
    expect(rejected.data).toMatchObject({
      authStatus: 3,
      fieldReasons: [{ path: 'idFrontUrl', reason: '身份证正面照片模糊' }],
    });
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, author.userId), eq(messages.kind, 'certification_rejected')));
    expect(msg?.link).toBe('/certification/indexc');

    // resubmitting without the rejected field names it; with it, every other field is kept
    const missing = await call<{ fields: { path: string }[] }>(
      'POST',
      '/api/certification/person',
      { agreementVersion: param.agreementVersion },
      author,
    );
    expect(missing.status).toBe(10007);
    expect(missing.data.fields.map((f) => f.path)).toEqual(['idFrontUrl']);
    const newFront = await privateImage(author);
    const resent = await call(
      'POST',
      '/api/certification/person',
      { agreementVersion: param.agreementVersion, idFrontUrl: newFront },
      author,
    );
    expect(resent.status).toBe(1);
    const kept = await t.get<CertificationState>('/api/certification/state', {}, author);
    expect(kept.data.application).toMatchObject({
      idFrontUrl: newFront,
      idBackUrl: param.idBackUrl,
      field: 'car_review',
      masked: { idNumber: state.data.masked.idNumber, realName: '王**' },
    });

    const requeued = await t.get<ListData<OpsCertificationItem>>(
      '/api/ops/certification/list',
      { pageSize: 100 },
      op,
    );
    expect(requeued.data.list.find((i) => i.userId === author.userId)?.previousRejections).toBe(1);

    const approve = await t.post(
      '/api/ops/certification/decide',
      { userId: author.userId, decision: 'approve' },
      op,
      { json: true },
    );
    expect(approve).toMatchObject({ status: 1, data: { authStatus: 2 } });
    const [user] = await t.db.select().from(users).where(eq(users.id, author.userId));
    expect(user?.authStatus).toBe(2);
    const certified = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, author.userId), eq(messages.kind, 'certified')));
    expect(certified).toHaveLength(1);
    const done = await call('POST', '/api/certification/person', await personParam(author), author);
    expect(done.status).toBe(10008);
    const twice = await t.post(
      '/api/ops/certification/decide',
      { userId: author.userId, decision: 'approve' },
      op,
      {
        json: true,
      },
    );
    expect(twice.status).toBe(10008);
  });
});

describe('bad input (issue #11)', () => {
  it('a wrong check digit or check character is a 10007 naming the field, in both languages', async () => {
    const a = await t.signIn();
    const param = await personParam(a, { idNumber: '110105194912310021' });
    const zh = await call<{ fields: { path: string; ruleRef?: string }[] }>(
      'POST',
      '/api/certification/person',
      param,
      a,
    );
    expect(zh.status).toBe(10007);
    expect(zh.data.fields[0]).toMatchObject({ path: 'idNumber', ruleRef: 'certification-standards#person' });
    expect(zh.message).toContain('身份证号不正确');
    const en = await call('POST', '/api/certification/person', param, a, EN.headers);
    expect(en.message).toContain('the ID number is not valid');
    const org = await call<{ fields: { path: string }[] }>(
      'POST',
      '/api/certification/organization',
      await orgParam(a, { creditCode: '91330100716105852G' }),
      a,
    );
    expect(org.status).toBe(10007);
    expect(org.data.fields[0]!.path).toBe('creditCode');
  });

  it('a photo that is not an image is refused at upload; a photo of another author at submission', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const notImage = body(
      await uploadImage(t, a, Buffer.from('%PDF-1.4 not an image'), { url: '/fileservice/private_image' }),
    );
    expect(notImage.status).toBe(10007);
    const theirs = await privateImage(b);
    const res = await call<{ fields: { path: string }[] }>(
      'POST',
      '/api/certification/person',
      await personParam(a, { idBackUrl: theirs }),
      a,
    );
    expect(res.status).toBe(10007);
    expect(res.data.fields.map((f) => f.path)).toEqual(['idBackUrl']);
  });

  it('one ID number certifies one account: a second author is refused without being told whose', async () => {
    const a = await t.signIn();
    const b = await t.signIn({ mediaName: 'second-author' });
    const shared = idNumber();
    expect(
      (await call('POST', '/api/certification/person', await personParam(a, { idNumber: shared }), a)).status,
    ).toBe(1);
    const res = await call<{ fields: { path: string; message: string }[] }>(
      'POST',
      '/api/certification/person',
      await personParam(b, { idNumber: shared.toLowerCase() }),
      b,
    );
    expect(res.status).toBe(10007);
    expect(res.data.fields[0]).toMatchObject({ path: 'idNumber' });
    const { account } = (await t.db.select().from(users).where(eq(users.id, a.userId)))[0]!;
    expect(JSON.stringify(res)).not.toContain(account);
    expect(res.message).toContain('一个身份证号只能认证一个账号');
  });

  it('an organization certifies at most two accounts', async () => {
    const code3 = creditCode();
    for (let i = 0; i < 2; i++) {
      const a = await t.signIn();
      expect(
        (await call('POST', '/api/certification/organization', await orgParam(a, { creditCode: code3 }), a))
          .status,
      ).toBe(1);
    }
    const third = await t.signIn();
    const res = await call<{ fields: { path: string }[] }>(
      'POST',
      '/api/certification/organization',
      await orgParam(third, { creditCode: code3 }),
      third,
    );
    expect(res.status).toBe(10007);
    expect(res.data.fields[0]!.path).toBe('creditCode');
  });

  it('a wrong or missing phone code is refused; codes are sent once a minute', async () => {
    const a = await t.signIn();
    const p = phone();
    const sent = await code(a, p);
    const soon = await call('POST', '/api/certification/send_code', { phone: p }, a);
    expect(soon.status).toBe(10009);
    const wrong = await call<{ fields: { path: string }[] }>(
      'POST',
      '/api/certification/person',
      {
        ...(await personParam(a)),
        phone: p,
        phoneCode: sent.replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
      },
      a,
    );
    expect(wrong.status).toBe(10007);
    expect(wrong.data.fields[0]!.path).toBe('phoneCode');
    // PHONE_CODE_MAX_ATTEMPTS wrong tries in all spend the code: the right one is refused after them
    const other = sent.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const base = await personParam(a);
    for (let i = 1; i < PHONE_CODE_MAX_ATTEMPTS; i++)
      await call('POST', '/api/certification/person', { ...base, phone: p, phoneCode: other }, a);
    const late = await call('POST', '/api/certification/person', { ...base, phone: p, phoneCode: sent }, a);
    expect(late.status).toBe(10007);
    // a fresh code (after the resend wait) works
    await t.db.execute(sql`update certification_phone_codes set sent_at = sent_at - interval '2 minutes'`);
    const fresh = await code(a, p);
    expect(
      (await call('POST', '/api/certification/person', { ...base, phone: p, phoneCode: fresh }, a)).status,
    ).toBe(1);
  });

  it('codes go to at most PHONE_CODE_PHONES_PER_HOUR different phones an hour per author', async () => {
    const a = await t.signIn();
    for (let i = 0; i < PHONE_CODE_PHONES_PER_HOUR; i++) await code(a, phone());
    const more = await call('POST', '/api/certification/send_code', { phone: phone() }, a);
    expect(more.status).toBe(10009);
  });

  it('an SMS gateway that fails is a clear refusal, and the code may be asked again at once', async () => {
    const a = await t.signIn();
    const p = phone();
    const failing = await buildApp(
      { ...t.config, sms: { sender: 'webhook', webhookUrl: 'http://127.0.0.1:9/unreachable' } },
      { handle: t.handle },
    );
    await failing.ready();
    try {
      const res = body(
        await signedPost(failing, '/api/certification/send_code', { phone: p }, { session: a, json: true }),
      );
      expect(res).toMatchObject({ status: 0, messageCode: 'SMS_SEND_FAILED' });
    } finally {
      await failing.close();
    }
    expect((await call('POST', '/api/certification/send_code', { phone: p }, a)).status).toBe(1);
  });

  it('a rejected optional field (sample works) must be sent again', async () => {
    const a = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const param = await personParam(a);
    await call('POST', '/api/certification/person', param, a);
    await t.post(
      '/api/ops/certification/decide',
      {
        userId: a.userId,
        decision: 'reject',
        fieldReasons: [{ path: 'sampleUrls', reason: '不是本人作品' }],
      },
      op,
      { json: true },
    );
    const res = await call<{ fields: { path: string }[] }>(
      'POST',
      '/api/certification/person',
      { agreementVersion: param.agreementVersion },
      a,
    );
    expect(res.data.fields.map((f) => f.path)).toEqual(['sampleUrls']);
    const fixed = await call(
      'POST',
      '/api/certification/person',
      { agreementVersion: param.agreementVersion, sampleUrls: ['https://example.com/mine'] },
      a,
    );
    expect(fixed.status).toBe(1);
  });

  it('an agreement version that is not the current one is refused, and accepting records version and time', async () => {
    const a = await t.signIn();
    const current = await agreementVersion(a);
    const old = await call(
      'POST',
      '/api/certification/person',
      await personParam(a, { agreementVersion: current + 1 }),
      a,
    );
    expect(old.status).toBe(10007);
    const accepted = await t.post<{ version: number; acceptedAt: string }>(
      '/api/certification/accept_agreement',
      { version: current },
      a,
      { json: true },
    );
    expect(accepted.data.version).toBe(current);
    const state = await t.get<CertificationState>('/api/certification/state', {}, a);
    expect(state.data.agreement).toMatchObject({ currentVersion: current, acceptedVersion: current });
    expect(state.data.authStatus).toBe(0);
    // accepting a version that is not the current one is refused too, naming `version`
    const stale = await t.post<{ fields: { path: string }[] }>(
      '/api/certification/accept_agreement',
      { version: current + 1 },
      a,
      { json: true },
    );
    expect(stale.status).toBe(10007);
    expect(stale.data.fields[0]!.path).toBe('version');
  });

  it(`a phone code expires after PHONE_CODE_TTL_MINUTES (${PHONE_CODE_TTL_MINUTES})`, async () => {
    const a = await t.signIn();
    const p = phone();
    const sent = await code(a, p);
    await t.db.execute(
      sql`update certification_phone_codes set expires_at = now() - interval '1 second' where user_id = ${a.userId}`,
    );
    const res = await call<{ fields: { path: string; code: string }[] }>(
      'POST',
      '/api/certification/person',
      { ...(await personParam(a)), phone: p, phoneCode: sent },
      a,
    );
    expect(res.data.fields[0]).toMatchObject({ path: 'phoneCode', code: 'PHONE_CODE_WRONG' });
  });

  it('operator calls by authors are 10005; an unknown field reason is 10007', async () => {
    const a = await t.signIn();
    expect((await t.get('/api/ops/certification/list', {}, a)).status).toBe(10005);
    expect(
      (
        await t.post('/api/ops/certification/decide', { userId: a.userId, decision: 'approve' }, a, {
          json: true,
        })
      ).status,
    ).toBe(10005);
    const op = await t.signIn({ role: 'operator' });
    await call('POST', '/api/certification/person', await personParam(a), a);
    const res = await t.post(
      '/api/ops/certification/decide',
      { userId: a.userId, decision: 'reject', fieldReasons: [{ path: 'creditCode', reason: 'x' }] },
      op,
      { json: true },
    );
    expect(res.status).toBe(10007);
  });
});

describe('personal data (issue #11)', () => {
  it('photos are served to their owner and operators only, never through /media/img/', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const url = await privateImage(a);
    const get = (cookies?: Record<string, string>) => t.app.inject({ method: 'GET', url, cookies });
    expect((await get(a.cookies)).statusCode).toBe(200);
    expect((await get(op.cookies)).statusCode).toBe(200);
    expect((await get(b.cookies)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(404);
    const key = url.slice('/media/private/'.length);
    expect((await t.app.inject({ method: 'GET', url: `/media/img/0x0/${key}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/img/200x200/${key}`, cookies: a.cookies }))
        .statusCode,
    ).toBe(404);
  });

  it('the database holds no plain ID number, credit code, phone or real name, and the log only masked ones', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const person = await personParam(a, { realName: '赵明明' });
    const org = await orgParam(b);
    expect((await call('POST', '/api/certification/person', person, a)).status).toBe(1);
    expect((await call('POST', '/api/certification/organization', org, b)).status).toBe(1);
    const plain = [
      person.idNumber,
      person.phone,
      org.creditCode,
      org.operatorIdNumber,
      org.operatorPhone,
      '赵明明',
      '李运营',
    ];
    // every text column of every table of the schema, as text
    const tables = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let scanned = 0;
    for (const { table_name } of (tables as { rows: { table_name: string }[] }).rows) {
      const rows = await t.db.execute<{ row: string }>(
        sql.raw(`select t::text as row from "${table_name}" t`),
      );
      for (const r of (rows as { rows: { row: string }[] }).rows) {
        scanned += 1;
        for (const value of plain) expect(r.row.includes(value), `${table_name} holds ${value}`).toBe(false);
      }
    }
    expect(scanned).toBeGreaterThan(0);
    const log = lines.join('');
    expect(log).toContain('certification application submitted');
    expect(log).toContain(`${person.phone.slice(0, 3)}****${person.phone.slice(-4)}`);
    for (const value of plain) expect(log.includes(value), `the log holds ${value}`).toBe(false);
  });
});
