import path from 'node:path';
import { DEV_SIGN_SECRET } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { DEV_DATA_KEY, DEV_OPEN_SITE_KEY, loadConfig, testConfig } from './config.js';

describe('loadConfig', () => {
  it('metrics and overload settings (issue #16): off / defaults, read, and refused when malformed', () => {
    // the embedded default: one server, PGlite on the event loop — no event-loop check
    expect(loadConfig({}).pressure.maxEventLoopDelayMs).toBe(0);
    const d = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(d.metricsToken).toBeUndefined();
    expect(d.pressure).toEqual({
      maxEventLoopDelayMs: 500,
      maxEventLoopUtilization: 0,
      maxDbWaiting: 200,
      sampleIntervalMs: 1000,
    });
    const c = loadConfig({
      METRICS_TOKEN: 'a-long-metrics-token',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.95',
      PRESSURE_MAX_DB_WAITING: '50',
      PRESSURE_SAMPLE_MS: '250',
    });
    expect(c.metricsToken).toBe('a-long-metrics-token');
    expect(c.pressure).toEqual({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.95,
      maxDbWaiting: 50,
      sampleIntervalMs: 250,
    });
    // tests run without overload answers unless a test sets thresholds (a loaded CI box lags the loop)
    expect(testConfig().pressure).toMatchObject({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      maxDbWaiting: 0,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      /PRESSURE_MAX_EVENT_LOOP_UTILIZATION/,
    );
  });

  it('has the embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      signSecrets: { '500': DEV_SIGN_SECRET },
      seedDemo: true,
      imageHosts: [],
      sessionTtlDays: 30,
      cookieSecure: 'auto',
    });
    expect(c.dataDir).toBe(path.resolve(process.cwd(), 'data'));
    expect(c.pgliteDir).toBe(path.join(c.dataDir, 'db'));
    expect(c.mediaDir).toBe(path.join(c.dataDir, 'media'));
    expect(c.loginRateLimit).toEqual({
      perAccountIp: 5,
      perAccount: 100,
      perIp: 20,
      registerPerIp: 10,
      windowMinutes: 15,
    });
    expect(c.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads the variables', () => {
    const c = loadConfig({
      PORT: '3100',
      DATA_DIR: '/srv/cc',
      DATABASE_URL: 'postgres://u@h:5432/db',
      SIGN_SECRETS: '{"500":"s3cret"}',
      IMAGE_HOSTS: 'https://img1.example.com/, https://img2.example.com',
      SEED_DEMO: '0',
      LOGIN_RATE_LIMIT: '{"perAccount":3}',
      COOKIE_SECURE: 'true',
    });
    expect(c).toMatchObject({
      port: 3100,
      dataDir: '/srv/cc',
      databaseUrl: 'postgres://u@h:5432/db',
      signSecrets: { '500': 's3cret' },
      seedDemo: false,
      cookieSecure: true,
    });
    expect(c.imageHosts).toEqual(['https://img1.example.com', 'https://img2.example.com']);
    expect(c.loginRateLimit.perAccount).toBe(3);
    expect(c.loginRateLimit.perIp).toBe(20);
  });

  it('seeds the demo on the embedded default, on PostgreSQL only when asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('refuses the development secrets in production and never seeds there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/development secret/);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGN_SECRETS: '{"500":"prod-secret"}' })).toThrow(
      /APP_SECRET/,
    );
    const prodEnv = {
      NODE_ENV: 'production',
      SIGN_SECRETS: '{"500":"prod-secret"}',
      APP_SECRET: 'a-long-production-secret',
    };
    // issue #11: personal data needs a real key, and codes must not be shown
    expect(() => loadConfig(prodEnv)).toThrow(/DATA_KEY/);
    expect(() => loadConfig({ ...prodEnv, DATA_KEY: DEV_DATA_KEY })).toThrow(/DATA_KEY/);
    // issue #12: the reader sites need their own keys
    expect(() => loadConfig({ ...prodEnv, DATA_KEY: 'ab'.repeat(32) })).toThrow(/OPEN_SITE_KEYS/);
    expect(() =>
      loadConfig({
        ...prodEnv,
        DATA_KEY: 'ab'.repeat(32),
        OPEN_SITE_KEYS: JSON.stringify({ reader: DEV_OPEN_SITE_KEY }),
      }),
    ).toThrow(/OPEN_SITE_KEYS/);
    const withKey = {
      ...prodEnv,
      DATA_KEY: 'ab'.repeat(32),
      OPEN_SITE_KEYS: JSON.stringify({ reader: 'a-production-reader-site-key' }),
    };
    expect(() => loadConfig(withKey)).toThrow(/SMS_SENDER=log/);
    expect(() => loadConfig({ ...withKey, SMS_SENDER: 'webhook' })).toThrow(/SMS_WEBHOOK_URL/);
    const prod = loadConfig({
      ...withKey,
      SMS_SENDER: 'webhook',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      SEED_DEMO: '1',
    });
    expect(prod.seedDemo).toBe(false);
    expect(prod.dataKeys.current).toBe('ab'.repeat(32));
  });

  it('names invalid variables', () => {
    expect(() => loadConfig({ PORT: 'abc', SIGN_SECRETS: 'nope' })).toThrow(/PORT[\s\S]*SIGN_SECRETS/);
  });
});
