export { CommentsInbox, type CommentsInboxProps } from './components/comments-inbox';
export {
  activeTab,
  closeReplyTarget,
  filtersToQuery,
  INBOX_PAGE_SIZE,
  INBOX_PATH,
  parseFilters,
  parseInboxPath,
  positiveId,
  tabTarget,
  type CommentFilters,
  type InboxTab,
} from './logic';
