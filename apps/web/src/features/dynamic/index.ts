export { DynamicForm, type DynamicFormProps } from './components/dynamic-form';
export {
  DynamicManager,
  DYNAMIC_MANAGE_PAGE_SIZE,
  DYNAMIC_STATUS_TABS,
  type DynamicStatusTab,
} from './components/dynamic-manager';
export { DynamicFeed, DYNAMIC_FEED_PAGE_SIZE } from './components/dynamic-feed';
export { DynamicUnavailable } from './components/dynamic-unavailable';
export { useDynamicDetail, usePublishDynamic, useDynamicList } from './api/dynamic-api';
export { DYNAMIC_ROUTES, dynamicEditorPath } from './logic';
