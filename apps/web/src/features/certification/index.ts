export { AgreementView } from './components/agreement-view';
export { ApplicationForm } from './components/application-form';
export { CertificationOverview } from './components/certification-overview';
export { useCertificationState } from './api';
