export {
  apiGet,
  apiPost,
  browserLocation,
  loginUrlFor,
  redirectToLogin,
  setLoginNavigator,
  signedFields,
  toApiPath,
  USER_INFO_PATH,
} from './api-client';
export { ApiError, apiErrorText, ercdText, isApiError, ruleRefOf } from './api-error';
export {
  downloadSigned,
  filenameFromDisposition,
  saveBlob,
  type DownloadedFile,
  type DownloadOptions,
} from './download';
export { cancelAllRequests, pendingRequestCount, trackRequest, untrackRequest } from './cancel-list';
export { rewriteImageHosts } from './image-hosts';
export { SaveSession, type SaveSessionParam } from './save-session';
export { FALLBACK_CONFIG, loadPublicConfig, resetPublicConfig } from './public-config';
export { toResult, type PromiseResult } from './to-result';
export { fetchImageAsFile, readImageSize, uploadImage, UploadError, type UploadImageOptions } from './upload';
