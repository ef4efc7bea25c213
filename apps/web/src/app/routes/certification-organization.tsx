import { useTranslation } from 'react-i18next';
import { ApplicationForm } from '../../features/certification';

/** `/certification/organization` (spec §2, only-header layout; issue #11): an organization's application. */
export default function CertificationOrganizationPage() {
  const { t } = useTranslation();
  return (
    <section className="cc-card cc-cert-page">
      <h1 className="cc-page-title">{t('certification.form.organizationTitle')}</h1>
      <ApplicationForm kind="organization" />
    </section>
  );
}
