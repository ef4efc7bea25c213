import { computeSign } from '@cc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSignNative, parseFormBody } from './signature.js';

// The signature check's event-loop shortcuts (issue #8 item 3): same answers as the code they replace.
describe('computeSignNative (Node MD5) = computeSign (spark-md5, the client)', () => {
  it('for ASCII, CJK, astral characters, escapes and a maximal CJK param', () => {
    for (const param of [
      '{}',
      '{"title":"一篇关于新能源汽车的文章","content":"<p>字</p>"}',
      '{"x":"🚗 \\u0000 é ß \\n\\t"}',
      JSON.stringify({ content: '字'.repeat(500_000) }),
    ])
      expect(computeSignNative('500', param, '1.0.4', '1700000000', 's3cret')).toBe(
        computeSign('500', param, '1.0.4', '1700000000', 's3cret'),
      );
  });

  it('for any well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), (param, secret) => {
        fc.pre(!/[\uD800-\uDFFF]/.test(secret));
        expect(computeSignNative('500', param, '1.0.4', '1', secret)).toBe(
          computeSign('500', param, '1.0.4', '1', secret),
        );
      }),
    );
  });

  it('a lone surrogate (which spark-md5 cannot encode) is hashed, not thrown', () => {
    expect(computeSignNative('500', '{"a":"\uD800"}', '1.0.4', '1', 's')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('parseFormBody = Object.fromEntries(new URLSearchParams(body))', () => {
  const same = (form: string) => {
    expect(parseFormBody(form)).toEqual(Object.fromEntries(new URLSearchParams(form)));
  };

  it('for signed forms, repeated names, bare names, +, malformed escapes and invalid UTF-8', () => {
    for (const form of [
      new URLSearchParams({
        cid: '500',
        param: '{"content":"<p>a & b + c = 字 🚗</p>"}',
        sign: 'x',
      }).toString(),
      'a=1&a=2&b&=c&&d=',
      '?a=1&b=2',
      'a=%zz&b=%&c=%E5%AD&d=%FF%FE&e=%C0%80&f=%ED%A0%80&g=a+b%2Bc',
      '__proto__=1&constructor=2&toString=3',
      '',
    ])
      same(form);
  });

  it('for any string', () => {
    const part = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('%', '%2', '%E5', '%FF', '+', '=', '&', '%25', '%26', '%3D', '?'),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        same(parts.join(''));
      }),
    );
  });
});
