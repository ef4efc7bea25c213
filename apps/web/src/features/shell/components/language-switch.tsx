import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, setLanguage, type Language } from '../../../lib/i18n';

/**
 * The language switch (zh-CN / en-US), the last item of every header variant (issue #9); the choice is
 * kept in localStorage (`cc.lang`) and wins over the browser's language on the next visit.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const lang = LANGUAGES.find((l) => l === i18n.language) ?? currentLanguage();
  return (
    <Select<Language>
      className="cc-lang-switch"
      size="small"
      variant="borderless"
      value={lang}
      aria-label={t('lang.label')}
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      onChange={(v) => void setLanguage(v)}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
      data-testid="language-switch"
    />
  );
}
