/**
 * Pieces shared by every table of the author's works (content management, videos, short videos):
 * the content list and delete calls (API.md §9), status tag, cover, date cell and delete button.
 */
export {
  CONTENT_KEY,
  contentListQuery,
  deleteContent,
  getContentList,
  useContentList,
  useDeleteContent,
} from './content-api';
export { ContentCover, COVER_SIZES, type CoverShape } from './content-cover';
export { DateTimeCell } from './date-time-cell';
export { DeleteContentButton } from './delete-content-button';
export { StatusTag } from './status-tag';
