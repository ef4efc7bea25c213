import { apiGet } from '../../../lib/api-client';

/**
 * `GET /api/manage/upload_file_secret` (API.md §6): a short-lived secret for image uploads. The
 * generic image upload authenticates with the session cookie and `x-user-guid`; the secret is sent
 * as an extra form field when available so a file service that wants it has it.
 */
export function getUploadFileSecret(): Promise<{ uploadFileSecret: string; expiresAt: string }> {
  return apiGet('manage/upload_file_secret');
}
