/**
 * The header's upload indicator (issue #9), apart from the rest of the video feature: the frame imports only
 * this small slot, which loads the indicator and the tab's upload store when there are uploads to show.
 */
export { UploadIndicator } from './upload-indicator-slot';
