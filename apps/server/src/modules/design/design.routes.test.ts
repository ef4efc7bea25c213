import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type {
  DesignDetail,
  DesignListItem,
  DesignSaveResult,
  ImageUploadResult,
  ListData,
  MyImageItem,
} from '@cc/contracts';
import { createDesign, designDocument as doc, uploadImage } from '../../test/factories.js';
import { body, signedGet, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { and, eq } from 'drizzle-orm';
import { designs } from '../../db/schema/index.js';
import { copyName, DESIGN_QUOTA } from './design.service.js';

// Designs (issue #4, docs/api.md "Designs") and media/my_images, through the real app.
const t = useTestApp();

const save = (session: TestSession, param: Record<string, unknown>) =>
  signedPost(
    t.app,
    '/api/design/save',
    { name: 'Cover', width: 900, height: 1200, document: doc(), ...param },
    { session, json: true },
  );

const create = (session: TestSession, param: Record<string, unknown> = {}) => createDesign(t, session, param);

describe('POST /api/design/save', () => {
  it('creates, then updates the same design, and detail returns what was saved', async () => {
    const alice = await t.signIn();
    const created = await create(alice, {
      name: '新车上市',
      thumbnailUrl: '/media/img/0x0/images/u1/202611/a.png',
    });
    expect(created.id).toBeGreaterThan(0);
    expect(new Date(created.updatedAt).getTime()).not.toBeNaN();
    const updated = await create(alice, {
      id: created.id,
      name: '新车上市 v2',
      document: doc({ objects: [{ type: 'Rect', id: 'r1', name: 'r' }] }),
    });
    expect(updated.id).toBe(created.id);
    const detail = body<DesignDetail>(
      await signedGet(t.app, '/api/design/detail', { id: created.id }, { session: alice }),
    );
    expect(detail.data).toMatchObject({ id: created.id, name: '新车上市 v2', width: 900, height: 1200 });
    // a save without thumbnailUrl keeps the stored one
    expect(detail.data.thumbnailUrl).toBe('/media/img/0x0/images/u1/202611/a.png');
    expect(JSON.parse(detail.data.document).objects[0].id).toBe('r1');
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name'],
    ['a 41-character name', { name: 'x'.repeat(41) }, 'name'],
    ['a width under 16 px', { width: 15 }, 'width'],
    ['a height over 8000 px', { height: 8001 }, 'height'],
    ['a fractional size', { width: 100.5 }, 'width'],
    ['a document that is not JSON', { document: '{oops' }, 'document'],
    ['a document without schemaVersion', { document: JSON.stringify({ objects: [] }) }, 'document'],
    ['a JSON array as document', { document: '[1]' }, 'document'],
    ['a thumbnail on another host', { thumbnailUrl: 'https://evil.example/x.png' }, 'thumbnailUrl'],
  ])('refuses %s with 10007 naming the field', async (_label, param, field) => {
    const alice = await t.signIn();
    const env = body<{ fields: { path: string }[] }>(await save(alice, param));
    expect(env.status).toBe(10007);
    expect(env.data.fields.map((f) => f.path)).toContain(field);
  });

  it('accepts a 40-character Chinese name and the 16 and 8000 px edges', async () => {
    const alice = await t.signIn();
    await create(alice, { name: '海'.repeat(40), width: 16, height: 8000 });
  });

  it('refuses a document over 5 MB and accepts one just under', async () => {
    const alice = await t.signIn();
    const base = doc({ pad: '' }).length;
    const over = doc({ pad: 'a'.repeat(5 * 1024 * 1024 - base + 1) });
    const env = body(await save(alice, { document: over }));
    expect(env.status).toBe(10007);
    const under = doc({ pad: 'a'.repeat(5 * 1024 * 1024 - base) });
    expect(body(await save(alice, { document: under })).status).toBe(1);
  });

  it("answers 10006 when updating another author's design, and leaves it unchanged", async () => {
    const alice = await t.signIn();
    const bob = await t.signIn();
    const mine = await create(alice, { name: 'mine' });
    expect(body(await save(bob, { id: mine.id, name: 'stolen' })).status).toBe(10006);
    const detail = body<DesignDetail>(
      await signedGet(t.app, '/api/design/detail', { id: mine.id }, { session: alice }),
    );
    expect(detail.data.name).toBe('mine');
  });

  it('needs a session (10002)', async () => {
    expect(body(await save(null as unknown as TestSession, {})).status).toBe(10002);
  });
});

describe('list, detail, duplicate, rename, delete', () => {
  it('lists only my designs, newest change first, paged, without documents', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const mk = (s: TestSession, name: string) => create(s, { name, width: 100, height: 100 });
    const a = await mk(me, 'A');
    await mk(me, 'B');
    await mk(me, 'C');
    await mk(other, 'X');
    // touching A makes it the most recent
    await signedPost(t.app, '/api/design/rename', { id: a.id, name: 'A2' }, { session: me });
    const page1 = (await t.get<ListData<DesignListItem>>('/api/design/list', { page: 1, pageSize: 2 }, me))
      .data;
    expect(page1.total).toBe(3);
    expect(page1.list.map((d) => d.name)).toEqual(['A2', 'C']);
    expect(page1.list[0]).not.toHaveProperty('document');
    expect(Object.keys(page1.list[0]!).sort()).toEqual([
      'height',
      'id',
      'name',
      'thumbnailUrl',
      'updatedAt',
      'width',
    ]);
    const page2 = (await t.get<ListData<DesignListItem>>('/api/design/list', { page: 2, pageSize: 2 }, me))
      .data;
    expect(page2.list.map((d) => d.name)).toEqual(['B']);
  });

  it('duplicates with the same document and size under "<name> copy" in the request\'s language', async () => {
    const alice = await t.signIn();
    const src = await create(alice, {
      name: 'Poster',
      width: 1080,
      height: 1920,
      document: doc({ marker: 42 }),
    });
    const env = body<DesignSaveResult>(
      await signedPost(t.app, '/api/design/duplicate', { id: src.id }, { session: alice }),
    );
    expect(env.status).toBe(1);
    expect(env.data.id).not.toBe(src.id);
    const copy = body<DesignDetail>(
      await signedGet(t.app, '/api/design/detail', { id: env.data.id }, { session: alice }),
    ).data;
    expect(copy).toMatchObject({ name: 'Poster 副本', width: 1080, height: 1920 });
    expect(JSON.parse(copy.document).marker).toBe(42);
    const en = body<DesignSaveResult>(
      await signedPost(
        t.app,
        '/api/design/duplicate',
        { id: src.id },
        { session: alice, headers: { 'accept-language': 'en-US' } },
      ),
    );
    const copyEn = body<DesignDetail>(
      await signedGet(t.app, '/api/design/detail', { id: en.data.id }, { session: alice }),
    ).data;
    expect(copyEn.name).toBe('Poster copy');
  });

  it('cuts a long name so the copy name stays within 40 characters', () => {
    expect([...copyName('海'.repeat(40), 'en-US')].length).toBe(40);
    expect([...copyName('海'.repeat(40), 'zh-CN')].length).toBe(40);
    expect(copyName('Poster', 'en-US')).toBe('Poster copy');
    expect(copyName('海报', 'zh-CN')).toBe('海报 副本');
  });

  it('renames (rules of save apply) and deletes', async () => {
    const alice = await t.signIn();
    const d = await create(alice, { name: 'old' });
    expect(
      body(await signedPost(t.app, '/api/design/rename', { id: d.id, name: '' }, { session: alice })).status,
    ).toBe(10007);
    expect(
      body(await signedPost(t.app, '/api/design/rename', { id: d.id, name: ' new ' }, { session: alice }))
        .status,
    ).toBe(1);
    expect(
      body<DesignDetail>(await signedGet(t.app, '/api/design/detail', { id: d.id }, { session: alice })).data
        .name,
    ).toBe('new');
    expect(body(await signedPost(t.app, '/api/design/delete', { id: d.id }, { session: alice })).status).toBe(
      1,
    );
    expect(body(await signedGet(t.app, '/api/design/detail', { id: d.id }, { session: alice })).status).toBe(
      10006,
    );
    expect(body(await signedPost(t.app, '/api/design/delete', { id: d.id }, { session: alice })).status).toBe(
      10006,
    );
  });

  it("answers 10006 for another author's design on every call", async () => {
    const alice = await t.signIn();
    const bob = await t.signIn();
    const d = await create(alice, { name: 'private' });
    expect(body(await signedGet(t.app, '/api/design/detail', { id: d.id }, { session: bob })).status).toBe(
      10006,
    );
    expect(
      body(await signedPost(t.app, '/api/design/duplicate', { id: d.id }, { session: bob })).status,
    ).toBe(10006);
    expect(
      body(await signedPost(t.app, '/api/design/rename', { id: d.id, name: 'x' }, { session: bob })).status,
    ).toBe(10006);
    expect(body(await signedPost(t.app, '/api/design/delete', { id: d.id }, { session: bob })).status).toBe(
      10006,
    );
    expect(
      body(await signedGet(t.app, '/api/design/detail', { id: d.id }, { session: alice })).data,
    ).toMatchObject({ name: 'private' });
  });
});

