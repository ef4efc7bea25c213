import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiDataSchemas,
  contentDetailSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  type ListData,
  listDataSchema,
  messageItemSchema,
  myInfoSchema,
  type MessageItem,
} from './index.js';

// The answer contracts (issue #7): strict shapes, the envelope of API.md §3, lists of API.md §3.

const row = {
  id: 1,
  type: 'article',
  title: 't',
  status: 'published',
  coverUrl: null,
  publishedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  stats: { views: 1, likes: 0, comments: 0, shares: 0 },
  rejectReason: null,
  content: '<p>x</p>',
  coverUrls: [],
};

describe('response schemas', () => {
  it('accept what the server answers', () => {
    expect(contentDetailSchema.safeParse(row).success).toBe(true);
  });

  it('stay strict when extended: an undeclared field is a drift', () => {
    expect(contentDetailSchema.safeParse({ ...row, userId: 9 }).success).toBe(false);
    const info = { authStatus: 2, avator: '', mediaName: 'm', id: 1, userIdentityList: [] };
    expect(myInfoSchema.safeParse(info).success).toBe(true);
    expect(myInfoSchema.safeParse({ ...info, passwordHash: 'x' }).success).toBe(false);
  });

  it('hold the rules of API.md §3 and §6: ISO UTC times, integer counts, authStatus 0–3', () => {
    expect(contentDetailSchema.safeParse({ ...row, updatedAt: '2026-01-01 00:00' }).success).toBe(false);
    expect(contentDetailSchema.safeParse({ ...row, stats: { ...row.stats, views: 1.5 } }).success).toBe(
      false,
    );
    const info = { authStatus: 4, avator: '', mediaName: 'm', id: 1, userIdentityList: [] };
    expect(myInfoSchema.safeParse(info).success).toBe(false);
  });

  it('lists are { list, total, page, pageSize } with pageSize at most 100 (API.md §3)', () => {
    const schema = listDataSchema(messageItemSchema);
    const list: ListData<MessageItem> = { list: [], total: 0, page: 1, pageSize: 20 };
    const typed: z.infer<typeof schema> = list;
    expect(schema.safeParse(typed).success).toBe(true);
    expect(schema.safeParse({ ...list, pageSize: 101 }).success).toBe(false);
    expect(schema.safeParse({ ...list, page: 0 }).success).toBe(false);
  });

  it('the success envelope is status 1; the error envelope takes the table codes with null, fields or missing', () => {
    expect(envelopeSchema(z.null()).safeParse({ status: 1, message: 'success', data: null }).success).toBe(
      true,
    );
    expect(envelopeSchema(z.null()).safeParse({ status: 0, message: 'x', data: null }).success).toBe(false);
    const error = { status: 10007, message: 'm', ercd: 'VALIDATION_FAILED' };
    expect(errorEnvelopeSchema.safeParse({ ...error, data: null }).success).toBe(true);
    expect(
      errorEnvelopeSchema.safeParse({ ...error, data: { fields: [{ path: 'title', message: 'm' }] } })
        .success,
    ).toBe(true);
    expect(
      errorEnvelopeSchema.safeParse({ ...error, status: 0, ercd: 'SHARDS_MISSING', data: { missing: [2] } })
        .success,
    ).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ ...error, status: 1, data: null }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ ...error, data: { stack: 'at x' } }).success).toBe(false);
  });

  it('apiDataSchemas names only server paths (a GET that answers apart from its POST as `GET <path>`), each with a zod schema', () => {
    for (const [path, schema] of Object.entries(apiDataSchemas)) {
      expect(path).toMatch(/^(GET )?\/(api|fileservice|open)\//);
      expect(schema).toBeInstanceOf(z.ZodType);
    }
  });
});
