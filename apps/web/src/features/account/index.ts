export { ProfileForm } from './components/profile-form';
export { PasswordForm } from './components/password-form';
export { changePassword, updateProfile, useChangePassword, useUpdateProfile } from './api/account-api';
