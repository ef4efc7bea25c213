import { useLocation, useNavigate } from 'react-router';
import {
  activeTab,
  closeReplyTarget,
  CommentsInbox,
  filtersToQuery,
  INBOX_PAGE_SIZE,
  parseFilters,
  parseInboxPath,
  positiveId,
  tabTarget,
} from '../../features/comments';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/manage/commentManage/*` (spec §2, issue #13): the comments inbox. The path picks the type tab (`/article`,
 * `/video`, `/smallVideo`, `/dynamic`; `/commentlist` is the inbox itself), `/popReply?commentId=<id>` opens the
 * reply popup; the filters, page, open thread (`?thread=<rootId>`) and settings (`?settings=1`) are in the query
 * string, so reload, back and links from messages keep them.
 */
export default function CommentManageRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const qs = useQueryState({
    contentId: '',
    state: '',
    keyword: '',
    from: '',
    to: '',
    unread: '',
    sort: 'time',
    page: '1',
    pageSize: String(INBOX_PAGE_SIZE),
    thread: '',
    commentId: '',
    settings: '',
  });
  const { type, isPopReply } = parseInboxPath(location.pathname);
  const filters = parseFilters(type, (key) => qs.params.get(key) ?? '');
  const tab = activeTab(type, filters.state);
  return (
    <CommentsInbox
      filters={filters}
      tab={tab}
      threadId={positiveId(qs.get('thread'))}
      replyId={isPopReply ? positiveId(qs.get('commentId')) : undefined}
      settingsOpen={qs.get('settings') === '1'}
      onFiltersChange={(next) => qs.set(filtersToQuery(next))}
      onTabChange={(next) => void navigate(tabTarget(next, tab, location.search))}
      onThreadChange={(rootId) => qs.set({ thread: rootId })}
      onReplyClose={() => void navigate(closeReplyTarget(location.search))}
      onSettingsChange={(open) => qs.set({ settings: open ? '1' : undefined })}
    />
  );
}
