import { useSearchParams } from 'react-router';
import { AgreementView } from '../../features/certification';

/**
 * `/certification/agreement` (spec §2, only-header layout; issue #11): the certification agreement to read and
 * accept; `?next=person|organization` is the form it continues to (else the state page).
 */
export default function CertificationAgreementPage() {
  const [params] = useSearchParams();
  return <AgreementView next={params.get('next')} />;
}
