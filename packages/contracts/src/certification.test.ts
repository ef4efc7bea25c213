import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  isCreditCode,
  isResidentIdNumber,
  maskIdNumber,
  maskName,
  maskPhone,
  opsCertificationDecideParamSchema,
  personApplicationParamSchema,
} from './certification.js';
import { RULE_REFS, ruleHref, ruleRefOfMessage } from './rules.js';

/** GB 11643 check character of the first 17 digits (ISO 7064 MOD 11-2), written out for the tests. */
function idCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return '10X98765432'[sum % 11]!;
}

describe('resident ID numbers (GB 11643, issue #11)', () => {
  const valid = [
    '11010519491231002X',
    '440524188001010014',
    `11010120000101123${idCheck('11010120000101123')}`,
  ];
  it('accepts real-format numbers with the right check character', () => {
    for (const id of valid) expect(isResidentIdNumber(id), id).toBe(true);
  });
  it('accepts a lowercase x and the schema reads it as X', () => {
    expect(isResidentIdNumber('11010519491231002x')).toBe(true);
    const parsed = personApplicationParamSchema.parse({
      agreementVersion: 1,
      idNumber: ' 11010519491231002x ',
    });
    expect(parsed.idNumber).toBe('11010519491231002X');
  });
  it('refuses a wrong check digit, a wrong length, an impossible birth date and an unknown region', () => {
    expect(isResidentIdNumber('110105194912310021')).toBe(false); // check digit
    expect(isResidentIdNumber('11010519491231002')).toBe(false); // 17
    expect(isResidentIdNumber('11010519491231002XX')).toBe(false); // 19
    expect(isResidentIdNumber('110105491231002')).toBe(false); // the old 15-digit form
    const feb30 = '11010519490230002';
    expect(isResidentIdNumber(feb30 + idCheck(feb30))).toBe(false);
    const region = '99010519491231002';
    expect(isResidentIdNumber(region + idCheck(region))).toBe(false);
  });
  it('the schema refuses a bad number with ID_NUMBER_INVALID', () => {
    const r = personApplicationParamSchema.safeParse({ agreementVersion: 1, idNumber: '110105194912310021' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['idNumber'], message: 'ID_NUMBER_INVALID' });
  });
});

describe('unified social credit codes (GB 32100, issue #11)', () => {
  // published codes of real companies (national enterprise credit information publicity system)
  const published = [
    '91330100716105852F', // Alibaba (China) Co., Ltd.
    '9144030071526726XG', // Shenzhen Tencent Computer Systems Co., Ltd.
    '914403001922038216', // Huawei Technologies Co., Ltd.
    '91440300192317458F', // BYD Company Limited
    '91350100M000100Y43', // the worked example of GB 32100-2015
  ];
  it('accepts published codes and computes their check character', () => {
    for (const code of published) {
      expect(isCreditCode(code), code).toBe(true);
      expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17]);
    }
  });
  it('reads lower case as upper case', () => {
    expect(isCreditCode('9144030071526726xg')).toBe(true);
  });
  it('refuses a wrong check character, a wrong length and characters outside the set (I O S V Z)', () => {
    expect(isCreditCode('91330100716105852G')).toBe(false);
    expect(isCreditCode('91330100716105852')).toBe(false);
    expect(isCreditCode('91330100716105852FF')).toBe(false);
    expect(isCreditCode('9133010071610585IF')).toBe(false);
    expect(creditCodeCheckChar('9133010071610585O')).toBeNull();
  });
});

describe('masks (API.md §14)', () => {
  it('keeps the first and last four of an ID number, as API.md shows', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('李')).toBe('*');
  });
});

describe('the decision', () => {
  it('a rejection needs a reason or a field reason', () => {
    expect(opsCertificationDecideParamSchema.safeParse({ userId: 1, decision: 'reject' }).success).toBe(
      false,
    );
    expect(
      opsCertificationDecideParamSchema.safeParse({
        userId: 1,
        decision: 'reject',
        fieldReasons: [{ path: 'idFrontUrl', reason: 'blurred' }],
      }).success,
    ).toBe(true);
    expect(opsCertificationDecideParamSchema.safeParse({ userId: 1, decision: 'approve' }).success).toBe(
      true,
    );
  });
});

describe('rule references (issue #11)', () => {
  it('a refusal code maps to its rule section and the page that shows it', () => {
    expect(RULE_REFS.TITLE_LENGTH).toBe('publish-titles#length');
    expect(ruleHref('publish-titles#length')).toBe(
      '/authoringService/ruleCenter/publish?rule=publish-titles#length',
    );
    expect(ruleHref('recommend-quality#low-quality')).toBe(
      '/authoringService/ruleCenter/recommend?rule=recommend-quality#low-quality',
    );
    expect(ruleHref('certification-standards#person')).toBe(
      '/authoringService/ruleCenter?rule=certification-standards#person',
    );
  });
  it('a stored rejection links to its word rule before its own code', () => {
    expect(
      ruleRefOfMessage({
        code: 'REVIEW_SENSITIVE_WORD',
        params: { word: 'x', rule: { code: 'WORD_RULE_DANGEROUS_DRIVING' } },
      }),
    ).toBe('publish-prohibited#safety');
    expect(ruleRefOfMessage({ code: 'REVIEW_OPERATOR_REJECTED', params: { reason: 'x' } })).toBe(
      'publish-prohibited#manual-review',
    );
    expect(ruleRefOfMessage({ code: 'NOT_A_RULE' })).toBeUndefined();
    expect(ruleRefOfMessage(null)).toBeUndefined();
  });
});
