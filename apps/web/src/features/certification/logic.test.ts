import { describe, expect, it } from 'vitest';
import { type CertificationState, ruleHref } from '@cc/contracts';
import {
  EMPTY_FORM,
  agreementNextHref,
  applyHref,
  initialEditing,
  planForm,
  serverFieldErrors,
  toApplicationParam,
  validateApplication,
} from './logic';

// The resubmission rules of the certification forms (issue #11, API.md §14): kept fields left out, rejected ones
// asked again, phone and code together, the contracts' checks in the server's words with the rule linked.

const AGREEMENT = { currentVersion: 2, acceptedVersion: 2, acceptedAt: '2026-03-01T00:00:00.000Z' };

const rejected: CertificationState = {
  authStatus: 3,
  kind: 'person',
  rejectReason: '资料需要补充',
  fieldReasons: [
    { path: 'idFrontUrl', reason: '人像面照片模糊' },
    { path: 'phone', reason: '手机号不是本人实名' },
  ],
  submittedAt: '2026-03-01T01:00:00.000Z',
  decidedAt: '2026-03-02T01:00:00.000Z',
  masked: { realName: '张*', idNumber: '1101**********002X' },
  application: {
    kind: 'person',
    field: 'car_review',
    idFrontUrl: '/media/private/cert/u7/front.jpg',
    idBackUrl: '/media/private/cert/u7/back.jpg',
    masked: { realName: '张*', idNumber: '1101**********002X', phone: '138****8000' },
  },
  agreement: AGREEMENT,
};

describe('planForm', () => {
  it('a first application asks every field of its kind', () => {
    const plan = planForm(
      { authStatus: 0, fieldReasons: [], masked: {}, agreement: AGREEMENT },
      'organization',
    );
    expect(plan.resubmission).toBe(false);
    expect(Object.keys(plan.fields)).toEqual([
      'subjectType',
      'orgName',
      'creditCode',
      'licenseUrl',
      'operatorName',
      'operatorIdNumber',
      'operatorPhone',
      'authLetterUrl',
    ]);
    expect(Object.values(plan.fields).every((p) => p.mode === 'new')).toBe(true);
  });

  it('after a rejection of the same kind keeps the others and asks the rejected fields with their reasons', () => {
    const plan = planForm(rejected, 'person');
    expect(plan.resubmission).toBe(true);
    expect(plan.fields.idFrontUrl).toEqual({ mode: 'rejected', reason: '人像面照片模糊' });
    expect(plan.fields.phone).toEqual({ mode: 'rejected', reason: '手机号不是本人实名' });
    expect(plan.fields.idNumber).toEqual({ mode: 'kept' });
    expect([...initialEditing(plan)].sort()).toEqual(['idFrontUrl', 'phone']);
  });

  it('after a rejection of the other kind asks everything and says why', () => {
    const plan = planForm(rejected, 'organization');
    expect(plan.resubmission).toBe(false);
    expect(plan.otherKind).toBe('person');
    expect(initialEditing(plan).size).toBe(8);
  });
});

