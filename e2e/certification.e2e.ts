import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { type CertificationState, creditCodeCheckChar, maskIdNumber } from '@cc/contracts';
import type { Browser, Page } from 'playwright-core';
import {
  assertNoSeriousAxe,
  type Author,
  callApi,
  openPage,
  type RunningServer,
  shot,
  signIn,
  testJpeg,
  type TestPage,
  useBrowserSuite,
  useStoredLanguage,
} from './support.js';

// Issue #11 "Author certification" in real Chromium against the real server (embedded default: the development SMS
// sender shows the code, the demo operator `operator`): a new author accepts the agreement and applies as a person;
// an operator, in a second browser context, rejects the ID card's photo side with a reason; the author sees the
// reason on that field, replaces only that photo (everything else kept) and submits again; the operator approves and
// the author's header shows the certification mark. Then the same walk for an organization. One ID number certifies
// one account, so every run makes fresh valid numbers (GB 11643 and GB 32100 check characters). Screenshots of the
// state page, the form with a rejected field and the operators' panel in both languages.
let server: RunningServer;
let browser: Browser;
let page: Page;

useBrowserSuite({
  page: { viewport: { width: 1280, height: 800 } },
  started: (running) => ({ server, browser } = running),
  opened: (opened) => ({ page } = opened),
});

/** Longest one test may take, milliseconds: a hang must not hold the shared e2e lock. */
const LIMIT_MS = 240_000;
const SHOTS = '/tmp/shots';

/** The viewport screenshot looked at by people (/tmp/shots) and the full-page artifact (e2e/screenshots). */
async function snap(p: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await p.mouse.move(0, 0);
  // the header is sticky: a full-page shot of a scrolled page would paint it mid-page
  await p.evaluate(() => window.scrollTo(0, 0));
  // let transitions end (a ticked checkbox fills in over 0.3 s)
  await p.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  await p.screenshot({ path: `${SHOTS}/certification-${name}.png` });
  await shot(p, `certification-${name}`);
}

/** A resident identity number of Beijing Chaoyang with a random birth date and sequence and its GB 11643 check digit. */
function freshIdNumber(): string {
  const birth = new Date(Date.UTC(1960 + randomInt(40), randomInt(12), 1 + randomInt(28)));
  const ymd = birth.toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `110105${ymd}${String(randomInt(1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

/** A unified social credit code of an enterprise (`91`) in Beijing with a random organization code, GB 32100-checked. */
function freshCreditCode(): string {
  const set = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const org = Array.from({ length: 9 }, () => set[randomInt(set.length)]).join('');
  const first17 = `91110105${org}`;
  return first17 + creditCodeCheckChar(first17)!;
}

const freshPhone = () => `139${String(randomInt(100_000_000)).padStart(8, '0')}`;

async function stateOf(p: Page, author: Author): Promise<CertificationState> {
  const env = await callApi<CertificationState>(
    p.request,
    server.baseUrl,
    'GET',
    '/api/certification/state',
    {},
    author.userId,
  );
  assert.equal(env.status, 1, env.message);
  return env.data;
}

/** The demo operator, signed in through the login form in a second browser context. */
async function openOperator(): Promise<TestPage> {
  const ops = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  await ops.page.goto(
    `${server.baseUrl}/login?backurl=${encodeURIComponent('/ops/review?tab=certification')}`,
  );
  await ops.page.getByLabel('Account').fill('operator');
  await ops.page.getByLabel('Password').fill('operator-password');
  await ops.page.getByRole('button', { name: 'Sign in' }).click();
  await ops.page.waitForURL(/\/ops\/review\?tab=certification$/);
  return ops;
}

/** The operator's card of an author's application (reloads until it is there). */
async function applicationCard(ops: Page, account: string) {
  const card = ops.locator(`[data-testid=cert-application][data-account="${account}"]`);
  await card.waitFor();
  return card;
}

/** Uploads a photo into a field of the form (its file input) and waits for the preview. */
async function uploadPhoto(field: string, hue: string): Promise<void> {
  const box = page.getByTestId(`cert-field-${field}`);
  await box.locator('input[type=file]').setInputFiles({
    name: `${field}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await testJpeg(900, 600, hue),
  });
  await box.locator('img[src^="/media/private/cert/"]').waitFor();
}

/** Chooses an option of an antd select by its text. */
async function choose(field: string, option: string): Promise<void> {
  await page.locator(`#cert-${field}`).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: option,
    })
    .click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** Sends a code to the phone in `field` and types the one the development banner shows. */
