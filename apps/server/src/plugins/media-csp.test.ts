import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/support.js';

// Issue #9: the publishing pages read a chosen video through a blob: URL (duration, shape, a cover frame);
// without `media-src blob:` the default-src 'self' refused it and every choice logged a CSP error.
const t = useTestApp({ imageHosts: ['https://img1.example.com'] });

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy', () => {
  it("lets pages play blob: URLs and the media hosts, nothing else: media-src 'self' blob: <image hosts>", async () => {
    for (const url of ['/healthz', '/api/config']) {
      const res = await t.app.inject(url);
      expect(directives(res.headers['content-security-policy']).get('media-src'), url).toEqual([
        "'self'",
        'blob:',
        'https://img1.example.com',
      ]);
    }
  });
});
