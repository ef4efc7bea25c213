import { randomInt } from 'node:crypto';
import { type CertificationState, type SendCodeResult } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { keyringFromConfig } from '../../lib/personal-data.js';
import { createImage, type TestAuthor } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { reencryptPersonalData } from './certification.service.js';

// Issue #11 "a key version prefix so keys can rotate": data written under key v1 reads under v2 with v1 kept as a
// previous key, `data-key:rotate` rewrites it under v2, and then v1 can go — one person per ID number holds all along.
const KEY1 = '11'.repeat(32);
const KEY2 = '22'.repeat(32);
const t = useTestApp({ dataKeys: { current: KEY1, version: 1, previous: {} } });
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function appWith(dataKeys: { current: string; version: number; previous: Record<string, string> }) {
  const app = await buildApp({ ...t.config, dataKeys }, { handle: t.handle });
  await app.ready();
  apps.push(app);
  return app;
}

function idNumber(): string {
  const first = `11010519${70 + randomInt(0, 29)}0${randomInt(1, 10)}1${randomInt(0, 10)}${String(randomInt(0, 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return first + '10X98765432'[sum % 11]!;
}

async function apply(app: FastifyInstance, a: TestAuthor, id: string) {
  const post = <T>(url: string, param: unknown) =>
    signedPost(app, url, param, { session: a, json: true }).then((r) => body<T>(r));
  const phone = `137${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
  const code = (await post<SendCodeResult>('/api/certification/send_code', { phone })).data.devCode!;
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#777' } })
    .jpeg()
    .toBuffer();
  const photo = async () =>
    (await createImage({ app } as never, a, jpeg, { url: '/fileservice/private_image' })).url;
  const state = body<CertificationState>(
    await signedGet(app, '/api/certification/state', {}, { session: a }),
  );
  return post('/api/certification/person', {
    agreementVersion: state.data.agreement.currentVersion,
    realName: '钱多多',
    idNumber: id,
    phone,
    phoneCode: code,
    idFrontUrl: await photo(),
    idBackUrl: await photo(),
    field: 'maintenance',
  });
}

const prefixes = async () => {
  const res = await t.db.execute<Record<string, string>>(
    sql`select real_name_enc, id_number_enc, id_number_bidx, phone_enc from certification_applications`,
  );
  return (res as { rows: Record<string, string>[] }).rows.flatMap((r) =>
    Object.values(r).map((v) => v.slice(0, 3)),
  );
};

describe('rotating the data key', () => {
  it('v1 data reads under v2 with v1 kept, is rewritten by the rotation, and then needs v1 no more', async () => {
    const a = await t.signIn();
    const id = idNumber();
    expect((await apply(t.app, a, id)).status).toBe(1);
    expect(new Set(await prefixes())).toEqual(new Set(['v1:']));

    // v2 current, v1 previous: old values still read and still block the same ID number
    const both = await appWith({ current: KEY2, version: 2, previous: { '1': KEY1 } });
    const state = body<CertificationState>(
      await signedGet(both, '/api/certification/state', {}, { session: a }),
    );
    expect(state.data.masked.idNumber).toBe(`${id.slice(0, 4)}**********${id.slice(-4)}`);
    const b = await t.signIn();
    expect((await apply(both, b, id)).status).toBe(10007);

    const ring = keyringFromConfig({ current: KEY2, version: 2, previous: { '1': KEY1 } });
    const done = await reencryptPersonalData(t.db, ring);
    expect(done.applications).toBeGreaterThanOrEqual(1);
    expect(new Set(await prefixes())).toEqual(new Set(['v2:']));
    expect((await reencryptPersonalData(t.db, ring)).applications).toBe(0);

    // v1 gone: everything reads, and the ID number is still taken
    const only2 = await appWith({ current: KEY2, version: 2, previous: {} });
    const after = body<CertificationState>(
      await signedGet(only2, '/api/certification/state', {}, { session: a }),
    );
    expect(after.data.masked).toEqual(state.data.masked);
    const c = await t.signIn();
    expect((await apply(only2, c, id)).status).toBe(10007);
  });
});