describe('GET /api/media/my_images', () => {
  const upload = (session: TestSession, bytes: Buffer, scene?: string) =>
    uploadImage(t, session, bytes, { scene, filename: 'p.png' });
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#2468f2' } })
      .png()
      .toBuffer();

  it("records every upload as the uploader's, newest first; others see none of them", async () => {
    const alice = await t.signIn();
    const bob = await t.signIn();
    const first = body<ImageUploadResult>(await upload(alice, await png(30, 20))).data;
    const second = body<ImageUploadResult>(await upload(alice, await png(40, 10))).data;
    const mine = body<ListData<MyImageItem>>(
      await signedGet(t.app, '/api/media/my_images', { page: 1, pageSize: 10 }, { session: alice }),
    ).data;
    expect(mine.total).toBe(2);
    expect(mine.list.map((i) => i.key)).toEqual([second.key, first.key]);
    expect(mine.list[0]).toMatchObject({ url: second.url, width: 40, height: 10, size: second.size });
    expect(new Date(mine.list[0]!.createdAt).getTime()).not.toBeNaN();
    const theirs = body<ListData<MyImageItem>>(
      await signedGet(t.app, '/api/media/my_images', {}, { session: bob }),
    ).data;
    expect(theirs.total).toBe(0);
    const paged = body<ListData<MyImageItem>>(
      await signedGet(t.app, '/api/media/my_images', { page: 2, pageSize: 1 }, { session: alice }),
    ).data;
    expect(paged.list.map((i) => i.key)).toEqual([first.key]);
  });

  it('does not record design thumbnails (scene design-thumbnail), which are not pictures the author chose', async () => {
    const bob = await t.signIn();
    const before = body<ListData<MyImageItem>>(
      await signedGet(t.app, '/api/media/my_images', {}, { session: bob }),
    ).data.total;
    const thumb = body<ImageUploadResult>(await upload(bob, await png(12, 12), 'design-thumbnail'));
    expect(thumb.status).toBe(1);
    expect(
      body<ListData<MyImageItem>>(await signedGet(t.app, '/api/media/my_images', {}, { session: bob })).data
        .total,
    ).toBe(before);
    expect(body(await upload(bob, await png(12, 12), 'poster')).status).toBe(1);
    expect(
      body<ListData<MyImageItem>>(await signedGet(t.app, '/api/media/my_images', {}, { session: bob })).data
        .total,
    ).toBe(before + 1);
  });

  it('does not record a refused upload', async () => {
    const bob = await t.signIn();
    const before = body<ListData<MyImageItem>>(
      await signedGet(t.app, '/api/media/my_images', {}, { session: bob }),
    ).data.total;
    expect(body(await upload(bob, Buffer.from('not an image'))).status).toBe(10007);
    expect(
      body<ListData<MyImageItem>>(await signedGet(t.app, '/api/media/my_images', {}, { session: bob })).data
        .total,
    ).toBe(before);
  });
});

