export { NoticeList } from './components/notice-list';
export { NoticeDetailView } from './components/notice-detail';
export { useNoticeList } from './api/get-notice-list';
export { useNoticeDetail } from './api/get-notice-detail';
