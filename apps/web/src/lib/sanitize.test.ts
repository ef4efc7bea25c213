import { describe, expect, it } from 'vitest';
import { RULE_ID_PREFIX, sanitizeHtml, sanitizeRuleHtml } from './sanitize';

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

describe('sanitizeRuleHtml (issue #11)', () => {
  it('keeps heading ids under the user-content- prefix, even ids that name DOM properties', () => {
    const out = sanitizeRuleHtml(
      '<h2 id="length">长度</h2><h3 id="images">图片</h3><h2 id="symbols">符号</h2>',
    );
    expect(out).toBe(
      '<h2 id="user-content-length">长度</h2><h3 id="user-content-images">图片</h3><h2 id="user-content-symbols">符号</h2>',
    );
    expect(RULE_ID_PREFIX).toBe('user-content-');
  });
  it('drops scripts, handlers, styles, images and javascript: links', () => {
    const out = sanitizeRuleHtml(
      '<p onclick="x()" style="color:red">a</p><script>alert(1)</script><img src="x" onerror="x()"><a href="javascript:alert(1)">l</a><a href="/authoringService/ruleCenter/publish?rule=publish-titles#length">ok</a>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|style|<img/);
    expect(out).toContain('<a href="/authoringService/ruleCenter/publish?rule=publish-titles#length">ok</a>');
  });
});
