import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps article markup and drops scripts, handlers and javascript: links', () => {
    const out = sanitizeHtml(
      '<h2>T</h2><p onclick="x()">a<strong>b</strong></p><script>alert(1)</script><img src="/media/img/800x0/a.jpg" onerror="x()"><a href="javascript:alert(1)">l</a><iframe src="//e"></iframe>',
    );
    expect(out).toContain('<h2>T</h2>');
    expect(out).toContain('<strong>b</strong>');
    expect(out).toContain('<img src="/media/img/800x0/a.jpg">');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe/);
  });
});
