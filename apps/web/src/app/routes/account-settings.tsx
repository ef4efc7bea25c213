import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordForm, ProfileForm, UsageOptOut } from '../../features/account';
import { useUserInfo } from '../../features/shell';
import { ErrorState, LoadingState } from '../../components/states';

/**
 * `/account/settings` (default layout; the product's own page — spec §2 names no route for it, issue #9):
 * the avatar (120 × 120, spec §9) and media name, and the password change. Reached from the header's
 * avatar and user menu.
 */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  return (
    <section className="cc-card">
      <h1 className="cc-page-title">{t('account.settings.pageTitle')}</h1>
      <h2 className="cc-section-title">{t('account.settings.profileTitle')}</h2>
      {user.isPending ? (
        <LoadingState rows={4} />
      ) : user.isError ? (
        <ErrorState error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <ProfileForm user={user.data} />
      )}
      <Divider />
      <h2 className="cc-section-title">{t('account.settings.passwordTitle')}</h2>
      <PasswordForm />
      <Divider />
      <h2 className="cc-section-title">{t('tracking.optOut.title')}</h2>
      <UsageOptOut />
    </section>
  );
}