describe('toApplicationParam and validateApplication', () => {
  const plan = planForm(rejected, 'person');

  it('leaves kept fields out so the server keeps them; a rejected field left empty is missing', () => {
    const editing = initialEditing(plan);
    expect(toApplicationParam('person', EMPTY_FORM, editing, 2)).toEqual({ agreementVersion: 2 });
    const errors = validateApplication('person', EMPTY_FORM, editing, 2, 'zh-CN');
    expect(errors.idFrontUrl?.message).toBe('请填写此项');
    expect(errors.phone?.message).toBe('请填写此项');
    expect(errors.idNumber).toBeUndefined();
  });

  it('a new phone needs its code, and is sent with it', () => {
    const editing = initialEditing(plan);
    const values = { ...EMPTY_FORM, phone: '13900139000', idFrontUrl: '/media/private/cert/u7/new.jpg' };
    expect(validateApplication('person', values, editing, 2, 'en-US')).toEqual({
      phoneCode: { message: 'this field is required' },
    });
    const withCode = { ...values, phoneCode: '123456' };
    expect(validateApplication('person', withCode, editing, 2, 'en-US')).toEqual({});
    expect(toApplicationParam('person', withCode, editing, 2)).toEqual({
      agreementVersion: 2,
      phone: '13900139000',
      phoneCode: '123456',
      idFrontUrl: '/media/private/cert/u7/new.jpg',
    });
  });

  it('checks a changed ID number by its GB 11643 check digit and links the rule', () => {
    const editing = new Set(initialEditing(plan)).add('idNumber');
    const values = {
      ...EMPTY_FORM,
      idNumber: '110105194912310021',
      phone: '13900139000',
      phoneCode: '123456',
      idFrontUrl: '/media/private/cert/u7/new.jpg',
    };
    const errors = validateApplication('person', values, editing, 2, 'zh-CN');
    expect(errors).toEqual({
      idNumber: {
        message: '身份证号不正确：请核对 18 位号码（末位校验码、出生日期和地区）',
        ruleRef: 'certification-standards#person',
      },
    });
    expect(ruleHref(errors.idNumber!.ruleRef!)).toBe(
      '/authoringService/ruleCenter?rule=certification-standards#person',
    );
    expect(
      validateApplication('person', { ...values, idNumber: '11010519491231002x' }, editing, 2, 'zh-CN'),
    ).toEqual({});
  });

  it('checks a credit code by its GB 32100 check character', () => {
    const editing = initialEditing(planForm(undefined, 'organization'));
    const errors = validateApplication(
      'organization',
      { ...EMPTY_FORM, creditCode: '91350100M000100Y44' },
      editing,
      2,
      'en-US',
    );
    expect(errors.creditCode?.message).toMatch(/unified social credit code is not valid/);
    expect(errors.creditCode?.ruleRef).toBe('certification-standards#organization');
    expect(errors.subjectType?.message).toBe('this field is required');
  });

  it('sends the sample works without empty lines, and refuses more than five', () => {
    const editing = new Set(initialEditing(plan)).add('sampleUrls');
    const values = {
      ...EMPTY_FORM,
      phone: '13900139000',
      phoneCode: '123456',
      idFrontUrl: '/media/private/cert/u7/new.jpg',
      sampleUrls: [' https://a.example/1 ', '', 'https://a.example/2'],
    };
    expect(toApplicationParam('person', values, editing, 2).sampleUrls).toEqual([
      'https://a.example/1',
      'https://a.example/2',
    ]);
    const six = {
      ...values,
      sampleUrls: ['1', '2', '3', '4', '5', '6'].map((n) => `https://a.example/${n}`),
    };
    expect(validateApplication('person', six, editing, 2, 'zh-CN').sampleUrls?.message).toBe(
      '代表作最多 5 个',
    );
  });
});

describe('serverFieldErrors', () => {
  it('puts each refusal on its field (a list item on its list), with its rule', () => {
    expect(
      serverFieldErrors([
        {
          path: 'idNumber',
          message: 'taken',
          code: 'ID_NUMBER_TAKEN',
          ruleRef: 'certification-standards#one-account',
        },
        { path: 'sampleUrls.3', message: 'too long' },
        { path: 'phoneCode', message: 'wrong code' },
        { path: 'somethingElse', message: 'ignored' },
      ]),
    ).toEqual({
      idNumber: { message: 'taken', ruleRef: 'certification-standards#one-account' },
      sampleUrls: { message: 'too long' },
      phoneCode: { message: 'wrong code' },
    });
  });
});

describe('where applying goes', () => {
  it('through the agreement unless its current version is accepted', () => {
    expect(applyHref({ agreement: AGREEMENT }, 'person')).toBe('/certification/person');
    expect(applyHref({ agreement: { currentVersion: 3, acceptedVersion: 2 } }, 'organization')).toBe(
      '/certification/agreement?next=organization',
    );
    expect(agreementNextHref('person')).toBe('/certification/person');
    expect(agreementNextHref('admin')).toBe('/certification/indexc');
    expect(agreementNextHref(null)).toBe('/certification/indexc');
  });
});
