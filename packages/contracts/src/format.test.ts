import { describe, expect, it } from 'vitest';
import {
  applyImageWidthRules,
  fillAvatar,
  fillImageTemplate,
  formatBadge,
  formatDate,
  formatWan,
  rewriteImageHost,
  toDate,
} from './format.js';

describe('formatWan (spec §9: 10,000 or more in 万 with one decimal)', () => {
  it('leaves numbers under 10,000 as integers', () => {
    expect(formatWan(0)).toBe('0');
    expect(formatWan(9999)).toBe('9999');
    expect(formatWan(123.9)).toBe('123');
  });
  it('shows 10,000 and more in 万 with one decimal', () => {
    expect(formatWan(10_000)).toBe('1.0万');
    expect(formatWan(12_345)).toBe('1.2万');
    expect(formatWan(1_234_567)).toBe('123.4万');
    expect(formatWan(99_999)).toBe('9.9万');
  });
  it('handles negatives and non-finite values', () => {
    expect(formatWan(-25_000)).toBe('-2.5万');
    expect(formatWan(Number.NaN)).toBe('0');
  });
});

describe('toDate / formatDate (spec §9)', () => {
  it('treats a 10-digit timestamp as seconds', () => {
    expect(toDate(1_700_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(toDate('1700000000')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });
  it('treats a 13-digit timestamp as milliseconds', () => {
    expect(toDate(1_700_000_000_123)?.toISOString()).toBe('2023-11-14T22:13:20.123Z');
  });
  it('formats as YYYY-MM-DD HH:mm:ss by default', () => {
    expect(formatDate(1_700_000_000, undefined, { utc: true })).toBe('2023-11-14 22:13:20');
    expect(formatDate('2024-02-29T08:05:09Z', undefined, { utc: true })).toBe('2024-02-29 08:05:09');
    expect(formatDate(1_700_000_000, 'YYYY/MM/DD', { utc: true })).toBe('2023/11/14');
  });
  it('returns an empty string for what is not a time', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatBadge (spec §9: unread badge maximum 99)', () => {
  it('hides at zero, shows counts up to 99, caps above', () => {
    expect(formatBadge(0)).toBe('');
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(12_345)).toBe('99+');
  });
});

describe('image URL rules (spec §9, API.md §4)', () => {
  it('caps an embedded width over 800 at 800 and scales the height', () => {
    expect(applyImageWidthRules('/media/img/1600x1200/a/b.jpg')).toBe('/media/img/800x600/a/b.jpg');
    expect(applyImageWidthRules('https://img.example/media/img/1000x0/k.png')).toBe(
      'https://img.example/media/img/800x0/k.png',
    );
  });
  it('turns width 630 into 800', () => {
    expect(applyImageWidthRules('/media/img/630x0/k.jpg')).toBe('/media/img/800x0/k.jpg');
    expect(applyImageWidthRules('/media/img/630x420/k.jpg')).toBe('/media/img/800x533/k.jpg');
  });
  it('leaves widths up to 800 (other than 630) alone', () => {
    expect(applyImageWidthRules('/media/img/800x600/k.jpg')).toBe('/media/img/800x600/k.jpg');
    expect(applyImageWidthRules('/media/img/631x0/k.jpg')).toBe('/media/img/631x0/k.jpg');
    expect(applyImageWidthRules('/other/1600x1200/k.jpg')).toBe('/other/1600x1200/k.jpg');
  });
  it('substitutes {0} and {1} with 200, and the avatar {0} with 120', () => {
    expect(fillImageTemplate('/media/img/{0}x{1}/k.jpg')).toBe('/media/img/200x200/k.jpg');
    expect(fillAvatar('/media/img/{0}x{0}/avatars/1.png')).toBe('/media/img/120x120/avatars/1.png');
  });
  it('rewrites media URLs to a configured host chosen at random', () => {
    const hosts = ['https://i1.example', 'https://i2.example/'];
    expect(rewriteImageHost('/media/img/1x1/k', hosts, () => 0)).toBe('https://i1.example/media/img/1x1/k');
    expect(rewriteImageHost('http://127.0.0.1:3000/media/img/1x1/k', hosts, () => 0.99)).toBe(
      'https://i2.example/media/img/1x1/k',
    );
    expect(rewriteImageHost('/media/img/1x1/k', [])).toBe('/media/img/1x1/k');
    expect(rewriteImageHost('/api/x', hosts)).toBe('/api/x');
  });
});
