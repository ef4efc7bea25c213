/**
 * Pieces shared by every table of the author's works (content management, videos, short videos):
 * the content list and delete calls (API.md §9), status tag, cover, title cell, date cell, delete button,
 * the picker of a page opened without an id, and where each type is published, edited and previewed.
 */
export {
  CONTENT_KEY,
  contentListQuery,
  deleteContent,
  getContentList,
  useContentList,
  useContentStatusCounts,
  useDeleteContent,
  useDeleteContentBatch,
} from './content-api';
export { ContentCover, COVER_SIZES, type CoverShape } from './content-cover';
export { DateTimeCell } from './date-time-cell';
export { DeleteContentButton } from './delete-content-button';
export { StatusTag } from './status-tag';
export { rejectionRuleRef, REVIEW_RULE_REF } from './rejection-rule';
export { ContentPicker, CONTENT_PICKER_PAGE_SIZE, type ContentPickerProps } from './content-picker';
export { countsPlays, editPathOf, previewPathOf, publishPathOf } from './content-routes';
export { LinkButton } from './link-button';
export { WorkTitleCell } from './work-title-cell';
export { WorksTable, type WorksTableProps } from './works-table';
