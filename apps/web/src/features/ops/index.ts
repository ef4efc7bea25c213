export { ReviewQueue } from './components/review-queue';
export { PermissionsPanel } from './components/permissions-panel';
export { CertificationQueue } from './components/certification-queue';
