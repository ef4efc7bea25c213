import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { computeSign, md5Hex, signPayload } from './sign.js';

const nodeMd5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('signing (API.md §2)', () => {
  it('is the lowercase hex MD5 of cid + param + ver + t + secret', () => {
    const param = JSON.stringify({ title: '新车' });
    expect(computeSign('500', param, '1.0.4', '1700000000', 's3cret')).toBe(
      nodeMd5(`500${param}1.0.41700000000s3cret`),
    );
  });
  it('hashes UTF-8 like node does', () => {
    for (const s of ['', 'abc', '汽车之家', '🚗 emoji', 'a\u00e9\u0101']) expect(md5Hex(s)).toBe(nodeMd5(s));
  });
  it('builds the six fields with t in seconds and {} for no payload', () => {
    const f = signPayload(undefined, {
      cid: '500',
      ver: '1.0.4',
      uid: '7',
      secret: 'k',
      nowSeconds: 1_700_000_000,
    });
    expect(f).toMatchObject({ cid: '500', ver: '1.0.4', uid: '7', t: '1700000000', param: '{}' });
    expect(f.sign).toBe(nodeMd5('500{}1.0.41700000000k'));
    expect(f.t).toMatch(/^\d{10}$/);
    expect(signPayload({}, { cid: '500', ver: '1.0.4', uid: '0', secret: 'k' }).t).toMatch(/^\d{10}$/);
  });
});
