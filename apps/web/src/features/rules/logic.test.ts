import { describe, expect, it } from 'vitest';
import { highlightSegments, prepareRuleHtml, queryTerms, sectionElementId } from './logic';

// The rule centre's logic (issue #11): what a search marks in a snippet, and the rule's html for the page.

const marked = (text: string, q: string) =>
  highlightSegments(text, q)
    .filter((s) => s.hit)
    .map((s) => s.text);

describe('queryTerms', () => {
  it('splits at spaces and punctuation, lower case, longest first', () => {
    expect(queryTerms('Contact, details!')).toEqual(['contact', 'details']);
    expect(queryTerms('price claims')).toEqual(['claims', 'price']);
    expect(queryTerms('  ')).toEqual([]);
  });
  it('adds every run of two or more characters of a Chinese word (the server segments it, the browser cannot)', () => {
    expect(queryTerms('标题长度')).toEqual(['标题长度', '标题长', '题长度', '标题', '题长', '长度']);
    expect(queryTerms('车')).toEqual(['车']);
    expect(queryTerms('联系方式 QQ')).toContain('联系');
  });
});

describe('highlightSegments', () => {
  it('marks the words of the query, case-insensitive, the longest match at each place', () => {
    expect(marked('Do not put contact details such as a phone number', 'CONTACT detail')).toEqual([
      'contact',
      'details',
    ]);
    expect(marked('标题长度按加权字数计算，标题须为 6–30 个字', '标题长度')).toEqual(['标题长度', '标题']);
    expect(marked('与搜索无关的一句话', '标题')).toEqual([]);
  });
  it('marks a Latin word from its start to its end, as the server matches it (a prefix), never inside a word', () => {
    expect(marked('Titles and subtitles: a title', 'title')).toEqual(['Titles', 'title']);
    expect(marked('标题title长度', 'title 长度')).toEqual(['title', '长度']);
  });
  it('keeps every character of the text, in order', () => {
    const text = '…发布时，标题须为 6–30 个字…';
    expect(
      highlightSegments(text, '标题')
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });
  it('returns markup as text pieces (the page renders them as text nodes, never as HTML)', () => {
    const segments = highlightSegments('<img src=x onerror="alert(1)"> 标题 <b>', '标题');
    expect(segments).toEqual([
      { text: '<img src=x onerror="alert(1)"> ', hit: false },
      { text: '标题', hit: true },
      { text: ' <b>', hit: false },
    ]);
  });
});

describe('prepareRuleHtml', () => {
  const anchor = (id: string, title: string) => ({ href: `/r?rule=x#${id}`, label: `copy ${title}` });

  it('keeps the heading ids (prefixed) and adds a "#" link to each section heading', () => {
    const html = prepareRuleHtml(
      '<h2 id="length">标题长度</h2><p>正文</p><h3 id="length-counting">字数</h3>',
      anchor,
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    const h2 = root.querySelector('h2')!;
    expect(h2.id).toBe(sectionElementId('length'));
    expect(h2.getAttribute('tabindex')).toBe('-1');
    const link = h2.querySelector('a.cc-rule-anchor')!;
    expect(link.getAttribute('href')).toBe('/r?rule=x#length');
    expect(link.getAttribute('aria-label')).toBe('copy 标题长度');
    expect(link.getAttribute('data-copy-section')).toBe('length');
    expect(link.textContent).toBe('#');
    expect(root.querySelector('h3 a')?.getAttribute('data-copy-section')).toBe('length-counting');
  });

  it('sanitizes again, and the anchor texts cannot inject markup', () => {
    const html = prepareRuleHtml('<h2 id="x">T</h2><script>alert(1)</script><p onclick="x()">p</p>', () => ({
      href: '/r',
      label: '"><img src=x onerror=alert(1)>',
    }));
    expect(html).not.toMatch(/<script|onclick|<img/);
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(root.querySelector('a')?.getAttribute('aria-label')).toBe('"><img src=x onerror=alert(1)>');
  });

  it('leaves headings without an id alone', () => {
    expect(prepareRuleHtml('<h2>无编号</h2>', anchor)).toBe('<h2>无编号</h2>');
  });
});
