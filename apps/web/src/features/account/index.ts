export { ProfileForm } from './components/profile-form';
export { PasswordForm } from './components/password-form';
export { changePassword, updateProfile, useChangePassword, useUpdateProfile } from './api/account-api';
export { UsageOptOut } from './components/usage-opt-out';
export { useSaveTrackingSettings, useTrackingSettings } from './api/tracking-settings-api';
