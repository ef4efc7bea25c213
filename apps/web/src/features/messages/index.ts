export {
  useGroupMessages,
  groupMessagesQuery,
  bellUnread,
  orderGroups,
  MESSAGES_KEY,
} from './api/get-group-messages';
export { useMessageList, type MessageView } from './api/get-message-list';
export { useReadMessage } from './api/read-message';
export { useClearUnread } from './api/clear-unread';
export { MessageCenter } from './components/message-center';
export { MessageListView } from './components/message-list';
export { messageText, groupLabel } from './message-text';
