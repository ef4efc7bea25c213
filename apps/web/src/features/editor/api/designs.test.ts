import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignSaveResult } from '@cc/contracts';
import { apiErrorText, resetPublicConfig, SaveSession } from '../../../lib/api-client';
import { initI18n } from '../../../lib/i18n';
import { type MockReply, mockApi } from '../../../test/render';
import { saveDesign, saveDesignIn, type DesignFields } from './designs';

// The poster editor's saves (issue #8 item 10): an idempotency key per create, the quota refusal's text.
let api: ReturnType<typeof mockApi>;
let reply: (param: Record<string, unknown>) => MockReply<'/api/design/save'>;
const saved = (id: number): DesignSaveResult => ({ id, updatedAt: '2026-01-02T03:04:05.000Z' });
const fields: DesignFields = { name: 'Cover', width: 900, height: 1200, document: '{"schemaVersion":1}' };
const sent = () => api.calls.filter((c) => c.path === '/api/design/save').map((c) => c.param);

beforeEach(() => {
  resetPublicConfig();
  reply = () => saved(7);
  api = mockApi({ '/api/design/save': (p) => reply(p) });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(() => vi.unstubAllGlobals());

describe('saveDesignIn', () => {
  it('a create carries a fresh requestId; later saves carry the id', async () => {
    const session = new SaveSession();
    expect(await saveDesignIn(session, fields)).toEqual(saved(7));
    await saveDesignIn(session, { ...fields, name: 'Renamed' });
    const [create, update] = sent();
    expect(create!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(create!.id).toBeUndefined();
    expect(update).toMatchObject({ id: 7, name: 'Renamed' });
    expect(update!.requestId).toBeUndefined();
    await saveDesignIn(new SaveSession(), fields);
    expect(sent()[2]!.requestId).not.toBe(create!.requestId); // another design, another key
  });

  it('a retry after a failure reuses the key, then sends its fields again by id', async () => {
    let attempts = 0;
    reply = () =>
      ++attempts === 1
        ? { __envelope: { status: 10500, message: 'connection lost', data: null, ercd: 'INTERNAL' } }
        : saved(7);
    const session = new SaveSession();
    await expect(saveDesignIn(session, fields)).rejects.toThrow('connection lost');
    await saveDesignIn(session, { ...fields, name: 'Later' });
    const [first, retry, update] = sent();
    expect(retry!.requestId).toBe(first!.requestId);
    expect(update).toMatchObject({ id: 7, name: 'Later' });
    expect(session.id).toBe(7);
  });

  it('an existing design never sends a key', async () => {
    await saveDesignIn(new SaveSession(3), fields);
    expect(sent()).toEqual([expect.objectContaining({ id: 3 })]);
    expect(sent()[0]!.requestId).toBeUndefined();
  });
});

describe('QUOTA_EXCEEDED on save (the poster editor shows apiErrorText)', () => {
  it.each([
    ['zh-CN', '数量已达上限'],
    ['en-US', 'You have reached the limit'],
  ])('reads in %s', async (lng, text) => {
    reply = () => ({
      __envelope: { status: 0, message: 'server says: quota', data: null, ercd: 'QUOTA_EXCEEDED' },
    });
    const i18n = initI18n(lng as 'zh-CN' | 'en-US');
    await i18n.changeLanguage(lng);
    const e = await saveDesign({ ...fields }).catch((err: unknown) => err);
    const shown = apiErrorText(e, i18n.t.bind(i18n), i18n.exists.bind(i18n));
    expect(shown).toContain(text);
    expect(shown).not.toContain('server says');
  });
});
