import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import zhCN from './locales/zh-CN';
import enUS from './locales/en-US';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
/** localStorage key that keeps the language the author chose with the switch. */
export const LANGUAGE_STORAGE_KEY = 'cc.lang';
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

const i18n = i18next;

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * One of our languages for a BCP 47 tag (issue #9): any `en*` (en, en-GB, EN_us) is en-US, any `zh*`
 * (zh, zh-TW, zh-Hans-CN) is zh-CN; anything else is undefined (the next candidate, else zh-CN).
 */
export function matchLanguage(code: string | null | undefined): Language | undefined {
  const primary = code?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en-US';
  if (primary === 'zh') return 'zh-CN';
  return undefined;
}

/**
 * Where the first language comes from (issue #9): the author's stored choice (`cc.lang`, written only
 * by {@link setLanguage}) wins, then the browser's languages in their order. A detected language is
 * never stored, so a browser whose language changes later is followed until the author chooses.
 */
export const DETECTION_OPTIONS: DetectorOptions = {
  order: ['localStorage', 'navigator'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: [],
  convertDetectedLanguage: (code) => matchLanguage(code) ?? code,
};

/** dayjs and `<html lang>` follow the UI language (set on the first language and on every change). */
function applyDocumentLanguage(lang: string): void {
  dayjs.locale(lang === 'en-US' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined')
    document.documentElement.lang = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * Initialises an i18next instance with both bundled resource sets, synchronously. Without `lang` the
 * language is detected ({@link DETECTION_OPTIONS}; unsupported or missing: zh-CN, the product's
 * default); with `lang` that language is used as is (tests). React binding is the caller's.
 * @returns the same instance, initialised
 */
export function initI18nInstance(instance: I18n, lang?: Language): I18n {
  instance.on('languageChanged', applyDocumentLanguage);
  void instance.use(LanguageDetector).init({
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
    ...(lang ? { lng: lang } : {}),
    detection: DETECTION_OPTIONS,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/**
 * Initialises the app's i18next once (the language detected, or `lang`); later calls with a `lang`
 * switch to it without storing it.
 */
export function initI18n(lang?: Language): I18n {
  if (!i18n.isInitialized) initI18nInstance(i18n.use(initReactI18next), lang);
  else if (lang && i18n.language !== lang) void i18n.changeLanguage(lang);
  return i18n;
}

/** Switches the language (the header's switch) and remembers the choice in localStorage (`cc.lang`). */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await i18n.changeLanguage(lang);
}

/** The current language as one of ours. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