async function verifyPhone(code: 'phoneCode' | 'operatorPhoneCode'): Promise<void> {
  await page.getByTestId('cert-send-code').click();
  const banner = page.getByTestId('dev-code-banner');
  await banner.waitFor();
  const text = await banner.innerText();
  const devCode = /(\d{6})/.exec(text)?.[1];
  assert.ok(devCode, `a 6-digit code in the dev banner: ${text}`);
  assert.match(text, /Development: code \d{6}|开发环境：验证码 \d{6}/);
  assert.match(await page.getByTestId('cert-send-code').innerText(), /Send again in \d+ s|\d+ 秒后重新获取/);
  await page.getByTestId(`cert-input-${code}`).fill(devCode);
}

/**
 * Accepts the agreement from the state page's kind card; lands on the kind's form.
 * @param shots takes screenshots of the agreement in both languages first
 */
async function acceptAgreementFor(kind: 'person' | 'organization', shots = false): Promise<void> {
  await page.goto(`${server.baseUrl}/certification/indexc`);
  await page.getByTestId(`cert-apply-${kind}`).click();
  await page.waitForURL(new RegExp(`/certification/agreement\\?next=${kind}$`));
  await page.getByTestId('cert-agreement-body').locator('h2').first().waitFor();
  if (shots) {
    await snap(page, 'agreement-en-US');
    await assertNoSeriousAxe(page, 'the certification agreement');
    await useStoredLanguage(page, 'zh-CN');
    await page.getByTestId('cert-agreement-body').locator('h2').first().waitFor();
    await snap(page, 'agreement-zh-CN');
    await useStoredLanguage(page, 'en-US');
    await page.getByTestId('cert-agreement-body').locator('h2').first().waitFor();
  }
  assert.equal(await page.getByTestId('cert-agreement-agree').isDisabled(), true, 'agree waits for the box');
  await page.getByTestId('cert-agreement-check').click();
  await page.getByTestId('cert-agreement-agree').click();
  await page.waitForURL(new RegExp(`/certification/${kind}$`));
}

