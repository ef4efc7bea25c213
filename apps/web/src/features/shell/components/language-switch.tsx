import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, setLanguage, type Language } from '../../../lib/i18n';

/** The header's language switch (zh-CN / en-US); the choice is kept in localStorage. */
export function LanguageSwitch({ variant = 'header' }: { variant?: 'header' | 'plain' }) {
  const { t, i18n } = useTranslation();
  const lang = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : currentLanguage();
  return (
    <Select<Language>
      className={variant === 'header' ? 'cc-lang-switch' : undefined}
      size="small"
      variant={variant === 'header' ? 'borderless' : 'outlined'}
      value={lang}
      aria-label={t('lang.label')}
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      onChange={(v) => void setLanguage(v)}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
    />
  );
}