describe('quota (issue #8 item 10)', () => {
  it(`at most ${DESIGN_QUOTA} designs per author: create and duplicate beyond it are QUOTA_EXCEEDED`, async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await t.db.insert(designs).values(
      Array.from({ length: DESIGN_QUOTA - 1 }, (_, i) => ({
        userId: a.userId,
        name: `d${i}`,
        width: 100,
        height: 100,
        document: doc(),
      })),
    );
    const last = await createDesign(t, a); // the 200th
    const save = { name: 'one more', width: 900, height: 1200, document: doc() };
    const over = await signedPost(t.app, '/api/design/save', save, { session: a, json: true });
    expect(body(over)).toMatchObject({ status: 0, ercd: 'QUOTA_EXCEEDED' });
    const dup = await signedPost(t.app, '/api/design/duplicate', { id: last.id }, { session: a, json: true });
    expect(body(dup)).toMatchObject({ status: 0, ercd: 'QUOTA_EXCEEDED' });
    // updating an existing design and another author's creates are unaffected
    expect(
      body(await signedPost(t.app, '/api/design/save', { ...save, id: last.id }, { session: a, json: true }))
        .status,
    ).toBe(1);
    await createDesign(t, b);
  });
});

describe('idempotent creates: requestId (issue #8 item 10)', () => {
  const rowsWithKey = (userId: number, requestId: string) =>
    t.db
      .select()
      .from(designs)
      .where(and(eq(designs.userId, userId), eq(designs.requestId, requestId)));

  it('the same key twice makes one design and answers the same result', async () => {
    const a = await t.signIn();
    const key = crypto.randomUUID();
    const first = await create(a, { requestId: key });
    const again = await create(a, { requestId: key, name: 'Other' });
    expect(again).toEqual(first);
    expect(await rowsWithKey(a.userId, key)).toHaveLength(1);
  });

  it('a concurrent pair with one key makes one design', async () => {
    const a = await t.signIn();
    const key = crypto.randomUUID();
    const [r1, r2] = await Promise.all([save(a, { requestId: key }), save(a, { requestId: key })]);
    expect(body(r1).status).toBe(1);
    expect(body<DesignSaveResult>(r2).data.id).toBe(body<DesignSaveResult>(r1).data.id);
    expect(await rowsWithKey(a.userId, key)).toHaveLength(1);
  });

  it('a create racing an uncommitted one with the same key waits for it and answers its id', async () => {
    const a = await t.signIn();
    const key = crypto.randomUUID();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstId = 0;
    const first = t.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(designs)
        .values({ userId: a.userId, name: 'd', width: 100, height: 100, document: doc(), requestId: key })
        .returning();
      firstId = row!.id;
      await held;
    });
    await vi.waitFor(() => expect(firstId).toBeGreaterThan(0));
    const second = save(a, { requestId: key });
    await new Promise((r) => setTimeout(r, 300)); // the second reaches its insert and waits on the index
    release();
    await first;
    expect(body(await second)).toMatchObject({ status: 1, data: { id: firstId } });
    expect(await rowsWithKey(a.userId, key)).toHaveLength(1);
  });

  it('different authors may use the same key; without a key every save creates', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const key = crypto.randomUUID();
    const ofA = await create(a, { requestId: key });
    const ofB = await create(b, { requestId: key });
    expect(ofB.id).not.toBe(ofA.id);
    const n1 = await create(a);
    const n2 = await create(a);
    expect(n2.id).not.toBe(n1.id);
    expect(body(await save(a, { requestId: 'bad key' })).status).toBe(10007);
  });
});
