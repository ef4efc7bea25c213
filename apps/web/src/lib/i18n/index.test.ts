import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { currentLanguage, initI18nInstance, LANGUAGE_STORAGE_KEY, matchLanguage, setLanguage } from './index';

/** A fresh i18next instance initialised the app's way, in a browser whose languages are `languages`. */
function firstVisit(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
  return initI18nInstance(i18next.createInstance());
}

describe('matchLanguage (issue #9: any en* is en-US, any zh* is zh-CN)', () => {
  it('maps every English and Chinese tag, whatever its region, script or case', () => {
    for (const code of ['en', 'en-US', 'en-GB', 'en_AU', 'EN-us']) expect(matchLanguage(code)).toBe('en-US');
    for (const code of ['zh', 'zh-CN', 'zh-TW', 'zh-Hans-CN', 'zh_HK'])
      expect(matchLanguage(code)).toBe('zh-CN');
  });
  it('leaves other languages and nonsense unmatched', () => {
    for (const code of ['fr-FR', 'de', 'eng', 'zhx', '', undefined, null])
      expect(matchLanguage(code)).toBeUndefined();
  });
});

describe('the first language (i18next-browser-languagedetector, issue #9)', () => {
  afterEach(() => document.documentElement.setAttribute('lang', 'zh-CN'));

  it('is English for an en-US browser with no stored choice, and <html lang> follows', () => {
    const i18n = firstVisit(['en-US', 'en']);
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('menu.publishArticle')).toBe('Publish article');
    expect(document.documentElement.lang).toBe('en-US');
    // detection is not a choice: nothing is stored
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('maps other English and Chinese browsers', () => {
    expect(firstVisit(['en-GB']).language).toBe('en-US');
    expect(firstVisit(['zh-TW', 'en-US']).language).toBe('zh-CN');
  });

  it('takes the first of the browser languages that we have', () => {
    expect(firstVisit(['fr-FR', 'en-GB', 'zh-CN']).language).toBe('en-US');
  });

  it('is zh-CN when the browser speaks none of ours', () => {
    const i18n = firstVisit(['fr-FR', 'de']);
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('lets the stored choice win over the browser', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-CN');
    expect(firstVisit(['en-US']).language).toBe('zh-CN');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-US');
    expect(firstVisit(['zh-CN']).language).toBe('en-US');
  });

  it('ignores a stored value that is not one of ours', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(firstVisit(['en-US']).language).toBe('en-US');
  });
});

describe('setLanguage', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('switches, stores the choice and moves <html lang>', async () => {
    await setLanguage('en-US');
    expect(currentLanguage()).toBe('en-US');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    await setLanguage('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
