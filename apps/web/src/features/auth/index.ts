export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { safeBackurl } from './backurl';
