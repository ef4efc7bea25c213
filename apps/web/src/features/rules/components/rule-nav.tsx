import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import '../rules.css';

const LINKS = [
  { to: '/authoringService/ruleCenter', key: 'all' },
  { to: '/authoringService/ruleCenter/publish', key: 'publish' },
  { to: '/authoringService/ruleCenter/recommend', key: 'recommend' },
] as const;

/** The rule centre's own navigation (issue #11): all rules, publishing rules, recommendation rules. */
export function RuleNav() {
  const { t } = useTranslation();
  return (
    <nav className="cc-rule-nav" aria-label={t('rules.nav.label')}>
      {LINKS.map((l) => (
        <NavLink key={l.key} to={l.to} end data-testid={`rule-nav-${l.key}`}>
          {t(`rules.nav.${l.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
