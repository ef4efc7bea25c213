import { describe, expect, it } from 'vitest';
import {
  inPromotionAudience,
  PROMOTION_PRICE_PER_FAN_FEN,
  promotionCreateParamSchema,
  promotionEstimatedUnits,
  promotionUnitPriceFen,
} from './promotion.js';
import { PROMOTION_MESSAGE_KINDS } from './promotion.messages.js';
import { MESSAGE_LANGUAGES, renderMessageKind } from './server-messages.js';

// issue #14 "Coupons and promotion": the shared rules of the promotion area (price, estimate, audience, params)
// and its message-centre kinds in both languages.
describe('promotion contracts', () => {
  it('prices a view at 2 fen and a new fan at its 50-view equivalent; the estimate is what the budget buys', () => {
    expect(promotionUnitPriceFen('views')).toBe(2);
    expect(promotionUnitPriceFen('fans')).toBe(PROMOTION_PRICE_PER_FAN_FEN);
    expect(PROMOTION_PRICE_PER_FAN_FEN).toBe(100);
    expect(promotionEstimatedUnits('views', 10_000)).toBe(5000);
    expect(promotionEstimatedUnits('fans', 10_050)).toBe(100);
  });

  it('an empty targeting reaches everyone; each field narrows; no profile only untargeted', () => {
    const reader = { gender: 'male', ageBand: '25-30', region: 'CN-BJ' };
    expect(inPromotionAudience({}, null)).toBe(true);
    expect(inPromotionAudience({ ageBands: [], regions: [] }, reader)).toBe(true);
    expect(inPromotionAudience({ gender: 'male', ageBands: ['25-30'], regions: ['CN-BJ'] }, reader)).toBe(
      true,
    );
    expect(inPromotionAudience({ gender: 'female' }, reader)).toBe(false);
    expect(inPromotionAudience({ ageBands: ['31-40'] }, reader)).toBe(false);
    expect(inPromotionAudience({ regions: ['CN-SH'] }, reader)).toBe(false);
    expect(inPromotionAudience({ regions: ['CN-BJ'] }, null)).toBe(false);
  });

  it('the create param takes hours 6/12/24 as numbers or strings, budgets in fen within bounds', () => {
    const base = { contentId: 1, goal: 'views', hours: 6, budgetFen: 1000, key: 'k' };
    expect(promotionCreateParamSchema.safeParse(base).success).toBe(true);
    expect(promotionCreateParamSchema.parse({ ...base, hours: '24' }).hours).toBe(24);
    for (const bad of [
      { hours: 8 },
      { budgetFen: 999 },
      { budgetFen: 10_000_001 },
      { budgetFen: 0 },
      { key: '' },
    ])
      expect(promotionCreateParamSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
  });

  it('every kind of the area renders in both languages with its texts filled', () => {
    const params = {
      id: 7,
      title: 'T',
      reason: { code: 'PROMOTION_STOP_BUDGET' },
      spent: '12.00',
      views: 600,
      fans: 3,
      refund: '0.00',
      value: '30.00',
      minSpend: '100.00',
      expiresAt: '2026-12-01 23:59',
      note: 'N',
    };
    for (const kind of Object.keys(PROMOTION_MESSAGE_KINDS))
      for (const lang of MESSAGE_LANGUAGES) {
        const texts = renderMessageKind(kind, params, lang);
        expect(texts, `${kind} ${lang}`).not.toBeNull();
        expect(texts!.title + texts!.body).not.toMatch(/\{\{/);
      }
    expect(renderMessageKind('promotion_ended', params, 'en-US')?.body).toContain('(the budget is spent)');
  });
});
