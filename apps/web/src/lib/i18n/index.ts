import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import zhCN from './locales/zh-CN';
import enUS from './locales/en-US';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
/** localStorage key that keeps the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'cc.lang';
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else zh-CN (the product's default). */
export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyDocumentLanguage(lang: Language): void {
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Initialises i18next once with both resource sets (synchronously: resources are bundled). */
export function initI18n(lang: Language = storedLanguage()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== lang) {
    void i18n.changeLanguage(lang);
  }
  applyDocumentLanguage(lang);
  return i18n;
}

/** Switches the language and remembers it in localStorage. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** The current language as one of ours. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
