import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEV_SIGN_SECRET, WEB_SIGN_META } from '@cc/contracts';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { body, signedGet } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { injectSignMeta } from './web-static.js';

// Issue #8 item 9 "one setting, one place": the served web app signs with SIGN_SECRETS["500"], read at run
// time; no build variable can make it differ. The secret has characters HTML and String.replace care about.
const SECRET = `prod-"quoted"-<tag>-&amp;-$&-$1-${process.pid}`;
const webDist = path.join('/tmp', `cc-web-static-${process.pid}`);
afterAll(() => rm(webDist, { recursive: true, force: true }));
const t = useTestApp(async () => {
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html>\n<html>\n  <head>\n    <title>app</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  return { webDist, signSecrets: { '500': SECRET } };
});

/** What the api-client reads: the meta's content, parsed as a browser parses the page. */
function servedSecret(html: string): string | undefined {
  const meta = new JSDOM(html).window.document.querySelector<HTMLMetaElement>(
    `meta[name="${WEB_SIGN_META}"]`,
  );
  return meta?.content;
}

describe('the served web app carries the signing secret of the server', () => {
  it('on every path that answers index.html: /, /index.html and an app route', async () => {
    for (const url of ['/', '/index.html', '/content/manage?tab=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(servedSecret(res.body), url).toBe(SECRET);
      // one meta, inside head, nothing broke out of the attribute
      const doc = new JSDOM(res.body).window.document;
      expect(doc.querySelectorAll(`meta[name="${WEB_SIGN_META}"]`), url).toHaveLength(1);
      expect(doc.head.querySelector(`meta[name="${WEB_SIGN_META}"]`), url).not.toBeNull();
      expect(doc.querySelector('tag'), url).toBeNull();
    }
  });

  it('a call signed with the served secret passes the signature check; the development secret does not', async () => {
    const secret = servedSecret((await t.app.inject('/')).body);
    // /api/home/userinfo without a session: 10002 once the signature is accepted, 10003 when it is not
    expect(body(await signedGet(t.app, '/api/home/userinfo', {}, { secret })).status).toBe(10002);
    expect(body(await signedGet(t.app, '/api/home/userinfo', {}, { secret: DEV_SIGN_SECRET })).status).toBe(
      10003,
    );
  });
});

describe('injectSignMeta', () => {
  it('puts the meta before </head>, at the top without a head, and leaves the page alone without a secret', () => {
    expect(injectSignMeta('<head></head>', 'k')).toBe(
      `<head>  <meta name="${WEB_SIGN_META}" content="k" />\n  </head>`,
    );
    expect(servedSecret(injectSignMeta('<title>x</title>', 'k'))).toBe('k');
    expect(injectSignMeta('<head></head>', undefined)).toBe('<head></head>');
  });
});

describe('production refuses the development secret wherever the web client would get it', () => {
  // the other production requirements met (issue #11: a data key and a real SMS sender)
  const prod = {
    NODE_ENV: 'production',
    APP_SECRET: 'a-long-production-secret',
    DATA_KEY: 'cd'.repeat(32),
    OPEN_SITE_KEYS: '{"reader":"a-production-reader-site-key"}',
    SMS_SENDER: 'webhook',
    SMS_WEBHOOK_URL: 'https://sms.example.com/send',
  };
  it('refuses SIGN_SECRETS that is unset, holds the development secret, or has no secret for the web client', () => {
    expect(() => loadConfig(prod)).toThrow(/development secret/);
    expect(() => loadConfig({ ...prod, SIGN_SECRETS: JSON.stringify({ '500': DEV_SIGN_SECRET }) })).toThrow(
      /development secret/,
    );
    expect(() =>
      loadConfig({ ...prod, SIGN_SECRETS: JSON.stringify({ '500': 'p', '600': DEV_SIGN_SECRET }) }),
    ).toThrow(/development secret/);
    expect(() => loadConfig({ ...prod, SIGN_SECRETS: JSON.stringify({ '600': 'p' }) })).toThrow(/"500"/);
    expect(loadConfig({ ...prod, SIGN_SECRETS: JSON.stringify({ '500': 'p' }) }).signSecrets).toEqual({
      '500': 'p',
    });
  });
});
