import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '@cc/contracts';

/** The thin bar above the header with links to sibling sites (spec §1), from `/api/config`. */
export function TopBar({ sites }: { sites: PublicConfig['siblingSites'] }) {
  const { t } = useTranslation();
  return (
    <nav className="cc-topbar" aria-label={t('header.siblingSites')}>
      <div className="cc-container cc-topbar-inner">
        {sites.map((site) => (
          <a key={site.url} href={site.url} target="_blank" rel="noopener noreferrer">
            {site.name}
          </a>
        ))}
      </div>
    </nav>
  );
}
