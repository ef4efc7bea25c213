import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/support.js';
import { FIXTURE_ASSET, FIXTURE_ASSET_BYTES, useWebDistFixture } from '../test/web-dist.js';

// Issue #9 "First load": the web app's files travel compressed — the build's `.br`/`.gz` copies, picked by the
// request's Accept-Encoding — with the cache headers of docs/api.md unchanged.
const webDist = useWebDistFixture();
const t = useTestApp(async () => ({ webDist: await webDist.create() }));
const url = `/${FIXTURE_ASSET}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static assets are served precompressed', () => {
  it('brotli when the client accepts it (preferred over gzip), decoding to the file', async () => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.length).toBeLessThan(FIXTURE_ASSET_BYTES.length);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).equals(FIXTURE_ASSET_BYTES)).toBe(true);
  });

  it('gzip when the client accepts gzip but not brotli', async () => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.length).toBeLessThan(FIXTURE_ASSET_BYTES.length);
    expect(gunzipSync(res.rawPayload).equals(FIXTURE_ASSET_BYTES)).toBe(true);
  });

  it('the file as it is for identity, or without Accept-Encoding, still varying on it', async () => {
    for (const headers of [{ 'accept-encoding': 'identity' }, {}]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      // a shared cache must not hand this copy to a client that accepts br (or the other way around)
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.rawPayload.equals(FIXTURE_ASSET_BYTES)).toBe(true);
    }
  });

  it('index.html stays no-cache and uncompressed (it is written per request)', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<div id="root">');
  });

  it('a missing asset is still a 404, whatever the client accepts', async () => {
    const res = await t.app.inject({
      url: '/assets/gone-0000.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