test(
  'a person applies, is rejected on one photo, replaces only it, and is certified',
  { timeout: LIMIT_MS },
  async () => {
    const author = await signIn(page, server, { mediaName: '车评小李' });
    const idNumber = freshIdNumber();

    // not applied yet: both kinds, and the agreement comes first
    await page.goto(`${server.baseUrl}/certification/indexc`);
    await useStoredLanguage(page, 'zh-CN');
    await page.getByTestId('cert-kind-person').waitFor();
    await snap(page, 'state-new-zh-CN');
    await useStoredLanguage(page, 'en-US');
    await page.getByTestId('cert-kind-organization').waitFor();
    await snap(page, 'state-new-en-US');
    await assertNoSeriousAxe(page, 'the certification state page (not applied)');
    await acceptAgreementFor('person', true);
    assert.equal((await stateOf(page, author)).agreement.acceptedVersion !== undefined, true);

    // a non-image is refused by the server, which says why
    await page
      .getByTestId('cert-field-idFrontUrl')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'front.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('this is not an image at all'),
      });
    await page.locator('.ant-message-notice', { hasText: /not an image/ }).waitFor();
    assert.equal(await page.getByTestId('cert-field-idFrontUrl').locator('img').count(), 0);

    // the application
    await page.getByTestId('cert-input-realName').fill('李小龙');
    await page
      .getByTestId('cert-input-idNumber')
      .fill(idNumber.slice(0, 17) + (idNumber[17] === '0' ? '1' : '0'));
    await page.getByTestId('cert-input-phone').fill(freshPhone());
    await verifyPhone('phoneCode');
    await uploadPhoto('idFrontUrl', '#2468f2');
    await uploadPhoto('idBackUrl', '#1f3b73');
    await choose('field', 'New energy vehicles');
    await page.getByTestId('cert-input-sampleUrls-0').fill('https://www.example.com/works/1');
    await snap(page, 'form-new-en-US');
    // a wrong check digit is refused next to the field, with the rule it breaks
    await page.getByTestId('cert-submit').click();
    const idError = page.getByTestId('cert-error-idNumber');
    await idError.waitFor();
    assert.match(await idError.innerText(), /the ID number is not valid/);
    assert.equal(
      await page.getByTestId('cert-error-idNumber-rule').getAttribute('href'),
      '/authoringService/ruleCenter?rule=certification-standards#person',
    );
    await page.getByTestId('cert-input-idNumber').fill(idNumber);
    await assertNoSeriousAxe(page, 'the person form');
    await page.getByTestId('cert-submit').click();
    await page.waitForURL(/\/certification\/indexc$/);
    await page.getByTestId('cert-reviewing').waitFor();
    assert.equal(
      await page.getByTestId('cert-sent').getByTestId('summary-idNumber').innerText(),
      maskIdNumber(idNumber),
    );
    const first = await stateOf(page, author);
    assert.equal(first.authStatus, 1);
    await snap(page, 'state-reviewing-en-US');

    // the operator rejects the photo side of the ID card, with a reason
    const ops = await openOperator();
    try {
      let card = await applicationCard(ops.page, author.account);
      assert.equal(await card.getByTestId('summary-idNumber').innerText(), maskIdNumber(idNumber));
      assert.equal(await card.getByTestId('cert-previous').innerText(), 'First application');
      await card.locator('img[src^="/media/private/cert/"]').first().waitFor();
      await snap(ops.page, 'ops-queue-en-US');
      await assertNoSeriousAxe(ops.page, 'the operators’ certification review');
      await useStoredLanguage(ops.page, 'zh-CN');
      card = await applicationCard(ops.page, author.account);
      await snap(ops.page, 'ops-queue-zh-CN');
      // a photo opens large
      await card.getByTestId('summary-idFrontUrl').locator('img').click();
      await ops.page.locator('.ant-image-preview-img').waitFor();
      await ops.page.keyboard.press('Escape');
      await ops.page.locator('.ant-image-preview-img').waitFor({ state: 'hidden' });

      await card.getByTestId('cert-reject').click();
      const dialog = ops.page.getByRole('dialog');
      await dialog.getByTestId('reject-check-idFrontUrl').click();
      await dialog.getByTestId('reject-reason-idFrontUrl').fill('人像面照片反光，看不清号码，请重新拍摄');
      await snap(ops.page, 'ops-reject-zh-CN');
      await dialog.getByTestId('cert-confirm-reject').click();
      await card.waitFor({ state: 'detached' });
    } finally {
      await ops.context.close();
    }

    // the author sees the reason on that field, replaces only that photo and submits again
    await page.goto(`${server.baseUrl}/certification/indexc`);
    await page.getByTestId('cert-rejected').waitFor();
    assert.match(
      await page.getByTestId('cert-field-reason-idFrontUrl').innerText(),
      /ID card, photo side: 人像面照片反光，看不清号码，请重新拍摄/,
    );
    await snap(page, 'state-rejected-en-US');
    await useStoredLanguage(page, 'zh-CN');
    await page.getByTestId('cert-field-reason-idFrontUrl').waitFor();
    await snap(page, 'state-rejected-zh-CN');
    await assertNoSeriousAxe(page, 'the certification state page (rejected)');
    await page.getByTestId('cert-resubmit').click();
    await page.waitForURL(/\/certification\/person$/);
    const front = page.getByTestId('cert-field-idFrontUrl');
    assert.equal(await front.getAttribute('data-mode'), 'rejected');
    assert.match(await page.getByTestId('cert-reason-idFrontUrl').innerText(), /审核意见：人像面照片反光/);
    assert.ok(
      (await page.getByTestId('cert-kept-idNumber').innerText()).includes(
        `已保留：${maskIdNumber(idNumber)}`,
      ),
      'the ID number is kept, masked',
    );
    await snap(page, 'form-rejected-zh-CN');
    await useStoredLanguage(page, 'en-US');
    await page.getByTestId('cert-reason-idFrontUrl').waitFor();
    await snap(page, 'form-rejected-en-US');
    await assertNoSeriousAxe(page, 'the person form with a rejected field');
    await uploadPhoto('idFrontUrl', '#0f7b5f');
    await page.getByTestId('cert-submit').click();
    await page.waitForURL(/\/certification\/indexc$/);
    await page.getByTestId('cert-reviewing').waitFor();
    const second = await stateOf(page, author);
    assert.equal(second.authStatus, 1);
    assert.equal(second.application?.masked.idNumber, maskIdNumber(idNumber), 'the ID number was kept');
    assert.equal(second.application?.idBackUrl, first.application?.idBackUrl, 'the back photo was kept');
    assert.equal(second.application?.field, 'new_energy');
    assert.notEqual(second.application?.idFrontUrl, first.application?.idFrontUrl, 'the front photo is new');

    // the operator approves; the author's header shows the mark
    const ops2 = await openOperator();
    try {
      const card = await applicationCard(ops2.page, author.account);
      assert.equal(await card.getByTestId('cert-previous').innerText(), 'Resubmission 1');
      await card.getByTestId('cert-approve').click();
      await card.waitFor({ state: 'detached' });
    } finally {
      await ops2.context.close();
    }
    await page.goto(`${server.baseUrl}/certification/indexc`);
    await page.getByTestId('cert-certified').waitFor();
    assert.equal(await page.getByTestId('header-auth-badge').innerText(), 'Certified');
    assert.match(await page.getByTestId('cert-certified').innerText(), /Personal certification · 李\*\*/);
    await snap(page, 'state-certified-en-US');
    await useStoredLanguage(page, 'zh-CN');
    await page.getByTestId('cert-certified').waitFor();
    assert.equal(await page.getByTestId('header-auth-badge').innerText(), '已认证');
    await snap(page, 'state-certified-zh-CN');
    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId('header-auth-badge').waitFor();
    assert.equal(await page.getByTestId('go-certify').count(), 0, 'no "get certified" link once certified');
  },
);

