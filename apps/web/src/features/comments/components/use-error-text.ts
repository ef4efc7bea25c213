import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api-client';

/**
 * The author's-language text of a failed call (the project's `apiErrorText`: the ercd's own text when it has one,
 * else the server's envelope message, already in the page language).
 */
export function useErrorText(): (e: unknown) => string {
  const { t, i18n } = useTranslation();
  return (e) => apiErrorText(e, t, (k) => i18n.exists(k));
}
