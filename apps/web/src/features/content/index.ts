export { ContentManager, type ContentFilters } from './components/content-manager';
export { StatusTag } from './components/status-tag';
export { useContentList, CONTENT_KEY } from './api/get-content-list';
export { useDeleteContent } from './api/delete-content';
