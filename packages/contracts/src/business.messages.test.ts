import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGE_KINDS } from './business.messages.js';
import { fenToYuanText } from './business.js';
import { MESSAGE_LANGUAGES, renderMessageKind } from './server-messages.js';

describe('business message kinds (issue #14)', () => {
  const values = {
    brand: '星途汽车',
    campaign: '冬季试驾',
    deliverBy: '2030-03-17 10:00',
    title: '冰雪路面实测',
    note: '片头加品牌露出',
    left: 1,
    amount: '1234.56',
    balance: '2000.00',
    settleOn: '2030-03-13',
    keepUntil: '2030-05-09',
    reason: { code: 'ORDER_EXPIRED_REASON_RESPOND', params: { deadline: '2030-03-11 10:00' } },
  };
  for (const kind of Object.keys(BUSINESS_MESSAGE_KINDS))
    for (const lang of MESSAGE_LANGUAGES)
      it(`${kind} renders in ${lang} with every value filled`, () => {
        const texts = renderMessageKind(kind, values, lang);
        expect(texts).not.toBeNull();
        expect(texts!.title + texts!.body).not.toMatch(/\{\{/);
      });

  it('the expiry reason renders inside the body', () => {
    expect(renderMessageKind('business_order_expired', values, 'en-US')!.body).toBe(
      '“冬季试驾” by 星途汽车 has expired: the invitation was not accepted by 2030-03-11 10:00.',
    );
  });
});

describe('fenToYuanText', () => {
  it('writes fen as yuan with two decimals, without float rounding', () => {
    expect(fenToYuanText(0)).toBe('0.00');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(fenToYuanText(123_456)).toBe('1234.56');
    expect(fenToYuanText(-10_001)).toBe('-100.01');
    expect(fenToYuanText(999_999_999_999)).toBe('9999999999.99');
  });
});
