import { describe, expect, it } from 'vitest';
import {
  blindIndex,
  blindIndexes,
  createKeyring,
  decryptPersonal,
  encryptPersonal,
  isStale,
  parseDataKey,
} from './personal-data.js';

const key1 = { version: 1, key: parseDataKey('11'.repeat(32)) };
const key2 = { version: 2, key: parseDataKey(Buffer.alloc(32, 7).toString('base64')) };

describe('personal data at rest (issue #11): AES-256-GCM with key versions, HMAC blind index', () => {
  it('encrypts with a fresh IV each time and decrypts back; the ciphertext holds no trace of the value', () => {
    const ring = createKeyring(key1);
    const a = encryptPersonal(ring, '11010519491231002X');
    const b = encryptPersonal(ring, '11010519491231002X');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('1101');
    expect(decryptPersonal(ring, a)).toBe('11010519491231002X');
  });
  it('refuses a ciphertext that was altered (the GCM tag)', () => {
    const ring = createKeyring(key1);
    const c = encryptPersonal(ring, '13812345678');
    const raw = Buffer.from(c.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptPersonal(ring, `v1:${raw.toString('base64url')}`)).toThrow();
    expect(() => decryptPersonal(ring, 'plain')).toThrow(/not a personal-data ciphertext/);
  });
  it('rotates: new values use the new key, old ones still read, lookups match both', () => {
    const old = createKeyring(key1);
    const before = encryptPersonal(old, '13812345678');
    const oldIndex = blindIndex(old, 'phone', '13812345678');
    const ring = createKeyring(key2, [key1]);
    expect(decryptPersonal(ring, before)).toBe('13812345678');
    expect(encryptPersonal(ring, 'x')).toMatch(/^v2:/);
    expect(isStale(ring, before)).toBe(true);
    expect(blindIndexes(ring, 'phone', '13812345678')).toContain(oldIndex);
    expect(() => decryptPersonal(createKeyring(key2), before)).toThrow(/no data key of version 1/);
  });
  it('blind indexes are equal for equal values, differ by purpose and by key', () => {
    const ring = createKeyring(key1);
    expect(blindIndex(ring, 'id_number', 'A')).toBe(blindIndex(ring, 'id_number', 'A'));
    expect(blindIndex(ring, 'id_number', 'A')).not.toBe(blindIndex(ring, 'credit_code', 'A'));
    expect(blindIndex(createKeyring(key2), 'id_number', 'A').slice(3)).not.toBe(
      blindIndex(ring, 'id_number', 'A').slice(3),
    );
  });
  it('a key must be 32 bytes', () => {
    expect(() => parseDataKey('abcd')).toThrow(/32 bytes/);
    expect(() => createKeyring(key1, [key1])).toThrow(/repeats/);
  });
});