test(
  'an organization applies, corrects its rejected credit code, and is certified',
  { timeout: LIMIT_MS },
  async () => {
    const author = await signIn(page, server, { mediaName: '星河汽车' });
    const wrongCode = freshCreditCode();
    const rightCode = freshCreditCode();
    await acceptAgreementFor('organization');

    await choose('subjectType', 'Enterprise');
    await page.getByTestId('cert-input-orgName').fill('星河汽车销售有限公司');
    // a credit code with a wrong check character is refused before sending
    const broken = wrongCode.slice(0, 17) + (wrongCode[17] === '0' ? '1' : '0');
    await page.getByTestId('cert-input-creditCode').fill(broken);
    await uploadPhoto('licenseUrl', '#8c6d1f');
    await page.getByTestId('cert-input-operatorName').fill('王小明');
    await page.getByTestId('cert-input-operatorIdNumber').fill(freshIdNumber());
    await page.getByTestId('cert-input-operatorPhone').fill(freshPhone());
    await verifyPhone('operatorPhoneCode');
    await uploadPhoto('authLetterUrl', '#6b2f8c');
    await page.getByTestId('cert-submit').click();
    await page.getByTestId('cert-error-creditCode').waitFor();
    assert.match(
      await page.getByTestId('cert-error-creditCode').innerText(),
      /unified social credit code is not valid/,
    );
    await page.getByTestId('cert-input-creditCode').fill(wrongCode);
    await page.getByTestId('cert-submit').click();
    await page.waitForURL(/\/certification\/indexc$/);
    await page.getByTestId('cert-reviewing').waitFor();

    // the operator rejects the credit code (it is another organization's) and says so overall too
    const ops = await openOperator();
    try {
      const card = await applicationCard(ops.page, author.account);
      assert.equal(await card.getByTestId('summary-orgName').innerText(), '星河汽车销售有限公司');
      assert.equal(await card.getByTestId('summary-creditCode').innerText(), maskIdNumber(wrongCode));
      await card.getByTestId('cert-reject').click();
      const dialog = ops.page.getByRole('dialog');
      await dialog.getByTestId('reject-check-creditCode').click();
      await dialog.getByTestId('reject-reason-creditCode').fill('与营业执照上的代码不一致');
      await dialog.getByTestId('reject-overall').fill('请核对营业执照');
      await snap(ops.page, 'ops-reject-org-en-US');
      await dialog.getByTestId('cert-confirm-reject').click();
      await card.waitFor({ state: 'detached' });
    } finally {
      await ops.context.close();
    }

    await page.goto(`${server.baseUrl}/certification/indexc`);
    assert.match(await page.getByTestId('cert-reject-reason').innerText(), /请核对营业执照/);
    await page.getByTestId('cert-resubmit').click();
    await page.waitForURL(/\/certification\/organization$/);
    assert.equal(await page.getByTestId('cert-field-creditCode').getAttribute('data-mode'), 'rejected');
    assert.equal(await page.getByTestId('cert-field-orgName').getAttribute('data-mode'), 'kept');
    assert.equal(await page.getByTestId('cert-field-operatorPhone').getAttribute('data-mode'), 'kept');
    await snap(page, 'form-org-rejected-en-US');
    await page.getByTestId('cert-input-creditCode').fill(rightCode);
    await page.getByTestId('cert-submit').click();
    await page.waitForURL(/\/certification\/indexc$/);
    const state = await stateOf(page, author);
    assert.equal(state.authStatus, 1);
    assert.equal(state.application?.masked.creditCode, maskIdNumber(rightCode));
    assert.equal(state.application?.orgName, '星河汽车销售有限公司');

    const ops2 = await openOperator();
    try {
      const card = await applicationCard(ops2.page, author.account);
      await card.getByTestId('cert-approve').click();
      await card.waitFor({ state: 'detached' });
    } finally {
      await ops2.context.close();
    }
    await page.goto(`${server.baseUrl}/certification/indexc`);
    await page.getByTestId('cert-certified').waitFor();
    assert.match(
      await page.getByTestId('cert-certified').innerText(),
      /Organization certification · 星河汽车销售有限公司/,
    );
    assert.equal(await page.getByTestId('header-auth-badge').innerText(), 'Certified');
  },
);
