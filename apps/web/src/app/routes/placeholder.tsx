import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/error-screens';
import { menuLabelKey } from '../../features/shell';

/** A spec §2 route not built yet: its menu name (or path) and "coming soon", inside the frame. */
export function PlaceholderPage() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const key = menuLabelKey(pathname);
  return <ComingSoon name={key ? t(key) : pathname} />;
}
