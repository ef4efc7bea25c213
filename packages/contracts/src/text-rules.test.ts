import { describe, expect, it } from 'vitest';
import { checkBody, checkTitle, hasEmoji, htmlToPlainText, titleLength } from './text-rules.js';

describe('titleLength (issue #2: above U+00FF counts 1, others ½)', () => {
  it('weights characters', () => {
    expect(titleLength('abcd')).toBe(2);
    expect(titleLength('汽车')).toBe(2);
    expect(titleLength('é')).toBe(0.5); // U+00E9 is not above U+00FF
    expect(titleLength('ā')).toBe(1); // U+0101 is
    expect(titleLength('𠀀')).toBe(1); // one code point outside the BMP
  });
});

describe('checkTitle (6–30, no emoji)', () => {
  it('refuses 5.5 and accepts 6', () => {
    expect(checkTitle('汽车评测a')?.code).toBe('TITLE_LENGTH'); // 4.5
    expect(checkTitle('汽车评测abc')?.code).toBe('TITLE_LENGTH'); // 5.5
    expect(checkTitle('汽车评测ab')?.code).toBe('TITLE_LENGTH'); // 5
    expect(checkTitle('汽车评测新车')).toBeNull(); // 6
    expect(checkTitle('abcdefghijkl')).toBeNull(); // 12 × ½ = 6
    expect(checkTitle('abcdefghijk')?.code).toBe('TITLE_LENGTH'); // 5.5
  });
  it('accepts 30 and refuses 30.5', () => {
    expect(checkTitle('汽'.repeat(30))).toBeNull();
    expect(checkTitle('汽'.repeat(30) + 'a')?.code).toBe('TITLE_LENGTH');
    expect(checkTitle('汽'.repeat(29) + 'ab')).toBeNull(); // 30
    expect(checkTitle('汽'.repeat(29) + 'abc')?.code).toBe('TITLE_LENGTH'); // 30.5
  });
  it('refuses emoji and empty titles', () => {
    expect(checkTitle('新车评测来了🚗')?.code).toBe('TITLE_EMOJI');
    expect(checkTitle('   ')?.code).toBe('TITLE_REQUIRED');
    expect(hasEmoji('plain text')).toBe(false);
  });
  it('uses the wire message', () => {
    expect(checkTitle('ab')?.message).toBe('title must be 6-30 characters');
  });
});

describe('checkBody (10–100,000 characters of text)', () => {
  it('counts the text, not the markup', () => {
    expect(htmlToPlainText('<p>a&amp;b</p><p>c&#20013;</p>')).toBe('a&b c中');
    expect(checkBody('<p><strong>123456789</strong></p>')?.code).toBe('BODY_LENGTH');
    expect(checkBody('<p><strong>1234567890</strong></p>')).toBeNull();
  });
  it('refuses over 100,000', () => {
    expect(checkBody(`<p>${'字'.repeat(100_000)}</p>`)).toBeNull();
    expect(checkBody(`<p>${'字'.repeat(100_001)}</p>`)?.code).toBe('BODY_LENGTH');
  });
});
