export { LiveList, LIVE_LIST_PAGE_SIZE, liveShowPath } from './components/live-list';
export { LiveEditor } from './components/live-editor';
export { LiveRoom } from './components/live-room';
export { LiveStateTag } from './components/live-state-tag';
export { useLiveDetail } from './api/live-api';
