import { useTranslation } from 'react-i18next';

/** The footer with the copyright line from `/api/config` (spec §1); a default line when it is empty. */
export function AppFooter({ copyright }: { copyright?: string }) {
  const { t } = useTranslation();
  return (
    <footer className="cc-footer">
      <div className="cc-container">
        {copyright || t('footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}
