import { useTranslation } from 'react-i18next';
import { ApplicationForm } from '../../features/certification';

/** `/certification/person` (spec §2, only-header layout; issue #11): a person's application. */
export default function CertificationPersonPage() {
  const { t } = useTranslation();
  return (
    <section className="cc-card cc-cert-page">
      <h1 className="cc-page-title">{t('certification.form.personTitle')}</h1>
      <ApplicationForm kind="person" />
    </section>
  );
}
