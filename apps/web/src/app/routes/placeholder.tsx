import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/error-screens';

/** A spec §2 route not built yet: its name (the manifest's `titleKey`) and "coming soon", inside the frame. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <ComingSoon name={t(titleKey)} />;
}
